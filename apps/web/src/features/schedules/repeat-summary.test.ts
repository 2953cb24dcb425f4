import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UI_LANGUAGES } from '@workbench/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setupI18n } from '../../i18n';
import { mondayFirst, type RepeatRule, repeatSummary, weekdayNames } from './repeat-summary';

const rule = (patch: Partial<RepeatRule> = {}): RepeatRule => ({
  start_date: '2026-03-15',
  repeat_every: { type: 'weeks', value: 2, exclude_weekends: false },
  repeat_on: [4, 1],
  repeat_week_of_month: null,
  end: { type: 'NEVER', value: null },
  work_hours_start: '07:00',
  work_hours_end: '15:00',
  time_slots: [],
  seasonal_break_type: 'NO',
  seasonal_break_start: null,
  seasonal_break_end: null,
  seasonal_break_yearly: false,
  ...patch,
});

beforeAll(async () => {
  await setupI18n('en');
});
const en = (r: RepeatRule, style: 'short' | 'long' = 'short') =>
  repeatSummary(r, (key, options) => i18n.t(key, { ...options, lng: 'en' }), 'en', style);

describe('repeat summary (001 §2 "Scheduling")', () => {
  it('writes the card line: interval, weekdays in week order from Monday, work hours', () => {
    expect(en(rule())).toBe('Every 2 weeks on Mon, Thu · 07:00–15:00');
  });

  it('writes the editor sentence with full day names, the end rule and the break', () => {
    const long = rule({
      end: { type: 'ON', value: '2027-12-31' },
      seasonal_break_type: 'YES',
      seasonal_break_start: '2026-12-15',
      seasonal_break_end: '2027-01-15',
      seasonal_break_yearly: true,
    });
    expect(en(long, 'long')).toBe(
      'Every 2 weeks on Monday and Thursday, 07:00–15:00, until Dec 31, 2027, except Dec 15 – Jan 15 every year',
    );
    expect(en(rule({ end: { type: 'AFTER', value: 10 } }), 'long')).toContain(', 10 times');
    expect(en(rule({ end: { type: 'AFTER', value: 1 } }), 'long')).toContain(', once only');
  });

  it('names a one-off break with its years and leaves out a break that is off', () => {
    const once = rule({
      seasonal_break_type: 'YES',
      seasonal_break_start: '2026-07-01',
      seasonal_break_end: '2026-08-31',
    });
    expect(en(once, 'long')).toContain('except Jul 1, 2026 – Aug 31, 2026');
    expect(en(rule({ seasonal_break_start: '2026-07-01', seasonal_break_end: '2026-08-31' }), 'long')).toBe(
      'Every 2 weeks on Monday and Thursday, 07:00–15:00',
    );
  });

  it('says "every week" for one, and lists time slots instead of the work hours', () => {
    const slots = rule({
      repeat_every: { type: 'days', value: 1, exclude_weekends: true },
      repeat_on: [],
      time_slots: [
        { start: '06:00', end: '08:00' },
        { start: '14:00', end: '16:00' },
      ],
    });
    expect(en(slots)).toBe('Every day on weekdays · 06:00–08:00, 14:00–16:00');
    expect(en(rule({ repeat_every: { type: 'weeks', value: 1, exclude_weekends: false } }))).toBe(
      'Every week on Mon, Thu · 07:00–15:00',
    );
  });

  it('writes month rules: the nth weekday, the last one, or the start day of the month', () => {
    const months = { type: 'months' as const, value: 1, exclude_weekends: false };
    expect(en(rule({ repeat_every: months, repeat_on: [1], repeat_week_of_month: 1 }), 'long')).toBe(
      'Every month on the first Monday, 07:00–15:00',
    );
    expect(en(rule({ repeat_every: months, repeat_on: [5], repeat_week_of_month: -1 }))).toBe(
      'Every month on the last Fri · 07:00–15:00',
    );
    expect(en(rule({ repeat_every: { ...months, value: 3 }, repeat_on: [] }))).toBe(
      'Every 3 months on day 15 · 07:00–15:00',
    );
    expect(
      en(rule({ repeat_every: { type: 'years', value: 1, exclude_weekends: false }, repeat_on: [] })),
    ).toBe('Every year on March 15 · 07:00–15:00');
  });

  it('writes intervals under a day without weekdays', () => {
    const hours = rule({ repeat_every: { type: 'hours', value: 4, exclude_weekends: false }, repeat_on: [] });
    expect(en(hours)).toBe('Every 4 hours · 07:00–15:00');
  });

  it('writes each language its own words (German, Russian plural forms)', async () => {
    await i18n.loadLanguages(['de', 'ru']);
    const de = repeatSummary(rule(), (k, o) => i18n.t(k, { ...o, lng: 'de' }), 'de', 'long');
    expect(de).toBe('Alle 2 Wochen am Montag und Donnerstag, 07:00–15:00');
    const ru = (value: number) =>
      repeatSummary(
        rule({ repeat_every: { type: 'weeks', value, exclude_weekends: false }, repeat_on: [] }),
        (k, o) => i18n.t(k, { ...o, lng: 'ru' }),
        'ru',
      );
    expect(ru(1)).toBe('Каждую неделю · 07:00–15:00');
    expect(ru(2)).toBe('Каждые 2 недели · 07:00–15:00');
    expect(ru(5)).toBe('Каждые 5 недель · 07:00–15:00');
  });
});

describe('weekday helpers', () => {
  it('names the days from Sunday = 0 and orders a week from Monday', () => {
    expect(weekdayNames('en', 'long')[0]).toBe('Sunday');
    expect(weekdayNames('de', 'short')[1]).toBe('Mo');
    expect(mondayFirst([0, 3, 1, 3, 9])).toEqual([1, 3, 0]);
  });
});

describe('repeat texts in every language', () => {
  it('has each plural form that the language picks for 2..999', () => {
    for (const lang of UI_LANGUAGES) {
      const texts = JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${lang}.json`), 'utf8'))
        .repeat as Record<string, string>;
      const rules = new Intl.PluralRules(lang);
      for (const base of [
        'every_minutes',
        'every_hours',
        'every_days',
        'every_weeks',
        'every_months',
        'every_years',
        'end_after',
      ]) {
        expect(texts[`${base}_single`], `${lang} ${base}_single`).toBeTruthy();
        for (let n = 2; n <= 999; n++) {
          const text = texts[`${base}_${rules.select(n)}`];
          expect(text?.includes('{{count}}'), `${lang} ${base} ${n}`).toBe(true);
        }
      }
    }
  });
});
