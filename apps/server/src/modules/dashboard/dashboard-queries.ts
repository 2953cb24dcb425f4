import { DEFAULT_ISSUE_LIST_QUERY } from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import { extraIssueListConditions } from '../issues/issue-list-filters.js';
import type { Db } from '../issues/issue-queries.js';

/** The issues a management figure counts: the caller's visible ones of the scope (a condition on `i`). */
export type IssueScope = { where: RawBuilder<boolean>[] };

/** THE overdue rule of the issue list (due_state=overdue), so the numbers and the list agree. */
export function overdueSql(caller: { userId: number; clientId: number }): RawBuilder<boolean> {
  const [overdue] = extraIssueListConditions({ ...DEFAULT_ISSUE_LIST_QUERY, due_state: 'overdue' }, caller);
  return overdue as RawBuilder<boolean>;
}

const all = (scope: IssueScope, more: RawBuilder<boolean>[] = []) =>
  sql.join([...scope.where, ...more], sql` AND `);

export type WeekRow = { week: string; starts_at: Date; ends_at: Date; opened: number; completed: number };

/**
 * Issues opened (created) and completed per ISO week of the organisation's time zone, the
 * current week last. Week bounds as the list reads a date range: from the Monday 00:00, to the
 * last millisecond before the next Monday.
 */
export async function findWeeklyCounts(
  db: Db,
  scope: IssueScope,
  timeZone: string,
  weeks: number,
): Promise<WeekRow[]> {
  const { rows } = await sql<WeekRow>`
    WITH local_weeks AS (
      SELECT date_trunc('week', now() AT TIME ZONE ${timeZone}) - (g.n * interval '1 week') AS local_start
        FROM generate_series(0, ${weeks - 1}::int) AS g(n)
    ), bounds AS (
      SELECT to_char(local_start, 'IYYY-"W"IW') AS week,
          local_start AT TIME ZONE ${timeZone} AS starts_at,
          (local_start + interval '1 week') AT TIME ZONE ${timeZone} AS ends_at
        FROM local_weeks
    )
    SELECT b.week, b.starts_at, b.ends_at,
        (SELECT count(*)::int FROM issues i WHERE ${all(scope)}
          AND i.created_at >= b.starts_at AND i.created_at <= b.ends_at - interval '1 millisecond') AS opened,
        (SELECT count(*)::int FROM issues i WHERE ${all(scope)} AND i.status_id = 8
          AND i.completed_at >= b.starts_at AND i.completed_at <= b.ends_at - interval '1 millisecond') AS completed
      FROM bounds b
      ORDER BY b.starts_at`.execute(db);
  return rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) }));
}

/** Open overdue issues (not archived) per workspace, most first. */
export async function findOverdueByWorkspace(
  db: Db,
  scope: IssueScope,
  overdue: RawBuilder<boolean>,
  limit: number,
): Promise<Array<{ workspace_id: number; name: string; count: number }>> {
  const { rows } = await sql<{ workspace_id: number; name: string; count: number }>`
    SELECT i.workspace_id, w.name, count(*)::int AS count
      FROM issues i JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
      WHERE ${all(scope, [sql<boolean>`i.archived_at IS NULL`, overdue])}
      GROUP BY i.workspace_id, w.name
      ORDER BY count(*) DESC, lower(w.name), i.workspace_id
      LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * Schedule issues due in [from, to] and those completed by their due date (preventive
 * maintenance compliance), with the schedules they come from.
 */
export async function findScheduleCompliance(
  db: Db,
  scope: IssueScope,
  from: Date,
  to: Date,
): Promise<{ due: number; on_time: number; schedule_ids: number[] }> {
  const { rows } = await sql<{ due: number; on_time: number; schedule_ids: number[] | null }>`
    SELECT count(*)::int AS due,
        (count(*) FILTER (WHERE i.status_id = 8 AND i.completed_at IS NOT NULL AND i.completed_at <= i.due_date))::int AS on_time,
        array_agg(DISTINCT i.schedule_id) AS schedule_ids
      FROM issues i
      WHERE ${all(scope, [sql<boolean>`i.schedule_id IS NOT NULL`, sql<boolean>`i.due_date >= ${from}`, sql<boolean>`i.due_date <= ${to}`])}`.execute(
    db,
  );
  const row = rows[0];
  return {
    due: row?.due ?? 0,
    on_time: row?.on_time ?? 0,
    schedule_ids: (row?.schedule_ids ?? []).filter((id) => id !== null),
  };
}

/** The workspaces among `ids` whose parent is not among them: the roots of a managed subtree set. */
export async function findScopeRoots(db: Db, clientIds: number[], ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('workspaces')
    .select(['id', 'parent_id'])
    .where('client_id', 'in', clientIds)
    .where('id', 'in', ids)
    .execute();
  const set = new Set(ids);
  return rows
    .filter((r) => r.parent_id === null || !set.has(r.parent_id))
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Onboarding and privacy consent
// ---------------------------------------------------------------------------------------------

/** What the organisation's data shows done: a workspace, another person, an issue, a schedule. */
export async function findOnboardingFacts(
  db: Db,
  clientId: number,
): Promise<{ workspaces: boolean; people: boolean; issues: boolean; schedules: boolean; qr_scans: boolean }> {
  const { rows } = await sql<{
    workspaces: boolean;
    people: boolean;
    issues: boolean;
    schedules: boolean;
    qr_scans: boolean;
  }>`
    SELECT
      EXISTS (SELECT 1 FROM workspaces w WHERE w.client_id = ${clientId} AND w.deleted_at IS NULL) AS workspaces,
      (SELECT count(*) FROM user_clients uc JOIN users u ON u.id = uc.user_id
        WHERE uc.client_id = ${clientId} AND u.deleted_at IS NULL) > 1 AS people,
      EXISTS (SELECT 1 FROM issues i WHERE i.client_id = ${clientId} AND i.deleted_at IS NULL AND i.status_id BETWEEN 1 AND 8) AS issues,
      EXISTS (SELECT 1 FROM schedules s WHERE s.client_id = ${clientId} AND s.deleted_at IS NULL) AS schedules,
      EXISTS (SELECT 1 FROM qr_scan_logs q WHERE q.client_id = ${clientId}) AS qr_scans`.execute(db);
  return rows[0] ?? { workspaces: false, people: false, issues: false, schedules: false, qr_scans: false };
}
