import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarWindow,
  isoWeekday,
  shiftCalendarDay,
  weekStart,
} from './calendar-window.js';

describe('calendar windows', () => {
  it('daily is one day', () => {
    expect(calendarWindow('dailyUsers', '2026-11-24', false)).toEqual({
      start_date: '2026-11-24',
      end_date: '2026-11-24',
      days: ['2026-11-24'],
    });
  });

  it('weekly starts on the ISO Monday and is fetched to Sunday; 5 or 7 columns', () => {
    const five = calendarWindow('weeklyUsers', '2026-11-29', false); // a Sunday
    expect(five.start_date).toBe('2026-11-23');
    expect(five.end_date).toBe('2026-11-29');
    expect(five.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(calendarWindow('weeklyWorkspaces', '2026-11-23', true).days).toHaveLength(7);
  });

  it('crosses months, years and daylight-saving changes without shifting a day', () => {
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
    expect(addCalendarDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addCalendarDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('yearly is the whole year', () => {
    expect(calendarWindow('yearly', '2026-06-15', false)).toMatchObject({
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
  });

  it('the arrows move a day, a week (to its Monday) or a year', () => {
    expect(shiftCalendarDay('dailyUsers', '2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftCalendarDay('weeklyUsers', '2026-11-26', -1)).toBe('2026-11-16');
    expect(shiftCalendarDay('yearly', '2028-02-29', 1)).toBe('2029-02-28');
  });
});
