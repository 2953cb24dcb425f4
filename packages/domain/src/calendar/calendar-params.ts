import {
  allowedIdsParam,
  flagParam,
  idList,
  idsParam,
  type ListParam,
  type ListQueryOf,
  listQueryKit,
  oneOfParam,
  pageParam,
  searchParam,
} from '../lists/list-params.js';

/**
 * The calendar's parameters (001 §2 "Calendar", §5 "Calendar", §7 "Calendar", §9): the filter bar
 * the server reads on every calendar call, the page-data calls' windows and page sizes, and the
 * whole screen state the web keeps in the URL (the spec's `calendar` and `yearly-calendar`
 * entities). Unsupported values fall back to defaults, as every list's do.
 */

/** The five views (001 §2); yearly is the default. The four daily and weekly ones are beta. */
export const CALENDAR_VIEWS = [
  'yearly',
  'dailyUsers',
  'dailyWorkspaces',
  'weeklyUsers',
  'weeklyWorkspaces',
] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const DEFAULT_CALENDAR_VIEW: CalendarView = 'yearly';

/** Page sizes of 001 §9: daily and weekly rows 25, the drag sidebar 30, yearly rows 50, a yearly cell's 'view all' 150. */
export const CALENDAR_ROWS_PAGE_SIZE = 25;
export const CALENDAR_SIDEBAR_PAGE_SIZE = 30;
/**
 * How far past the page asked the drag sidebar counts its issues. Counting all of a large
 * organisation's undated or overdue issues cost more than the page itself; beyond this the
 * total is "at least" (total_capped) and the tab shows "N+", as large trackers do.
 */
export const CALENDAR_SIDEBAR_COUNT_AHEAD = 1000;
export const CALENDAR_YEARLY_PAGE_SIZE = 50;
export const CALENDAR_YEARLY_EVENTS_PAGE_SIZE = 150;
/** The yearly view goes from 2020 to next year (001 §5). */
export const CALENDAR_MIN_YEAR = 2020;
/** Most events the weekly selection may show (001 §4, §9). */
export const CALENDAR_WEEKLY_EVENTS_MAX = 200;
export const CALENDAR_SEARCH_MAX = 255;

export const CALENDAR_YEARLY_SORT_BY = ['title', 'created', 'updated', 'upcoming'] as const;
export type CalendarYearlySortBy = (typeof CALENDAR_YEARLY_SORT_BY)[number];
export const CALENDAR_SIDEBAR_SORT_BY = ['created', 'updated', 'title', 'priority', 'due_date'] as const;
export type CalendarSidebarSortBy = (typeof CALENDAR_SIDEBAR_SORT_BY)[number];
export const CALENDAR_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type CalendarSortDirection = (typeof CALENDAR_SORT_DIRECTIONS)[number];

const ISSUE_TYPES = ['issue', 'task'] as const;
const STATUS_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const PRIORITY_IDS = [0, 2, 3, 4, 5] as const;

/** A page size from the sizes one call allows, else its default. */
const pageSizeParam = (fallback: number, allowed: readonly number[]): ListParam<number> => ({
  default: fallback,
  read: (value) => (allowed.includes(Number(value)) ? Number(value) : fallback),
  write: (size) => (size !== fallback ? String(size) : undefined),
  description: allowed.join('|'),
});

/** A calendar day YYYY-MM-DD (in the organisation's time zone); '' when not given or unreadable (today). */
export const calendarDateParam: ListParam<string> = {
  default: '',
  read: (value) => (isCalendarDate(value) ? value : ''),
  write: (value) => value || undefined,
  description: "YYYY-MM-DD, a day in the organisation's time zone (empty: today)",
};

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The filter bar of 001 §2 (type, status, workspaces, users, priority, schedules, category, assets, position, externals). */
export const CALENDAR_FILTER_PARAMS = {
  /** null: issues and tasks. */
  issue_type: {
    default: null,
    read: (value) =>
      (ISSUE_TYPES as readonly string[]).includes(value) ? (value as 'issue' | 'task') : null,
    write: (type) => type ?? undefined,
    description: ISSUE_TYPES.join('|'),
  } satisfies ListParam<'issue' | 'task' | null>,
  status: allowedIdsParam(STATUS_IDS, 'comma-joined status ids 1..8'),
  workspaces: idsParam('comma-joined workspace ids'),
  include_sub_ws: flagParam('0|1: with the sub-workspaces of the workspaces given'),
  /** The users filter: the assignee is one of them. */
  assignees: idsParam('comma-joined user ids: the assignee'),
  priority_id: allowedIdsParam(PRIORITY_IDS, '0, 2..5, comma-joined'),
  schedules: idsParam('comma-joined schedule ids'),
  categories: idsParam('comma-joined category ids (main or extra)'),
  assets: idsParam('comma-joined asset ids'),
  job_positions: idsParam('comma-joined job position ids of the assignee (the position filter)'),
  externals: idsParam('comma-joined partner user ids: the assignee'),
};
export type CalendarFilters = ListQueryOf<typeof CALENDAR_FILTER_PARAMS>;

/**
 * The daily and weekly page data (GET calendar/users and calendar/workspaces): rows of 25 with
 * their items between two days (daily: the same day; weekly: Monday to Sunday).
 */
export const CALENDAR_ROWS_PARAMS = {
  ...CALENDAR_FILTER_PARAMS,
  start_date: calendarDateParam,
  end_date: calendarDateParam,
  page: pageParam,
  paginate_by: pageSizeParam(CALENDAR_ROWS_PAGE_SIZE, [CALENDAR_ROWS_PAGE_SIZE]),
  search: searchParam(CALENDAR_SEARCH_MAX, "the row: a person's name or a workspace's name"),
  /** Only these rows (the rows a count or a refresh is about); empty: every row. */
  ids: idsParam('comma-joined row ids (user or workspace ids): only these rows'),
  /** Rows without items (the sidebar's people or workspaces list): 1 leaves the items out. */
  rows_only: flagParam('0|1: 1 = the rows without their items'),
};
const calendarRowsKit = listQueryKit(CALENDAR_ROWS_PARAMS, 'CalendarRowsQuery');
export type CalendarRowsQuery = ListQueryOf<typeof CALENDAR_ROWS_PARAMS>;
export const readCalendarRowsQuery = calendarRowsKit.read;
export const calendarRowsQueryToParams = calendarRowsKit.toParams;
export const ZCalendarRowsQuerySchema = calendarRowsKit.schema;

/** GET calendar/weekly/full_days and the two counts: a window and the rows it is about. */
export const CALENDAR_WINDOW_PARAMS = {
  ...CALENDAR_FILTER_PARAMS,
  start_date: calendarDateParam,
  end_date: calendarDateParam,
  /** Users views: the rows' people. Read together with assignees for the count call. */
  workspace_ids: idsParam('comma-joined workspace ids: the rows of a workspaces view'),
};
const calendarWindowKit = listQueryKit(CALENDAR_WINDOW_PARAMS, 'CalendarWindowQuery');
export type CalendarWindowQuery = ListQueryOf<typeof CALENDAR_WINDOW_PARAMS>;
export const readCalendarWindowQuery = calendarWindowKit.read;
export const calendarWindowQueryToParams = calendarWindowKit.toParams;
export const ZCalendarWindowQuerySchema = calendarWindowKit.schema;

/** GET calendar/unscheduled and calendar/overdue: the drag sidebar's lists (30 a page). */
export const CALENDAR_SIDEBAR_PARAMS = {
  ...CALENDAR_FILTER_PARAMS,
  page: pageParam,
  paginate_by: pageSizeParam(CALENDAR_SIDEBAR_PAGE_SIZE, [CALENDAR_SIDEBAR_PAGE_SIZE]),
  sort_by: oneOfParam(CALENDAR_SIDEBAR_SORT_BY, 'updated'),
  sort_direction: oneOfParam(CALENDAR_SORT_DIRECTIONS, 'desc'),
};
const calendarSidebarKit = listQueryKit(CALENDAR_SIDEBAR_PARAMS, 'CalendarSidebarQuery');
export type CalendarSidebarQuery = ListQueryOf<typeof CALENDAR_SIDEBAR_PARAMS>;
export const readCalendarSidebarQuery = calendarSidebarKit.read;
export const calendarSidebarQueryToParams = calendarSidebarKit.toParams;
export const ZCalendarSidebarQuerySchema = calendarSidebarKit.schema;

/** A year of the yearly view: 2020 to next year; the current year otherwise (0 = not given). */
const yearParam: ListParam<number> = {
  default: 0,
  read: (value) => {
    const year = Number(value);
    return /^\d{4}$/.test(value) && year >= CALENDAR_MIN_YEAR ? year : 0;
  },
  write: (year) => (year ? String(year) : undefined),
  description: `a year from ${CALENDAR_MIN_YEAR} to next year (default: this year)`,
};

/** GET calendar/yearly and the export: schedule rows of one year (50 a page). */
export const CALENDAR_YEARLY_PARAMS = {
  ...CALENDAR_FILTER_PARAMS,
  year: yearParam,
  search: searchParam(CALENDAR_SEARCH_MAX, "the schedule's title"),
  sort_by: oneOfParam(CALENDAR_YEARLY_SORT_BY, 'title'),
  sort_direction: oneOfParam(CALENDAR_SORT_DIRECTIONS, 'asc'),
  page: pageParam,
  paginate_by: pageSizeParam(CALENDAR_YEARLY_PAGE_SIZE, [CALENDAR_YEARLY_PAGE_SIZE]),
};
const calendarYearlyKit = listQueryKit(CALENDAR_YEARLY_PARAMS, 'CalendarYearlyQuery');
export type CalendarYearlyQuery = ListQueryOf<typeof CALENDAR_YEARLY_PARAMS>;
export const readCalendarYearlyQuery = calendarYearlyKit.read;
export const calendarYearlyQueryToParams = calendarYearlyKit.toParams;
export const ZCalendarYearlyQuerySchema = calendarYearlyKit.schema;

/** GET calendar/yearly/events: one cell's items (one schedule, one month), 150 a page. */
export const CALENDAR_YEARLY_EVENTS_PARAMS = {
  ...CALENDAR_FILTER_PARAMS,
  scheduleId: {
    default: 0,
    read: (value) => idList(value)[0] ?? 0,
    write: (id) => (id ? String(id) : undefined),
    description: 'the schedule id',
  } satisfies ListParam<number>,
  month: {
    default: 1,
    read: (value) =>
      /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12 ? Number(value) : 1,
    write: (month) => String(month),
    description: '1..12',
  } satisfies ListParam<number>,
  /** The year comes from the start date (001 §7). */
  start_date: calendarDateParam,
  page: pageParam,
  paginate_by: pageSizeParam(CALENDAR_YEARLY_EVENTS_PAGE_SIZE, [CALENDAR_YEARLY_EVENTS_PAGE_SIZE]),
};
const calendarYearlyEventsKit = listQueryKit(CALENDAR_YEARLY_EVENTS_PARAMS, 'CalendarYearlyEventsQuery');
export type CalendarYearlyEventsQuery = ListQueryOf<typeof CALENDAR_YEARLY_EVENTS_PARAMS>;
export const readCalendarYearlyEventsQuery = calendarYearlyEventsKit.read;
export const calendarYearlyEventsQueryToParams = calendarYearlyEventsKit.toParams;
export const ZCalendarYearlyEventsQuerySchema = calendarYearlyEventsKit.schema;

/**
 * The whole calendar screen in the URL (the spec's `calendar` entity, 000 §2): view, day, the
 * filter bar, toggles, the yearly view's year, search and sort, and the rows hidden in each view
 * (kept per view, 001 §4). A weekly view's hidden list is null until first entered, when it is
 * copied once from the matching daily view.
 */
const hiddenParam = (description: string): ListParam<number[] | null> => ({
  default: null,
  read: (value) => (value === '' ? null : value === 'none' ? [] : idList(value)),
  // 'none': entered, nothing hidden (kept apart from "never entered").
  write: (ids) => (ids === null ? undefined : ids.length ? ids.join(',') : 'none'),
  description,
});
export const CALENDAR_SCREEN_PARAMS = {
  ...CALENDAR_FILTER_PARAMS,
  view: oneOfParam(CALENDAR_VIEWS, DEFAULT_CALENDAR_VIEW),
  date: calendarDateParam,
  show_weekend: flagParam('0|1: weekly views show Saturday and Sunday'),
  /** The 'drag to calendar' sidebar is open (the Unscheduled toggle). */
  unscheduled: flagParam('0|1: the drag-to-calendar sidebar is open'),
  sidebar_tab: oneOfParam(['no_date', 'overdue'] as const, 'no_date'),
  sidebar_sort_by: oneOfParam(CALENDAR_SIDEBAR_SORT_BY, 'updated'),
  sidebar_sort_direction: oneOfParam(CALENDAR_SORT_DIRECTIONS, 'desc'),
  year: yearParam,
  search: searchParam(CALENDAR_SEARCH_MAX, "yearly: the schedule's title"),
  sort_by: oneOfParam(CALENDAR_YEARLY_SORT_BY, 'title'),
  sort_direction: oneOfParam(CALENDAR_SORT_DIRECTIONS, 'asc'),
  hidden_daily_users: hiddenParam('people hidden in the daily users view'),
  hidden_daily_workspaces: hiddenParam('workspaces hidden in the daily workspaces view'),
  hidden_weekly_users: hiddenParam('people hidden in the weekly users view'),
  hidden_weekly_workspaces: hiddenParam('workspaces hidden in the weekly workspaces view'),
};
const calendarScreenKit = listQueryKit(CALENDAR_SCREEN_PARAMS, 'CalendarScreenState');
export type CalendarScreenState = ListQueryOf<typeof CALENDAR_SCREEN_PARAMS>;
export const DEFAULT_CALENDAR_SCREEN_STATE: CalendarScreenState = calendarScreenKit.defaults;
export const readCalendarScreenState = calendarScreenKit.read;
export const calendarScreenStateToParams = calendarScreenKit.toParams;
export const withCalendarScreenChange = calendarScreenKit.withFilter;
