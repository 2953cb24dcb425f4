import {
  ASSET_LIVE_STATUS_IDS,
  canReadMaintenanceInfo,
  LIST_IDS_MAX,
  MAINTENANCE_FILES_EXPIRING_DAYS,
  MAINTENANCE_LIST_LIMIT,
  type MaintenanceInfo,
  type MaintenanceIssue,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { accessOf, requireWorkspaceGrant } from '../access/request-access.js';
import { intArray, issueVisibleSql, workspaceSubtreeSql } from '../access/workspace-access.js';
import { assetScope, assetVisibleSql } from '../assets/asset-visibility.js';
import { equipmentScope, equipmentVisibleSql } from '../equipment/equipment-visibility.js';
import { scheduleScope, scheduleVisibleSql } from '../schedules/schedule-visibility.js';
import { personWithImageOf } from '../users/user-presenter.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import { requireOwnWorkspaceName } from './lease-queries.js';
import { organisationToday } from './lease-service.js';

type Caller = NonNullable<Auth>;

/** "Open": not completed, not archived, not a scheduled preview; overdue as the list's badge says. */
const OPEN = sql`i.status_id NOT IN (0, 8) AND i.archived_at IS NULL`;
const overdueSql = (showInReviewOverdue: boolean) =>
  sql<boolean>`(i.due_date IS NOT NULL AND i.due_date < now() AND (i.status_id <> 7 OR ${showInReviewOverdue}))`;

/** The workspace columns every section's rows carry (`w.id AS workspace_id, w.name AS workspace_name`). */
type WorkspaceColumns = { workspace_id: number; workspace_name: string };
const workspaceOf = (r: WorkspaceColumns) => ({ id: r.workspace_id, name: r.workspace_name });

/** The assignee columns (`u.id AS assignee_id, u.first_name, u.last_name, u.email, u.profile_image`). */
type AssigneeColumns = {
  assignee_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image: string | null;
};
const assigneeOf = (r: AssigneeColumns) =>
  personWithImageOf({
    id: r.assignee_id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    profile_image: r.profile_image,
  });

/** An issue-list query (its URL parameters) of the workspace's issues naming these ids. */
function listQuery(workspaceId: number, param: 'schedule_id' | 'asset_ids', ids: number[], overdue: boolean) {
  if (!ids.length) return null;
  return {
    workspaces: String(workspaceId),
    include_sub_ws: '1',
    [param]: ids.slice(0, LIST_IDS_MAX).join(','),
    ...(overdue ? { due_state: 'overdue' } : {}),
  };
}

/**
 * GET workspace/{id}/maintenance_info (issue 21): what is kept running in the workspace and its
 * sub-workspaces, for its admins, managers and group managers. Each section honours its
 * feature switch (null when off) and the caller's visibility (assets, schedules, equipment and
 * issues through their one visibility rule each).
 */
export async function getMaintenanceInfo(
  ctx: AppContext,
  auth: Caller,
  workspaceId: number,
): Promise<MaintenanceInfo> {
  const db = ctx.db;
  const grant = await requireWorkspaceGrant(db, auth, workspaceId);
  if (
    grant.client_id !== auth.clientId ||
    grant.collaboration_id !== null ||
    !canReadMaintenanceInfo(grant.role)
  ) {
    throw forbidden('Only admins and the workspace’s managers see its maintenance overview');
  }
  const workspace = await requireOwnWorkspaceName(db, auth.clientId, workspaceId);
  const settings = await readSettings(db, auth.clientId);
  const today = await organisationToday(db, auth.clientId);
  const visible = await accessOf(auth).visible(db);
  const { rows: subtree } = await sql<{ workspace_id: number }>`
    SELECT workspace_id FROM ${workspaceSubtreeSql(sql`${workspaceId}`)} AS s`.execute(db);
  const ids = subtree.map((r) => r.workspace_id).filter((id) => visible.grants.has(id));
  const within = intArray(ids);

  // Assets of the subtree (not archived) with their open issues.
  let assets: MaintenanceInfo['assets'] = null;
  let regulatory: MaintenanceInfo['regulatory_files'] = null;
  let assetIds: number[] = [];
  if (settings.include_assets) {
    const scope = await assetScope(db, auth);
    const { rows } = await sql<
      { id: number; name: string; status: number; open_issues: string | number } & WorkspaceColumns
    >`
      SELECT a.id, a.name, a.status, a.workspace_id, w.name AS workspace_name,
          (SELECT count(*) FROM issues i WHERE i.asset_id = a.id AND i.deleted_at IS NULL AND ${OPEN}
            AND ${issueVisibleSql(auth, visible)}) AS open_issues
        FROM assets a JOIN workspaces w ON w.id = a.workspace_id
        WHERE a.workspace_id = ANY(${within}) AND a.deleted_at IS NULL
          AND a.status = ANY(${intArray([...ASSET_LIVE_STATUS_IDS])}) AND ${assetVisibleSql(scope, 'a')}
        ORDER BY a.status DESC, lower(a.name), a.id`.execute(db);
    assetIds = rows.map((r) => r.id);
    const byStatus: Record<string, number> = {};
    for (const row of rows) byStatus[String(row.status)] = (byStatus[String(row.status)] ?? 0) + 1;
    assets = {
      total: rows.length,
      by_status: byStatus,
      // Not working first (status 3, 2 ...), then by name.
      data: rows.slice(0, MAINTENANCE_LIST_LIMIT).map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status,
        workspace: workspaceOf(r),
        open_issues: Number(r.open_issues),
      })),
    };
    const { rows: files } = await sql<{
      id: number;
      name: string;
      valid_until: string;
      asset_id: number;
      asset_name: string;
    }>`
      SELECT DISTINCT ON (f.valid_until, f.id) f.id, f.name, to_char(f.valid_until, 'YYYY-MM-DD') AS valid_until,
          a.id AS asset_id, a.name AS asset_name
        FROM regulatory_files f
        JOIN regulatory_file_assets fa ON fa.file_id = f.id
        JOIN assets a ON a.id = fa.asset_id
        WHERE f.client_id = ${auth.clientId} AND f.deleted_at IS NULL AND f.valid_until IS NOT NULL
          AND f.valid_until <= ${today}::date + ${MAINTENANCE_FILES_EXPIRING_DAYS}::integer
          AND a.workspace_id = ANY(${within}) AND a.deleted_at IS NULL AND ${assetVisibleSql(scope, 'a')}
        ORDER BY f.valid_until, f.id, a.id`.execute(db);
    regulatory = {
      total: files.length,
      data: files.slice(0, MAINTENANCE_LIST_LIMIT).map((f) => ({
        id: f.id,
        name: f.name,
        valid_until: f.valid_until,
        state: f.valid_until < today ? ('expired' as const) : ('expiring' as const),
        asset: { id: f.asset_id, name: f.asset_name },
      })),
    };
  }

  // Active schedules (not archived, not paused, with a next issue planned), soonest first.
  let schedules: MaintenanceInfo['schedules'] = null;
  let scheduleIds: number[] = [];
  if (settings.include_schedules) {
    const scope = await scheduleScope(db, auth);
    const { rows } = await sql<
      { id: number; title: string; next_issue_scheduled_at: Date | null } & WorkspaceColumns & AssigneeColumns
    >`
      SELECT s.id, s.title, s.workspace_id, w.name AS workspace_name, s.next_issue_scheduled_at,
          u.id AS assignee_id, u.first_name, u.last_name, u.email, u.profile_image
        FROM schedules s JOIN workspaces w ON w.id = s.workspace_id
        LEFT JOIN users u ON u.id = s.assignee_id AND u.deleted_at IS NULL
        WHERE s.workspace_id = ANY(${within}) AND ${scheduleVisibleSql(scope, 's')}
          AND s.archived_at IS NULL AND s.paused_at IS NULL AND s.next_issue_scheduled_at IS NOT NULL
          AND (s.end_type <> 'ON' OR s.end_on IS NULL OR s.end_on >= ${today}::date)
          AND (s.end_type <> 'AFTER' OR s.end_after IS NULL OR s.created_count < s.end_after)
        ORDER BY s.next_issue_scheduled_at, s.id`.execute(db);
    const { rows: all } = await sql<{ id: number }>`
      SELECT s.id FROM schedules s WHERE s.workspace_id = ANY(${within}) AND ${scheduleVisibleSql(scope, 's')}
        ORDER BY s.id`.execute(db);
    scheduleIds = all.map((r) => r.id);
    schedules = {
      total: rows.length,
      data: rows.slice(0, MAINTENANCE_LIST_LIMIT).map((r) => ({
        id: r.id,
        title: r.title,
        workspace: workspaceOf(r),
        next_date: r.next_issue_scheduled_at ? new Date(r.next_issue_scheduled_at).toISOString() : null,
        assignee: assigneeOf(r),
      })),
    };
  }

  // Maintenance issues: of a schedule (when schedules are used) or naming an asset (when assets are).
  const kinds = [
    ...(settings.include_schedules ? [sql`i.schedule_id IS NOT NULL`] : []),
    ...(settings.include_assets ? [sql`i.asset_id IS NOT NULL`] : []),
  ];
  const maintenance = kinds.length ? sql`(${sql.join(kinds, sql` OR `)})` : sql`false`;
  const overdue = overdueSql(settings.show_in_review_overdue);
  const issueWhere = sql`i.workspace_id = ANY(${within}) AND ${issueVisibleSql(auth, visible)} AND ${OPEN}
    AND ${maintenance}`;
  const { rows: counts } = await sql<{ open_total: string | number; overdue_total: string | number }>`
    SELECT count(*) AS open_total, count(*) FILTER (WHERE ${overdue}) AS overdue_total
      FROM issues i WHERE ${issueWhere}`.execute(db);
  const { rows: issueRows } = await sql<
    {
      id: number;
      title: string;
      status_id: number;
      priority_id: number;
      due_date: Date | null;
      overdue: boolean;
      asset_id: number | null;
      asset_name: string | null;
      schedule_id: number | null;
      schedule_title: string | null;
    } & WorkspaceColumns &
      AssigneeColumns
  >`
    SELECT i.id, i.title, i.status_id, i.priority_id, i.due_date, ${overdue} AS overdue,
        i.workspace_id, w.name AS workspace_name, a.id AS asset_id, a.name AS asset_name,
        s.id AS schedule_id, s.title AS schedule_title,
        u.id AS assignee_id, u.first_name, u.last_name, u.email, u.profile_image
      FROM issues i JOIN workspaces w ON w.id = i.workspace_id
      LEFT JOIN assets a ON a.id = i.asset_id AND a.deleted_at IS NULL
      LEFT JOIN schedules s ON s.id = i.schedule_id AND s.deleted_at IS NULL
      LEFT JOIN users u ON u.id = i.assignee_id AND u.deleted_at IS NULL
      WHERE ${issueWhere}
      ORDER BY ${overdue} DESC, i.due_date ASC NULLS LAST, i.id DESC
      LIMIT ${MAINTENANCE_LIST_LIMIT}`.execute(db);
  const issues: MaintenanceIssue[] = issueRows.map((r) => ({
    id: r.id,
    title: r.title,
    status_id: r.status_id,
    priority_id: r.priority_id,
    due_date: r.due_date ? new Date(r.due_date).toISOString() : null,
    overdue: r.overdue,
    workspace: workspaceOf(r),
    asset: r.asset_id !== null && r.asset_name !== null ? { id: r.asset_id, name: r.asset_name } : null,
    schedule:
      r.schedule_id !== null && r.schedule_title !== null
        ? { id: r.schedule_id, title: r.schedule_title }
        : null,
    assignee: assigneeOf(r),
  }));

  let equipment: MaintenanceInfo['equipment'] = null;
  if (settings.include_equipment) {
    const scope = await equipmentScope(db, auth);
    const { rows } = await sql<{ id: number; title: string; status: string }>`
      SELECT e.id, e.title, e.status FROM equipment e
        WHERE (e.workspace_id = ANY(${within}) OR e.storage_workspace_id = ANY(${within}))
          AND e.status <> 'archived' AND ${equipmentVisibleSql(scope, 'e')}
        ORDER BY lower(e.title), e.id`.execute(db);
    equipment = { total: rows.length, data: rows.slice(0, MAINTENANCE_LIST_LIMIT) };
  }

  return {
    workspace,
    sub_workspaces: Math.max(0, ids.length - 1),
    assets,
    schedules,
    issues: {
      open_total: Number(counts[0]?.open_total ?? 0),
      overdue_total: Number(counts[0]?.overdue_total ?? 0),
      data: issues,
      list_queries: {
        schedules: listQuery(workspaceId, 'schedule_id', scheduleIds, false),
        schedules_overdue: listQuery(workspaceId, 'schedule_id', scheduleIds, true),
        assets: listQuery(workspaceId, 'asset_ids', assetIds, false),
        assets_overdue: listQuery(workspaceId, 'asset_ids', assetIds, true),
      },
    },
    regulatory_files: regulatory,
    equipment,
  };
}
