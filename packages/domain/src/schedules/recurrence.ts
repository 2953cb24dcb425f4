import { IANAZone } from 'luxon';
import { isTimeZone } from '../client/client-settings.js';

/**
 * The recurrence engine of schedules (001 §3 "Schedule", §9 recurrence units and end types): which
 * local days a rule occurs on, the wall times of each day, and the instants they are in the
 * organisation's time zone. Pure and deterministic; the server's materializer, the preview and the
 * web's "next dates" all ask it.
 *
 * Dates are day numbers (days since 1970-01-01, no time zone) while we work out which days occur;
 * only the wall times of those days are turned into instants, with the zone's UTC offset changes
 * read from luxon (the Intl time-zone data) once per zone and year. Occurrences before the asked
 * window are counted, not built (AFTER N and `index` count from start_date), whole periods at a
 * time where the unit has one: the cost follows the window asked for, not the rule's age.
 */

export const REPEAT_UNITS = ['minutes', 'hours', 'days', 'weeks', 'months', 'years'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
export const END_TYPES = ['NEVER', 'AFTER', 'ON'] as const;
export type EndType = (typeof END_TYPES)[number];
export const RESCHEDULE_MODES = [
  'on_start_date',
  'before_next_start_date',
  'after_marked_as_done',
  'after_completion',
] as const;
export type RescheduleMode = (typeof RESCHEDULE_MODES)[number];
export const COMPLETION_UNITS = ['minutes', 'hours', 'days'] as const;
export type CompletionUnit = (typeof COMPLETION_UNITS)[number];
/** repeat_week_of_month: the 1st to 4th, or -1 = the last, of a weekday in the month. */
export const WEEKS_OF_MONTH = [1, 2, 3, 4, -1] as const;
export type WeekOfMonth = (typeof WEEKS_OF_MONTH)[number];

/** 'HH:MM', 24-hour clock, local wall time. */
export type TimeOfDay = string;

export type RecurrenceRule = {
  /** IANA name, the organisation's time zone. */
  time_zone: string;
  /** 'YYYY-MM-DD', a local date. */
  start_date: string;
  repeat_every: { type: RepeatUnit; value: number; exclude_weekends: boolean };
  /** Weekdays 0..6, 0 = Sunday. */
  repeat_on: number[];
  repeat_week_of_month: WeekOfMonth | null;
  end: { type: 'NEVER' } | { type: 'AFTER'; value: number } | { type: 'ON'; value: string };
  work_hours_start: TimeOfDay;
  work_hours_end: TimeOfDay;
  time_slots: { start: TimeOfDay; end: TimeOfDay }[];
  time_limits: { completion: { value: number; unit: CompletionUnit } | null };
  seasonal_break: { type: 'NO' } | { type: 'YES'; start: string; end: string; yearly: boolean };
};

export type Occurrence = {
  /** 0-based count among the occurrences the rule produced since start_date (breaks skip, not count). */
  index: number;
  start: Date;
  due: Date;
  /** 'YYYY-MM-DD' in the rule's time zone: the day the occurrence belongs to. */
  local_date: string;
  /** Index into time_slots (0 when the rule has none). */
  slot: number;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A day that does not exist. */
const NO_DAY = Number.POSITIVE_INFINITY;

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on day numbers (proleptic Gregorian, H. Hinnant's civil-from-days).

export function dayNumberOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date of a day number packed as year·10000 + month·100 + day (no allocation: hot paths use it). */
function packedDateOf(dayNumber: number): number {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0)) * 10_000 + month * 100 + day;
}

export function civilOf(dayNumber: number): { year: number; month: number; day: number } {
  const packed = packedDateOf(dayNumber);
  return { year: Math.floor(packed / 10_000), month: Math.floor(packed / 100) % 100, day: packed % 100 };
}

/** 0 = Sunday, like repeat_on (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The day number of a real 'YYYY-MM-DD' date (years 1000..9999), else null. */
export function parseLocalDate(text: string): number | null {
  const match = LOCAL_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return dayNumberOf(year, month, day);
}

const localDates = new Map<number, string>();

/** 'YYYY-MM-DD' of a day number (cached: every occurrence carries one). */
export function formatLocalDate(dayNumber: number): string {
  let text = localDates.get(dayNumber);
  if (text === undefined) {
    const { year, month, day } = civilOf(dayNumber);
    text = `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
    if (localDates.size >= 100_000) localDates.clear();
    localDates.set(dayNumber, text);
  }
  return text;
}

/** Minutes after midnight of an 'HH:MM' time (00:00..23:59), else null. */
export function parseTimeOfDay(text: string): number | null {
  const match = TIME_OF_DAY.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function isWeekend(dayNumber: number): boolean {
  const weekday = weekdayOf(dayNumber);
  return weekday === 0 || weekday === 6;
}

/** Monday of the ISO week (Monday..Sunday) the day lies in. */
function mondayOf(dayNumber: number): number {
  return dayNumber - ((weekdayOf(dayNumber) + 6) % 7);
}

// ---------------------------------------------------------------------------------------------
// Local wall time to instant.

/** A change of a zone's UTC offset (minutes east of UTC) from `before` to `after`, at instant `at`. */
type OffsetChange = { before: number; after: number; at: number };
/** The offset at the start of a UTC year and its changes during it (after the start, up to the end). */
type ZoneYear = { offsetAtStart: number; changes: OffsetChange[] };
type ZoneClock = {
  zone: IANAZone;
  years: Map<number, ZoneYear>;
  /** dayOffsetOf's answers: every occurring day asks, most of them many times. */
  dayOffsets: Map<number, number | OffsetChange>;
};
/** Days remembered per zone (a long-running server starts over past it). */
const DAY_OFFSETS_MAX = 100_000;
const clocks = new Map<string, ZoneClock>();

function clockOf(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    if (!isTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`);
    clock = { zone: IANAZone.create(timeZone), years: new Map(), dayOffsets: new Map() };
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** Zones change their offset at most a few times a year and never twice within this. */
const OFFSET_SAMPLE_MS = 6 * DAY_MS;

/**
 * A zone's offset changes in one UTC year, read once from the Intl time-zone data (through luxon)
 * and kept: about 70 look-ups a year, each change found to the second. Asking Intl per wall time
 * would cost microseconds each, and a year of 10,000 daily schedules asks 3.65 million times.
 */
function zoneYearOf(clock: ZoneClock, year: number): ZoneYear {
  let zoneYear = clock.years.get(year);
  if (!zoneYear) {
    const yearStart = dayNumberOf(year, 1, 1) * DAY_MS;
    const yearEnd = dayNumberOf(year + 1, 1, 1) * DAY_MS;
    const changes: OffsetChange[] = [];
    let sampled = yearStart;
    let offset = clock.zone.offset(sampled);
    const offsetAtStart = offset;
    while (sampled < yearEnd) {
      const next = Math.min(sampled + OFFSET_SAMPLE_MS, yearEnd);
      const nextOffset = clock.zone.offset(next);
      if (nextOffset !== offset) {
        let low = sampled;
        let high = next;
        while (high - low > 1000) {
          const middle = low + Math.floor((high - low) / 2000) * 1000;
          if (clock.zone.offset(middle) === offset) low = middle;
          else high = middle;
        }
        changes.push({ before: offset, after: nextOffset, at: high });
      }
      sampled = next;
      offset = nextOffset;
    }
    zoneYear = { offsetAtStart, changes };
    clock.years.set(year, zoneYear);
  }
  return zoneYear;
}

function utcYearOf(instant: number): number {
  return Math.floor(packedDateOf(Math.floor(instant / DAY_MS)) / 10_000);
}

/** The offset at an instant. */
function offsetAt(clock: ZoneClock, instant: number): number {
  const zoneYear = zoneYearOf(clock, utcYearOf(instant));
  let offset = zoneYear.offsetAtStart;
  for (const change of zoneYear.changes) if (change.at <= instant) offset = change.after;
  return offset;
}

/** The offset changes within [from, to] (instants). */
function changesBetween(clock: ZoneClock, from: number, to: number): OffsetChange[] {
  const found: OffsetChange[] = [];
  for (let year = utcYearOf(from); year <= utcYearOf(to); year += 1) {
    for (const change of zoneYearOf(clock, year).changes)
      if (change.at >= from && change.at <= to) found.push(change);
  }
  return found;
}

/**
 * A local day's offset: one number when it holds all day, else the change that day. Local day d
 * lies within [midnight - 14 h, midnight + 38 h] in UTC for any real offset (-12 h .. +14 h); a
 * change a little outside that still counts, which is harmless (the day is then worked out exactly).
 */
function dayOffsetOf(clock: ZoneClock, dayNumber: number): number | OffsetChange {
  let dayOffset = clock.dayOffsets.get(dayNumber);
  if (dayOffset === undefined) {
    const midnight = dayNumber * DAY_MS;
    dayOffset =
      changesBetween(clock, midnight - 15 * HOUR_MS, midnight + 39 * HOUR_MS)[0] ?? offsetAt(clock, midnight);
    if (clock.dayOffsets.size >= DAY_OFFSETS_MAX) clock.dayOffsets.clear();
    clock.dayOffsets.set(dayNumber, dayOffset);
  }
  return dayOffset;
}

/** Local days whose offset is a change (see dayOffsetOf), between two days (inclusive, exclusive). */
function changeDaysBetween(clock: ZoneClock, fromDay: number, toDay: number): number[] {
  const days: number[] = [];
  for (const change of changesBetween(
    clock,
    fromDay * DAY_MS - 39 * HOUR_MS,
    toDay * DAY_MS + 15 * HOUR_MS,
  )) {
    const first = Math.max(fromDay, Math.ceil((change.at - 39 * HOUR_MS) / DAY_MS));
    const last = Math.min(toDay - 1, Math.floor((change.at + 15 * HOUR_MS) / DAY_MS));
    for (let day = first; day <= last; day += 1) if (days.at(-1) !== day) days.push(day);
  }
  return days;
}

/**
 * The instant of a local wall time. On a day without an offset change that is one subtraction.
 * On a change day: a wall time that exists twice (the fall-back hour) takes the earlier instant,
 * so 02:30 is still in summer time; one that does not exist (the spring-forward gap) is read with
 * the offset before the change, which moves it forward by the gap (02:30 → 03:30), as luxon does.
 */
function instantOf(clock: ZoneClock, dayNumber: number, minuteOfDay: number): number {
  const wall = dayNumber * DAY_MS + minuteOfDay * MINUTE_MS;
  const dayOffset = dayOffsetOf(clock, dayNumber);
  if (typeof dayOffset === 'number') return wall - dayOffset * MINUTE_MS;
  const withBefore = wall - dayOffset.before * MINUTE_MS;
  const withAfter = wall - dayOffset.after * MINUTE_MS;
  const isBeforeValid = withBefore < dayOffset.at;
  const isAfterValid = withAfter >= dayOffset.at;
  if (isBeforeValid && isAfterValid) return Math.min(withBefore, withAfter);
  if (isAfterValid) return withAfter;
  return withBefore;
}

/** The local day an instant falls on. */
function localDayOf(clock: ZoneClock, instant: number): number {
  return Math.floor((instant + offsetAt(clock, instant) * MINUTE_MS) / DAY_MS);
}

// ---------------------------------------------------------------------------------------------
// Which days occur. Each unit gives a cursor over ascending day numbers from start_date on; every
// next day is worked out from the previous day alone, so the walk can resume anywhere.

type DayCursor = {
  first(): number;
  next(dayNumber: number): number;
  /**
   * Units whose occurring days repeat every `days` days once past the first period: from any
   * occurring day at or after `from`, the day `days` later occurs too, and every such span holds
   * the same number of occurring days. Lets a count of far-back occurrences skip whole periods.
   */
  period: { days: number; from: number } | null;
};

const NO_DAYS: DayCursor = { first: () => NO_DAY, next: () => NO_DAY, period: null };

/** Which weekdays (index 0 = Sunday) may occur: repeat_on, or all when it is empty. */
function weekdayFilter(repeatOn: readonly number[], withoutWeekends: boolean): boolean[] {
  const allowed = Array.from(
    { length: 7 },
    (_, weekday) => repeatOn.length === 0 || repeatOn.includes(weekday),
  );
  if (withoutWeekends) {
    allowed[0] = false;
    allowed[6] = false;
  }
  return allowed;
}

/** Every N days from start_date; repeat_on, when given, keeps only those weekdays. */
function everyNDays(start: number, step: number, repeatOn: readonly number[]): DayCursor {
  const allowed = weekdayFilter(repeatOn, false);
  // start + k·N cycles through all weekdays unless N is a multiple of 7 (then only start's).
  const isReachable = step % 7 === 0 ? allowed[weekdayOf(start)] : allowed.includes(true);
  if (!isReachable) return NO_DAYS;
  const next = (day: number): number => {
    let candidate = day + step;
    while (!allowed[weekdayOf(candidate)]) candidate += step;
    return candidate;
  };
  return {
    first: () => (allowed[weekdayOf(start)] ? start : next(start)),
    next,
    period: { days: 7 * step, from: start },
  };
}

/** The working day (Mon–Fri) `count` working days after a working day. */
function addWorkingDays(day: number, count: number): number {
  let result = day + 7 * Math.floor(count / 5);
  for (let rest = count % 5; rest > 0; rest -= 1) {
    result += 1;
    while (isWeekend(result)) result += 1;
  }
  return result;
}

/**
 * exclude_weekends with days: every N working days ("every 2 days" skips the weekend), starting on
 * start_date or the Monday after it when it is a weekend day. Five steps of N working days are
 * exactly N weeks, hence the period.
 */
function everyNWorkingDays(start: number, step: number, repeatOn: readonly number[]): DayCursor {
  const allowed = weekdayFilter(repeatOn, true);
  let firstWorkingDay = start;
  while (isWeekend(firstWorkingDay)) firstWorkingDay += 1;
  const isReachable = step % 5 === 0 ? allowed[weekdayOf(firstWorkingDay)] : allowed.includes(true);
  if (!isReachable) return NO_DAYS;
  const next = (day: number): number => {
    let candidate = addWorkingDays(day, step);
    while (!allowed[weekdayOf(candidate)]) candidate = addWorkingDays(candidate, step);
    return candidate;
  };
  return {
    first: () => (allowed[weekdayOf(firstWorkingDay)] ? firstWorkingDay : next(firstWorkingDay)),
    next,
    period: { days: 7 * step, from: firstWorkingDay },
  };
}

/**
 * Every N weeks counted from the ISO week (Monday) of start_date, on each weekday of repeat_on
 * (none given: start_date's weekday); exclude_weekends drops Saturday and Sunday.
 */
function everyNWeeks(
  start: number,
  step: number,
  repeatOn: readonly number[],
  excludeWeekends: boolean,
): DayCursor {
  const weekdays = repeatOn.length > 0 ? repeatOn : [weekdayOf(start)];
  const allowed = weekdayFilter(weekdays, excludeWeekends);
  // Offsets from Monday, ascending: Monday 0 .. Sunday 6.
  const offsets = [1, 2, 3, 4, 5, 6, 0].flatMap((weekday, offset) => (allowed[weekday] ? [offset] : []));
  const firstOffset = offsets[0];
  if (firstOffset === undefined) return NO_DAYS;
  const next = (day: number): number => {
    const monday = mondayOf(day);
    const later = offsets.find((offset) => monday + offset > day);
    return later === undefined ? monday + 7 * step + firstOffset : monday + later;
  };
  const firstMonday = mondayOf(start);
  return {
    first: () => {
      const inFirstWeek = offsets.find((offset) => firstMonday + offset >= start);
      return inFirstWeek === undefined ? firstMonday + 7 * step + firstOffset : firstMonday + inFirstWeek;
    },
    next,
    // From any occurring day, the same weekday N weeks on occurs, and the span between holds each
    // weekday once (the first week's days before start_date lie before the first occurring day).
    period: { days: 7 * step, from: start },
  };
}

/** Every day (repeat_on: those weekdays; exclude_weekends: Monday to Friday): minutes and hours. */
function everyAllowedDay(start: number, repeatOn: readonly number[], excludeWeekends: boolean): DayCursor {
  const allowed = weekdayFilter(repeatOn, excludeWeekends);
  if (!allowed.includes(true)) return NO_DAYS;
  const next = (day: number): number => {
    let candidate = day + 1;
    while (!allowed[weekdayOf(candidate)]) candidate += 1;
    return candidate;
  };
  return {
    first: () => (allowed[weekdayOf(start)] ? start : next(start)),
    next,
    period: { days: 7, from: start },
  };
}

/**
 * exclude_weekends with months and years: a date on a weekend moves to the Monday after it, or to
 * the Friday before it when that Monday is in the next month (so an occurrence stays in its month).
 */
function offWeekend(day: number): number {
  const weekday = weekdayOf(day);
  if (weekday !== 0 && weekday !== 6) return day;
  const { year, month, day: dayOfMonth } = civilOf(day);
  const toMonday = weekday === 6 ? 2 : 1;
  if (dayOfMonth + toMonday <= daysInMonth(year, month)) return day + toMonday;
  return day - (weekday === 6 ? 1 : 2);
}

/** The n-th (1..4) or last (-1) given weekday of a month. */
function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: WeekOfMonth): number {
  if (nth === -1) {
    const last = dayNumberOf(year, month, daysInMonth(year, month));
    return last - ((weekdayOf(last) - weekday + 7) % 7);
  }
  const first = dayNumberOf(year, month, 1);
  return first + ((weekday - weekdayOf(first) + 7) % 7) + 7 * (nth - 1);
}

/**
 * Every N months from start_date's month. With repeat_on: the repeat_week_of_month'th (default
 * the first, -1 the last) of each listed weekday; without: start_date's day of the month, clamped
 * to the month's last day (the 31st gives 28/29 Feb and 30 Apr, and is the 31st again in May).
 */
function everyNMonths(
  start: number,
  step: number,
  repeatOn: readonly number[],
  weekOfMonth: WeekOfMonth | null,
  excludeWeekends: boolean,
): DayCursor {
  const startDate = civilOf(start);
  const weekdays = [...new Set(repeatOn)];
  // next() asks for the month of the day it was given, which the previous call worked out.
  let knownMonth = Number.NaN;
  let knownDays: number[] = [];
  const daysOfMonth = (monthIndex: number): number[] => {
    if (monthIndex !== knownMonth) {
      knownMonth = monthIndex;
      knownDays = workOutDaysOfMonth(monthIndex);
    }
    return knownDays;
  };
  const workOutDaysOfMonth = (monthIndex: number): number[] => {
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const days =
      weekdays.length > 0
        ? weekdays.map((weekday) => nthWeekdayOfMonth(year, month, weekday, weekOfMonth ?? 1))
        : [dayNumberOf(year, month, Math.min(startDate.day, daysInMonth(year, month)))];
    const moved = excludeWeekends ? days.map(offWeekend) : days;
    if (moved.length === 1) return moved;
    // Two weekdays moved off a weekend can land on the same Monday: it occurs once.
    return [...new Set(moved)].sort((a, b) => a - b);
  };
  const monthIndexOf = (day: number): number => {
    const packed = packedDateOf(day);
    return Math.floor(packed / 10_000) * 12 + (Math.floor(packed / 100) % 100) - 1;
  };
  const firstOfMonth = (monthIndex: number): number => daysOfMonth(monthIndex)[0] ?? NO_DAY;
  return {
    first: () => {
      const startMonth = monthIndexOf(start);
      const inStartMonth = daysOfMonth(startMonth).find((day) => day >= start);
      return inStartMonth ?? firstOfMonth(startMonth + step);
    },
    next: (day) => {
      const monthIndex = monthIndexOf(day);
      return daysOfMonth(monthIndex).find((later) => later > day) ?? firstOfMonth(monthIndex + step);
    },
    period: null,
  };
}

/** Every N years on start_date's month and day; 29 February is the 28th in other years. */
function everyNYears(start: number, step: number, excludeWeekends: boolean): DayCursor {
  const { year: startYear, month, day } = civilOf(start);
  const dayInYear = (year: number): number => {
    const date = dayNumberOf(year, month, Math.min(day, daysInMonth(year, month)));
    return excludeWeekends ? offWeekend(date) : date;
  };
  return {
    // Moved off a weekend to the Friday before, the first date can fall before start_date.
    first: () => (dayInYear(startYear) >= start ? dayInYear(startYear) : dayInYear(startYear + step)),
    next: (previous) => dayInYear(civilOf(previous).year + step),
    period: null,
  };
}

function dayCursorOf(rule: RecurrenceRule, start: number): DayCursor {
  const { type, value, exclude_weekends: excludeWeekends } = rule.repeat_every;
  switch (type) {
    case 'days':
      return excludeWeekends
        ? everyNWorkingDays(start, value, rule.repeat_on)
        : everyNDays(start, value, rule.repeat_on);
    case 'weeks':
      return everyNWeeks(start, value, rule.repeat_on, excludeWeekends);
    case 'months':
      return everyNMonths(start, value, rule.repeat_on, rule.repeat_week_of_month, excludeWeekends);
    case 'years':
      return everyNYears(start, value, excludeWeekends);
    case 'minutes':
    case 'hours':
      return everyAllowedDay(start, rule.repeat_on, excludeWeekends);
  }
}

// ---------------------------------------------------------------------------------------------
// The wall times of an occurring day.

/** One start on an occurring day: its wall minute, the wall minute it is due without a time limit, its slot. */
type DayStart = { start: number; end: number; slot: number };

/**
 * Every occurring day has the same wall times: one per time slot, or one for the work hours when
 * there are none; minutes and hours repeat every N from each window's start while before its end,
 * each due at the next start or the window's end, whichever is earlier. Sorted by time; the same
 * start twice (overlapping slots) occurs once, the first slot's.
 */
function dayStartsOf(rule: RecurrenceRule): DayStart[] {
  const windows =
    rule.time_slots.length > 0
      ? rule.time_slots.map((slot, index) => ({
          start: minutesOf(slot.start),
          end: minutesOf(slot.end),
          slot: index,
        }))
      : [{ start: minutesOf(rule.work_hours_start), end: minutesOf(rule.work_hours_end), slot: 0 }];
  const { type, value } = rule.repeat_every;
  const step = type === 'minutes' ? value : type === 'hours' ? value * 60 : null;
  const starts: DayStart[] = [];
  for (const window of windows) {
    if (step === null) {
      starts.push(window);
      continue;
    }
    for (let start = window.start; start < window.end; start += step) {
      starts.push({ start, end: Math.min(start + step, window.end), slot: window.slot });
    }
  }
  starts.sort((a, b) => a.start - b.start || a.slot - b.slot);
  return starts.filter((entry, index) => index === 0 || entry.start !== starts[index - 1]?.start);
}

function minutesOf(time: TimeOfDay): number {
  const minutes = parseTimeOfDay(time);
  if (minutes === null) throw new RangeError(`not a time of day: ${time}`);
  return minutes;
}

function dayOf(date: string): number {
  const day = parseLocalDate(date);
  if (day === null) throw new RangeError(`not a date: ${date}`);
  return day;
}

// ---------------------------------------------------------------------------------------------
// The walk.

/** A rule read once: its cursor, wall times, end and break as day numbers. */
type Plan = {
  clock: ZoneClock;
  cursor: DayCursor;
  dayStarts: DayStart[];
  startDay: number;
  lastDay: number;
  maxCount: number;
  completion: RecurrenceRule['time_limits']['completion'];
  isOnBreak: (day: number) => boolean;
  /** The first day on or after `day` that is on the break (or may be: it only bounds skipping). */
  nextBreakDay: (day: number) => number;
  /** The last day of a one-off break, to look past it for a next occurrence. */
  oneOffBreakEnd: number | null;
};

function planOf(rule: RecurrenceRule): Plan {
  const clock = clockOf(rule.time_zone);
  const startDay = dayOf(rule.start_date);
  const { value } = rule.repeat_every;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`not an interval: ${value}`);
  const plan: Plan = {
    clock,
    cursor: dayCursorOf(rule, startDay),
    dayStarts: dayStartsOf(rule),
    startDay,
    lastDay: rule.end.type === 'ON' ? dayOf(rule.end.value) : NO_DAY,
    maxCount: rule.end.type === 'AFTER' ? rule.end.value : Number.POSITIVE_INFINITY,
    completion: rule.time_limits.completion,
    isOnBreak: () => false,
    nextBreakDay: () => NO_DAY,
    oneOffBreakEnd: null,
  };
  const seasonalBreak = rule.seasonal_break;
  if (seasonalBreak.type === 'NO') return plan;
  const from = dayOf(seasonalBreak.start);
  const to = dayOf(seasonalBreak.end);
  if (!seasonalBreak.yearly) {
    plan.isOnBreak = (day) => day >= from && day <= to;
    plan.nextBreakDay = (day) => (day > to ? NO_DAY : Math.max(day, from));
    plan.oneOffBreakEnd = to;
    return plan;
  }
  Object.assign(plan, yearlyBreakOf(from, to));
  return plan;
}

/**
 * A yearly break: only month and day of its dates count, and a start later in the year than the
 * end wraps the new year (20 Dec – 6 Jan). 29 February is the 28th in common years, as for
 * occurrences. Works on the day numbers of one calendar year at a time (one comparison a day).
 */
function yearlyBreakOf(from: number, to: number): Pick<Plan, 'isOnBreak' | 'nextBreakDay'> {
  const { month: firstMonth, day: firstDay } = civilOf(from);
  const { month: lastMonth, day: lastDay } = civilOf(to);
  const isWrapping = firstMonth * 100 + firstDay > lastMonth * 100 + lastDay;
  const dayIn = (year: number, month: number, day: number): number =>
    dayNumberOf(year, month, Math.min(day, daysInMonth(year, month)));
  let yearStart = 0;
  let yearEnd = -1;
  let breakStart = 0;
  let breakEnd = 0;
  const isOnBreak = (day: number): boolean => {
    if (day < yearStart || day > yearEnd) {
      const year = Math.floor(packedDateOf(day) / 10_000);
      yearStart = dayNumberOf(year, 1, 1);
      yearEnd = dayNumberOf(year, 12, 31);
      breakStart = dayIn(year, firstMonth, firstDay);
      breakEnd = dayIn(year, lastMonth, lastDay);
    }
    // Wrapping: the year's start up to the end date, and the start date to the year's end.
    return isWrapping ? day <= breakEnd || day >= breakStart : day >= breakStart && day <= breakEnd;
  };
  const nextBreakDay = (day: number): number => {
    if (isOnBreak(day)) return day;
    if (breakStart > day) return breakStart;
    return dayIn(Math.floor(packedDateOf(day) / 10_000) + 1, firstMonth, firstDay);
  };
  return { isOnBreak, nextBreakDay };
}

/** The start instants of an occurring day, strictly ascending (a start moved by a DST gap onto or before the previous one is dropped). */
function startsOfDay(plan: Plan, day: number): { start: number; entry: DayStart }[] {
  const starts: { start: number; entry: DayStart }[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const entry of plan.dayStarts) {
    const start = instantOf(plan.clock, day, entry.start);
    if (start <= previous) continue;
    starts.push({ start, entry });
    previous = start;
  }
  return starts;
}

/** How many occurrences an occurring day (not on a break) has: all its wall times but on a DST change day. */
function countOfDay(plan: Plan, day: number): number {
  if (typeof dayOffsetOf(plan.clock, day) === 'number') return plan.dayStarts.length;
  return startsOfDay(plan, day).length;
}

function dueOf(plan: Plan, day: number, entry: DayStart, start: number): number {
  const limit = plan.completion;
  if (limit) {
    // Days are calendar days: a start at 07:00 is due at 07:00 local n days later, across DST too.
    if (limit.unit === 'days') return instantOf(plan.clock, day + limit.value, entry.start);
    return start + limit.value * (limit.unit === 'hours' ? HOUR_MS : MINUTE_MS);
  }
  const due = instantOf(plan.clock, day, entry.end);
  // A start moved forward by a DST gap may pass its end: keep the window's length.
  return due > start ? due : start + Math.max(0, entry.end - entry.start) * MINUTE_MS;
}

/**
 * Counts whole periods of occurring days before `before` (exclusive) without turning them into
 * instants, up to the next break day. Returns the day it reached and how many occurrences it
 * passed, or null when it cannot skip (a unit without a period, on a break, too close).
 */
function skipPeriods(plan: Plan, day: number, before: number): { day: number; count: number } | null {
  const period = plan.cursor.period;
  if (!period || day < period.from || plan.isOnBreak(day)) return null;
  const target = Math.min(before, plan.lastDay + 1, plan.nextBreakDay(day));
  const periods = Math.floor((target - day) / period.days);
  if (periods < 1) return null;
  // Where in a period the occurring days lie (the same in every period).
  const offsets = new Set<number>();
  for (let counted = day; counted < day + period.days; counted = plan.cursor.next(counted))
    offsets.add(counted - day);
  const end = day + periods * period.days;
  let count = periods * offsets.size * plan.dayStarts.length;
  // A DST change day can have fewer (two starts meeting in the gap).
  for (const changeDay of changeDaysBetween(plan.clock, day, end)) {
    if (offsets.has((changeDay - day) % period.days))
      count -= plan.dayStarts.length - countOfDay(plan, changeDay);
  }
  return { day: end, count };
}

/** Occurrences whose start lies in [from, until), in start order, at most `limit`. Counting for AFTER N starts at start_date, so index is stable whatever `from` is. */
export function occurrencesBetween(
  rule: RecurrenceRule,
  from: Date,
  until: Date,
  limit = Number.POSITIVE_INFINITY,
): Occurrence[] {
  return walk(planOf(rule), from.getTime(), until.getTime(), limit);
}

function walk(plan: Plan, from: number, until: number, limit: number): Occurrence[] {
  const occurrences: Occurrence[] = [];
  if (!(from < until) || limit < 1) return occurrences;
  // Days before this are only counted: their starts all lie before `from` (one day of margin
  // for a late start that a DST gap moves past midnight).
  const firstExactDay = localDayOf(plan.clock, from) - 1;
  // Days after this start at or after `until` (a start never moves backwards).
  const lastDay = Math.min(localDayOf(plan.clock, until), plan.lastDay);
  const { dayStarts, clock, maxCount } = plan;
  let index = 0;
  let day = plan.cursor.first();
  while (day <= lastDay && index < maxCount) {
    if (plan.isOnBreak(day)) {
      // Skipped, and not counted.
    } else if (day < firstExactDay) {
      const skipped = skipPeriods(plan, day, firstExactDay);
      if (skipped) {
        day = skipped.day;
        index += skipped.count;
        continue;
      }
      index += countOfDay(plan, day);
    } else {
      const localDate = formatLocalDate(day);
      const dayOffset = dayOffsetOf(clock, day);
      if (typeof dayOffset === 'number' && !plan.completion) {
        // The common day: no DST change, due at the end of the window.
        const midnight = day * DAY_MS - dayOffset * MINUTE_MS;
        for (const entry of dayStarts) {
          const start = midnight + entry.start * MINUTE_MS;
          if (index >= maxCount || start >= until) return occurrences;
          if (start >= from) {
            const due = new Date(midnight + Math.max(entry.end, entry.start) * MINUTE_MS);
            occurrences.push({ index, start: new Date(start), due, local_date: localDate, slot: entry.slot });
            if (occurrences.length >= limit) return occurrences;
          }
          index += 1;
        }
      } else {
        for (const { start, entry } of startsOfDay(plan, day)) {
          if (index >= maxCount || start >= until) return occurrences;
          if (start >= from) {
            const due = new Date(dueOf(plan, day, entry, start));
            occurrences.push({ index, start: new Date(start), due, local_date: localDate, slot: entry.slot });
            if (occurrences.length >= limit) return occurrences;
          }
          index += 1;
        }
      }
    }
    day = plan.cursor.next(day);
  }
  return occurrences;
}

/** How far ahead to look for a next occurrence before calling the rule ended: its longest gap, plus two years of breaks. */
function searchDays(rule: RecurrenceRule): number {
  const { type, value } = rule.repeat_every;
  const longestGap =
    type === 'days' || type === 'weeks'
      ? 7 * value
      : type === 'months'
        ? 31 * value
        : type === 'years'
          ? 366 * value
          : 7;
  return longestGap + 2 * 366 + 7;
}

/** The first occurrence starting at or after `after` (or null when the rule has ended). */
export function nextOccurrence(rule: RecurrenceRule, after: Date): Occurrence | null {
  const plan = planOf(rule);
  const afterMs = after.getTime();
  const searchFrom = Math.max(localDayOf(plan.clock, afterMs), plan.startDay, (plan.oneOffBreakEnd ?? 0) + 1);
  const searchUntil = (searchFrom + searchDays(rule) + 2) * DAY_MS;
  return walk(plan, afterMs, searchUntil, 1)[0] ?? null;
}

/** Whether the local date of `at` falls in the seasonal break. */
export function isOnSeasonalBreak(rule: RecurrenceRule, at: Date): boolean {
  const plan = planOf(rule);
  return plan.isOnBreak(localDayOf(plan.clock, at.getTime()));
}

/** True when no occurrence starts at or after `at` (end reached). */
export function ruleHasEnded(rule: RecurrenceRule, at: Date): boolean {
  return nextOccurrence(rule, at) === null;
}
