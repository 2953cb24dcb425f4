import { type RawBuilder, sql } from 'kysely';
import { workspaceAncestorsSql } from '../access/workspace-access.js';

/**
 * The daily rows of lease_notice_due (issue 21; run by notification-jobs.ts): each lease whose
 * notice date (end − notice period) is today or later and whose reminder date (notice date −
 * reminder_days_before) has come, to the managers of its workspace or above it and the
 * organisation's admins, once per person and notice date (a changed end date reminds again). The
 * notice date travels in the notification's data, which is how "once" is told.
 */
export function leaseNoticesSql(
  clientId: number,
  date: string,
): RawBuilder<{ user_id: number; client_id: number; entity_id: number; data: unknown }> {
  return sql`(
    WITH due AS (
      SELECT l.workspace_id, w.name AS workspace_name,
          to_char((l.end_date - make_interval(months => l.notice_period_months))::date, 'YYYY-MM-DD') AS notice_date
        FROM workspace_leases l JOIN workspaces w ON w.id = l.workspace_id AND w.deleted_at IS NULL
        WHERE l.client_id = ${clientId} AND l.end_date IS NOT NULL
          AND (l.end_date - make_interval(months => l.notice_period_months))::date >= ${date}::date
          AND (l.end_date - make_interval(months => l.notice_period_months))::date - l.reminder_days_before <= ${date}::date
    ), people AS (
      SELECT due.workspace_id, wu.user_id FROM due
        JOIN ${workspaceAncestorsSql(sql`SELECT workspace_id FROM due`)} AS wa ON wa.workspace_id = due.workspace_id
        JOIN workspace_users wu ON wu.workspace_id = wa.ancestor_id AND wu.client_id = ${clientId} AND wu.role = 'manager'
      UNION SELECT due.workspace_id, uc.user_id FROM due
        JOIN user_clients uc ON uc.client_id = ${clientId} AND uc.role = 'admin'
    )
    SELECT p.user_id, uc.client_id, due.workspace_id AS entity_id,
        jsonb_build_object('title', due.workspace_name, 'due_date', due.notice_date, 'notice_date', due.notice_date) AS data
      FROM people p
      JOIN due ON due.workspace_id = p.workspace_id
      JOIN user_clients uc ON uc.user_id = p.user_id AND uc.client_id = ${clientId}
      WHERE NOT EXISTS (
        SELECT 1 FROM notifications n
          WHERE n.user_id = p.user_id AND n.client_id = ${clientId} AND n.event_type = 'lease_notice_due'
            AND n.entity_type = 'workspace_lease' AND n.entity_id = due.workspace_id
            AND n.data->>'notice_date' = due.notice_date)
  )`;
}
