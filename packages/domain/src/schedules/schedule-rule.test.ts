import { describe, expect, it } from 'vitest';
import { normaliseSeasonalBreak, type ScheduleRuleInput, validateScheduleRule } from './schedule-rule.js';

/** A valid rule: every 2 weeks on Monday and Thursday, 07:00–15:00, from 5 January 2026. */
const valid: ScheduleRuleInput = {
  time_zone: 'Europe/Vienna',
  start_date: '2026-01-05',
  repeat_every: { type: 'weeks', value: 2, exclude_weekends: false },
  repeat_on: [1, 4],
  repeat_week_of_month: null,
  end: { type: 'NEVER', value: null },
  work_hours_start: '07:00',
  work_hours_end: '15:00',
  time_slots: [],
  time_limits: { completion: null },
  seasonal_break_type: 'NO',
  seasonal_break_start: null,
  seasonal_break_end: null,
  seasonal_break_yearly: false,
  assets: [],
};

function errorsOf(changes: Partial<ScheduleRuleInput>) {
  return validateScheduleRule({ ...valid, ...changes });
}

const every = (value: number, type: ScheduleRuleInput['repeat_every']['type'] = 'days') => ({
  repeat_every: { type, value, exclude_weekends: false },
});

const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('validateScheduleRule', () => {
  it('a valid rule has no errors, with or without the time zone', () => {
    expect(validateScheduleRule(valid)).toEqual({});
    const { time_zone: _zone, ...withoutZone } = valid;
    expect(validateScheduleRule(withoutZone)).toEqual({});
    expect(
      errorsOf({
        end: { type: 'ON', value: '2026-01-05' },
        time_slots: [{ start: '06:00', end: '06:01' }],
        time_limits: { completion: { value: 999, unit: 'days' } },
        seasonal_break_type: 'YES',
        seasonal_break_start: '2026-12-20',
        seasonal_break_end: '2027-01-06',
        seasonal_break_yearly: true,
        assets: ids(200),
      }),
    ).toEqual({});
  });

  it.each<[string, Partial<ScheduleRuleInput>, Record<string, string>]>([
    ['zero interval', every(0), { 'repeat_every.value': 'repeat_value_invalid' }],
    ['negative interval', every(-2), { 'repeat_every.value': 'repeat_value_invalid' }],
    ['fractional interval', every(1.5), { 'repeat_every.value': 'repeat_value_invalid' }],
    ['interval over 999', every(1000, 'minutes'), { 'repeat_every.value': 'repeat_value_invalid' }],
    ['NaN interval', every(Number.NaN), { 'repeat_every.value': 'repeat_value_invalid' }],
    [
      'unknown unit',
      { repeat_every: { type: 'fortnights' as 'days', value: 1, exclude_weekends: false } },
      { 'repeat_every.type': 'invalid_format' },
    ],
    ['weekday 7', { repeat_on: [1, 7] }, { repeat_on: 'invalid_weekday' }],
    ['weekday -1', { repeat_on: [-1] }, { repeat_on: 'invalid_weekday' }],
    ['weekday 2.5', { repeat_on: [2.5] }, { repeat_on: 'invalid_weekday' }],
    [
      'weekdays the interval never reaches (every 7 days from a Monday, on Tuesdays)',
      { ...every(7), repeat_on: [2] },
      { repeat_on: 'invalid_weekday' },
    ],
    [
      'only weekend days with weekends excluded',
      { repeat_every: { type: 'weeks', value: 1, exclude_weekends: true }, repeat_on: [0, 6] },
      { repeat_on: 'invalid_weekday' },
    ],
    ['week of month 5', { repeat_week_of_month: 5 }, { repeat_week_of_month: 'invalid_format' }],
    ['week of month 0', { repeat_week_of_month: 0 }, { repeat_week_of_month: 'invalid_format' }],
    ['no start date', { start_date: null }, { start_date: 'required' }],
    ['empty start date', { start_date: '' }, { start_date: 'required' }],
    ['31 February', { start_date: '2026-02-31' }, { start_date: 'invalid_format' }],
    ['29 February in a common year', { start_date: '2027-02-29' }, { start_date: 'invalid_format' }],
    ['not a date', { start_date: '05.01.2026' }, { start_date: 'invalid_format' }],
    ['unknown time zone', { time_zone: 'Mars/Olympus' }, { time_zone: 'invalid_time_zone' }],
    ['empty time zone', { time_zone: '' }, { time_zone: 'required' }],
    [
      'end ON before start',
      { end: { type: 'ON', value: '2026-01-04' } },
      { 'end.value': 'end_before_start' },
    ],
    ['end ON not a date', { end: { type: 'ON', value: '2026-13-01' } }, { 'end.value': 'invalid_format' }],
    ['end ON without a date', { end: { type: 'ON', value: null } }, { 'end.value': 'required' }],
    ['end AFTER 0', { end: { type: 'AFTER', value: 0 } }, { 'end.value': 'end_before_start' }],
    ['end AFTER -3', { end: { type: 'AFTER', value: -3 } }, { 'end.value': 'end_before_start' }],
    ['end AFTER 2.5', { end: { type: 'AFTER', value: 2.5 } }, { 'end.value': 'invalid_format' }],
    ['end AFTER a date', { end: { type: 'AFTER', value: '2026-02-01' } }, { 'end.value': 'invalid_format' }],
    ['end AFTER 2^31', { end: { type: 'AFTER', value: 2 ** 31 } }, { 'end.value': 'number_too_large' }],
    ['end AFTER without a count', { end: { type: 'AFTER' } }, { 'end.value': 'required' }],
    ['unknown end type', { end: { type: 'SOMETIME' as 'NEVER' } }, { 'end.type': 'invalid_format' }],
    [
      'work hours end before start',
      { work_hours_start: '15:00', work_hours_end: '07:00' },
      { work_hours_end: 'work_hours_end_before_start' },
    ],
    [
      'work hours end equal to start',
      { work_hours_start: '07:00', work_hours_end: '07:00' },
      { work_hours_end: 'work_hours_end_before_start' },
    ],
    ['work hours 24:00', { work_hours_end: '24:00' }, { work_hours_end: 'invalid_format' }],
    ['work hours 7:00', { work_hours_start: '7:00' }, { work_hours_start: 'invalid_format' }],
    ['no work hours start', { work_hours_start: null }, { work_hours_start: 'required' }],
    ['no work hours end', { work_hours_end: '' }, { work_hours_end: 'required' }],
    [
      'a time slot ending before it starts',
      {
        time_slots: [
          { start: '06:00', end: '08:00' },
          { start: '14:00', end: '13:59' },
        ],
      },
      { 'time_slots.1.end': 'work_hours_end_before_start' },
    ],
    [
      'a time slot ending when it starts',
      { time_slots: [{ start: '14:00', end: '14:00' }] },
      { 'time_slots.0.end': 'work_hours_end_before_start' },
    ],
    [
      'time slots that are not times',
      { time_slots: [{ start: '25:00', end: 'noon' }] },
      { 'time_slots.0.start': 'invalid_format', 'time_slots.0.end': 'invalid_format' },
    ],
    [
      'a time limit of 0',
      { time_limits: { completion: { value: 0, unit: 'hours' } } },
      { 'time_limits.completion.value': 'invalid_format' },
    ],
    [
      'a time limit over 999',
      { time_limits: { completion: { value: 1000, unit: 'minutes' } } },
      { 'time_limits.completion.value': 'number_too_large' },
    ],
    [
      'a time limit in weeks',
      { time_limits: { completion: { value: 1, unit: 'weeks' as 'days' } } },
      { 'time_limits.completion.unit': 'invalid_format' },
    ],
    [
      'break end before its start',
      { seasonal_break_type: 'YES', seasonal_break_start: '2026-08-31', seasonal_break_end: '2026-08-01' },
      { seasonal_break_end: 'break_end_before_start' },
    ],
    [
      'yearly break end before its start as dates',
      {
        seasonal_break_type: 'YES',
        seasonal_break_start: '2026-12-20',
        seasonal_break_end: '2026-01-06',
        seasonal_break_yearly: true,
      },
      { seasonal_break_end: 'break_end_before_start' },
    ],
    [
      'break without dates',
      { seasonal_break_type: 'YES' },
      { seasonal_break_start: 'required', seasonal_break_end: 'required' },
    ],
    [
      'break dates that are not dates',
      { seasonal_break_type: 'YES', seasonal_break_start: '2026-02-30', seasonal_break_end: 'August' },
      { seasonal_break_start: 'invalid_format', seasonal_break_end: 'invalid_format' },
    ],
    [
      'unknown break type',
      { seasonal_break_type: 'MAYBE' as 'NO' },
      { seasonal_break_type: 'invalid_format' },
    ],
    ['201 assets', { assets: ids(201) }, { assets: 'too_many_assets' }],
  ])('%s', (_name, changes, expected) => {
    expect(errorsOf(changes)).toEqual(expected);
  });

  it('reports every invalid field at once', () => {
    expect(
      errorsOf({
        repeat_every: { type: 'days', value: 0, exclude_weekends: false },
        repeat_on: [8],
        end: { type: 'ON', value: '2025-12-31' },
        work_hours_start: '18:00',
        work_hours_end: '08:00',
        seasonal_break_type: 'YES',
        seasonal_break_start: '2026-08-31',
        seasonal_break_end: '2026-08-01',
        assets: ids(300),
        time_zone: 'Nowhere/Special',
      }),
    ).toEqual({
      'repeat_every.value': 'repeat_value_invalid',
      repeat_on: 'invalid_weekday',
      'end.value': 'end_before_start',
      work_hours_end: 'work_hours_end_before_start',
      seasonal_break_end: 'break_end_before_start',
      assets: 'too_many_assets',
      time_zone: 'invalid_time_zone',
    });
  });

  it('a break of type NO is not checked (its dates are cleared)', () => {
    expect(errorsOf({ seasonal_break_start: '2026-08-31', seasonal_break_end: '2026-08-01' })).toEqual({});
  });

  it('weekdays that do occur are fine: months move weekend days, years ignore weekdays', () => {
    expect(
      errorsOf({ repeat_every: { type: 'months', value: 1, exclude_weekends: true }, repeat_on: [0, 6] }),
    ).toEqual({});
    expect(errorsOf({ ...every(1, 'years'), repeat_on: [3] })).toEqual({});
    expect(errorsOf({ ...every(14), repeat_on: [1] })).toEqual({});
    expect(errorsOf({ ...every(3), repeat_on: [2] })).toEqual({});
  });
});

describe('normaliseSeasonalBreak', () => {
  const withDates = {
    seasonal_break_start: '2026-08-01',
    seasonal_break_end: '2026-08-31',
    seasonal_break_yearly: true,
    title: 'Fire doors',
  };

  it('NO clears the dates and the yearly flag, keeping the rest', () => {
    expect(normaliseSeasonalBreak({ ...withDates, seasonal_break_type: 'NO' })).toEqual({
      seasonal_break_type: 'NO',
      seasonal_break_start: null,
      seasonal_break_end: null,
      seasonal_break_yearly: false,
      title: 'Fire doors',
    });
  });

  it('YES keeps them', () => {
    const input = { ...withDates, seasonal_break_type: 'YES' as const };
    expect(normaliseSeasonalBreak(input)).toEqual(input);
  });
});
