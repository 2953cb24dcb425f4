import type { CalendarView } from './calendar-params.js';

/**
 * The days a calendar view shows (001 §2, §9): daily one day; weekly the ISO week from Monday,
 * Monday to Friday or all 7 days with the show-weekend switch (fetched Monday to Sunday either
 * way); yearly the whole year. Days are YYYY-MM-DD strings (a day of the organisation's
 * calendar), computed on UTC dates so no time zone or daylight-saving shift moves them.
 */

export type CalendarWindow = {
  /** First and last day fetched (the query's start_date and end_date). */
  start_date: string;
  end_date: string;
  /** The day columns shown (daily: one; weekly: 5 or 7). */
  days: string[];
};

const DAY_MS = 86_400_000;
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** day + n days. */
export function addCalendarDays(day: string, n: number): string {
  return toDay(new Date(toDate(day).getTime() + n * DAY_MS));
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  return ((toDate(day).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the day's ISO week. */
export function weekStart(day: string): string {
  return addCalendarDays(day, 1 - isoWeekday(day));
}

export function isWeeklyView(view: CalendarView): boolean {
  return view === 'weeklyUsers' || view === 'weeklyWorkspaces';
}

export function isDailyView(view: CalendarView): boolean {
  return view === 'dailyUsers' || view === 'dailyWorkspaces';
}

export function calendarWindow(view: CalendarView, day: string, showWeekend: boolean): CalendarWindow {
  if (isWeeklyView(view)) {
    const monday = weekStart(day);
    const count = showWeekend ? 7 : 5;
    return {
      start_date: monday,
      end_date: addCalendarDays(monday, 6),
      days: Array.from({ length: count }, (_, i) => addCalendarDays(monday, i)),
    };
  }
  if (view === 'yearly') {
    const year = day.slice(0, 4);
    return { start_date: `${year}-01-01`, end_date: `${year}-12-31`, days: [] };
  }
  return { start_date: day, end_date: day, days: [day] };
}

/** The day the previous/next arrows go to: a day, a week or a year away. */
export function shiftCalendarDay(view: CalendarView, day: string, direction: -1 | 1): string {
  if (isWeeklyView(view)) return addCalendarDays(weekStart(day), 7 * direction);
  if (view === 'yearly')
    return `${Number(day.slice(0, 4)) + direction}${day.slice(4)}`.replace(/-02-29$/, '-02-28');
  return addCalendarDays(day, direction);
}

/**
 * Today as YYYY-MM-DD in a time zone (the organisation's: the calendar's days are that calendar's),
 * for the server and the web alike; an unknown zone reads as UTC.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
