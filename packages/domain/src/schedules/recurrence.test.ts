import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  civilOf,
  dayNumberOf,
  isOnSeasonalBreak,
  nextOccurrence,
  type Occurrence,
  occurrencesBetween,
  type RecurrenceRule,
  type RepeatUnit,
  ruleHasEnded,
  weekdayOf,
} from './recurrence.js';

// Dates below are counted by hand on a calendar (2026-01-05 is a Monday, 2026-01-01 a Thursday).

const VIENNA = 'Europe/Vienna';

function every(type: RepeatUnit, value = 1, exclude_weekends = false): RecurrenceRule['repeat_every'] {
  return { type, value, exclude_weekends };
}

function ruleOf(changes: Partial<RecurrenceRule>): RecurrenceRule {
  return {
    time_zone: VIENNA,
    start_date: '2026-01-05',
    repeat_every: every('days'),
    repeat_on: [],
    repeat_week_of_month: null,
    end: { type: 'NEVER' },
    work_hours_start: '07:00',
    work_hours_end: '15:00',
    time_slots: [],
    time_limits: { completion: null },
    seasonal_break: { type: 'NO' },
    ...changes,
  };
}

/** An instant from a local ISO date-time in a zone. */
function at(local: string, zone = VIENNA): Date {
  return DateTime.fromISO(local, { zone }).toJSDate();
}

function localOf(date: Date, zone = VIENNA): string {
  return DateTime.fromJSDate(date, { zone }).toFormat('yyyy-MM-dd HH:mm');
}

/** The first `count` occurrences from `from` (default: long before start_date), as local wall times. */
function firstStarts(rule: RecurrenceRule, count: number, from = '2000-01-01'): string[] {
  return occurrencesBetween(rule, at(from, rule.time_zone), at('2100-01-01', rule.time_zone), count).map(
    (occurrence) => localOf(occurrence.start, rule.time_zone),
  );
}

/** Same, only the local dates (the rule's work hours start at 07:00). */
function firstDates(rule: RecurrenceRule, count: number, from?: string): string[] {
  return firstStarts(rule, count, from).map((start) => {
    expect(start.slice(11)).toBe('07:00');
    return start.slice(0, 10);
  });
}

function utcOf(occurrences: Occurrence[]): string[] {
  return occurrences.map((occurrence) => occurrence.start.toISOString().slice(0, 16));
}

describe('calendar arithmetic', () => {
  it('day numbers and weekdays agree with the calendar', () => {
    expect(dayNumberOf(1970, 1, 1)).toBe(0);
    expect(weekdayOf(0)).toBe(4); // Thursday
    expect(weekdayOf(dayNumberOf(2026, 1, 5))).toBe(1);
    expect(weekdayOf(dayNumberOf(2026, 3, 29))).toBe(0);
    for (const day of [-300_000, -1, 0, 59, 60, 10_957, 20_454, 2_932_896]) {
      const { year, month, day: dayOfMonth } = civilOf(day);
      expect(dayNumberOf(year, month, dayOfMonth)).toBe(day);
      expect(Date.UTC(year, month - 1, dayOfMonth)).toBe(day * 86_400_000);
    }
  });
});

describe('days', () => {
  it.each([
    ['every day', ruleOf({}), ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']],
    [
      'every 3 days',
      ruleOf({ repeat_every: every('days', 3) }),
      ['2026-01-05', '2026-01-08', '2026-01-11', '2026-01-14', '2026-01-17'],
    ],
    [
      // Candidates 5 Mon, 7 Wed, 9 Fri, 11 Sun, 13 Tue, 15 Thu, 17 Sat, 19 Mon, 21 Wed.
      'every 2 days, only Mon/Wed/Fri',
      ruleOf({ repeat_every: every('days', 2), repeat_on: [1, 3, 5] }),
      ['2026-01-05', '2026-01-07', '2026-01-09', '2026-01-19', '2026-01-21'],
    ],
    [
      'every 2 working days from a Thursday',
      ruleOf({ start_date: '2026-01-01', repeat_every: every('days', 2, true) }),
      ['2026-01-01', '2026-01-05', '2026-01-07', '2026-01-09', '2026-01-13', '2026-01-15', '2026-01-19'],
    ],
    [
      'every working day from a Saturday starts on Monday',
      ruleOf({ start_date: '2026-01-03', repeat_every: every('days', 1, true) }),
      ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-12'],
    ],
    [
      'every 5 working days is every week',
      ruleOf({ start_date: '2026-01-07', repeat_every: every('days', 5, true) }),
      ['2026-01-07', '2026-01-14', '2026-01-21'],
    ],
  ])('%s', (_name, rule, dates) => {
    expect(firstDates(rule, dates.length)).toEqual(dates);
  });

  it('nothing before start_date, whatever `from` asks for', () => {
    expect(firstDates(ruleOf({ start_date: '2026-06-10' }), 1, '2026-01-01')).toEqual(['2026-06-10']);
  });

  it('weekdays that the interval never reaches: no occurrence at all', () => {
    // Every 7 days from a Monday only ever hits Mondays.
    const rule = ruleOf({ repeat_every: every('days', 7), repeat_on: [2] });
    expect(firstDates(rule, 1)).toEqual([]);
    expect(ruleHasEnded(rule, at('2026-01-01'))).toBe(true);
    // Every 5 working days from a Monday only ever hits Mondays.
    expect(firstDates(ruleOf({ repeat_every: every('days', 5, true), repeat_on: [3] }), 1)).toEqual([]);
    // Weekends only, with weekends excluded.
    expect(firstDates(ruleOf({ repeat_every: every('days', 1, true), repeat_on: [0, 6] }), 1)).toEqual([]);
  });
});

describe('weeks', () => {
  it.each([
    [
      // ISO week of Wed 7 Jan starts Mon 5 Jan (before start_date, skipped); the next week counted is 19 Jan.
      'every 2 weeks on Monday and Thursday',
      ruleOf({ start_date: '2026-01-07', repeat_every: every('weeks', 2), repeat_on: [1, 4] }),
      ['2026-01-08', '2026-01-19', '2026-01-22', '2026-02-02', '2026-02-05'],
    ],
    [
      'no weekdays given: start_date’s weekday',
      ruleOf({ start_date: '2026-01-07', repeat_every: every('weeks') }),
      ['2026-01-07', '2026-01-14', '2026-01-21'],
    ],
    [
      // Sunday closes the ISO week: Mon 5 and Sun 11 are the same week.
      'every 2 weeks on Sunday and Monday',
      ruleOf({ repeat_every: every('weeks', 2), repeat_on: [0, 1] }),
      ['2026-01-05', '2026-01-11', '2026-01-19', '2026-01-25', '2026-02-02'],
    ],
    [
      'exclude weekends drops Saturday and Sunday',
      ruleOf({ repeat_every: every('weeks', 1, true), repeat_on: [6, 0, 1] }),
      ['2026-01-05', '2026-01-12', '2026-01-19'],
    ],
    [
      'every 3 weeks from a Sunday',
      ruleOf({ start_date: '2026-01-04', repeat_every: every('weeks', 3) }),
      ['2026-01-04', '2026-01-25', '2026-02-15'],
    ],
  ])('%s', (_name, rule, dates) => {
    expect(firstDates(rule, dates.length)).toEqual(dates);
  });

  it('only weekend days with weekends excluded: none', () => {
    const rule = ruleOf({ repeat_every: every('weeks', 1, true), repeat_on: [0, 6] });
    expect(firstDates(rule, 1)).toEqual([]);
    expect(nextOccurrence(rule, at('2026-01-01'))).toBeNull();
  });
});

describe('months', () => {
  it.each([
    [
      'the 31st: the last day of shorter months, the 31st again after',
      ruleOf({ start_date: '2026-01-31', repeat_every: every('months') }),
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30'],
    ],
    [
      'the 31st in a leap year',
      ruleOf({ start_date: '2028-01-31', repeat_every: every('months') }),
      ['2028-01-31', '2028-02-29', '2028-03-31'],
    ],
    [
      'the 30th in February',
      ruleOf({ start_date: '2026-01-30', repeat_every: every('months') }),
      ['2026-01-30', '2026-02-28', '2026-03-30'],
    ],
    [
      'every 2 months on the 15th',
      ruleOf({ start_date: '2026-01-15', repeat_every: every('months', 2) }),
      ['2026-01-15', '2026-03-15', '2026-05-15', '2026-07-15'],
    ],
    [
      'the first Monday (no week given)',
      ruleOf({ start_date: '2026-01-01', repeat_every: every('months'), repeat_on: [1] }),
      ['2026-01-05', '2026-02-02', '2026-03-02', '2026-04-06', '2026-05-04'],
    ],
    [
      'the last Monday',
      ruleOf({
        start_date: '2026-01-01',
        repeat_every: every('months'),
        repeat_on: [1],
        repeat_week_of_month: -1,
      }),
      ['2026-01-26', '2026-02-23', '2026-03-30', '2026-04-27', '2026-05-25'],
    ],
    [
      'the third Friday',
      ruleOf({
        start_date: '2026-01-01',
        repeat_every: every('months'),
        repeat_on: [5],
        repeat_week_of_month: 3,
      }),
      ['2026-01-16', '2026-02-20', '2026-03-20'],
    ],
    [
      'the fourth Sunday every 3 months',
      ruleOf({
        start_date: '2026-01-01',
        repeat_every: every('months', 3),
        repeat_on: [0],
        repeat_week_of_month: 4,
      }),
      ['2026-01-25', '2026-04-26', '2026-07-26', '2026-10-25'],
    ],
    [
      'the first Monday and Wednesday',
      ruleOf({ start_date: '2026-01-01', repeat_every: every('months'), repeat_on: [3, 1] }),
      ['2026-01-05', '2026-01-07', '2026-02-02', '2026-02-04'],
    ],
    [
      'a first Monday before start_date waits for the next month',
      ruleOf({ start_date: '2026-01-10', repeat_every: every('months'), repeat_on: [1] }),
      ['2026-02-02', '2026-03-02'],
    ],
    [
      // 3 Jan is a Saturday → Monday 5; Oct 3 is a Saturday → Monday 5.
      'exclude weekends: a weekend day moves to Monday',
      ruleOf({ start_date: '2026-01-03', repeat_every: every('months', 3, true) }),
      ['2026-01-05', '2026-04-03', '2026-07-03', '2026-10-05'],
    ],
    [
      // 31 Jan Sat → Fri 30 Jan, before start_date: skipped; 28 Feb Sat → Fri 27; 31 May Sun → Fri 29.
      'exclude weekends: the Friday before when Monday is next month',
      ruleOf({ start_date: '2026-01-31', repeat_every: every('months', 1, true) }),
      ['2026-02-27', '2026-03-31', '2026-04-30', '2026-05-29'],
    ],
    [
      // January: first Sat 3 and first Sun 4 both move to Mon 5 (once); February: Sun 1 → Mon 2, Sat 7 → Mon 9.
      'exclude weekends: two weekdays meeting on one Monday occur once',
      ruleOf({ start_date: '2026-01-01', repeat_every: every('months', 1, true), repeat_on: [6, 0] }),
      ['2026-01-05', '2026-02-02', '2026-02-09', '2026-03-02'],
    ],
  ])('%s', (_name, rule, dates) => {
    expect(firstDates(rule, dates.length)).toEqual(dates);
  });
});

describe('years', () => {
  it.each([
    [
      '29 February is the 28th in other years',
      ruleOf({ start_date: '2024-02-29', repeat_every: every('years') }),
      ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29', '2029-02-28'],
    ],
    [
      'every 2 years',
      ruleOf({ start_date: '2026-05-31', repeat_every: every('years', 2) }),
      ['2026-05-31', '2028-05-31', '2030-05-31'],
    ],
    [
      // 1 Aug 2026 Sat → Mon 3, 2027 Sun → Mon 2, 2028 Tuesday.
      'exclude weekends: to the Monday after',
      ruleOf({ start_date: '2026-08-01', repeat_every: every('years', 1, true) }),
      ['2026-08-03', '2027-08-02', '2028-08-01'],
    ],
    [
      // 31 Jan 2026 Sat → Fri 30, before start_date; 2027 Sun → Fri 29; 2028 Monday.
      'exclude weekends: to the Friday before at a month end',
      ruleOf({ start_date: '2026-01-31', repeat_every: every('years', 1, true) }),
      ['2027-01-29', '2028-01-31'],
    ],
  ])('%s', (_name, rule, dates) => {
    expect(firstDates(rule, dates.length)).toEqual(dates);
  });

  it('repeat_on has no say in years', () => {
    expect(firstDates(ruleOf({ repeat_every: every('years'), repeat_on: [3] }), 2)).toEqual([
      '2026-01-05',
      '2027-01-05',
    ]);
  });
});

describe('minutes and hours: within the work hours of each day', () => {
  it('every 90 minutes from 07:00 while before 12:00, each due at the next start or 12:00', () => {
    const rule = ruleOf({ repeat_every: every('minutes', 90), work_hours_end: '12:00' });
    const occurrences = occurrencesBetween(rule, at('2026-01-05'), at('2026-01-07'));
    expect(occurrences.map((o) => [localOf(o.start), localOf(o.due)])).toEqual([
      ['2026-01-05 07:00', '2026-01-05 08:30'],
      ['2026-01-05 08:30', '2026-01-05 10:00'],
      ['2026-01-05 10:00', '2026-01-05 11:30'],
      ['2026-01-05 11:30', '2026-01-05 12:00'],
      ['2026-01-06 07:00', '2026-01-06 08:30'],
      ['2026-01-06 08:30', '2026-01-06 10:00'],
      ['2026-01-06 10:00', '2026-01-06 11:30'],
      ['2026-01-06 11:30', '2026-01-06 12:00'],
    ]);
    expect(occurrences.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('every 4 hours in 07:00–15:00: two a day', () => {
    const rule = ruleOf({ repeat_every: every('hours', 4) });
    expect(
      occurrencesBetween(rule, at('2026-01-05'), at('2026-01-07')).map(
        (o) => `${localOf(o.start)}→${localOf(o.due)}`,
      ),
    ).toEqual([
      '2026-01-05 07:00→2026-01-05 11:00',
      '2026-01-05 11:00→2026-01-05 15:00',
      '2026-01-06 07:00→2026-01-06 11:00',
      '2026-01-06 11:00→2026-01-06 15:00',
    ]);
  });

  it('exclude weekends skips Saturday and Sunday; repeat_on keeps those weekdays', () => {
    const friday = ruleOf({ start_date: '2026-01-09', repeat_every: every('hours', 8, true) });
    expect(firstStarts(friday, 2)).toEqual(['2026-01-09 07:00', '2026-01-12 07:00']);
    const tuesdays = ruleOf({ repeat_every: every('hours', 6), repeat_on: [2] });
    expect(firstStarts(tuesdays, 4)).toEqual([
      '2026-01-06 07:00',
      '2026-01-06 13:00',
      '2026-01-13 07:00',
      '2026-01-13 13:00',
    ]);
  });

  it('with time slots: every N within each slot', () => {
    const rule = ruleOf({
      repeat_every: every('hours', 1),
      time_slots: [
        { start: '08:00', end: '10:00' },
        { start: '13:00', end: '14:30' },
      ],
    });
    const day = occurrencesBetween(rule, at('2026-01-05'), at('2026-01-06'));
    expect(day.map((o) => [localOf(o.start).slice(11), localOf(o.due).slice(11), o.slot])).toEqual([
      ['08:00', '09:00', 0],
      ['09:00', '10:00', 0],
      ['13:00', '14:00', 1],
      ['14:00', '14:30', 1],
    ]);
  });

  it('a time limit sets the due time instead', () => {
    const rule = ruleOf({
      repeat_every: every('hours', 2),
      time_limits: { completion: { value: 30, unit: 'minutes' } },
    });
    const first = occurrencesBetween(rule, at('2026-01-05'), at('2026-01-06'), 2);
    expect(first.map((o) => `${localOf(o.start)}→${localOf(o.due)}`)).toEqual([
      '2026-01-05 07:00→2026-01-05 07:30',
      '2026-01-05 09:00→2026-01-05 09:30',
    ]);
  });

  it('a rule started years ago answers from its days, not from every minute since', () => {
    const rule = ruleOf({ start_date: '2016-01-04', repeat_every: every('minutes', 15) });
    const next = nextOccurrence(rule, at('2026-01-05T12:05'));
    expect(next && localOf(next.start)).toBe('2026-01-05 12:15');
    // 32 a day (07:00–14:45) for 3654 days (4 Jan 2016 to 4 Jan 2026), then 21 before 12:15.
    expect(next?.index).toBe(3654 * 32 + 21);
  });
});

describe('time slots, work hours and time limits', () => {
  it('one occurrence per slot, in time order, each due at its slot end', () => {
    const rule = ruleOf({
      time_slots: [
        { start: '14:00', end: '16:00' },
        { start: '06:00', end: '08:00' },
      ],
    });
    const occurrences = occurrencesBetween(rule, at('2026-01-05'), at('2026-01-07'));
    expect(occurrences.map((o) => [o.index, localOf(o.start), localOf(o.due), o.slot, o.local_date])).toEqual(
      [
        [0, '2026-01-05 06:00', '2026-01-05 08:00', 1, '2026-01-05'],
        [1, '2026-01-05 14:00', '2026-01-05 16:00', 0, '2026-01-05'],
        [2, '2026-01-06 06:00', '2026-01-06 08:00', 1, '2026-01-06'],
        [3, '2026-01-06 14:00', '2026-01-06 16:00', 0, '2026-01-06'],
      ],
    );
  });

  it('two slots starting at the same time give one occurrence (the first slot’s)', () => {
    const rule = ruleOf({
      time_slots: [
        { start: '08:00', end: '10:00' },
        { start: '08:00', end: '09:00' },
      ],
    });
    const occurrences = occurrencesBetween(rule, at('2026-01-05'), at('2026-01-06'));
    expect(occurrences.map((o) => [localOf(o.start), localOf(o.due), o.slot])).toEqual([
      ['2026-01-05 08:00', '2026-01-05 10:00', 0],
    ]);
  });

  it('without slots: the work hours', () => {
    const [first] = occurrencesBetween(
      ruleOf({ work_hours_start: '06:30', work_hours_end: '18:45' }),
      at('2026-01-05'),
      at('2026-01-06'),
    );
    expect([localOf(first?.start as Date), localOf(first?.due as Date), first?.slot]).toEqual([
      '2026-01-05 06:30',
      '2026-01-05 18:45',
      0,
    ]);
  });

  it.each([
    [{ value: 2, unit: 'hours' as const }, '2026-01-05 09:00'],
    [{ value: 45, unit: 'minutes' as const }, '2026-01-05 07:45'],
    [{ value: 3, unit: 'days' as const }, '2026-01-08 07:00'],
  ])('time limit %o: due %s', (completion, due) => {
    const [first] = occurrencesBetween(
      ruleOf({ time_limits: { completion } }),
      at('2026-01-05'),
      at('2026-01-06'),
    );
    expect(localOf(first?.due as Date)).toBe(due);
  });

  it('a time limit in days keeps the wall time across DST: 07:00 + 3 days is 07:00', () => {
    const rule = ruleOf({
      start_date: '2026-03-27',
      time_limits: { completion: { value: 3, unit: 'days' } },
    });
    const [first] = occurrencesBetween(rule, at('2026-03-27'), at('2026-03-28'));
    expect(first?.start.toISOString()).toBe('2026-03-27T06:00:00.000Z');
    expect(first?.due.toISOString()).toBe('2026-03-30T05:00:00.000Z');
  });
});

describe('time zones and daylight saving time', () => {
  it('Vienna, end of March: 07:00 stays 07:00 (UTC 06:00 → 05:00), due 15:00 too', () => {
    const occurrences = occurrencesBetween(
      ruleOf({ start_date: '2026-03-27' }),
      at('2026-03-27'),
      at('2026-03-31'),
    );
    expect(utcOf(occurrences)).toEqual([
      '2026-03-27T06:00',
      '2026-03-28T06:00',
      '2026-03-29T05:00',
      '2026-03-30T05:00',
    ]);
    expect(occurrences.map((o) => o.due.toISOString().slice(0, 16))).toEqual([
      '2026-03-27T14:00',
      '2026-03-28T14:00',
      '2026-03-29T13:00',
      '2026-03-30T13:00',
    ]);
  });

  it('Vienna, end of October: 07:00 stays 07:00 (UTC 05:00 → 06:00)', () => {
    const occurrences = occurrencesBetween(
      ruleOf({ start_date: '2026-10-24' }),
      at('2026-10-24'),
      at('2026-10-27'),
    );
    expect(utcOf(occurrences)).toEqual(['2026-10-24T05:00', '2026-10-25T06:00', '2026-10-26T06:00']);
    expect(occurrences.map((o) => o.local_date)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('a weekly rule across the change keeps its wall time', () => {
    const rule = ruleOf({ start_date: '2026-03-22', repeat_every: every('weeks') });
    expect(utcOf(occurrencesBetween(rule, at('2026-03-01'), at('2026-04-06')))).toEqual([
      '2026-03-22T06:00',
      '2026-03-29T05:00',
      '2026-04-05T05:00',
    ]);
  });

  it('New York: 07:00 is 12:00 UTC in winter, 11:00 UTC in summer (8 March and 1 November 2026)', () => {
    const zone = 'America/New_York';
    const march = ruleOf({ time_zone: zone, start_date: '2026-03-07' });
    expect(utcOf(occurrencesBetween(march, at('2026-03-07', zone), at('2026-03-10', zone)))).toEqual([
      '2026-03-07T12:00',
      '2026-03-08T11:00',
      '2026-03-09T11:00',
    ]);
    const november = ruleOf({ time_zone: zone, start_date: '2026-10-31' });
    expect(utcOf(occurrencesBetween(november, at('2026-10-31', zone), at('2026-11-03', zone)))).toEqual([
      '2026-10-31T11:00',
      '2026-11-01T12:00',
      '2026-11-02T12:00',
    ]);
  });

  it('a wall time in the spring-forward gap moves forward by the gap (02:30 → 03:30)', () => {
    const rule = ruleOf({ start_date: '2026-03-28', work_hours_start: '02:30', work_hours_end: '05:00' });
    const occurrences = occurrencesBetween(rule, at('2026-03-28'), at('2026-03-31'));
    expect(occurrences.map((o) => localOf(o.start))).toEqual([
      '2026-03-28 02:30',
      '2026-03-29 03:30',
      '2026-03-30 02:30',
    ]);
    expect(occurrences[1]?.start.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(occurrences[1]?.due.toISOString()).toBe('2026-03-29T03:00:00.000Z'); // 05:00 CEST
    // The same as luxon's own reading of a wall time that does not exist.
    const luxon = DateTime.fromObject(
      { year: 2026, month: 3, day: 29, hour: 2, minute: 30 },
      { zone: VIENNA },
    );
    expect(occurrences[1]?.start.getTime()).toBe(luxon.toMillis());
    // New York, 8 March 2026: 02:30 → 03:30 EDT.
    const newYork = ruleOf({
      time_zone: 'America/New_York',
      start_date: '2026-03-08',
      work_hours_start: '02:30',
      work_hours_end: '05:00',
    });
    expect(nextOccurrence(newYork, at('2026-03-08', 'America/New_York'))?.start.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('a wall time in the fall-back hour takes the earlier instant (02:30 summer time)', () => {
    const rule = ruleOf({ start_date: '2026-10-25', work_hours_start: '02:30', work_hours_end: '04:00' });
    const [first] = occurrencesBetween(rule, at('2026-10-25'), at('2026-10-26'));
    expect(first?.start.toISOString()).toBe('2026-10-25T00:30:00.000Z'); // 02:30 +02:00
    expect(first?.due.toISOString()).toBe('2026-10-25T03:00:00.000Z'); // 04:00 +01:00
  });

  it('minute steps in the gap: each instant once, later days counted right', () => {
    // Every 30 minutes 01:30–04:00: 01:30, 02:00, 02:30, 03:00, 03:30. On 29 March 02:00 and
    // 02:30 become 03:00 and 03:30, which are also starts of their own: that day has three.
    const rule = ruleOf({
      start_date: '2026-03-28',
      repeat_every: every('minutes', 30),
      work_hours_start: '01:30',
      work_hours_end: '04:00',
    });
    const march29 = occurrencesBetween(rule, at('2026-03-29'), at('2026-03-30'));
    expect(march29.map((o) => [o.index, localOf(o.start)])).toEqual([
      [5, '2026-03-29 01:30'],
      [6, '2026-03-29 03:00'],
      [7, '2026-03-29 03:30'],
    ]);
    expect(march29.every((o) => o.due > o.start)).toBe(true);
    // 28th: 5 (0–4), 29th: 3 (5–7), 30th and 31st: 5 each (8–17), 1 April from 18.
    expect(nextOccurrence(rule, at('2026-04-01'))?.index).toBe(18);
  });

  it('the local date of an occurrence is its day in the rule’s zone', () => {
    const tokyo = ruleOf({ time_zone: 'Asia/Tokyo', start_date: '2026-01-05', work_hours_start: '06:00' });
    const [first] = occurrencesBetween(tokyo, at('2026-01-05', 'Asia/Tokyo'), at('2026-01-06', 'Asia/Tokyo'));
    expect(first?.start.toISOString()).toBe('2026-01-04T21:00:00.000Z');
    expect(first?.local_date).toBe('2026-01-05');
  });

  it('an unknown time zone is refused', () => {
    expect(() => nextOccurrence(ruleOf({ time_zone: 'Mars/Olympus' }), at('2026-01-01'))).toThrow(RangeError);
  });
});

describe('seasonal breaks', () => {
  it('a one-off break skips the days in it (inclusive)', () => {
    const rule = ruleOf({
      start_date: '2026-07-29',
      seasonal_break: { type: 'YES', start: '2026-08-01', end: '2026-08-03', yearly: false },
    });
    expect(firstDates(rule, 5)).toEqual([
      '2026-07-29',
      '2026-07-30',
      '2026-07-31',
      '2026-08-04',
      '2026-08-05',
    ]);
    // Not counted: the day after the break is the fourth occurrence.
    expect(nextOccurrence(rule, at('2026-08-01'))?.index).toBe(3);
  });

  it('a yearly break (August) skips every August', () => {
    const rule = ruleOf({
      start_date: '2026-06-01',
      repeat_every: every('months'),
      repeat_on: [1],
      seasonal_break: { type: 'YES', start: '2026-08-01', end: '2026-08-31', yearly: true },
    });
    expect(firstDates(rule, 4)).toEqual(['2026-06-01', '2026-07-06', '2026-09-07', '2026-10-05']);
    expect(firstDates(rule, 2, '2027-07-01')).toEqual(['2027-07-05', '2027-09-06']);
  });

  it('a yearly break may wrap the new year (20 Dec – 6 Jan)', () => {
    const rule = ruleOf({
      start_date: '2026-12-07',
      repeat_every: every('weeks'),
      seasonal_break: { type: 'YES', start: '2026-12-20', end: '2027-01-06', yearly: true },
    });
    expect(firstDates(rule, 4)).toEqual(['2026-12-07', '2026-12-14', '2027-01-11', '2027-01-18']);
    // Mondays of December 2027: 6, 13, (20, 27, 3 Jan 2028 on the break), 10 Jan.
    expect(firstDates(rule, 4, '2027-12-01')).toEqual([
      '2027-12-06',
      '2027-12-13',
      '2028-01-10',
      '2028-01-17',
    ]);
  });

  it('isOnSeasonalBreak reads the local date', () => {
    const oneOff = ruleOf({
      seasonal_break: { type: 'YES', start: '2026-08-01', end: '2026-08-03', yearly: false },
    });
    expect(isOnSeasonalBreak(oneOff, at('2026-08-02T12:00'))).toBe(true);
    expect(isOnSeasonalBreak(oneOff, at('2026-08-03T23:59'))).toBe(true);
    expect(isOnSeasonalBreak(oneOff, at('2026-08-04T00:00'))).toBe(false);
    expect(isOnSeasonalBreak(oneOff, at('2027-08-02'))).toBe(false);
    // 22:30 UTC on 31 July is 00:30 on 1 August in Vienna.
    expect(isOnSeasonalBreak(oneOff, new Date('2026-07-31T22:30:00Z'))).toBe(true);
    expect(isOnSeasonalBreak(oneOff, new Date('2026-07-31T21:30:00Z'))).toBe(false);
    const wrapping = ruleOf({
      seasonal_break: { type: 'YES', start: '2026-12-20', end: '2027-01-06', yearly: true },
    });
    expect(isOnSeasonalBreak(wrapping, at('2030-01-03'))).toBe(true);
    expect(isOnSeasonalBreak(wrapping, at('2030-01-07'))).toBe(false);
    expect(isOnSeasonalBreak(wrapping, at('2030-12-20'))).toBe(true);
    expect(isOnSeasonalBreak(wrapping, at('2030-12-19'))).toBe(false);
    expect(isOnSeasonalBreak(ruleOf({}), at('2026-08-02'))).toBe(false);
  });

  it('a yearly break around 29 February', () => {
    const rule = ruleOf({
      start_date: '2028-02-27',
      seasonal_break: { type: 'YES', start: '2026-02-28', end: '2026-03-01', yearly: true },
    });
    expect(firstDates(rule, 3)).toEqual(['2028-02-27', '2028-03-02', '2028-03-03']);
    // A break ending on 29 February ends on the 28th in common years.
    const leapDay = ruleOf({
      start_date: '2027-02-26',
      seasonal_break: { type: 'YES', start: '2028-02-27', end: '2028-02-29', yearly: true },
    });
    expect(firstDates(leapDay, 3)).toEqual(['2027-02-26', '2027-03-01', '2027-03-02']);
    expect(firstDates(leapDay, 2, '2028-02-25')).toEqual(['2028-02-25', '2028-02-26']);
    expect(firstDates(leapDay, 1, '2028-02-27')).toEqual(['2028-03-01']);
  });
});

describe('end of a rule', () => {
  it('AFTER N: N occurrences, then the rule has ended', () => {
    const rule = ruleOf({ end: { type: 'AFTER', value: 3 } });
    const all = occurrencesBetween(rule, at('2026-01-01'), at('2027-01-01'));
    expect(all.map((o) => [o.index, o.local_date])).toEqual([
      [0, '2026-01-05'],
      [1, '2026-01-06'],
      [2, '2026-01-07'],
    ]);
    expect(ruleHasEnded(rule, at('2026-01-07T06:59'))).toBe(false);
    expect(nextOccurrence(rule, at('2026-01-07T07:00'))?.index).toBe(2);
    expect(ruleHasEnded(rule, at('2026-01-07T07:01'))).toBe(true);
    expect(nextOccurrence(rule, at('2026-01-07T07:01'))).toBeNull();
  });

  it('AFTER N counts every slot', () => {
    const rule = ruleOf({
      end: { type: 'AFTER', value: 3 },
      time_slots: [
        { start: '08:00', end: '09:00' },
        { start: '12:00', end: '13:00' },
      ],
    });
    expect(firstStarts(rule, 10)).toEqual(['2026-01-05 08:00', '2026-01-05 12:00', '2026-01-06 08:00']);
  });

  it('AFTER N does not count days on a break', () => {
    const rule = ruleOf({
      start_date: '2026-07-29',
      end: { type: 'AFTER', value: 4 },
      seasonal_break: { type: 'YES', start: '2026-08-01', end: '2026-08-03', yearly: false },
    });
    expect(firstDates(rule, 10)).toEqual(['2026-07-29', '2026-07-30', '2026-07-31', '2026-08-04']);
    expect(ruleHasEnded(rule, at('2026-08-04T08:00'))).toBe(true);
  });

  it('AFTER N with a far `from`: indexes count from start_date', () => {
    const rule = ruleOf({ end: { type: 'AFTER', value: 400 } });
    // 5 Jan → 1 Jun 2026 is 147 days.
    expect(occurrencesBetween(rule, at('2026-06-01'), at('2026-06-03')).map((o) => o.index)).toEqual([
      147, 148,
    ]);
    // The 400th is 5 Jan 2026 + 399 days = 8 Feb 2027, the last.
    const last = occurrencesBetween(rule, at('2027-02-01'), at('2028-01-01'));
    expect(last.at(-1)).toMatchObject({ index: 399, local_date: '2027-02-08' });
    expect(last).toHaveLength(8);
    expect(occurrencesBetween(rule, at('2027-03-01'), at('2028-01-01'))).toEqual([]);
  });

  it('ON date: nothing after that local date; the day itself is included with all its slots', () => {
    const rule = ruleOf({
      end: { type: 'ON', value: '2026-01-07' },
      time_slots: [
        { start: '08:00', end: '09:00' },
        { start: '22:00', end: '23:30' },
      ],
    });
    expect(firstStarts(rule, 10)).toEqual([
      '2026-01-05 08:00',
      '2026-01-05 22:00',
      '2026-01-06 08:00',
      '2026-01-06 22:00',
      '2026-01-07 08:00',
      '2026-01-07 22:00',
    ]);
    expect(ruleHasEnded(rule, at('2026-01-07T22:00'))).toBe(false);
    expect(ruleHasEnded(rule, at('2026-01-07T22:01'))).toBe(true);
  });

  it('NEVER: always a next occurrence, even far ahead', () => {
    const rule = ruleOf({ start_date: '2026-05-31', repeat_every: every('years', 5) });
    expect(nextOccurrence(rule, at('2027-01-01'))?.local_date).toBe('2031-05-31');
    expect(ruleHasEnded(rule, at('2090-01-01'))).toBe(false);
    expect(nextOccurrence(ruleOf({ repeat_every: every('days', 999) }), at('2026-01-06'))?.local_date).toBe(
      '2028-09-30',
    );
  });

  it('a break covering everything left: ended', () => {
    const rule = ruleOf({
      end: { type: 'ON', value: '2026-08-31' },
      seasonal_break: { type: 'YES', start: '2026-08-01', end: '2026-08-31', yearly: false },
    });
    expect(ruleHasEnded(rule, at('2026-07-31T08:00'))).toBe(true);
    expect(ruleHasEnded(rule, at('2026-07-31T06:00'))).toBe(false);
    // A long one-off break then more occurrences: not ended.
    const long = ruleOf({
      seasonal_break: { type: 'YES', start: '2026-02-01', end: '2029-12-31', yearly: false },
    });
    expect(nextOccurrence(long, at('2026-03-01'))?.local_date).toBe('2030-01-01');
  });
});

describe('occurrencesBetween: window and limit', () => {
  const rule = ruleOf({});

  it('[from, until): a start at `from` is in, one at `until` is out', () => {
    expect(
      occurrencesBetween(rule, at('2026-01-06T07:00'), at('2026-01-08T07:00')).map((o) => o.local_date),
    ).toEqual(['2026-01-06', '2026-01-07']);
  });

  it('limit, and empty windows', () => {
    expect(occurrencesBetween(rule, at('2026-01-01'), at('2027-01-01'), 2)).toHaveLength(2);
    expect(occurrencesBetween(rule, at('2026-01-08'), at('2026-01-08'))).toEqual([]);
    expect(occurrencesBetween(rule, at('2026-01-09'), at('2026-01-08'))).toEqual([]);
    expect(occurrencesBetween(rule, at('2026-01-01'), at('2027-01-01'), 0)).toEqual([]);
  });

  it('nextOccurrence: at or after the given instant', () => {
    expect(nextOccurrence(rule, at('2026-01-06T07:00'))?.local_date).toBe('2026-01-06');
    expect(nextOccurrence(rule, at('2026-01-06T07:00:01'))?.local_date).toBe('2026-01-07');
    expect(nextOccurrence(rule, at('2020-01-01'))).toMatchObject({ index: 0, local_date: '2026-01-05' });
  });
});

describe('indexes are the same whatever `from` is', () => {
  // Each rule's occurrences over two years, once from the start and once from each later month:
  // counting by whole periods (days, weeks, minutes) must agree with the day-by-day walk.
  const rules: Record<string, RecurrenceRule> = {
    'every 3 days': ruleOf({ repeat_every: every('days', 3) }),
    'every 4 days, Mon–Thu': ruleOf({ repeat_every: every('days', 4), repeat_on: [1, 2, 3, 4] }),
    'every 3 working days': ruleOf({ start_date: '2026-01-03', repeat_every: every('days', 3, true) }),
    'every 2 weeks Tue/Sat, two slots': ruleOf({
      start_date: '2026-01-08',
      repeat_every: every('weeks', 2),
      repeat_on: [2, 6],
      time_slots: [
        { start: '06:00', end: '07:00' },
        { start: '12:00', end: '13:00' },
      ],
    }),
    'every 7 hours, weekdays': ruleOf({ repeat_every: every('hours', 7, true), work_hours_end: '22:00' }),
    'every 20 minutes': ruleOf({ repeat_every: every('minutes', 20), work_hours_end: '09:00' }),
    'every day, one-off break': ruleOf({
      seasonal_break: { type: 'YES', start: '2026-05-10', end: '2026-06-20', yearly: false },
    }),
    'every 2 days, yearly break': ruleOf({
      repeat_every: every('days', 2),
      seasonal_break: { type: 'YES', start: '2026-12-20', end: '2027-01-06', yearly: true },
    }),
    'first Monday, every month': ruleOf({ repeat_every: every('months'), repeat_on: [1] }),
    'every 20 minutes over the DST night': ruleOf({
      repeat_every: every('minutes', 20),
      work_hours_start: '01:00',
      work_hours_end: '04:00',
    }),
  };

  it.each(Object.entries(rules))('%s', (_name, rule) => {
    const all = occurrencesBetween(rule, at('2026-01-01'), at('2028-01-01'));
    expect(all.map((o) => o.index)).toEqual(all.map((_o, index) => index));
    for (let month = 2; month <= 24; month += 1) {
      const from = DateTime.fromObject({ year: 2026, month: 1, day: 1 }, { zone: VIENNA }).plus({
        months: month - 1,
      });
      const until = from.plus({ days: 10 });
      const window = occurrencesBetween(rule, from.toJSDate(), until.toJSDate());
      const expected = all.filter((o) => o.start >= from.toJSDate() && o.start < until.toJSDate());
      expect(window.map((o) => [o.index, o.start.getTime()])).toEqual(
        expected.map((o) => [o.index, o.start.getTime()]),
      );
    }
  });
});

describe('speed', () => {
  it('10,000 day, week, month and year rules materialised a year ahead: well under a second', () => {
    const units: RepeatUnit[] = ['days', 'weeks', 'months', 'years'];
    const rules = Array.from({ length: 10_000 }, (_, i) =>
      ruleOf({
        start_date: `202${i % 6}-0${(i % 9) + 1}-1${i % 10}`,
        repeat_every: every(units[i % 4] as RepeatUnit, (i % 3) + 1, i % 5 === 0),
        repeat_on: i % 7 === 0 ? [1, 4] : [],
        end: i % 11 === 0 ? { type: 'AFTER', value: 500 } : { type: 'NEVER' },
        seasonal_break:
          i % 13 === 0
            ? { type: 'YES', start: '2026-08-01', end: '2026-08-31', yearly: true }
            : { type: 'NO' },
      }),
    );
    const from = at('2026-06-01');
    const until = at('2027-06-01');
    occurrencesBetween(rules[0] as RecurrenceRule, from, until); // the zone's offsets, read once
    const started = performance.now();
    let count = 0;
    for (const rule of rules) count += occurrencesBetween(rule, from, until).length;
    const elapsed = performance.now() - started;
    expect(count).toBeGreaterThan(500_000);
    // About 0.2–0.3 s on a laptop; the bound leaves room for a slow CI machine.
    expect(elapsed).toBeLessThan(3000);
  });
});
