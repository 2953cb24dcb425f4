import { addCalendarDays, type DayBounds } from '@workbench/domain';

/**
 * The clock of the timelines: the organisation's time zone (its `time_zone` setting), the zone the
 * server cuts the days in, so a card at 10:00 is at 10:00 for the dispatcher and the server alike
 * whatever zone the browser is in. CalendarTimeline sets it (setDayClockZone) before laying out.
 */

let zone: string | undefined;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone the timelines use; undefined: the browser's own. An unknown zone falls back to the browser's. */
export function setDayClockZone(timeZone: string | undefined): void {
  // Called on every render of the timeline: only a new zone is checked.
  if (timeZone === zone) return;
  try {
    if (timeZone) new Intl.DateTimeFormat('en', { timeZone });
    zone = timeZone;
  } catch {
    zone = undefined;
  }
}

/** The zone in use (undefined: the browser's). */
export function dayClockZone(): string | undefined {
  return zone;
}

function partsFormat(): Intl.DateTimeFormat {
  const key = zone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(key, format);
  }
  return format;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock time of a moment (milliseconds) in the clock's zone. */
function wallClock(ms: number): WallClock {
  const out: Record<string, number> = {};
  for (const part of partsFormat().formatToParts(new Date(ms)))
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** The zone's offset from UTC at a moment, in milliseconds. */
function offsetAt(ms: number): number {
  const w = wallClock(ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The moment (milliseconds) a wall-clock time of the zone names (the later one in a repeated hour). */
function fromWallClock(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(guess);
  const second = guess - offsetAt(first);
  return first === second ? first : Math.max(first, second);
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (w: WallClock) => `${w.year}-${pad(w.month)}-${pad(w.day)}`;

/** Midnight of a YYYY-MM-DD day in the zone, in seconds. */
export function localDayStart(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return fromWallClock(year, month, date) / 1000;
}

/** A day's bounds: midnight to the next midnight (23 or 25 hours on a daylight-saving change). */
export function localDayBounds(day: string): DayBounds {
  return { start: localDayStart(day), end: localDayStart(addCalendarDays(day, 1)) };
}

/** Midnight of the day a moment falls in. */
export function localDayStartOf(seconds: number): number {
  return localDayStart(dayOf(wallClock(seconds * 1000)));
}

/** Today as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return dayOf(wallClock(now.getTime()));
}

/** hh:mm of a moment. */
export function localTime(seconds: number): string {
  const w = wallClock(seconds * 1000);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** Seconds → the value of a datetime-local input (the zone's wall clock); '' for none. */
export function toLocalInput(seconds: number | null): string {
  if (seconds === null) return '';
  const w = wallClock(seconds * 1000);
  return `${dayOf(w)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A datetime-local value (the zone's wall clock) → seconds; null when empty or unreadable. */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  return Math.round(fromWallClock(y as number, mo as number, d as number, h, mi) / 1000);
}
