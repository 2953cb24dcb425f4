import { type CalendarScreenState, DEFAULT_CALENDAR_SCREEN_STATE } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  calendarChange,
  calendarDay,
  calendarSearch,
  calendarYear,
  calendarYears,
  currentMonth,
  isCalendarFiltered,
  monthLabels,
  monthTitle,
  periodTitle,
  readCalendarState,
  resetCalendarFilters,
  shiftedPeriod,
  todayIn,
  yearlyExportParams,
  yearlyQuery,
} from './calendar-state';

const TODAY = '2026-11-24';
const state = (change: Partial<CalendarScreenState> = {}): CalendarScreenState => ({
  ...DEFAULT_CALENDAR_SCREEN_STATE,
  ...change,
});

describe('periodTitle', () => {
  it.each([
    ['dailyUsers', '2026-11-24', false, 'en', 'November 24, 2026'],
    ['dailyWorkspaces', '2026-11-24', false, 'de', '24. November 2026'],
    ['weeklyUsers', '2026-11-24', false, 'en', 'Nov 23–27, 2026'],
    ['weeklyUsers', '2026-11-24', true, 'en', 'Nov 23–29, 2026'],
    ['weeklyWorkspaces', '2026-12-02', false, 'en', 'Nov 30 – Dec 4, 2026'],
    ['weeklyUsers', '2026-12-30', true, 'en', 'Dec 28, 2026 – Jan 3, 2027'],
    ['weeklyUsers', '2026-11-24', false, 'pl', '23–27 lis 2026'],
  ] as const)('%s on %s (weekend %s) in %s: %s', (view, day, weekend, language, title) => {
    expect(periodTitle(view, day, weekend, language, 2026).replace(/\u2009/g, ' ')).toBe(title);
  });

  it('is the year in the yearly view', () => {
    expect(periodTitle('yearly', '2026-11-24', false, 'en', 2025)).toBe('2025');
  });
});

describe('monthLabels', () => {
  it('gives the first three letters of each month, capitalised, in the language', () => {
    expect(monthLabels('en')).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(monthLabels('de').slice(0, 3)).toEqual(['Jan', 'Feb', 'Mär']);
    expect(monthLabels('pl').slice(0, 3)).toEqual(['Sty', 'Lut', 'Mar']);
    expect(monthLabels('ru')[10]).toBe('Ноя');
    expect(monthLabels('tr')[10]).toBe('Kas');
  });

  it('names a month with its year for the view-more pop-up', () => {
    expect(monthTitle(11, 2026, 'en')).toBe('November 2026');
  });
});

describe('days and years', () => {
  it('reads today in the organisation time zone', () => {
    const lateEvening = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-24');
    expect(todayIn('Europe/Vienna', lateEvening)).toBe('2026-11-25');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-24');
    // An unknown zone falls back to UTC rather than failing.
    expect(todayIn('Nowhere/Else', lateEvening)).toBe('2026-11-24');
  });

  it('shows today when the URL names no day, and the URL day otherwise', () => {
    expect(calendarDay(state(), TODAY)).toBe(TODAY);
    expect(calendarDay(state({ date: '2026-12-01' }), TODAY)).toBe('2026-12-01');
  });

  it('keeps the year between 2020 and next year, else this year', () => {
    expect(calendarYear(state(), TODAY)).toBe(2026);
    expect(calendarYear(state({ year: 2020 }), TODAY)).toBe(2020);
    expect(calendarYear(state({ year: 2027 }), TODAY)).toBe(2027);
    expect(calendarYear(state({ year: 2028 }), TODAY)).toBe(2026);
    expect(calendarYears(TODAY)).toEqual([2027, 2026, 2025, 2024, 2023, 2022, 2021, 2020]);
  });

  it('highlights the current month only in the current year', () => {
    expect(currentMonth(2026, TODAY)).toBe(11);
    expect(currentMonth(2025, TODAY)).toBeNull();
  });
});

describe('shiftedPeriod', () => {
  it('moves a year in yearly, not before 2020 nor after next year; this year is the default (no year)', () => {
    expect(shiftedPeriod(state(), TODAY, -1)).toEqual({ year: 2025 });
    expect(shiftedPeriod(state(), TODAY, 1)).toEqual({ year: 2027 });
    expect(shiftedPeriod(state({ year: 2027 }), TODAY, -1)).toEqual({ year: 0 });
    expect(shiftedPeriod(state({ year: 2027 }), TODAY, 1)).toBeNull();
    expect(shiftedPeriod(state({ year: 2020 }), TODAY, -1)).toBeNull();
  });

  it('moves a day in daily views and a week (to its Monday) in weekly views', () => {
    expect(shiftedPeriod(state({ view: 'dailyUsers' }), TODAY, 1)).toEqual({ date: '2026-11-25' });
    expect(shiftedPeriod(state({ view: 'dailyUsers', date: '2026-11-25' }), TODAY, -1)).toEqual({ date: '' });
    expect(shiftedPeriod(state({ view: 'weeklyUsers' }), TODAY, 1)).toEqual({ date: '2026-11-30' });
    expect(shiftedPeriod(state({ view: 'weeklyWorkspaces' }), TODAY, -1)).toEqual({ date: '2026-11-16' });
  });
});

describe('the state in the URL', () => {
  it('round-trips a state through the address', () => {
    const s = state({
      view: 'yearly',
      year: 2025,
      search: 'boiler',
      sort_by: 'updated',
      sort_direction: 'desc',
      workspaces: [3, 4],
      status: [6, 8],
    });
    const search = calendarSearch(s);
    expect(search).toBe(
      'status=6%2C8&workspaces=3%2C4&year=2025&search=boiler&sort_by=updated&sort_direction=desc',
    );
    const back = readCalendarState(new URLSearchParams(search));
    expect(back).toEqual(s);
  });

  it('leaves the defaults out of the address', () => {
    expect(calendarSearch(state())).toBe('');
  });

  it('replaces the history entry when switching to yearly, and only then (unless asked)', () => {
    const daily = state({ view: 'dailyUsers' });
    expect(calendarChange(daily, { view: 'yearly' })).toMatchObject({ replace: true });
    expect(calendarChange(state(), { view: 'dailyUsers' })).toMatchObject({ replace: false });
    expect(calendarChange(state(), { view: 'yearly' })).toMatchObject({ replace: false });
    expect(calendarChange(daily, { date: '2026-12-01' }, { replace: true })).toMatchObject({ replace: true });
    expect(calendarChange(daily, { view: 'weeklyUsers' }).state.view).toBe('weeklyUsers');
  });
});

describe('filters', () => {
  it('counts the filter bar and the yearly search as filters, not the view, day or sort', () => {
    expect(isCalendarFiltered(state({ view: 'weeklyUsers', date: '2026-12-01', sort_by: 'created' }))).toBe(
      false,
    );
    expect(isCalendarFiltered(state({ search: 'lift' }))).toBe(true);
    expect(isCalendarFiltered(state({ assignees: [4] }))).toBe(true);
    expect(isCalendarFiltered(state({ issue_type: 'task' }))).toBe(true);
    expect(isCalendarFiltered(state({ include_sub_ws: 1 }))).toBe(true);
  });

  it('resets every filter and the search, keeping the view, day, year and sort', () => {
    const s = state({
      view: 'weeklyUsers',
      date: '2026-12-01',
      year: 2025,
      sort_by: 'upcoming',
      search: 'lift',
      assignees: [4],
      workspaces: [1],
      include_sub_ws: 1,
      issue_type: 'issue',
      externals: [9],
      job_positions: [2],
      hidden_weekly_users: [5],
    });
    const reset = resetCalendarFilters(s);
    expect(isCalendarFiltered(reset)).toBe(false);
    expect(reset).toMatchObject({
      view: 'weeklyUsers',
      date: '2026-12-01',
      year: 2025,
      sort_by: 'upcoming',
      hidden_weekly_users: [5],
    });
  });
});

describe('yearly queries', () => {
  it('asks for the year shown with the search, sort and filters, 50 a page', () => {
    const s = state({ search: 'lift', sort_by: 'created', assets: [7] });
    expect(yearlyQuery(s, TODAY, 2)).toMatchObject({
      year: 2026,
      search: 'lift',
      sort_by: 'created',
      sort_direction: 'asc',
      assets: [7],
      page: 2,
      paginate_by: 50,
    });
  });

  it('sends the export the same query without paging, always with the year', () => {
    expect(yearlyExportParams(state({ search: 'lift', workspaces: [2, 3] }), TODAY)).toEqual({
      year: '2026',
      search: 'lift',
      workspaces: '2,3',
    });
  });
});
