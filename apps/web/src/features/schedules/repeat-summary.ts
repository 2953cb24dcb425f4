import type { Schedule } from '@workbench/domain';

/**
 * A schedule's rule in words, in the interface language (001 §2 "Scheduling"): the short form on
 * list cards ("Every 2 weeks on Mon, Thu · 07:00–15:00") and the long one of the editor ("Every 2
 * weeks on Monday and Thursday, 07:00–15:00, until 31 Dec 2027, except 15 Dec – 15 Jan every
 * year"). Pure: the words come from the schedules locale file (key `schedules.repeat`), weekday and
 * month names from Intl, so each language writes its own.
 */
export type RepeatRule = Pick<
  Schedule,
  | 'start_date'
  | 'repeat_every'
  | 'repeat_on'
  | 'repeat_week_of_month'
  | 'end'
  | 'work_hours_start'
  | 'work_hours_end'
  | 'time_slots'
  | 'seasonal_break_type'
  | 'seasonal_break_start'
  | 'seasonal_break_end'
  | 'seasonal_break_yearly'
>;
export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type RepeatSummaryStyle = 'short' | 'long';

const KEY = 'schedules.repeat';
// 1 January 2023 was a Sunday: the weekday numbers 0..6 (0 = Sunday) are its first seven days.
const SUNDAY = Date.UTC(2023, 0, 1);
const DAY_MS = 86_400_000;

/** Weekday names by number (0 = Sunday), in the language's own words. */
export function weekdayNames(language: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(SUNDAY + day * DAY_MS)));
}

/** Weekdays in week order from Monday (a European week), each once. */
export function mondayFirst(days: readonly number[]): number[] {
  return [...new Set(days)].filter((d) => d >= 0 && d <= 6).sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
}

/** A 'YYYY-MM-DD' day as the language writes it ('31 Dec 2027'); without the year for yearly breaks. */
export function formatDay(day: string, language: string, withYear = true): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

function joinNames(names: string[], language: string, style: RepeatSummaryStyle): string {
  if (style === 'short') return names.join(', ');
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * A counted phrase: exactly one has its own words ("Every week", "once only"), since several
 * languages use the 'one' plural form for 21, 31, ... too; other counts take the language's plural.
 */
function counted(t: Translate, key: string, count: number): string {
  return count === 1 ? t(`${KEY}.${key}_single`) : t(`${KEY}.${key}`, { count });
}

/** "Every 2 weeks", "Every day", ... */
function everyPart(rule: RepeatRule, t: Translate): string {
  const { type, value } = rule.repeat_every;
  return counted(t, `every_${type}`, value);
}

/** On which days: weekdays, the nth weekday of a month, the day of the month or of the year. */
function daysPart(
  rule: RepeatRule,
  t: Translate,
  language: string,
  style: RepeatSummaryStyle,
): string | null {
  const { type, exclude_weekends } = rule.repeat_every;
  const days = mondayFirst(rule.repeat_on);
  const names = weekdayNames(language, style === 'short' ? 'short' : 'long');
  const start = new Date(`${rule.start_date}T00:00:00Z`);
  const startKnown = !Number.isNaN(start.getTime());
  if (type === 'months' && days.length > 0 && rule.repeat_week_of_month != null) {
    const nth = rule.repeat_week_of_month === -1 ? 'last' : String(rule.repeat_week_of_month);
    return t(`${KEY}.on_nth_weekday`, {
      nth: t(`${KEY}.nth_${nth}`),
      day: joinNames(
        days.map((d) => names[d] ?? ''),
        language,
        style,
      ),
    });
  }
  if (days.length > 0 && (type === 'weeks' || type === 'days' || type === 'months')) {
    return t(`${KEY}.on_days`, {
      days: joinNames(
        days.map((d) => names[d] ?? ''),
        language,
        style,
      ),
    });
  }
  if (type === 'months' && startKnown) return t(`${KEY}.on_month_day`, { day: start.getUTCDate() });
  if (type === 'years' && startKnown) {
    const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      start,
    );
    return t(`${KEY}.on_year_day`, { date });
  }
  if (exclude_weekends && (type === 'minutes' || type === 'hours' || type === 'days')) {
    return t(`${KEY}.weekdays_only`);
  }
  return null;
}

/** "07:00–15:00", or each time slot when the day has slots. */
export function timesPart(
  rule: Pick<RepeatRule, 'work_hours_start' | 'work_hours_end' | 'time_slots'>,
): string {
  const spans =
    rule.time_slots.length > 0
      ? rule.time_slots
      : [{ start: rule.work_hours_start, end: rule.work_hours_end }];
  return spans.map((s) => `${s.start}–${s.end}`).join(', ');
}

function endPart(rule: RepeatRule, t: Translate, language: string): string | null {
  const { type, value } = rule.end;
  if (type === 'AFTER' && typeof value === 'number') return counted(t, 'end_after', value);
  if (type === 'ON' && typeof value === 'string')
    return t(`${KEY}.end_on`, { date: formatDay(value, language) });
  return null;
}

function breakPart(rule: RepeatRule, t: Translate, language: string): string | null {
  const { seasonal_break_type: type, seasonal_break_start: start, seasonal_break_end: end } = rule;
  if (type !== 'YES' || !start || !end) return null;
  const yearly = rule.seasonal_break_yearly;
  return t(`${KEY}.${yearly ? 'break_yearly' : 'break_once'}`, {
    start: formatDay(start, language, !yearly),
    end: formatDay(end, language, !yearly),
  });
}

/**
 * The rule in words. 'short': repeat, days and times ("Every 2 weeks on Mon, Thu · 07:00–15:00");
 * 'long': full weekday names, then the end rule and the seasonal break, comma-separated.
 */
export function repeatSummary(
  rule: RepeatRule,
  t: Translate,
  language: string,
  style: RepeatSummaryStyle = 'short',
): string {
  const head = [everyPart(rule, t), daysPart(rule, t, language, style)].filter(Boolean).join(' ');
  if (style === 'short') return `${head} · ${timesPart(rule)}`;
  return [head, timesPart(rule), endPart(rule, t, language), breakPart(rule, t, language)]
    .filter(Boolean)
    .join(', ');
}
