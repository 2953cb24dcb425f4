import { DEFAULT_SCHEDULE_LIST_QUERY } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  changeScheduleList,
  clearScheduleListFilters,
  formatNextDate,
  isScheduleListFiltered,
  pageSelectionState,
  readScheduleListState,
  scheduleListApiQuery,
  scheduleListSearch,
  scheduleRoleChange,
  scheduleRoleIds,
  scheduleRoleInUse,
} from './list-state';

const read = (search: string) => readScheduleListState(new URLSearchParams(search));

describe('schedule list URL state (001 §2 "Scheduling", §5)', () => {
  it('reads the defaults from an empty address (updated, newest first) and writes a clean one back', () => {
    const state = read('');
    expect(state.query).toEqual(DEFAULT_SCHEDULE_LIST_QUERY);
    expect(state.query.sort_by).toBe('updated');
    expect(state.query.sort_direction).toBe('desc');
    expect(state.query.paginate_by).toBe(20);
    expect(state.density).toBe('comfortable');
    expect(scheduleListSearch(state)).toBe('');
  });

  it('keeps every filter, sort, page, page size and the density in the address', () => {
    const search =
      'page=2&paginate_by=40&search=boiler&status=paused,archived&priority_id=2,4&assignees=3' +
      '&watchers_companies=8&categories=5&workspaces=7&include_sub_ws=1&assets=9,10&job_positions=11' +
      '&sort_by=next_date&sort_direction=asc&density=table';
    const state = read(search);
    expect(state.query).toMatchObject({
      page: 2,
      paginate_by: 40,
      search: 'boiler',
      status: ['paused', 'archived'],
      priority_id: [2, 4],
      assignees: [3],
      watchers_companies: [8],
      categories: [5],
      workspaces: [7],
      include_sub_ws: 1,
      assets: [9, 10],
      job_positions: [11],
      sort_by: 'next_date',
      sort_direction: 'asc',
    });
    expect(state.density).toBe('table');
    expect(read(scheduleListSearch(state))).toEqual(state);
  });

  it("reads the spec's _ids spellings as the same filters", () => {
    const state = read('assignees_ids=4&workspaces_ids=6&categories_ids=2');
    expect(state.query).toMatchObject({ assignees: [4], workspaces: [6], categories: [2] });
  });

  it('falls back to the defaults for values that are not allowed', () => {
    const state = read(
      'paginate_by=33&sort_by=colour&sort_direction=up&status=sleeping&density=huge&page=-2',
    );
    expect(state.query.paginate_by).toBe(20);
    expect(state.query.sort_by).toBe('updated');
    expect(state.query.sort_direction).toBe('desc');
    expect(state.query.status).toEqual([]);
    expect(state.query.page).toBe(1);
    expect(state.density).toBe('comfortable');
  });

  it('goes back to page 1 on a filter change and keeps the page when turning it', () => {
    const state = read('page=4&search=x');
    expect(changeScheduleList(state, { status: ['active'] }).query.page).toBe(1);
    expect(changeScheduleList(state, { page: 5 }).query.page).toBe(5);
  });

  it('sends page and page size always, and only the filters that are set', () => {
    expect(scheduleListApiQuery(read('status=active').query)).toEqual({
      status: 'active',
      page: '1',
      paginate_by: '20',
    });
  });

  it('tells filters from sorting, and clears the filters but keeps sort and page size', () => {
    expect(isScheduleListFiltered(read('sort_by=title&paginate_by=40').query)).toBe(false);
    expect(isScheduleListFiltered(read('search=a').query)).toBe(true);
    expect(isScheduleListFiltered(read('replacements=3').query)).toBe(true);
    const cleared = clearScheduleListFilters(
      read('search=a&status=paused&sort_by=title&paginate_by=40&density=compact'),
    );
    expect(cleared.query).toEqual({ ...DEFAULT_SCHEDULE_LIST_QUERY, sort_by: 'title', paginate_by: 40 });
    expect(cleared.density).toBe('compact');
  });
});

describe('people filters by role', () => {
  it('writes the chosen role and clears the family’s other roles', () => {
    expect(scheduleRoleChange('users', 'replacement', [3])).toEqual({
      assignees: [],
      watchers: [],
      replacements: [3],
    });
    expect(scheduleRoleChange('externals', 'watcher', [9])).toEqual({
      assignees_externals: [],
      watchers_externals: [9],
    });
  });

  it('reads the role in use and its ids from the address', () => {
    const query = read('watchers=4,5&assignees_companies=2').query;
    expect(scheduleRoleInUse(query, 'users')).toBe('watcher');
    expect(scheduleRoleIds(query, 'users', 'watcher')).toEqual([4, 5]);
    expect(scheduleRoleInUse(query, 'companies')).toBe('assignee');
    expect(scheduleRoleInUse(query, 'externals')).toBeNull();
  });
});

describe('list helpers', () => {
  it('says whether none, some or all rows of the page are selected', () => {
    expect(pageSelectionState(new Set(), [1, 2])).toBe('none');
    expect(pageSelectionState(new Set([2]), [1, 2])).toBe('some');
    expect(pageSelectionState(new Set([1, 2, 3]), [1, 2])).toBe('all');
  });

  it('writes the next date in the schedule’s time zone', () => {
    // 06:00 UTC in winter is 07:00 in Vienna.
    expect(formatNextDate('2026-01-15T06:00:00.000Z', 'Europe/Vienna', 'en')).toContain('7:00');
    expect(formatNextDate('2026-01-15T06:00:00.000Z', 'America/New_York', 'en')).toContain('1:00');
    expect(formatNextDate(null, 'Europe/Vienna', 'en')).toBe('');
    expect(formatNextDate('2026-01-15T06:00:00.000Z', 'Not/AZone', 'en')).not.toBe('');
  });
});
