import type { CalendarYearlyQuery } from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import { intArray, subtreeOf, workspaceSubtreeSql } from '../access/workspace-access.js';
import type { Db } from '../issues/issue-queries.js';
import { type ScheduleScope, scheduleVisibleSql } from '../schedules/schedule-visibility.js';
import { type CalendarIssueQuery, calendarIssueConditions } from './calendar-items.js';

/**
 * The yearly grid's SQL (001 §5 "Calendar", §7 calendar/yearly): the page of schedule rows, and
 * per (schedule, month) the number of the schedule's issues the caller sees whose start (else
 * due) date falls in the month, the statuses that colour the cell and the first five ids, in one
 * grouped statement for a whole page (not the items of a year).
 */

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const idIn = (column: string, ids: readonly number[]) =>
  sql<boolean>`${sql.ref(column)} = ANY(${intArray(ids)})`;

/** Items shown per cell of the grid; the count tells the rest. */
export const YEARLY_CELL_ITEMS = 5;

/**
 * The rows' conditions on `schedules s`: visible (scheduleVisibleSql), not archived, the title
 * search and the filter bar where it names what a schedule has (its workspace, assignee, priority,
 * id, categories, assets and the assignee's job position). Status and type are the items' filters.
 */
export async function yearlyScheduleConditions(
  db: Db,
  auth: Caller,
  scope: ScheduleScope,
  query: CalendarYearlyQuery,
): Promise<RawBuilder<boolean>[]> {
  const where: RawBuilder<boolean>[] = [scheduleVisibleSql(scope), sql<boolean>`s.archived_at IS NULL`];
  if (query.search) where.push(sql<boolean>`s.title ILIKE ${likePattern(query.search)}`);
  if (query.workspaces.length) {
    if (!query.include_sub_ws) where.push(idIn('s.workspace_id', query.workspaces));
    else {
      const subtree = subtreeOf(await accessOf(auth).visible(db), query.workspaces);
      where.push(
        subtree
          ? idIn('s.workspace_id', subtree)
          : sql<boolean>`s.workspace_id IN (SELECT sub.workspace_id FROM ${workspaceSubtreeSql(sql.join(query.workspaces))} AS sub)`,
      );
    }
  }
  const assignees = [...query.assignees, ...query.externals];
  if (assignees.length) where.push(idIn('s.assignee_id', assignees));
  if (query.priority_id.length) where.push(idIn('s.priority_id', query.priority_id));
  if (query.schedules.length) where.push(idIn('s.id', query.schedules));
  if (query.categories.length) {
    const ids = intArray(query.categories);
    where.push(sql<boolean>`(s.category_id = ANY(${ids}) OR EXISTS (SELECT 1 FROM schedule_categories sc
      WHERE sc.schedule_id = s.id AND sc.category_id = ANY(${ids})))`);
  }
  if (query.assets.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM schedule_assets sa
      WHERE sa.schedule_id = s.id AND sa.asset_id = ANY(${intArray(query.assets)}))`);
  }
  if (query.job_positions.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM users ju
      WHERE ju.id = s.assignee_id AND ju.job_position_id = ANY(${intArray(query.job_positions)}))`);
  }
  return where;
}

const SORT_COLUMNS = {
  title: sql`lower(s.title)`,
  created: sql`s.created_at`,
  updated: sql`s.updated_at`,
  upcoming: sql`s.next_issue_scheduled_at`,
} as const;

export type YearlyScheduleRow = { id: number; title: string };

/** One page of rows (id and title) in the order asked, and how many rows there are in all. */
export async function findYearlySchedulePage(
  db: Db,
  where: RawBuilder<boolean>[],
  query: Pick<CalendarYearlyQuery, 'sort_by' | 'sort_direction'>,
  paging: { limit: number; offset: number },
): Promise<{ rows: YearlyScheduleRow[]; total: number }> {
  const condition = sql.join(where, sql` AND `);
  const direction = query.sort_direction === 'asc' ? sql`ASC` : sql`DESC`;
  // Schedules without a next occurrence come last whichever way the list runs.
  const nulls = query.sort_by === 'upcoming' ? sql`NULLS LAST` : sql``;
  const [page, count] = await Promise.all([
    sql<YearlyScheduleRow>`SELECT s.id, s.title FROM schedules s WHERE ${condition}
      ORDER BY ${SORT_COLUMNS[query.sort_by]} ${direction} ${nulls}, s.id ${direction}
      LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(db),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM schedules s WHERE ${condition}`.execute(db),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** The row tooltips: each schedule's live assets' names and their groups' names, comma-joined. */
export async function findYearlyTooltips(
  db: Db,
  scheduleIds: readonly number[],
): Promise<Map<number, { assets: string; groups: string }>> {
  const out = new Map<number, { assets: string; groups: string }>();
  if (!scheduleIds.length) return out;
  const { rows } = await sql<{ schedule_id: number; assets: string | null; groups: string | null }>`
    SELECT sa.schedule_id,
        string_agg(a.name, ', ' ORDER BY a.name, a.id) AS assets,
        string_agg(DISTINCT g.name, ', ') AS groups
      FROM schedule_assets sa
        JOIN assets a ON a.id = sa.asset_id AND a.deleted_at IS NULL
        LEFT JOIN asset_groups g ON g.id = a.group_id AND g.deleted_at IS NULL
      WHERE sa.schedule_id = ANY(${intArray(scheduleIds)})
      GROUP BY sa.schedule_id`.execute(db);
  for (const r of rows) out.set(r.schedule_id, { assets: r.assets ?? '', groups: r.groups ?? '' });
  return out;
}

/** The months' bounds: January 1st 00:00 to the next January 1st, 13 instants in the organisation's time zone. */
export type MonthBounds = readonly Date[];

/** The issues of a cell or a grid: `start` is coalesce(start_date, due_date). */
const startOf = sql`coalesce(i.start_date, i.due_date)`;
const monthOf = (bounds: MonthBounds) =>
  sql<number>`width_bucket(extract(epoch FROM ${startOf})::float8, ${`{${bounds.map((b) => b.getTime() / 1000).join(',')}}`}::float8[])`;

export type YearlyIssueCell = {
  schedule_id: number;
  month: number;
  count: number;
  /** Distinct statuses of its items whose due date has passed, and of the others. */
  late_statuses: number[];
  statuses: number[];
  /** The first YEARLY_CELL_ITEMS by start, with their start in seconds. */
  first: { id: number; start: number }[];
};

/**
 * Per schedule and month of the bounds, the issues the caller sees (calendarIssueConditions: the
 * visibility and the filter bar), in one grouped statement.
 */
export async function findYearlyIssueCells(
  db: Db,
  auth: Caller,
  args: {
    filters: CalendarIssueQuery['filters'];
    scheduleIds: readonly number[];
    bounds: MonthBounds;
    now: Date;
  },
): Promise<YearlyIssueCell[]> {
  if (!args.scheduleIds.length) return [];
  const visible = await accessOf(auth).visible(db);
  const where = sql.join(
    calendarIssueConditions(auth, visible, { filters: args.filters, scheduleIds: args.scheduleIds }),
    sql` AND `,
  );
  const from = args.bounds[0] as Date;
  const to = args.bounds[args.bounds.length - 1] as Date;
  const { rows } = await sql<{
    schedule_id: number;
    month: number;
    count: number;
    late_statuses: number[] | null;
    statuses: number[] | null;
    first_ids: number[];
    first_starts: number[];
  }>`
    WITH cell AS (
      SELECT i.schedule_id, ${monthOf(args.bounds)} AS month, i.id, i.status_id,
          ${startOf} AS start, coalesce(i.due_date < ${args.now}, false) AS late
        FROM issues i
        WHERE ${where} AND ${startOf} >= ${from} AND ${startOf} < ${to}
    )
    SELECT schedule_id, month, count(*)::int AS count,
        array_agg(DISTINCT status_id) FILTER (WHERE late) AS late_statuses,
        array_agg(DISTINCT status_id) FILTER (WHERE NOT late) AS statuses,
        (array_agg(id ORDER BY start, id))[1:${YEARLY_CELL_ITEMS}] AS first_ids,
        (array_agg(floor(extract(epoch FROM start))::float8 ORDER BY start, id))[1:${YEARLY_CELL_ITEMS}] AS first_starts
      FROM cell GROUP BY schedule_id, month`.execute(db);
  return rows.map((r) => ({
    schedule_id: r.schedule_id,
    month: Number(r.month),
    count: r.count,
    late_statuses: (r.late_statuses ?? []).map(Number),
    statuses: (r.statuses ?? []).map(Number),
    first: r.first_ids.map((id, n) => ({ id: Number(id), start: Number(r.first_starts[n]) })),
  }));
}

/**
 * One cell's issues (one schedule, [from, to)): how many, and the first `limit` by start (ids and
 * starts in seconds), for the merge with the prepared tasks.
 */
export async function findYearlyCellIssues(
  db: Db,
  auth: Caller,
  args: {
    filters: CalendarIssueQuery['filters'];
    scheduleId: number;
    from: Date;
    to: Date;
    limit: number;
  },
): Promise<{ total: number; first: { id: number; start: number }[] }> {
  const visible = await accessOf(auth).visible(db);
  const where = sql.join(
    [
      ...calendarIssueConditions(auth, visible, { filters: args.filters, scheduleIds: [args.scheduleId] }),
      sql<boolean>`${startOf} >= ${args.from} AND ${startOf} < ${args.to}`,
    ],
    sql` AND `,
  );
  const [count, page] = await Promise.all([
    sql<{ total: number }>`SELECT count(*)::int AS total FROM issues i WHERE ${where}`.execute(db),
    sql<{ id: number; start: number }>`
      SELECT i.id, floor(extract(epoch FROM ${startOf}))::float8 AS start FROM issues i WHERE ${where}
        ORDER BY ${startOf}, i.id LIMIT ${args.limit}`.execute(db),
  ]);
  return {
    total: Number(count.rows[0]?.total ?? 0),
    first: page.rows.map((r) => ({ id: Number(r.id), start: Number(r.start) })),
  };
}
