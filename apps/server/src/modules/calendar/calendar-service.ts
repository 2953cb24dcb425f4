import {
  addCalendarDays,
  buildPage,
  CALENDAR_SIDEBAR_COUNT_AHEAD,
  type CalendarCountsResponse,
  type CalendarFilters,
  type CalendarItem,
  type CalendarItemPage,
  type CalendarPresence,
  type CalendarRowsQuery,
  type CalendarSidebarPage,
  type CalendarSidebarQuery,
  type CalendarUserRowsResponse,
  type CalendarWindowQuery,
  type CalendarWorkspaceRowsResponse,
  canEditWorkspace,
  canReadWorkspaceLogs,
  isWorkspaceManagerRole,
  readClientSettings,
  todayIn,
  type UserPositionsResponse,
} from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fileUrl } from '../../storage/file-storage.js';
import { accessOf } from '../access/request-access.js';
import { intArray, subtreeOf } from '../access/workspace-access.js';
import { findClientTimeZone } from '../schedules/schedule-queries.js';
import {
  type CalendarIssueRow,
  countCalendarIssues,
  countCalendarIssuesUpTo,
  dayWindow,
  findCalendarIssues,
  isFullDayItem,
  loadCalendarPresentContext,
  presentCalendarItem,
  splitRowItems,
} from './calendar-items.js';
import { findPreparedTasks } from './calendar-prepared.js';

/**
 * The daily and weekly page data, counts and the drag sidebar (001 §7 "Calendar"). Rows are the
 * people the caller manages or the workspaces they may edit; items are what findCalendarIssues
 * finds the caller sees, and the visible schedules' prepared tasks.
 */

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;
type Ctx = Pick<AppContext, 'db'>;

/** The longest window a call answers (a month and a bit); longer ones end there. */
const MAX_WINDOW_DAYS = 42;
/** Items of one answer at most (25 rows of a busy week are far fewer). */
const MAX_ITEMS = 5_000;

/** The window of a query in the organisation's time zone: start (today if not given) to end (start if not given). */
async function windowOf(ctx: Ctx, auth: Caller, query: { start_date: string; end_date: string }) {
  const timeZone = await findClientTimeZone(ctx.db, auth.clientId);
  const start = query.start_date || todayIn(timeZone);
  let end = query.end_date && query.end_date >= start ? query.end_date : start;
  const last = addCalendarDays(start, MAX_WINDOW_DAYS - 1);
  if (end > last) end = last;
  return { timeZone, ...dayWindow(start, end, timeZone) };
}

/** Issues and prepared tasks of a window, presented, in start order. */
async function windowItems(
  ctx: Ctx,
  auth: Caller,
  args: {
    filters: CalendarFilters;
    from: Date;
    to: Date;
    assignees?: readonly number[];
    workspaceIds?: readonly number[];
  },
): Promise<CalendarItem[]> {
  const [rows, prepared] = await Promise.all([
    findCalendarIssues(ctx, auth, { ...args, limit: MAX_ITEMS }),
    findPreparedTasks(ctx, auth, { ...args, limit: MAX_ITEMS }),
  ]);
  const context = await loadCalendarPresentContext(ctx, auth, rows);
  const items = [...rows.map((row) => presentCalendarItem(row, context)), ...prepared];
  const startOf = (item: CalendarItem) => item.start_date ?? item.due_date ?? 0;
  return items.sort((a, b) => startOf(a) - startOf(b));
}

function groupItems(items: CalendarItem[], key: (item: CalendarItem) => number | null) {
  const out = new Map<number, CalendarItem[]>();
  for (const item of items) {
    const id = key(item);
    if (id === null) continue;
    out.set(id, [...(out.get(id) ?? []), item]);
  }
  return out;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------
// GET calendar/users

/**
 * Whom the caller plans for (001 §7 calendar/users, "manageable users"): an admin every active
 * person of the organisation; a manager or group manager the people of the workspaces they
 * manage (a role inherited down the tree) and themself; anybody else only themself.
 */
function manageableUsersSql(auth: Caller, managed: number[]): RawBuilder<boolean> {
  if (auth.role === 'admin') {
    return sql<boolean>`EXISTS (SELECT 1 FROM user_clients uc
      WHERE uc.user_id = u.id AND uc.client_id = ${auth.clientId})`;
  }
  if (!managed.length) return sql<boolean>`u.id = ${auth.userId}`;
  return sql<boolean>`(u.id = ${auth.userId} OR EXISTS (SELECT 1 FROM workspace_users wu
    WHERE wu.user_id = u.id AND wu.client_id = ${auth.clientId} AND wu.workspace_id = ANY(${intArray(managed)})))`;
}

export async function calendarUsers(
  ctx: Ctx,
  auth: Caller,
  query: CalendarRowsQuery,
  path: string,
): Promise<CalendarUserRowsResponse> {
  const visible = await accessOf(auth).visible(ctx.db);
  const managed = [...visible.grants.values()]
    .filter((g) => g.client_id === auth.clientId && g.collaboration_id === null)
    .filter((g) => isWorkspaceManagerRole(g.role) || g.role === 'group_manager')
    .map((g) => g.workspace_id);
  const where: RawBuilder<boolean>[] = [
    sql<boolean>`u.deleted_at IS NULL AND u.status = 'active'`,
    manageableUsersSql(auth, managed),
  ];
  if (query.search) {
    where.push(sql<boolean>`(u.first_name || ' ' || u.last_name) ILIKE ${likePattern(query.search)}`);
  }
  if (query.job_positions.length)
    where.push(sql<boolean>`u.job_position_id = ANY(${intArray(query.job_positions)})`);
  if (query.ids.length) where.push(sql<boolean>`u.id = ANY(${intArray(query.ids)})`);
  // The users filter of the bar narrows the rows to those people.
  if (query.assignees.length) where.push(sql<boolean>`u.id = ANY(${intArray(query.assignees)})`);
  const condition = sql.join(where, sql` AND `);
  const perPage = query.paginate_by;
  const [page, count, window] = await Promise.all([
    sql<{
      id: number;
      first_name: string;
      last_name: string;
      profile_image: string | null;
      job_position_id: number | null;
      job_position_name: string | null;
    }>`
      SELECT u.id, u.first_name, u.last_name, u.profile_image, jp.id AS job_position_id, jp.name AS job_position_name
        FROM users u
          LEFT JOIN job_positions jp ON jp.id = u.job_position_id AND jp.client_id = ${auth.clientId}
        WHERE ${condition}
        ORDER BY lower(u.first_name), lower(u.last_name), u.id
        LIMIT ${perPage} OFFSET ${(query.page - 1) * perPage}`.execute(ctx.db),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM users u WHERE ${condition}`.execute(ctx.db),
    windowOf(ctx, auth, query),
  ]);
  const people = page.rows;
  const ids = people.map((p) => p.id);
  let items = new Map<number, CalendarItem[]>();
  let presence = new Map<number, CalendarPresence[]>();
  let timeZone = '';
  if (!query.rows_only && ids.length) {
    timeZone = window.timeZone;
    const [found, logs] = await Promise.all([
      windowItems(ctx, auth, { filters: query, from: window.from, to: window.to, assignees: ids }),
      findPresence(ctx, auth, ids, window),
    ]);
    items = groupItems(found, (item) => item.assignee_id);
    presence = logs;
  }
  const rows = people.map((p) => {
    const split = splitRowItems(items.get(p.id) ?? [], timeZone);
    return {
      id: p.id,
      full_name: `${p.first_name} ${p.last_name}`.trim(),
      profile_image: fileUrl(p.profile_image),
      job_position:
        p.job_position_id === null ? null : { id: p.job_position_id, name: p.job_position_name ?? '' },
      total_calendar_events: split.issues.length + split.full_day.length,
      ...split,
      presence: presence.get(p.id) ?? [],
    };
  });
  return buildPage({
    rows,
    total: count.rows[0]?.total ?? 0,
    page: query.page,
    perPage,
    path,
    query: { paginate_by: perPage },
  });
}

/**
 * The presence entries (check-in, check-out, workspace) of these people overlapping the window,
 * in workspaces whose logs the caller may read (admins, managers, group managers), and the
 * caller's own.
 */
async function findPresence(
  ctx: Ctx,
  auth: Caller,
  userIds: number[],
  window: { from: Date; to: Date },
): Promise<Map<number, CalendarPresence[]>> {
  const visible = await accessOf(auth).visible(ctx.db);
  const readable = [...visible.grants.values()]
    .filter((g) => g.client_id === auth.clientId && canReadWorkspaceLogs(g.role))
    .map((g) => g.workspace_id);
  const { rows } = await sql<{
    user_id: number;
    workspace_id: number;
    workspace_name: string;
    started_s: number;
    ended_s: number | null;
  }>`
    SELECT p.user_id, p.workspace_id, w.name AS workspace_name,
        floor(extract(epoch FROM p.started_at))::float8 AS started_s,
        floor(extract(epoch FROM p.ended_at))::float8 AS ended_s
      FROM presence_logs p JOIN workspaces w ON w.id = p.workspace_id AND w.client_id = p.client_id
      WHERE p.client_id = ${auth.clientId} AND p.user_id = ANY(${intArray(userIds)})
        AND p.started_at < ${window.to} AND (p.ended_at IS NULL OR p.ended_at >= ${window.from})
        AND (p.user_id = ${auth.userId} OR p.workspace_id = ANY(${intArray(readable)}))
      ORDER BY p.started_at, p.id`.execute(ctx.db);
  const out = new Map<number, CalendarPresence[]>();
  for (const r of rows) {
    out.set(r.user_id, [
      ...(out.get(r.user_id) ?? []),
      {
        logged_at: r.started_s,
        logout_at: r.ended_s,
        workspace: { id: r.workspace_id, name: r.workspace_name },
      },
    ]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// GET calendar/workspaces

/** The organisation's workspaces (not archived) where the caller holds edit_workspace. */
async function editableWorkspaceIds(ctx: Ctx, auth: Caller): Promise<number[]> {
  const visible = await accessOf(auth).visible(ctx.db);
  const client = await ctx.db
    .selectFrom('clients')
    .select('settings')
    .where('id', '=', auth.clientId)
    .executeTakeFirst();
  const settings = readClientSettings(client?.settings ?? {});
  return [...visible.grants.values()]
    .filter(
      (g) =>
        g.client_id === auth.clientId && g.collaboration_id === null && canEditWorkspace(g.role, settings),
    )
    .map((g) => g.workspace_id);
}

export async function calendarWorkspaces(
  ctx: Ctx,
  auth: Caller,
  query: CalendarRowsQuery,
  path: string,
): Promise<CalendarWorkspaceRowsResponse> {
  const editable = await editableWorkspaceIds(ctx, auth);
  const where: RawBuilder<boolean>[] = [
    sql<boolean>`w.client_id = ${auth.clientId} AND w.id = ANY(${intArray(editable)})
      AND w.deleted_at IS NULL AND w.archived_at IS NULL`,
  ];
  if (query.search) where.push(sql<boolean>`w.name ILIKE ${likePattern(query.search)}`);
  if (query.ids.length) where.push(sql<boolean>`w.id = ANY(${intArray(query.ids)})`);
  if (query.workspaces.length) {
    const visible = await accessOf(auth).visible(ctx.db);
    const wanted = query.include_sub_ws ? (subtreeOf(visible, query.workspaces) ?? []) : query.workspaces;
    where.push(sql<boolean>`w.id = ANY(${intArray(wanted)})`);
  }
  const condition = sql.join(where, sql` AND `);
  const perPage = query.paginate_by;
  const [page, count, window] = await Promise.all([
    sql<{ id: number; name: string }>`
      SELECT w.id, w.name FROM workspaces w WHERE ${condition}
        ORDER BY lower(w.name), w.id LIMIT ${perPage} OFFSET ${(query.page - 1) * perPage}`.execute(ctx.db),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM workspaces w WHERE ${condition}`.execute(
      ctx.db,
    ),
    windowOf(ctx, auth, query),
  ]);
  const ids = page.rows.map((w) => w.id);
  let items = new Map<number, CalendarItem[]>();
  let timeZone = '';
  if (!query.rows_only && ids.length) {
    timeZone = window.timeZone;
    const found = await windowItems(ctx, auth, {
      filters: query,
      from: window.from,
      to: window.to,
      workspaceIds: ids,
    });
    items = groupItems(found, (item) => item.workspace_id);
  }
  const rows = page.rows.map((w) => {
    const list = items.get(w.id) ?? [];
    const split = splitRowItems(list, timeZone);
    return {
      id: w.id,
      name: w.name,
      statistics: { completed: list.filter((i) => i.status_id === 8).length, total: list.length },
      total_calendar_events: list.length,
      ...split,
    };
  });
  return buildPage({
    rows,
    total: count.rows[0]?.total ?? 0,
    page: query.page,
    perPage,
    path,
    query: { paginate_by: perPage },
  });
}

// ---------------------------------------------------------------------------------------------
// GET calendar/weekly/full_days, users_count, workspaces_count

/** The rows a window query is about: workspace_ids (workspaces views), else assignees (users views). */
function rowsOf(query: CalendarWindowQuery): { assignees?: number[]; workspaceIds?: number[] } | null {
  if (query.workspace_ids.length) return { workspaceIds: query.workspace_ids };
  if (query.assignees.length) return { assignees: query.assignees };
  return null;
}

export async function calendarFullDays(
  ctx: Ctx,
  auth: Caller,
  query: CalendarWindowQuery,
): Promise<{ data: CalendarItem[] }> {
  const rows = rowsOf(query);
  if (!rows) return { data: [] };
  const window = await windowOf(ctx, auth, query);
  const items = await windowItems(ctx, auth, { filters: query, from: window.from, to: window.to, ...rows });
  return { data: items.filter((item) => isFullDayItem(item, window.timeZone)) };
}

export async function calendarCounts(
  ctx: Ctx,
  auth: Caller,
  query: CalendarWindowQuery,
  by: 'assignee' | 'workspace',
): Promise<CalendarCountsResponse> {
  const ids = by === 'assignee' ? query.assignees : query.workspace_ids;
  if (!ids.length) return { data: [], total: 0 };
  const rows = by === 'assignee' ? { assignees: ids } : { workspaceIds: ids };
  const window = await windowOf(ctx, auth, query);
  const [counts, prepared] = await Promise.all([
    countCalendarIssues(ctx, auth, { filters: query, from: window.from, to: window.to, ...rows }, by),
    findPreparedTasks(ctx, auth, {
      filters: query,
      from: window.from,
      to: window.to,
      ...rows,
      limit: MAX_ITEMS,
    }),
  ]);
  const totals = new Map<number, number>();
  for (const [id, c] of counts.groups) totals.set(id, c.total);
  for (const task of prepared) {
    const id = by === 'assignee' ? task.assignee_id : task.workspace_id;
    if (id !== null) totals.set(id, (totals.get(id) ?? 0) + 1);
  }
  const data = ids.map((id) => ({ id, total_calendar_events: totals.get(id) ?? 0 }));
  return { data, total: data.reduce((sum, row) => sum + row.total_calendar_events, 0) };
}

// ---------------------------------------------------------------------------------------------
// GET calendar/unscheduled and calendar/overdue

export async function calendarSidebar(
  ctx: Ctx,
  auth: Caller,
  query: CalendarSidebarQuery,
  only: 'unscheduled' | 'overdue',
  path: string,
): Promise<CalendarSidebarPage> {
  const perPage = query.paginate_by;
  const now = new Date();
  const args = {
    filters: query,
    only,
    now,
    order: { by: query.sort_by, direction: query.sort_direction },
  } as const;
  const offset = (query.page - 1) * perPage;
  // Counted up to CALENDAR_SIDEBAR_COUNT_AHEAD past the page: one more means "at least".
  const countedTo = offset + CALENDAR_SIDEBAR_COUNT_AHEAD;
  const [rows, counted] = await Promise.all([
    findCalendarIssues(ctx, auth, { ...args, limit: perPage, offset }),
    countCalendarIssuesUpTo(ctx, auth, args, countedTo + 1),
  ]);
  const capped = counted > countedTo;
  const total = capped ? countedTo : counted;
  return {
    ...(await presentPage(ctx, auth, rows, { total, page: query.page, perPage, path, query })),
    total_capped: capped,
  };
}

async function presentPage(
  ctx: Ctx,
  auth: Caller,
  rows: CalendarIssueRow[],
  paging: { total: number; page: number; perPage: number; path: string; query: CalendarSidebarQuery },
): Promise<CalendarItemPage> {
  const context = await loadCalendarPresentContext(ctx, auth, rows);
  return buildPage({
    rows: rows.map((row) => presentCalendarItem(row, context)),
    total: paging.total,
    page: paging.page,
    perPage: paging.perPage,
    path: paging.path,
    query: {
      paginate_by: paging.perPage,
      sort_by: paging.query.sort_by,
      sort_direction: paging.query.sort_direction,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// GET user_positions/fetch

export async function userPositions(
  ctx: Ctx,
  auth: Caller,
  query: { search?: string },
): Promise<UserPositionsResponse> {
  const search = query.search?.trim();
  const { rows } = await sql<{ id: number; name: string; users_count: number }>`
    SELECT jp.id, jp.name,
        (SELECT count(*)::int FROM users u
          WHERE u.job_position_id = jp.id AND u.deleted_at IS NULL AND u.status <> 'paused'
            AND EXISTS (SELECT 1 FROM user_clients uc WHERE uc.user_id = u.id AND uc.client_id = jp.client_id)
        ) AS users_count
      FROM job_positions jp
      WHERE jp.client_id = ${auth.clientId}
        ${search ? sql`AND jp.name ILIKE ${likePattern(search)}` : sql``}
      ORDER BY lower(jp.name), jp.id`.execute(ctx.db);
  return { data: rows };
}
