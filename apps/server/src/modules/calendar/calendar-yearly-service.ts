import {
  blockDisplayType,
  buildPage,
  CALENDAR_MIN_YEAR,
  type CalendarDisplayType,
  type CalendarFilters,
  type CalendarItem,
  type CalendarYearlyEventsQuery,
  type CalendarYearlyQuery,
  type CalendarYearlyRow,
  type ClientSettings,
  calendarDisplayType,
  calendarYearlyEventsQueryToParams,
  calendarYearlyQueryToParams,
  DEFAULT_LANGUAGE,
  readClientSettings,
  todayIn,
  tryResolveLanguage,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { scheduleScope, scheduleVisibleSql } from '../schedules/schedule-visibility.js';
import {
  dayWindow,
  findCalendarIssues,
  findClientSettings,
  loadCalendarPresentContext,
  presentCalendarItem,
} from './calendar-items.js';
import { findPreparedTasks } from './calendar-prepared.js';
import { renderYearlyPdf } from './calendar-yearly-pdf.js';
import {
  findYearlyCellIssues,
  findYearlyIssueCells,
  findYearlySchedulePage,
  findYearlyTooltips,
  type MonthBounds,
  YEARLY_CELL_ITEMS,
  type YearlyScheduleRow,
  yearlyScheduleConditions,
} from './calendar-yearly-queries.js';

/**
 * The yearly calendar (001 §2 "Yearly", §5, §7 calendar/yearly, calendar/yearly/events,
 * calendar/yearly/export): one row per schedule the caller sees, twelve month cells of its
 * issues (by start, else due date, in the organisation's time zone) and its prepared tasks (the
 * occurrences still to be created), each cell with its first five items, the count of all and
 * the colour of the most urgent (blockDisplayType); a cell's every item, 150 a page; the grid as
 * a PDF.
 */

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** Most schedules in one PDF (its first ones; the title says so). */
export const YEARLY_EXPORT_MAX_ROWS = 1000;
/**
 * Prepared tasks computed per schedule and year (or cell) at most: five a day all year long; a
 * schedule repeating every few minutes shows its first 2,000 only, instead of taking seconds.
 */
export const YEARLY_PREPARED_PER_SCHEDULE = 2000;
/** Rows read and counted at a time while building the PDF. */
const EXPORT_BATCH = 50;

/** The year shown, its months' bounds, and the caller's organisation's settings (read once a request). */
type YearContext = {
  year: number;
  timeZone: string;
  now: Date;
  bounds: MonthBounds;
  settings: ClientSettings;
};

/** The year asked when it is one of the view's (2020 to next year), else this year, and its months' bounds. */
async function yearContext(ctx: AppContext, auth: Caller, asked: number): Promise<YearContext> {
  const settings =
    (await findClientSettings(ctx.db, [auth.clientId])).get(auth.clientId) ?? readClientSettings({});
  const timeZone = settings.time_zone;
  const now = new Date();
  const current = Number(todayIn(timeZone, now).slice(0, 4));
  const year = asked >= CALENDAR_MIN_YEAR && asked <= current + 1 ? asked : current;
  const bounds = Array.from({ length: 13 }, (_, n) => {
    const y = n === 12 ? year + 1 : year;
    const day = `${y}-${String((n % 12) + 1).padStart(2, '0')}-01`;
    return dayWindow(day, day, timeZone).from;
  });
  return { year, timeZone, now, bounds, settings };
}

/** The month (1..12) of an instant in seconds, by the bounds; 0 outside the year. */
function monthIn(bounds: MonthBounds, seconds: number): number {
  const ms = seconds * 1000;
  if (ms < (bounds[0] as Date).getTime() || ms >= (bounds[12] as Date).getTime()) return 0;
  let month = 1;
  while (month < 12 && ms >= (bounds[month] as Date).getTime()) month++;
  return month;
}

const itemStart = (item: CalendarItem) => item.start_date ?? item.due_date ?? 0;

type Cell = {
  count: number;
  types: Set<CalendarDisplayType>;
  /** The first items by start: issue ids (to present) or prepared tasks (presented). */
  first: { start: number; id?: number; item?: CalendarItem }[];
};

/**
 * The twelve cells of each schedule: counts and colours over all items, and (withItems) the
 * first five items presented. A constant number of statements whatever the number of rows.
 */
async function yearlyGrid(
  ctx: AppContext,
  auth: Caller,
  filters: CalendarFilters,
  schedules: YearlyScheduleRow[],
  year: YearContext,
  withItems: boolean,
): Promise<CalendarYearlyRow[]> {
  if (!schedules.length) return [];
  const ids = schedules.map((s) => s.id);
  const { bounds, now } = year;
  const [tooltips, issueCells, prepared] = await Promise.all([
    findYearlyTooltips(ctx.db, ids),
    findYearlyIssueCells(ctx.db, auth, { filters, scheduleIds: ids, bounds, now }),
    findPreparedTasks(ctx, auth, {
      from: bounds[0] as Date,
      to: bounds[12] as Date,
      filters,
      scheduleIds: ids,
      limit: ids.length * YEARLY_PREPARED_PER_SCHEDULE,
      perSchedule: YEARLY_PREPARED_PER_SCHEDULE,
      now,
      callerSettings: year.settings,
    }),
  ]);
  const { settings } = year;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const cells = new Map<string, Cell>();
  const cellOf = (scheduleId: number, month: number): Cell => {
    const key = `${scheduleId}:${month}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { count: 0, types: new Set(), first: [] };
      cells.set(key, cell);
    }
    return cell;
  };
  for (const row of issueCells) {
    const cell = cellOf(row.schedule_id, row.month);
    cell.count += row.count;
    // The colour depends only on the status and whether the due date has passed.
    for (const status of row.statuses)
      cell.types.add(calendarDisplayType({ status_id: status, due_date: null }, settings, nowSeconds));
    for (const status of row.late_statuses)
      cell.types.add(
        calendarDisplayType({ status_id: status, due_date: nowSeconds - 1 }, settings, nowSeconds),
      );
    cell.first.push(...row.first.map(({ id, start }) => ({ id, start })));
  }
  for (const item of prepared) {
    if (typeof item.schedule_id !== 'number') continue;
    const month = monthIn(bounds, itemStart(item));
    if (!month) continue;
    const cell = cellOf(item.schedule_id, month);
    cell.count++;
    cell.types.add(item.displayType);
    if (cell.first.length < 2 * YEARLY_CELL_ITEMS) cell.first.push({ start: itemStart(item), item });
  }
  for (const cell of cells.values()) {
    cell.first.sort((a, b) => a.start - b.start || (a.id ?? 0) - (b.id ?? 0));
    cell.first.length = Math.min(cell.first.length, YEARLY_CELL_ITEMS);
  }

  const presented = new Map<number, CalendarItem>();
  if (withItems) {
    const issueIds = [...cells.values()].flatMap((c) =>
      c.first.flatMap((f) => (f.id === undefined ? [] : [f.id])),
    );
    if (issueIds.length) {
      const rows = await findCalendarIssues(ctx, auth, { filters, issueIds });
      const context = await loadCalendarPresentContext(ctx, auth, rows, [], settings);
      context.now = now;
      for (const row of rows) presented.set(row.id, presentCalendarItem(row, context));
    }
  }
  return schedules.map((schedule) => ({
    scheduleId: schedule.id,
    scheduleTitle: schedule.title,
    assetTooltip: tooltips.get(schedule.id)?.assets ?? '',
    assetGroupTooltip: tooltips.get(schedule.id)?.groups ?? '',
    events: Array.from({ length: 12 }, (_, n) => {
      const cell = cells.get(`${schedule.id}:${n + 1}`);
      return {
        month: n + 1,
        data: withItems
          ? (cell?.first ?? []).flatMap(
              (f) => f.item ?? (f.id === undefined ? [] : (presented.get(f.id) ?? [])),
            )
          : [],
        count: cell?.count ?? 0,
        blockDisplayType: cell ? blockDisplayType([...cell.types]) : null,
      };
    }),
  }));
}

/** GET calendar/yearly: a page of 50 schedule rows with their twelve cells. */
export async function listYearly(ctx: AppContext, auth: Caller, query: CalendarYearlyQuery, path: string) {
  const year = await yearContext(ctx, auth, query.year);
  const scope = await scheduleScope(ctx.db, auth);
  const where = await yearlyScheduleConditions(ctx.db, auth, scope, query);
  const { rows, total } = await findYearlySchedulePage(ctx.db, where, query, {
    limit: query.paginate_by,
    offset: (query.page - 1) * query.paginate_by,
  });
  return buildPage({
    rows: await yearlyGrid(ctx, auth, query, rows, year, true),
    total,
    page: query.page,
    perPage: query.paginate_by,
    path,
    query: calendarYearlyQueryToParams({ ...query, year: year.year }),
  });
}

/**
 * GET calendar/yearly/events: every item of one cell (the schedule's issues and prepared tasks
 * starting in the month of the year of start_date), by start, 150 a page. A schedule the caller
 * does not see is not found.
 */
export async function listYearlyEvents(
  ctx: AppContext,
  auth: Caller,
  query: CalendarYearlyEventsQuery,
  path: string,
) {
  const scope = await scheduleScope(ctx.db, auth);
  const visible = query.scheduleId
    ? await sql<{ id: number }>`SELECT s.id FROM schedules s
        WHERE s.id = ${query.scheduleId} AND ${scheduleVisibleSql(scope)}`.execute(ctx.db)
    : { rows: [] };
  if (!visible.rows.length) throw notFound('Schedule not found');
  const year = await yearContext(ctx, auth, query.start_date ? Number(query.start_date.slice(0, 4)) : 0);
  const from = year.bounds[query.month - 1] as Date;
  const to = year.bounds[query.month] as Date;
  const perPage = query.paginate_by;
  const offset = (query.page - 1) * perPage;
  const [issues, prepared] = await Promise.all([
    findYearlyCellIssues(ctx.db, auth, {
      filters: query,
      scheduleId: query.scheduleId,
      from,
      to,
      limit: offset + perPage,
    }),
    findPreparedTasks(ctx, auth, {
      from,
      to,
      filters: query,
      scheduleIds: [query.scheduleId],
      limit: YEARLY_PREPARED_PER_SCHEDULE,
      perSchedule: YEARLY_PREPARED_PER_SCHEDULE,
      now: year.now,
      callerSettings: year.settings,
    }),
  ]);
  const merged: { start: number; id?: number; item?: CalendarItem }[] = [
    ...issues.first,
    ...prepared.map((item) => ({ start: itemStart(item), item })),
  ];
  merged.sort((a, b) => a.start - b.start || (a.id ?? 0) - (b.id ?? 0));
  const page = merged.slice(offset, offset + perPage);
  const issueIds = page.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  const presented = new Map<number, CalendarItem>();
  if (issueIds.length) {
    const rows = await findCalendarIssues(ctx, auth, { filters: query, issueIds });
    const context = await loadCalendarPresentContext(ctx, auth, rows, [], year.settings);
    for (const row of rows) presented.set(row.id, presentCalendarItem(row, context));
  }
  return buildPage({
    rows: page.flatMap((p) => p.item ?? (p.id === undefined ? [] : (presented.get(p.id) ?? []))),
    total: issues.total + prepared.length,
    page: query.page,
    perPage,
    path,
    query: calendarYearlyEventsQueryToParams(query),
  });
}

/** GET and POST calendar/yearly/export: the grid of every matching schedule (at most 1,000) as a PDF. */
export async function exportYearly(
  ctx: AppContext,
  auth: Caller,
  query: CalendarYearlyQuery,
): Promise<{ fileName: string; pdf: Buffer }> {
  const year = await yearContext(ctx, auth, query.year);
  const scope = await scheduleScope(ctx.db, auth);
  const where = await yearlyScheduleConditions(ctx.db, auth, scope, query);
  const [{ rows: schedules, total }, client, user] = await Promise.all([
    findYearlySchedulePage(ctx.db, where, query, { limit: YEARLY_EXPORT_MAX_ROWS, offset: 0 }),
    ctx.db.selectFrom('clients').select('name').where('id', '=', auth.clientId).executeTakeFirst(),
    ctx.db.selectFrom('users').select('language').where('id', '=', auth.userId).executeTakeFirst(),
  ]);
  const rows: CalendarYearlyRow[] = [];
  for (let start = 0; start < schedules.length; start += EXPORT_BATCH) {
    rows.push(
      ...(await yearlyGrid(ctx, auth, query, schedules.slice(start, start + EXPORT_BATCH), year, false)),
    );
  }
  const pdf = await renderYearlyPdf({
    year: year.year,
    organisation: client?.name ?? '',
    language: tryResolveLanguage(user?.language) ?? DEFAULT_LANGUAGE,
    rows: rows.map((row) => ({
      title: row.scheduleTitle,
      cells: row.events.map((cell) => ({ count: cell.count, blockDisplayType: cell.blockDisplayType })),
    })),
    ...(total > schedules.length ? { truncatedFrom: total } : {}),
  });
  return { fileName: `yearly-calendar-${year.year}.pdf`, pdf };
}
