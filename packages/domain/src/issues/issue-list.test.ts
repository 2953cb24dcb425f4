import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ISSUE_LIST_QUERY,
  effectiveIssueSort,
  ISSUE_LIST_PARAMS,
  ISSUE_STATE_TABS,
  isInStateTab,
  issueListDateBound,
  issueListQueryToParams,
  readIssueListQuery,
  stateCountsFrom,
  withIssueListFilter,
  ZIssueListPageResponseSchema,
  ZIssueListQuerySchema,
} from './issue-list.js';

describe('readIssueListQuery', () => {
  it('gives the defaults for nothing', () => {
    expect(readIssueListQuery({})).toEqual(DEFAULT_ISSUE_LIST_QUERY);
    expect(readIssueListQuery(undefined)).toEqual(DEFAULT_ISSUE_LIST_QUERY);
    expect(readIssueListQuery(new URLSearchParams())).toEqual(DEFAULT_ISSUE_LIST_QUERY);
    expect(DEFAULT_ISSUE_LIST_QUERY).toMatchObject({
      page: 1,
      paginate_by: 20,
      issue_state: 'all_active',
      date_type: 'created',
      sort_by: null,
      sort_direction: 'desc',
    });
  });

  it('reads every supported value', () => {
    const q = readIssueListQuery(
      new URLSearchParams(
        'page=3&paginate_by=160&issue_state=in_review&search=%20leak%20&workspaces=4,5&include_sub_ws=1&assignees=0,7&reporters=8&priority_id=2,5&categories=9&issue_type=task&include_subtasks=1&date_from=2026-01-01&date_to=1767225600&date_type=due_date&sort_by=deadline&sort_direction=asc&ids=12,13',
      ),
    );
    expect(q).toEqual({
      ...DEFAULT_ISSUE_LIST_QUERY,
      page: 3,
      paginate_by: 160,
      issue_state: 'in_review',
      search: 'leak',
      workspaces: [4, 5],
      include_sub_ws: 1,
      assignees: [0, 7],
      reporters: [8],
      priority_id: [2, 5],
      categories: [9],
      issue_type: 'task',
      include_subtasks: 1,
      date_from: '2026-01-01',
      date_to: '1767225600',
      date_type: 'due_date',
      sort_by: 'deadline',
      sort_direction: 'asc',
      ids: [12, 13],
    });
  });

  it('falls back to the defaults for unsupported values, never failing', () => {
    const q = readIssueListQuery({
      page: '-1',
      paginate_by: '25',
      issue_state: 'open',
      workspaces: 'a,,0,3,3',
      include_sub_ws: '2',
      assignees: 'x,0',
      reporters: '0',
      priority_id: '0,1,3,6',
      categories: '1.5',
      issue_type: 'bug',
      date_from: 'yesterday',
      date_to: '2026-02-30',
      date_type: 'whenever',
      sort_by: 'size',
      sort_direction: 'up',
      search: { nested: true },
    });
    expect(q).toEqual({
      ...DEFAULT_ISSUE_LIST_QUERY,
      workspaces: [3],
      assignees: [0],
      priority_id: [3],
    });
  });

  it('reads arrays (repeated parameters) like comma lists and numbers like strings', () => {
    expect(readIssueListQuery({ workspaces: ['1', '2,3'], page: 2, paginate_by: 40 })).toMatchObject({
      workspaces: [1, 2, 3],
      page: 2,
      paginate_by: 40,
    });
    expect(readIssueListQuery(new URLSearchParams('priority_id=2&priority_id=4')).priority_id).toEqual([
      2, 4,
    ]);
  });

  it('reads the people, company, position, schedule, asset, rating and favourite-workspace filters', () => {
    const q = readIssueListQuery(
      new URLSearchParams(
        'users=1,2&watchers=3&worked_on_by=4&assignee_companies=5&reporter_companies=6&watcher_companies=7&worked_on_by_companies=8&collaborators=9,10&externals=11&job_positions=12&schedule_id=13&asset_ids=14,15&rating=0,1,5,6&filter_ws=1&workspace_id=16&workspaces=17&category_id=18',
      ),
    );
    expect(q).toEqual({
      ...DEFAULT_ISSUE_LIST_QUERY,
      users: [1, 2],
      watchers: [3],
      worked_on_by: [4],
      assignee_companies: [5],
      reporter_companies: [6],
      watcher_companies: [7],
      worked_on_by_companies: [8],
      collaborators: [9, 10],
      externals: [11],
      job_positions: [12],
      schedule_id: [13],
      asset_ids: [14, 15],
      rating: [1, 5],
      filter_ws: 1,
      workspaces: [17, 16],
      categories: [18],
    });
    // Written back under the list names (workspace_id and category_id join the lists).
    expect(issueListQueryToParams(q)).toEqual({
      users: '1,2',
      watchers: '3',
      worked_on_by: '4',
      assignee_companies: '5',
      reporter_companies: '6',
      watcher_companies: '7',
      worked_on_by_companies: '8',
      collaborators: '9,10',
      externals: '11',
      job_positions: '12',
      schedule_id: '13',
      asset_ids: '14,15',
      rating: '1,5',
      filter_ws: '1',
      workspaces: '17,16',
      categories: '18',
    });
    expect(readIssueListQuery({ rating: '9', filter_ws: 'yes', users: ',,', externals: 'a' })).toEqual(
      DEFAULT_ISSUE_LIST_QUERY,
    );
  });

  it('cuts a long search', () => {
    expect(readIssueListQuery({ search: 'x'.repeat(400) }).search).toHaveLength(255);
  });
});

describe('state tabs', () => {
  it('maps each tab to its statuses; archived only in archived and all; status 0 never', () => {
    const tab = (id: string) => ISSUE_STATE_TABS.find((t) => t.id === id);
    expect(tab('to_do')?.statuses).toEqual([1, 2, 3]);
    expect(tab('declined')?.statuses).toEqual([4]);
    expect(tab('completed')).toMatchObject({ statuses: [8], archived: false });
    expect(isInStateTab('all_active', 6, false)).toBe(true);
    expect(isInStateTab('all_active', 6, true)).toBe(false);
    expect(isInStateTab('all_active', 0, false)).toBe(false);
    expect(isInStateTab('archived', 3, true)).toBe(true);
    expect(isInStateTab('archived', 3, false)).toBe(false);
    expect(isInStateTab('all', 8, true)).toBe(true);
    expect(isInStateTab('all', 0, false)).toBe(false);
    expect(isInStateTab('completed', 8, true)).toBe(false);
  });

  it('counts every tab from grouped counts', () => {
    expect(
      stateCountsFrom([
        { status_id: 2, archived: false, count: 3 },
        { status_id: 3, archived: false, count: 1 },
        { status_id: 8, archived: false, count: 2 },
        { status_id: 8, archived: true, count: 5 },
        { status_id: 0, archived: false, count: 9 },
      ]),
    ).toEqual({
      all_active: 6,
      to_do: 4,
      declined: 0,
      accepted: 0,
      in_progress: 0,
      in_review: 0,
      completed: 2,
      archived: 5,
      all: 11,
    });
  });
});

describe('dates', () => {
  it('reads seconds, ISO dates (whole UTC days) and date-times', () => {
    expect(issueListDateBound('1767225600', 'from')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(issueListDateBound('2026-01-01', 'from')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(issueListDateBound('2026-01-01', 'to')?.toISOString()).toBe('2026-01-01T23:59:59.999Z');
    expect(issueListDateBound('2026-01-01T12:30:00+02:00', 'to')?.toISOString()).toBe(
      '2026-01-01T10:30:00.000Z',
    );
    expect(issueListDateBound('2026-13-01', 'from')).toBeNull();
    expect(issueListDateBound('soon', 'from')).toBeNull();
    expect(issueListDateBound(null, 'from')).toBeNull();
  });
});

describe('URL state', () => {
  it('writes only what differs from the defaults, and reads back the same query', () => {
    expect(issueListQueryToParams(DEFAULT_ISSUE_LIST_QUERY)).toEqual({});
    const q = readIssueListQuery(
      'page=2&issue_state=archived&assignees=0,4&date_from=2026-01-01&date_type=updated&sort_by=title&sort_direction=asc'
        .split('&')
        .reduce<Record<string, string>>((acc, kv) => {
          const [k, v] = kv.split('=');
          acc[k as string] = v as string;
          return acc;
        }, {}),
    );
    const params = issueListQueryToParams(q);
    expect(params).toEqual({
      page: '2',
      issue_state: 'archived',
      assignees: '0,4',
      date_from: '2026-01-01',
      date_type: 'updated',
      sort_by: 'title',
      sort_direction: 'asc',
    });
    expect(readIssueListQuery(new URLSearchParams(params))).toEqual(q);
  });

  it('reads the ids of a "view all" link and writes them back comma-joined', () => {
    const q = readIssueListQuery(new URLSearchParams('ids=7,3,x,,0,7,-2,3.5,9'));
    expect(q.ids).toEqual([7, 3, 9]);
    expect(issueListQueryToParams(q)).toEqual({ ids: '7,3,9' });
    expect(readIssueListQuery({ ids: ['4', '5,6'] }).ids).toEqual([4, 5, 6]);
    expect(readIssueListQuery({ ids: 'none' }).ids).toEqual([]);
    expect(readIssueListQuery({}).ids).toEqual([]);
  });

  it('goes back to page 1 when a filter changes', () => {
    const q = { ...DEFAULT_ISSUE_LIST_QUERY, page: 4 };
    expect(withIssueListFilter(q, { priority_id: [5] })).toMatchObject({ page: 1, priority_id: [5] });
    expect(withIssueListFilter(q, { page: 5 }).page).toBe(5);
  });

  it('sorts by rank when searching without sort_by, else updated', () => {
    expect(effectiveIssueSort({ sort_by: null, search: '', sort_direction: 'desc' })).toEqual({
      by: 'updated',
      direction: 'desc',
    });
    expect(effectiveIssueSort({ sort_by: null, search: 'pipe', sort_direction: 'asc' }).by).toBe('rank');
    expect(effectiveIssueSort({ sort_by: 'title', search: 'pipe', sort_direction: 'asc' })).toEqual({
      by: 'title',
      direction: 'asc',
    });
  });
});

describe('schemas', () => {
  it('never rejects a querystring', () => {
    expect(ZIssueListQuerySchema.parse({ page: 5, issue_state: ['a', 'b'], other: 'x' })).toEqual({
      issue_state: ['a', 'b'],
    });
  });

  it('requires state_counts on the list answer', () => {
    const envelope = {
      current_page: 1,
      data: [],
      first_page_url: '/x?page=1',
      from: null,
      last_page: 1,
      last_page_url: '/x?page=1',
      next_page_url: null,
      path: '/x',
      per_page: 20,
      prev_page_url: null,
      to: null,
      total: 0,
    };
    expect(ZIssueListPageResponseSchema.safeParse(envelope).success).toBe(false);
  });
});

describe('the list parameter table', () => {
  it('gives every parameter a default, a URL round trip and an OpenAPI entry', () => {
    const names = Object.keys(ISSUE_LIST_PARAMS);
    expect(Object.keys(DEFAULT_ISSUE_LIST_QUERY)).toEqual(names);
    const documented = Object.keys(ZIssueListQuerySchema.shape);
    expect(documented).toEqual(expect.arrayContaining([...names, 'workspace_id', 'category_id']));
    // A query with a value in every id-list filter comes back the same through its URL.
    const listNames = names.filter((n) =>
      Array.isArray(DEFAULT_ISSUE_LIST_QUERY[n as keyof typeof DEFAULT_ISSUE_LIST_QUERY]),
    );
    const search = new URLSearchParams(Object.fromEntries(listNames.map((n) => [n, '3,4'])));
    const query = readIssueListQuery(search);
    for (const name of listNames) expect(query[name as 'users'].length, name).toBeGreaterThan(0);
    expect(readIssueListQuery(new URLSearchParams(issueListQueryToParams(query)))).toEqual(query);
  });
});
