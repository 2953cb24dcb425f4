import { ASSET_BULK_MAX } from '../assets/asset.js';
import { isTimeZone } from '../client/client-settings.js';
import type { ErrorKey } from '../errors/error-keys.js';
import {
  COMPLETION_UNITS,
  END_TYPES,
  nextOccurrence,
  parseLocalDate,
  parseTimeOfDay,
  REPEAT_UNITS,
  type RecurrenceRule,
  type RepeatUnit,
  WEEKS_OF_MONTH,
  type WeekOfMonth,
} from './recurrence.js';

/**
 * Whether a schedule's rule makes sense (001 §3 "Schedule", §4; issue 16 "Bad input"): the
 * checks the schemas cannot make alone (an end before the start, a break ending before it
 * begins, work hours ending before they start, weekdays the rule can never reach), with one field
 * key each, all of them at once, so a form shows every problem at its field.
 */

/** repeat_every.value: 1..999 minutes, hours, days, weeks, months or years. */
export const SCHEDULE_REPEAT_VALUE_MAX = 999;
/** end AFTER: at most this many issues (a bound for the integer column and the fuzzer). */
export const SCHEDULE_END_AFTER_MAX = 1_000_000;
/** time_limits.completion.value. */
export const SCHEDULE_COMPLETION_VALUE_MAX = 999;

/** The rule fields as the schedule form sends them (after its schema). */
export type ScheduleRuleInput = {
  /** The organisation's time zone, when there is one to check (the form does not carry it). */
  time_zone?: string;
  start_date: string | null;
  repeat_every: { type: RepeatUnit; value: number; exclude_weekends: boolean };
  repeat_on: readonly number[];
  repeat_week_of_month: number | null;
  end: { type: (typeof END_TYPES)[number]; value?: number | string | null };
  work_hours_start: string | null;
  work_hours_end: string | null;
  time_slots: readonly { start: string; end: string }[];
  time_limits: { completion: { value: number; unit: (typeof COMPLETION_UNITS)[number] } | null };
  seasonal_break_type: 'NO' | 'YES';
  seasonal_break_start: string | null;
  seasonal_break_end: string | null;
  seasonal_break_yearly: boolean;
  assets?: readonly unknown[];
};

/** Field key ('end.value', 'time_slots.2.end', ...) → error key; empty when the rule is valid. */
export type ScheduleRuleErrors = Record<string, ErrorKey>;

function dayOrNull(value: unknown): number | null {
  return typeof value === 'string' ? parseLocalDate(value) : null;
}

function minutesOrNull(value: unknown): number | null {
  return typeof value === 'string' ? parseTimeOfDay(value) : null;
}

const isMissing = (value: unknown) => value === null || value === undefined || value === '';

export function validateScheduleRule(input: ScheduleRuleInput): ScheduleRuleErrors {
  const errors: ScheduleRuleErrors = {};

  if (input.time_zone !== undefined) {
    if (isMissing(input.time_zone)) errors.time_zone = 'required';
    else if (!isTimeZone(input.time_zone)) errors.time_zone = 'invalid_time_zone';
  }

  const startDay = dayOrNull(input.start_date);
  if (isMissing(input.start_date)) errors.start_date = 'required';
  else if (startDay === null) errors.start_date = 'invalid_format';

  const { type, value } = input.repeat_every;
  if (!(REPEAT_UNITS as readonly string[]).includes(type)) errors['repeat_every.type'] = 'invalid_format';
  if (!Number.isInteger(value) || value < 1 || value > SCHEDULE_REPEAT_VALUE_MAX) {
    errors['repeat_every.value'] = 'repeat_value_invalid';
  }

  if (input.repeat_on.some((weekday) => !Number.isInteger(weekday) || weekday < 0 || weekday > 6)) {
    errors.repeat_on = 'invalid_weekday';
  }
  const weekOfMonth = input.repeat_week_of_month;
  if (weekOfMonth !== null && !(WEEKS_OF_MONTH as readonly number[]).includes(weekOfMonth)) {
    errors.repeat_week_of_month = 'invalid_format';
  }

  validateEnd(input, startDay, errors);
  validateTimes(input, errors);
  validateSeasonalBreak(input, errors);

  if ((input.assets?.length ?? 0) > ASSET_BULK_MAX) errors.assets = 'too_many_assets';

  // Weekdays the interval never reaches (every 7 days from a Monday, only on Tuesdays) or that
  // exclude_weekends takes away (only Saturday and Sunday): the rule would never occur.
  if (Object.keys(errors).length === 0 && input.repeat_on.length > 0 && !canEverOccur(input)) {
    errors.repeat_on = 'invalid_weekday';
  }
  return errors;
}

function validateEnd(input: ScheduleRuleInput, startDay: number | null, errors: ScheduleRuleErrors): void {
  const { type, value } = input.end;
  if (!(END_TYPES as readonly string[]).includes(type)) {
    errors['end.type'] = 'invalid_format';
    return;
  }
  if (type === 'NEVER') return;
  if (isMissing(value)) {
    errors['end.value'] = 'required';
  } else if (type === 'AFTER') {
    if (typeof value !== 'number' || !Number.isInteger(value)) errors['end.value'] = 'invalid_format';
    else if (value < 1) errors['end.value'] = 'end_before_start';
    else if (value > SCHEDULE_END_AFTER_MAX) errors['end.value'] = 'number_too_large';
  } else {
    const lastDay = dayOrNull(value);
    if (lastDay === null) errors['end.value'] = 'invalid_format';
    // The last day may be the first: a one-day schedule.
    else if (startDay !== null && lastDay < startDay) errors['end.value'] = 'end_before_start';
  }
}

function validateTimes(input: ScheduleRuleInput, errors: ScheduleRuleErrors): void {
  const workStart = minutesOrNull(input.work_hours_start);
  const workEnd = minutesOrNull(input.work_hours_end);
  if (isMissing(input.work_hours_start)) errors.work_hours_start = 'required';
  else if (workStart === null) errors.work_hours_start = 'invalid_format';
  if (isMissing(input.work_hours_end)) errors.work_hours_end = 'required';
  else if (workEnd === null) errors.work_hours_end = 'invalid_format';
  // Work hours stay within one day: a night shift is two slots, not 22:00–06:00.
  else if (workStart !== null && workEnd <= workStart) errors.work_hours_end = 'work_hours_end_before_start';

  input.time_slots.forEach((slot, index) => {
    const slotStart = minutesOrNull(slot.start);
    const slotEnd = minutesOrNull(slot.end);
    if (slotStart === null) errors[`time_slots.${index}.start`] = 'invalid_format';
    if (slotEnd === null) errors[`time_slots.${index}.end`] = 'invalid_format';
    else if (slotStart !== null && slotEnd <= slotStart) {
      errors[`time_slots.${index}.end`] = 'work_hours_end_before_start';
    }
  });

  const completion = input.time_limits.completion;
  if (completion) {
    const { value, unit } = completion;
    if (!Number.isInteger(value) || value < 1) errors['time_limits.completion.value'] = 'invalid_format';
    else if (value > SCHEDULE_COMPLETION_VALUE_MAX)
      errors['time_limits.completion.value'] = 'number_too_large';
    if (!(COMPLETION_UNITS as readonly string[]).includes(unit)) {
      errors['time_limits.completion.unit'] = 'invalid_format';
    }
  }
}

function validateSeasonalBreak(input: ScheduleRuleInput, errors: ScheduleRuleErrors): void {
  if (input.seasonal_break_type === 'NO') return;
  if (input.seasonal_break_type !== 'YES') {
    errors.seasonal_break_type = 'invalid_format';
    return;
  }
  const breakStart = dayOrNull(input.seasonal_break_start);
  const breakEnd = dayOrNull(input.seasonal_break_end);
  if (isMissing(input.seasonal_break_start)) errors.seasonal_break_start = 'required';
  else if (breakStart === null) errors.seasonal_break_start = 'invalid_format';
  if (isMissing(input.seasonal_break_end)) errors.seasonal_break_end = 'required';
  else if (breakEnd === null) errors.seasonal_break_end = 'invalid_format';
  // A yearly break is entered as real dates too (20 Dec 2026 – 6 Jan 2027); only then does it wrap.
  else if (breakStart !== null && breakEnd < breakStart) errors.seasonal_break_end = 'break_end_before_start';
}

/** Whether the weekdays and the interval ever meet (time zone, end and breaks aside). */
function canEverOccur(input: ScheduleRuleInput): boolean {
  const rule: RecurrenceRule = {
    time_zone: 'UTC',
    start_date: input.start_date as string,
    repeat_every: input.repeat_every,
    repeat_on: [...input.repeat_on],
    repeat_week_of_month: input.repeat_week_of_month as WeekOfMonth | null,
    end: { type: 'NEVER' },
    work_hours_start: input.work_hours_start as string,
    work_hours_end: input.work_hours_end as string,
    time_slots: [],
    time_limits: { completion: null },
    seasonal_break: { type: 'NO' },
  };
  return nextOccurrence(rule, new Date(0)) !== null;
}

type SeasonalBreakFields = {
  seasonal_break_type: 'NO' | 'YES';
  seasonal_break_start: string | null;
  seasonal_break_end: string | null;
  seasonal_break_yearly: boolean;
};

/** Setting the seasonal break to NO clears its dates (001 §4 "Schedule"). */
export function normaliseSeasonalBreak<T extends SeasonalBreakFields>(input: T): T {
  if (input.seasonal_break_type === 'YES') return input;
  return { ...input, seasonal_break_start: null, seasonal_break_end: null, seasonal_break_yearly: false };
}
