import {
  type CalendarFilters,
  type CalendarItem,
  type ClientSettings,
  calendarDisplayType,
  ISSUE_STATUS,
  ISSUE_STATUSES,
  type IssueFacts,
  type IssueStatusId,
  issuePermissions,
  readClientSettings,
} from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fileUrl } from '../../storage/file-storage.js';
import { accessOf } from '../access/request-access.js';
import { versionStampedCache } from '../access/version-stamped-cache.js';
import {
  intArray,
  issueVisibleSql,
  subtreeOf,
  type VisibleWorkspaces,
  type WorkspaceGrant,
  workspaceSubtreeSql,
  workspacesWorkersSql,
} from '../access/workspace-access.js';
import { viewerOf } from '../issues/issue-context.js';
import type { Db } from '../issues/issue-queries.js';

/**
 * The calendar's items (001 §3 "Calendar item (issue)"): the issues of a window the caller sees,
 * with the calendar filter bar applied, and their presentation. Every calendar call (timelines,
 * counts, sidebar lists, yearly grid) reads issues through findCalendarIssues, so visibility
 * (issueVisibleSql) and the filters are decided in one place.
 */

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** [start 00:00, the day after end 00:00) in the organisation's time zone, as instants. */
export function dayWindow(startDay: string, endDay: string, timeZone: string): { from: Date; to: Date } {
  const from = DateTime.fromISO(startDay, { zone: timeZone }).startOf('day');
  const to = DateTime.fromISO(endDay, { zone: timeZone }).startOf('day').plus({ days: 1 });
  if (!from.isValid || !to.isValid) throw new Error(`Not a calendar day: ${startDay}..${endDay}`);
  return { from: from.toJSDate(), to: to.toJSDate() };
}

/** The local day (YYYY-MM-DD) of an instant given in seconds. */
function localDay(seconds: number, timeZone: string): string {
  return DateTime.fromSeconds(seconds, { zone: timeZone }).toISODate() as string;
}

/**
 * A full-day item (001 §3 "Calendar rows"): start and due on different local days. An item with
 * one date, or both on the same day, is a timeline card.
 */
export function isFullDayItem(
  item: Pick<CalendarItem, 'start_date' | 'due_date'>,
  timeZone: string,
): boolean {
  if (item.start_date === null || item.due_date === null) return false;
  return localDay(item.start_date, timeZone) !== localDay(item.due_date, timeZone);
}

/** A row's items split into timeline cards (issues) and full-day cards. */
export function splitRowItems(
  items: CalendarItem[],
  timeZone: string,
): { issues: CalendarItem[]; full_day: CalendarItem[] } {
  const issues: CalendarItem[] = [];
  const full_day: CalendarItem[] = [];
  for (const item of items) (isFullDayItem(item, timeZone) ? full_day : issues).push(item);
  return { issues, full_day };
}

/** One issue as the calendar reads it: flat columns (times as epoch seconds). */
export type CalendarIssueRow = {
  id: number;
  client_id: number;
  title: string;
  description: string | null;
  status_id: number;
  priority_id: number;
  parent_id: number | null;
  workspace_id: number;
  workspace_name: string;
  assignee_id: number | null;
  last_assignee_id: number | null;
  created_by: number | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_profile_image: string | null;
  category_name: string | null;
  schedule_id: number | null;
  archived: boolean;
  start_s: number | null;
  due_s: number | null;
  completed_s: number | null;
  started_s: number | null;
  is_attachment_required: boolean;
  is_worktime_required: boolean;
  worktime_total: number;
  open_subtasks: number;
  assignee_files: number;
  number_of_comments: number;
};

export type CalendarIssueQuery = {
  filters: CalendarFilters;
  /** The window: issues whose start or due date is in [from, to), or that span it. */
  from?: Date;
  to?: Date;
  /** Rows of a users view: the assignee is one of them. */
  assignees?: readonly number[];
  /** Rows of a workspaces view: the workspace is one of them. */
  workspaceIds?: readonly number[];
  scheduleIds?: readonly number[];
  /** Only these issues. */
  issueIds?: readonly number[];
  /** The drag sidebar's lists. */
  only?: 'unscheduled' | 'overdue';
  now?: Date;
  order?: {
    by: 'start' | 'created' | 'updated' | 'title' | 'priority' | 'due_date';
    direction: 'asc' | 'desc';
  };
  limit?: number;
  offset?: number;
};

const epochS = (column: string) => sql.raw(`floor(extract(epoch FROM ${column}))::float8`);

/**
 * The conditions of a calendar query on `issues i`: visibility, the window, the rows, the
 * drag sidebar's list and the filter bar (001 §2 "Calendar"), as the issue list applies them.
 */
export function calendarIssueConditions(
  auth: Caller,
  visible: VisibleWorkspaces,
  args: CalendarIssueQuery,
): RawBuilder<boolean>[] {
  const f = args.filters;
  const subtree = f.include_sub_ws && f.workspaces.length ? subtreeOf(visible, f.workspaces) : undefined;
  const within = subtree ?? (f.workspaces.length && !f.include_sub_ws ? f.workspaces : undefined);
  const where: RawBuilder<boolean>[] = [
    issueVisibleSql(auth, visible, { within }),
    sql<boolean>`i.status_id BETWEEN 1 AND 8`,
  ];
  if (f.workspaces.length && f.include_sub_ws && !subtree) {
    where.push(
      sql<boolean>`i.workspace_id IN (SELECT sub.workspace_id FROM ${workspaceSubtreeSql(sql.join(f.workspaces))} AS sub)`,
    );
  }
  if (args.from && args.to) {
    const { from, to } = args;
    where.push(sql<boolean>`(
      (i.start_date >= ${from} AND i.start_date < ${to})
      OR (i.due_date >= ${from} AND i.due_date < ${to})
      OR (i.start_date < ${from} AND i.due_date >= ${to}))`);
  }
  if (args.assignees) where.push(idIn('i.assignee_id', args.assignees));
  if (args.workspaceIds) where.push(idIn('i.workspace_id', args.workspaceIds));
  if (args.scheduleIds) where.push(idIn('i.schedule_id', args.scheduleIds));
  if (args.issueIds) where.push(idIn('i.id', args.issueIds));
  if (args.only === 'unscheduled') {
    // The completed status as a literal: a prepared statement's generic plan then knows it
    // matches the partial index issues_calendar_unscheduled (migration 0034).
    where.push(sql<boolean>`(i.start_date IS NULL AND i.due_date IS NULL
      AND i.status_id <> ${sql.lit(ISSUE_STATUS.completed)} AND i.archived_at IS NULL)`);
  } else if (args.only === 'overdue') {
    where.push(sql<boolean>`(i.due_date < ${args.now ?? new Date()}
      AND i.status_id <> ${ISSUE_STATUS.completed} AND i.archived_at IS NULL
      AND (i.status_id <> ${ISSUE_STATUS.inReview} OR EXISTS (SELECT 1 FROM clients oc
        WHERE oc.id = i.client_id AND (oc.settings->>'show_in_review_overdue')::boolean)))`);
  }

  if (f.issue_type === 'issue') where.push(sql<boolean>`i.parent_id IS NULL`);
  else if (f.issue_type === 'task') where.push(sql<boolean>`i.parent_id IS NOT NULL`);
  if (f.status.length) where.push(idIn('i.status_id', f.status));
  if (f.assignees.length) where.push(idIn('i.assignee_id', f.assignees));
  if (f.externals.length) where.push(idIn('i.assignee_id', f.externals));
  if (f.priority_id.length) where.push(idIn('i.priority_id', f.priority_id));
  if (f.schedules.length) where.push(idIn('i.schedule_id', f.schedules));
  if (f.assets.length) where.push(idIn('i.asset_id', f.assets));
  if (f.categories.length) {
    const ids = sql.join(f.categories);
    where.push(sql<boolean>`(i.category_id IN (${ids}) OR EXISTS (
      SELECT 1 FROM issue_categories ic
        WHERE ic.client_id = i.client_id AND ic.issue_id = i.id AND ic.category_id IN (${ids})))`);
  }
  if (f.job_positions.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM users ju
      WHERE ju.id = i.assignee_id AND ju.job_position_id IN (${sql.join(f.job_positions)}))`);
  }
  return where;
}

function idIn(column: string, ids: readonly number[]): RawBuilder<boolean> {
  if (!ids.length) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(column)} = ANY(${intArray(ids)})`;
}

/**
 * The sidebar's and rows' sort keys. NULLS LAST only where there are nulls: on a NOT NULL column
 * it would keep an index's order from being used (PostgreSQL does not know it changes nothing).
 */
const ORDER_COLUMNS = {
  start: { value: sql`coalesce(i.start_date, i.due_date)`, nullable: true },
  created: { value: sql`i.created_at`, nullable: false },
  updated: { value: sql`i.updated_at`, nullable: false },
  title: { value: sql`lower(i.title)`, nullable: true },
  priority: { value: sql`i.priority_id`, nullable: false },
  due_date: { value: sql`i.due_date`, nullable: true },
} as const;

/** The WHERE of a calendar query: its conditions and what the caller may see. */
async function calendarIssueWhere(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  args: CalendarIssueQuery,
): Promise<RawBuilder<unknown>> {
  const visible = await accessOf(auth).visible(ctx.db);
  return sql.join(calendarIssueConditions(auth, visible, args), sql` AND `);
}

/** The issues of a calendar query the caller sees, in the order asked (by start by default). */
export async function findCalendarIssues(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  args: CalendarIssueQuery,
): Promise<CalendarIssueRow[]> {
  const where = await calendarIssueWhere(ctx, auth, args);
  const order = args.order ?? { by: 'start', direction: 'asc' };
  const direction = order.direction === 'asc' ? sql`ASC` : sql`DESC`;
  // Without dates every start and due date is null: the order is the id's alone, which the
  // sidebar's index keeps (migration 0034), so a page stops after its rows.
  const byDate = order.by === 'start' || order.by === 'due_date';
  const key = ORDER_COLUMNS[order.by];
  const orderSql =
    args.only === 'unscheduled' && byDate
      ? sql`i.id ${direction}`
      : sql`${key.value} ${direction}${key.nullable ? sql` NULLS LAST` : sql``}, i.id ${direction}`;
  // A page is found by id first: rows skipped by the OFFSET are read from the index alone, not
  // joined and counted (page 100 of the sidebar: 3,000 rows' subqueries for 30, bench/).
  const paged = args.limit !== undefined;
  // LIMIT and OFFSET as literals (whole numbers, read by the query schema): a prepared
  // statement's generic plan then knows how far it reads, as the issue list's does.
  const pageSql = sql`SELECT i.id FROM issues i WHERE ${where} ORDER BY ${orderSql}
    LIMIT ${sql.lit(args.limit ?? 0)} ${args.offset ? sql`OFFSET ${sql.lit(args.offset)}` : sql``}`;
  const { rows } = await sql<CalendarIssueRow>`
    SELECT i.id, i.client_id, i.title, i.description, i.status_id, i.priority_id, i.parent_id,
        i.workspace_id, w.name AS workspace_name, i.assignee_id, i.last_assignee_id, i.created_by,
        a.first_name AS assignee_first_name, a.last_name AS assignee_last_name,
        a.profile_image AS assignee_profile_image, ca.name AS category_name, i.schedule_id,
        (i.archived_at IS NOT NULL) AS archived,
        ${epochS('i.start_date')} AS start_s, ${epochS('i.due_date')} AS due_s,
        ${epochS('i.completed_at')} AS completed_s, ${epochS('i.started_at')} AS started_s,
        i.is_attachment_required, i.is_worktime_required, i.worktime_total,
        (SELECT count(*)::int FROM issues c
          WHERE c.client_id = i.client_id AND c.parent_id = i.id AND c.deleted_at IS NULL
            AND c.status_id <> 8) AS open_subtasks,
        (SELECT count(*)::int FROM attachments af
          WHERE af.client_id = i.client_id AND af.owner_type = 'issue' AND af.owner_id = i.id
            AND af.deleted_at IS NULL AND af.user_id = i.assignee_id) AS assignee_files,
        (SELECT count(*)::int FROM issue_comments ic
          WHERE ic.client_id = i.client_id AND ic.issue_id = i.id) AS number_of_comments
      FROM ${paged ? sql`(${pageSql}) page JOIN issues i ON i.id = page.id` : sql`issues i`}
        JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
        LEFT JOIN users a ON a.id = i.assignee_id
        LEFT JOIN categories ca ON ca.id = i.category_id AND ca.client_id = i.client_id
      ${paged ? sql`` : sql`WHERE ${where}`}
      ORDER BY ${orderSql}`.execute(ctx.db);
  return rows;
}

/**
 * How many issues of a calendar query the caller sees, counting no further than `upTo`: the
 * scan stops there, so a sidebar of a hundred thousand undated issues costs what its page does.
 */
export async function countCalendarIssuesUpTo(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  args: CalendarIssueQuery,
  upTo: number,
): Promise<number> {
  const where = await calendarIssueWhere(ctx, auth, args);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM issues i WHERE ${where} LIMIT ${upTo}) AS upto`.execute(
    ctx.db,
  );
  return rows[0]?.n ?? 0;
}

/** How many issues of a calendar query the caller sees, in all and per assignee or workspace. */
export async function countCalendarIssues(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  args: CalendarIssueQuery,
  by?: 'assignee' | 'workspace',
): Promise<{ total: number; completed: number; groups: Map<number, { total: number; completed: number }> }> {
  const where = await calendarIssueWhere(ctx, auth, args);
  const key = by === 'assignee' ? sql`i.assignee_id` : by === 'workspace' ? sql`i.workspace_id` : sql`0`;
  const { rows } = await sql<{ key: number | null; total: number; completed: number }>`
    SELECT ${key} AS key, count(*)::int AS total,
        count(*) FILTER (WHERE i.status_id = ${ISSUE_STATUS.completed})::int AS completed
      FROM issues i WHERE ${where} GROUP BY 1`.execute(ctx.db);
  const groups = new Map<number, { total: number; completed: number }>();
  let total = 0;
  let completed = 0;
  for (const row of rows) {
    total += row.total;
    completed += row.completed;
    if (row.key !== null) groups.set(row.key, { total: row.total, completed: row.completed });
  }
  return { total, completed, groups };
}

/** What presenting items needs beyond their rows, read once for a whole answer. */
export type CalendarPresentContext = {
  auth: Caller;
  grants: Map<number, WorkspaceGrant>;
  /** Each owner organisation's settings. */
  settings: Map<number, ClientSettings>;
  /** Who can be assigned in each workspace (workspaceWorkersSql). */
  availableAssignees: Map<number, readonly number[]>;
  attachments: Map<number, CalendarItem['attachments']>;
  now: Date;
};

/** Reads the presentation context of some issue rows (and prepared tasks' workspaces) in three statements. */
export async function loadCalendarPresentContext(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  rows: readonly Pick<CalendarIssueRow, 'id' | 'client_id' | 'workspace_id'>[],
  extraWorkspaceIds: readonly number[] = [],
  /** The caller's organisation's settings when the request has read them already. */
  callerSettings?: ClientSettings,
): Promise<CalendarPresentContext> {
  const visible = await accessOf(auth).visible(ctx.db);
  const clientIds = new Set(rows.map((r) => r.client_id));
  if (callerSettings) clientIds.delete(auth.clientId);
  else clientIds.add(auth.clientId);
  const workspaceIds = [...new Set([...rows.map((r) => r.workspace_id), ...extraWorkspaceIds])];
  const [settings, availableAssignees, attachments] = await Promise.all([
    findClientSettings(ctx.db, [...clientIds]),
    findAvailableAssignees(ctx.db, workspaceIds, accessOf(auth).copiesAt(ctx.db)),
    findItemAttachments(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  if (callerSettings) settings.set(auth.clientId, callerSettings);
  return { auth, grants: visible.grants, settings, availableAssignees, attachments, now: new Date() };
}

export async function findClientSettings(
  db: Db,
  clientIds: readonly number[],
): Promise<Map<number, ClientSettings>> {
  if (!clientIds.length) return new Map();
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'settings'])
    .where('id', 'in', clientIds)
    .execute();
  return new Map(rows.map((r) => [r.id, readClientSettings(r.settings ?? {})]));
}

/** Who can be assigned in each workspace (000 §3 available_assignees_ids), one statement for all. */
export async function findAvailableAssignees(
  db: Db,
  workspaceIds: readonly number[],
  /** RequestAccess.copiesAt: with it, workspaces already read at this access version come from memory. */
  accessVersion?: string,
): Promise<Map<number, readonly number[]>> {
  const out = new Map<number, readonly number[]>();
  const read = new Map<number, number[]>();
  for (const id of new Set(workspaceIds)) {
    const kept = accessVersion === undefined ? undefined : assigneesCache.get(db, id, accessVersion);
    if (kept) out.set(id, kept);
    else read.set(id, []);
  }
  const missing = [...read.keys()];
  if (!missing.length) return out;
  const { rows } = await sql<{ workspace_id: number; user_id: number }>`
    SELECT DISTINCT x.workspace_id, x.user_id
      FROM ${workspacesWorkersSql(sql`SELECT unnest(${intArray(missing)})`)} AS x
      ORDER BY x.workspace_id, x.user_id`.execute(db);
  for (const row of rows) read.get(row.workspace_id)?.push(row.user_id);
  for (const [id, userIds] of read) {
    out.set(id, userIds);
    // Stamped with the version read with the session, before this read.
    if (accessVersion !== undefined) assigneesCache.set(db, id, accessVersion, userIds);
  }
  return out;
}

const assigneesCache = versionStampedCache<number, readonly number[]>(20_000);

/** The attachments of issues (pictures' thumbnails and files), in their order. */
async function findItemAttachments(
  db: Db,
  issueIds: readonly number[],
): Promise<Map<number, CalendarItem['attachments']>> {
  const out = new Map<number, CalendarItem['attachments']>();
  if (!issueIds.length) return out;
  const rows = await db
    .selectFrom('attachments')
    .select(['owner_id', 'file_key', 'original_filename', 'thumbnail_key'])
    .where('owner_type', '=', 'issue')
    .where('owner_id', 'in', [...issueIds])
    .where('deleted_at', 'is', null)
    .orderBy('owner_id')
    .orderBy('sort_index')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.owner_id) ?? [];
    list.push({
      web_mob_thumbnail_url: fileUrl(row.thumbnail_key),
      url: fileUrl(row.file_key, row.original_filename) ?? '',
    });
    out.set(row.owner_id, list);
  }
  return out;
}

const toIso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

function statusOf(id: number): CalendarItem['status'] {
  const status = ISSUE_STATUSES.find((s) => s.id === id);
  return { id, name: status?.name ?? String(id), type: status?.shown_as ?? String(id) };
}

const NO_PERMISSIONS: CalendarItem['permissions'] = {
  canAddAttachments: false,
  deleteOnlyMyAttachments: false,
  editOnlyMyAttachments: false,
  canEdit: false,
  canReassign: false,
  canQuickComplete: false,
};

/** One issue as a calendar item (001 §3), with the caller's permissions by the issue rules. Pure. */
export function presentCalendarItem(row: CalendarIssueRow, context: CalendarPresentContext): CalendarItem {
  const settings = context.settings.get(row.client_id) ?? readClientSettings({});
  const facts: IssueFacts = {
    status_id: row.status_id as IssueStatusId,
    archived: row.archived,
    assignee_id: row.assignee_id,
    last_assignee_id: row.last_assignee_id,
    created_by: row.created_by,
    parent_id: row.parent_id,
    schedule_id: row.schedule_id,
    start_date: toIso(row.start_s),
    due_date: toIso(row.due_s),
    started_at: toIso(row.started_s),
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    worktime_total: row.worktime_total,
    assignee_has_attachment: row.assignee_files > 0,
    open_subtasks_count: row.open_subtasks,
    has_comments: row.number_of_comments > 0,
  };
  const grant = context.grants.get(row.workspace_id) ?? null;
  const permissions = issuePermissions({
    viewer: viewerOf(context.auth, grant),
    issue: facts,
    settings,
    now: context.now,
  });
  const nowSeconds = Math.floor(context.now.getTime() / 1000);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status_id: row.status_id,
    status: statusOf(row.status_id),
    archived: row.archived,
    completed_at: row.completed_s,
    start_date: row.start_s,
    due_date: row.due_s,
    displayType: calendarDisplayType({ status_id: row.status_id, due_date: row.due_s }, settings, nowSeconds),
    workspace: {
      id: row.workspace_id,
      name: row.workspace_name,
      available_assignees_ids: [...(context.availableAssignees.get(row.workspace_id) ?? [])],
    },
    workspace_id: row.workspace_id,
    assignee:
      row.assignee_id === null
        ? null
        : {
            full_name: `${row.assignee_first_name ?? ''} ${row.assignee_last_name ?? ''}`.trim(),
            profile_image: fileUrl(row.assignee_profile_image),
          },
    assignee_id: row.assignee_id,
    category: row.category_name === null ? null : { name: row.category_name },
    priority_id: row.priority_id,
    number_of_comments: row.number_of_comments,
    schedule_id: row.schedule_id,
    attachments: context.attachments.get(row.id) ?? [],
    is_scheduled_prepared_task: false,
    model: 'ISSUE',
    fetched_as_main: true,
    permissions: {
      canAddAttachments: permissions.can_add_attachments,
      deleteOnlyMyAttachments: permissions.can_delete_only_own_attachments,
      editOnlyMyAttachments: permissions.can_edit_only_own_attachments,
      canEdit: permissions.can_edit,
      canReassign: permissions.canReassignIssue,
      canQuickComplete: permissions.canQuickCompleteIssue,
    },
  };
}

/** A schedule's prepared task (status 0, read only) as the calendar shows it. Pure. */
export type PreparedCalendarTask = {
  key: string;
  schedule: {
    id: number;
    client_id: number;
    title: string;
    description: string | null;
    workspace_id: number;
    workspace_name: string;
    priority_id: number;
    category_name: string | null;
    assignee_id: number | null;
  };
  assignee: { first_name: string; last_name: string; profile_image: string | null } | null;
  start: Date;
  due: Date;
};

export function presentPreparedCalendarItem(
  task: PreparedCalendarTask,
  context: Pick<CalendarPresentContext, 'availableAssignees' | 'settings' | 'now'>,
): CalendarItem {
  const { schedule } = task;
  const settings = context.settings.get(schedule.client_id) ?? readClientSettings({});
  const due = Math.floor(task.due.getTime() / 1000);
  return {
    id: task.key,
    title: schedule.title,
    description: schedule.description,
    status_id: ISSUE_STATUS.scheduled,
    status: statusOf(ISSUE_STATUS.scheduled),
    archived: false,
    completed_at: null,
    start_date: Math.floor(task.start.getTime() / 1000),
    due_date: due,
    displayType: calendarDisplayType(
      { status_id: ISSUE_STATUS.scheduled, due_date: due },
      settings,
      Math.floor(context.now.getTime() / 1000),
    ),
    workspace: {
      id: schedule.workspace_id,
      name: schedule.workspace_name,
      available_assignees_ids: [...(context.availableAssignees.get(schedule.workspace_id) ?? [])],
    },
    workspace_id: schedule.workspace_id,
    assignee: task.assignee
      ? {
          full_name: `${task.assignee.first_name} ${task.assignee.last_name}`.trim(),
          profile_image: fileUrl(task.assignee.profile_image),
        }
      : null,
    assignee_id: task.assignee ? schedule.assignee_id : null,
    category: schedule.category_name === null ? null : { name: schedule.category_name },
    priority_id: schedule.priority_id,
    number_of_comments: 0,
    schedule_id: schedule.id,
    attachments: [],
    is_scheduled_prepared_task: true,
    model: 'PREDEFINED_TASK',
    fetched_as_main: true,
    permissions: NO_PERMISSIONS,
  };
}

export { findPreparedTasks, type PreparedTaskQuery } from './calendar-prepared.js';
