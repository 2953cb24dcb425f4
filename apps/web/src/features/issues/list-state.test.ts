import {
  DEFAULT_ISSUE_LIST_QUERY,
  ISSUE_COMPANY_FILTER_KEYS,
  ISSUE_PEOPLE_FILTER_KEYS,
} from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  changeIssueList,
  clearIssueListFilters,
  dateOnly,
  isIssueListFiltered,
  issueListApiQuery,
  issueListSearch,
  issueTypeChange,
  issueTypeChoice,
  multiSelectSummary,
  readIssueListState,
  roleFilterChange,
  roleInUse,
  shownSortBy,
  sortByColumn,
  toggledSort,
  workspaceTreeOrder,
} from './list-state';

const read = (search: string) => readIssueListState(new URLSearchParams(search));

describe('readIssueListState', () => {
  it('gives the defaults for an empty URL', () => {
    expect(read('')).toEqual({ query: DEFAULT_ISSUE_LIST_QUERY, density: 'comfortable' });
  });

  it('reads every parameter with the spec names', () => {
    const { query, density } = read(
      'issue_state=in_review&search=leak&workspaces=3,4&include_sub_ws=1&assignees=0,7&priority_id=5' +
        '&categories=2&date_from=2026-01-01&date_to=2026-01-31&date_type=due_date&sort_by=title' +
        '&sort_direction=asc&page=3&paginate_by=40&density=compact',
    );
    expect(query).toMatchObject({
      issue_state: 'in_review',
      search: 'leak',
      workspaces: [3, 4],
      include_sub_ws: 1,
      assignees: [0, 7],
      priority_id: [5],
      categories: [2],
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      date_type: 'due_date',
      sort_by: 'title',
      sort_direction: 'asc',
      page: 3,
      paginate_by: 40,
    });
    expect(density).toBe('compact');
  });

  it('falls back to the defaults for unsupported values', () => {
    const { query, density } = read(
      'issue_state=nope&paginate_by=33&page=-2&sort_by=color&sort_direction=up&priority_id=9&workspaces=a,b&date_from=soon&density=huge',
    );
    expect(query).toEqual(DEFAULT_ISSUE_LIST_QUERY);
    expect(density).toBe('comfortable');
  });
});

describe('issueListSearch', () => {
  it('is empty for the defaults (a clean address)', () => {
    expect(issueListSearch({ query: DEFAULT_ISSUE_LIST_QUERY, density: 'comfortable' })).toBe('');
  });

  it('keeps what differs, density included, and reads back to the same state', () => {
    const state = read(
      'issue_state=archived&workspaces=5,6&assignees=0&sort_by=deadline&page=2&density=compact',
    );
    const search = issueListSearch(state);
    expect(new URLSearchParams(search).get('workspaces')).toBe('5,6');
    expect(new URLSearchParams(search).get('density')).toBe('compact');
    expect(read(search)).toEqual(state);
  });

  it('keeps the table density through the address', () => {
    const state = read('density=table&sort_by=created');
    expect(state.density).toBe('table');
    expect(new URLSearchParams(issueListSearch(state)).get('density')).toBe('table');
  });
});

describe('issueListApiQuery', () => {
  it('sends page and size always, arrays comma-joined, never density or empty values', () => {
    const state = read('workspaces=1,2&search=&density=compact&priority_id=4,5');
    expect(issueListApiQuery(state.query)).toEqual({
      workspaces: '1,2',
      priority_id: '4,5',
      page: '1',
      paginate_by: '20',
    });
  });
});

describe('changeIssueList', () => {
  const onPage4 = read('page=4&workspaces=1&density=compact');

  it('resets the page to 1 when a filter changes', () => {
    const next = changeIssueList(onPage4, { assignees: [2] });
    expect(next.query.page).toBe(1);
    expect(next.query.assignees).toEqual([2]);
    expect(next.query.workspaces).toEqual([1]);
    expect(next.density).toBe('compact');
  });

  it('resets the page when the tab or sorting changes', () => {
    expect(changeIssueList(onPage4, { issue_state: 'completed' }).query.page).toBe(1);
    expect(changeIssueList(onPage4, { sort_by: 'title' }).query.page).toBe(1);
  });

  it('keeps the filters when turning a page', () => {
    const next = changeIssueList(onPage4, { page: 5 });
    expect(next.query.page).toBe(5);
    expect(next.query.workspaces).toEqual([1]);
  });
});

describe('filters', () => {
  it('tabs, sorting and density are not filters', () => {
    expect(isIssueListFiltered(read('issue_state=archived&sort_by=title&density=compact').query)).toBe(false);
  });

  it.each([
    'search=x',
    'ids=5,6',
    'workspaces=1',
    'assignees=0',
    'priority_id=2',
    'categories=3',
    'date_to=2026-02-01',
    'users=4',
    'watchers=4',
    'worked_on_by=4',
    'collaborators=9',
    'reporter_companies=9',
    'externals=5',
    'job_positions=2',
    'schedule_id=3',
    'asset_ids=3',
    'asset_groups=3',
    'asset_systems=3',
    'rating=5',
    'filter_ws=1',
    'issue_type=task',
  ])('%s is a filter', (search) => {
    expect(isIssueListFiltered(read(search).query)).toBe(true);
  });

  it('clearing keeps the tab, sorting and page size and goes to page 1', () => {
    const { query } = read(
      'issue_state=to_do&search=x&workspaces=1&include_sub_ws=1&assignees=2&sort_by=title&sort_direction=asc&paginate_by=60&page=3',
    );
    const cleared = clearIssueListFilters(query);
    expect(isIssueListFiltered(cleared)).toBe(false);
    expect(cleared).toMatchObject({
      issue_state: 'to_do',
      sort_by: 'title',
      sort_direction: 'asc',
      paginate_by: 60,
      page: 1,
      include_sub_ws: 0,
    });
  });
});

describe('sorting', () => {
  it('shows the default field when none is given', () => {
    expect(shownSortBy(DEFAULT_ISSUE_LIST_QUERY)).toBe('updated');
  });

  it('toggles the direction and keeps the field', () => {
    expect(toggledSort(DEFAULT_ISSUE_LIST_QUERY)).toEqual({ sort_by: 'updated', sort_direction: 'asc' });
    expect(toggledSort(read('sort_by=title&sort_direction=asc').query)).toEqual({
      sort_by: 'title',
      sort_direction: 'desc',
    });
  });

  it('sorts by a clicked column from A to Z, and turns a second click around', () => {
    expect(sortByColumn(DEFAULT_ISSUE_LIST_QUERY, 'title')).toEqual({
      sort_by: 'title',
      sort_direction: 'asc',
    });
    expect(sortByColumn(read('sort_by=title&sort_direction=asc').query, 'title')).toEqual({
      sort_by: 'title',
      sort_direction: 'desc',
    });
    // The default sort (updated, newest first) is the shown one without a sort_by in the address.
    expect(sortByColumn(DEFAULT_ISSUE_LIST_QUERY, 'updated')).toEqual({
      sort_by: 'updated',
      sort_direction: 'asc',
    });
  });
});

describe('multiSelectSummary', () => {
  const labels: Record<string, string> = {
    '1': 'Vienna HQ',
    '2': 'Building A — the long east wing',
    '3': 'Graz Warehouse',
  };
  const labelOf = (v: string) => labels[v];

  it('is null when nothing (known) is chosen', () => {
    expect(multiSelectSummary([], labelOf)).toBeNull();
    expect(multiSelectSummary(['99'], labelOf)).toBeNull();
  });

  it('shows a short first label whole and counts the rest', () => {
    expect(multiSelectSummary(['1', '3'], labelOf)).toEqual({ first: 'Vienna HQ', more: 1 });
  });

  it('cuts the first label to 20 characters', () => {
    const summary = multiSelectSummary(['2', '1', '3'], labelOf);
    expect(summary).toEqual({ first: 'Building A — the lon…', more: 2 });
    expect([...(summary?.first ?? '')].length).toBe(21);
  });
});

describe('dateOnly', () => {
  it('keeps the date part only', () => {
    expect(dateOnly('2026-03-04')).toBe('2026-03-04');
    expect(dateOnly('2026-03-04 10:00:00')).toBe('2026-03-04');
    expect(dateOnly('')).toBeNull();
    expect(dateOnly(null)).toBeNull();
    expect(dateOnly('tomorrow')).toBeNull();
  });
});

describe('workspaceTreeOrder', () => {
  it('puts children under their parents with depth; orphans start their own tree', () => {
    const order = workspaceTreeOrder([
      { id: 3, name: 'Room 1', parent_id: 2 },
      { id: 1, name: 'Vienna', parent_id: null },
      { id: 2, name: 'Building A', parent_id: 1 },
      { id: 9, name: 'Graz', parent_id: 42 },
    ]);
    expect(order.map((w) => [w.id, w.depth])).toEqual([
      [9, 0],
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
  });
});

describe('role filters (people and companies)', () => {
  it('shows the role whose parameter is in use', () => {
    expect(roleInUse(read('').query, ISSUE_PEOPLE_FILTER_KEYS)).toBeNull();
    expect(roleInUse(read('watchers=3').query, ISSUE_PEOPLE_FILTER_KEYS)).toBe('watcher');
    expect(roleInUse(read('assignees=0').query, ISSUE_PEOPLE_FILTER_KEYS)).toBe('assignee');
    expect(roleInUse(read('users=1').query, ISSUE_PEOPLE_FILTER_KEYS)).toBe('any');
    expect(roleInUse(read('worked_on_by_companies=8').query, ISSUE_COMPANY_FILTER_KEYS)).toBe('worked_on_by');
    expect(roleInUse(read('collaborators=8').query, ISSUE_COMPANY_FILTER_KEYS)).toBe('any');
  });

  it('writes the ids to the role parameter and clears the others; 0 only for assignees', () => {
    expect(roleFilterChange(ISSUE_PEOPLE_FILTER_KEYS, 'reporter', [0, 4, 5])).toEqual({
      users: [],
      assignees: [],
      reporters: [4, 5],
      watchers: [],
      worked_on_by: [],
    });
    expect(roleFilterChange(ISSUE_PEOPLE_FILTER_KEYS, 'assignee', [0, 4]).assignees).toEqual([0, 4]);
    expect(roleFilterChange(ISSUE_COMPANY_FILTER_KEYS, 'any', [9])).toEqual({
      collaborators: [9],
      assignee_companies: [],
      reporter_companies: [],
      watcher_companies: [],
      worked_on_by_companies: [],
    });
    // Through the URL: page back to 1, only the chosen parameter written.
    const state = read('watchers=3&page=4');
    const next = changeIssueList(state, roleFilterChange(ISSUE_PEOPLE_FILTER_KEYS, 'worked_on_by', [3, 6]));
    expect(issueListSearch(next)).toBe('worked_on_by=3%2C6');
  });

  it('maps the type choice to issue_type and include_subtasks', () => {
    expect(issueTypeChoice(read('').query)).toBe('issue');
    expect(issueTypeChoice(read('issue_type=task').query)).toBe('task');
    expect(issueTypeChoice(read('include_subtasks=1').query)).toBe('both');
    expect(issueTypeChoice(read('issue_type=issue&include_subtasks=1').query)).toBe('issue');
    expect(issueTypeChange('both')).toEqual({ issue_type: null, include_subtasks: 1 });
    expect(issueTypeChange('task')).toEqual({ issue_type: 'task', include_subtasks: 0 });
    expect(issueTypeChange('issue')).toEqual({ issue_type: null, include_subtasks: 0 });
  });
});
