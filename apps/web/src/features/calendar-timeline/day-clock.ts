import { addCalendarDays, type DayBounds } from '@workbench/domain';

/**
 * Where the browser's days begin (the web lays the timelines out in local time; the server
 * answers seconds, so a card sits at the hour the person's clock shows).
 */

/** Local midnight of a YYYY-MM-DD day, in seconds. */
export function localDayStart(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date).getTime() / 1000;
}

/** A day's bounds: local midnight to the next local midnight. */
export function localDayBounds(day: string): DayBounds {
  return { start: localDayStart(day), end: localDayStart(addCalendarDays(day, 1)) };
}

/** Local midnight of the day a moment falls in. */
export function localDayStartOf(seconds: number): number {
  const at = new Date(seconds * 1000);
  return new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime() / 1000;
}

/** Today as YYYY-MM-DD in local time. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** hh:mm of a moment in local time. */
export function localTime(seconds: number): string {
  const at = new Date(seconds * 1000);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}
