import {
  CALENDAR_FILTER_PARAMS,
  CALENDAR_MIN_YEAR,
  CALENDAR_YEARLY_PAGE_SIZE,
  type CalendarScreenState,
  type CalendarView,
  type CalendarYearlyQuery,
  calendarScreenStateToParams,
  calendarWindow,
  calendarYearlyQueryToParams,
  isDailyView,
  isWeeklyView,
  readCalendarScreenState,
  shiftCalendarDay,
  withCalendarScreenChange,
} from '@workbench/domain';

/**
 * The calendar page's state (001 §2 "Calendar"): everything the screen shows lives in the URL
 * (the spec's calendar entity), read and written with the domain's screen kit; these helpers
 * add the day and year the URL leaves out (today), the period title and the yearly calls' queries.
 */

export const CALENDAR_PATH = '/dashboard/calendar';

/** Where a yearly item and a schedule row's menu lead (001 §2 "Yearly view"). */
export const calendarLinks = {
  issue: (id: number) => `/dashboard/issues/detail/${id}`,
  editSchedule: (scheduleId: number) => `/dashboard/scheduling/detail/${scheduleId}`,
  scheduledTasks: (scheduleId: number) => `/dashboard/issues?schedule_id=${scheduleId}`,
  addSchedule: '/dashboard/scheduling/add',
};

/** Today in the organisation's zone (packages/domain), named here as the page's helpers are. */
export { todayIn } from '@workbench/domain';

/** The day the daily and weekly views show: the URL's, else today. */
export function calendarDay(state: CalendarScreenState, today: string): string {
  return state.date || today;
}

/** The last year the yearly view offers: next year (001 §5). */
export function maxCalendarYear(today: string): number {
  return Number(today.slice(0, 4)) + 1;
}

/** The yearly view's year: the URL's within 2020..next year, else this year. */
export function calendarYear(state: CalendarScreenState, today: string): number {
  const year = state.year;
  if (year >= CALENDAR_MIN_YEAR && year <= maxCalendarYear(today)) return year;
  return Number(today.slice(0, 4));
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The header's title (001 §2): daily "November 24, 2026", weekly "Nov 23–27, 2026" (the days
 * shown: 5, or 7 with the weekend), yearly the year; in the reader's language.
 */
export function periodTitle(
  view: CalendarView,
  day: string,
  showWeekend: boolean,
  language: string,
  year: number,
): string {
  if (view === 'yearly') return String(year);
  if (isDailyView(view))
    return new Intl.DateTimeFormat(language, {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(utc(day));
  const { days } = calendarWindow(view, day, showWeekend);
  const first = days[0] ?? day;
  const last = days[days.length - 1] ?? day;
  const format = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  // "Nov 23 – 27, 2026" → "Nov 23–27, 2026": no spaces around a dash between two day numbers.
  return format.formatRange(utc(first), utc(last)).replace(/(\d)\s+–\s+(\d)/u, '$1–$2');
}

/**
 * The twelve month labels of the yearly grid: the first three letters of the month's name in the
 * reader's language, capitalised (Jan, Feb … in English; Sty, Lut … in Polish).
 */
export function monthLabels(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => {
    const name = format.format(new Date(Date.UTC(2026, i, 15)));
    const letters = Array.from(name.replace(/[.\s]/g, '')).slice(0, 3).join('');
    return letters.charAt(0).toLocaleUpperCase(language) + letters.slice(1);
  });
}

/** A month's full name with its year, for the 'view more' pop-up ("November 2026"). */
export function monthTitle(month: number, year: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** The month (1..12) highlighted in the yearly grid: today's, when the year shown is this year. */
export function currentMonth(year: number, today: string): number | null {
  return Number(today.slice(0, 4)) === year ? Number(today.slice(5, 7)) : null;
}

/** The filter bar's parameters (001 §2): what 'reset all filters' clears. */
const FILTER_NAMES = Object.keys(CALENDAR_FILTER_PARAMS) as Array<keyof typeof CALENDAR_FILTER_PARAMS>;

export type CalendarFilterState = Pick<CalendarScreenState, (typeof FILTER_NAMES)[number]>;

/** Whether any filter of the bar (or the yearly search) is set. */
export function isCalendarFiltered(state: CalendarScreenState): boolean {
  return (
    state.search !== '' ||
    FILTER_NAMES.some((name) => {
      const value = state[name];
      return Array.isArray(value) ? value.length > 0 : value !== CALENDAR_FILTER_PARAMS[name].default;
    })
  );
}

/** Every filter of the bar and the yearly search back to their defaults; the view, day and sort stay. */
export function resetCalendarFilters(state: CalendarScreenState): CalendarScreenState {
  const cleared = Object.fromEntries(
    FILTER_NAMES.map((name) => [name, CALENDAR_FILTER_PARAMS[name].default]),
  );
  return withCalendarScreenChange(state, { ...cleared, search: '' } as Partial<CalendarScreenState>);
}

/** The filter bar's values of a state (sent with every calendar call). */
export function calendarFilters(state: CalendarScreenState): CalendarFilterState {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, state[name]])) as CalendarFilterState;
}

/** Reads the page's state from its address. */
export function readCalendarState(search: URLSearchParams): CalendarScreenState {
  return readCalendarScreenState(search);
}

/** The address of a state: only what differs from the defaults. */
export function calendarSearch(state: CalendarScreenState): string {
  return new URLSearchParams(calendarScreenStateToParams(state)).toString();
}

/**
 * A change of the screen: the new state, and whether it replaces the history entry. Switching
 * to the yearly view replaces it (001 §2); so does whatever the caller asks to replace.
 */
export function calendarChange(
  state: CalendarScreenState,
  change: Partial<CalendarScreenState>,
  options: { replace?: boolean } = {},
): { state: CalendarScreenState; replace: boolean } {
  const next = withCalendarScreenChange(state, change);
  const toYearly = change.view === 'yearly' && state.view !== 'yearly';
  return { state: next, replace: !!options.replace || toYearly };
}

/**
 * Where the previous and next arrows go: a day, a week, or (yearly) a year, never before 2020
 * or after next year; null when the arrow is at that end.
 */
export function shiftedPeriod(
  state: CalendarScreenState,
  today: string,
  direction: -1 | 1,
): Partial<CalendarScreenState> | null {
  if (state.view === 'yearly') {
    const year = calendarYear(state, today) + direction;
    if (year < CALENDAR_MIN_YEAR || year > maxCalendarYear(today)) return null;
    return { year: year === Number(today.slice(0, 4)) ? 0 : year };
  }
  const day = shiftCalendarDay(state.view, calendarDay(state, today), direction);
  return { date: day === today ? '' : day };
}

/** The years the yearly view offers, newest first (2020..next year). */
export function calendarYears(today: string): number[] {
  const last = maxCalendarYear(today);
  return Array.from({ length: last - CALENDAR_MIN_YEAR + 1 }, (_, i) => last - i);
}

/** GET calendar/yearly's query for a page of the grid. */
export function yearlyQuery(state: CalendarScreenState, today: string, page = 1): CalendarYearlyQuery {
  return {
    ...calendarFilters(state),
    year: calendarYear(state, today),
    search: state.search,
    sort_by: state.sort_by,
    sort_direction: state.sort_direction,
    page,
    paginate_by: CALENDAR_YEARLY_PAGE_SIZE,
  };
}

/** The yearly query as call parameters (what the export sends: every page, so no page). */
export function yearlyExportParams(state: CalendarScreenState, today: string): Record<string, string> {
  // The year is always written (it is never 0 here): the file is the year the person looks at.
  const {
    page: _page,
    paginate_by: _size,
    ...params
  } = calendarYearlyQueryToParams(yearlyQuery(state, today));
  return params;
}

/** Whether a view is one of the four beta timelines. */
export function isTimelineView(view: CalendarView): boolean {
  return isDailyView(view) || isWeeklyView(view);
}
