import {
  DEFAULT_ISSUE_LIST_QUERY,
  DEFAULT_ISSUE_SORT_BY,
  ISSUE_COMPANY_FILTER_KEYS,
  ISSUE_PEOPLE_FILTER_KEYS,
  type IssueListQuery,
  type IssueSortBy,
  issueListQueryToParams,
  readIssueListQuery,
  withIssueListFilter,
} from '@workbench/domain';

/**
 * The issue list's URL state (000 §2 "List screens and URL state"): the spec's parameter names,
 * read with the server's own rule (readIssueListQuery: unsupported values fall back to the
 * defaults), plus the web-only 'density'.
 */
export const ISSUE_LIST_DENSITIES = ['comfortable', 'compact', 'table'] as const;
export type IssueListDensity = (typeof ISSUE_LIST_DENSITIES)[number];

export type IssueListState = { query: IssueListQuery; density: IssueListDensity };

/** Longest first label a multi-select shows before '+N' (the rest is cut). */
export const MULTI_SELECT_LABEL_MAX = 20;

/** A density by name; anything else is the default, comfortable. */
export function readDensity(value: string | null): IssueListDensity {
  return ISSUE_LIST_DENSITIES.find((d) => d === value) ?? 'comfortable';
}

/** The list state a URL describes. */
export function readIssueListState(params: URLSearchParams): IssueListState {
  return { query: readIssueListQuery(params), density: readDensity(params.get('density')) };
}

/** The URL query string of a state: only what differs from the defaults. */
export function issueListSearch(state: IssueListState): string {
  const params = new URLSearchParams(issueListQueryToParams(state.query));
  if (state.density !== 'comfortable') params.set('density', state.density);
  return params.toString();
}

/**
 * The GET issue/ query (000 §7: arrays comma-joined, empty values skipped, density never sent).
 * Page and page size always go along.
 */
export function issueListApiQuery(query: IssueListQuery): Record<string, string> {
  return {
    ...issueListQueryToParams(query),
    page: String(query.page),
    paginate_by: String(query.paginate_by),
  };
}

/** A changed state: any filter change goes back to page 1; turning a page keeps the filters. */
export function changeIssueList(state: IssueListState, patch: Partial<IssueListQuery>): IssueListState {
  return { ...state, query: withIssueListFilter(state.query, patch) };
}

/** The id-list parameters that narrow the list. */
const ID_FILTER_KEYS = [
  'ids',
  'workspaces',
  'priority_id',
  'categories',
  ...ISSUE_PEOPLE_FILTER_KEYS,
  ...ISSUE_COMPANY_FILTER_KEYS,
  'externals',
  'job_positions',
  'schedule_id',
  'asset_ids',
  'asset_groups',
  'asset_systems',
  'rating',
] as const satisfies ReadonlyArray<keyof IssueListQuery>;

/** Whether the list is narrowed by a filter (the 'no results found' empty state); tabs and sorting are not filters. */
export function isIssueListFiltered(query: IssueListQuery): boolean {
  return (
    query.search !== '' ||
    ID_FILTER_KEYS.some((key) => query[key].length > 0) ||
    query.filter_ws === 1 ||
    query.issue_type !== null ||
    query.due_state !== null ||
    query.date_from !== null ||
    query.date_to !== null
  );
}

/**
 * The filter bar's people and company filters pick one role at a time (000 §3 "Issue filter
 * keys": any role, assignee, reporter, watcher, worked on); each role is its own list parameter.
 */
export const ISSUE_FILTER_ROLES = ['any', 'assignee', 'reporter', 'watcher', 'worked_on_by'] as const;
export type IssueFilterRole = (typeof ISSUE_FILTER_ROLES)[number];
export type RoleFilterKeys = typeof ISSUE_PEOPLE_FILTER_KEYS | typeof ISSUE_COMPANY_FILTER_KEYS;

/** The role whose parameter is in use (the first one, in role order), or null when none is. */
export function roleInUse(query: IssueListQuery, keys: RoleFilterKeys): IssueFilterRole | null {
  const index = keys.findIndex((key) => query[key].length > 0);
  return index < 0 ? null : (ISSUE_FILTER_ROLES[index] ?? null);
}

/** The change that shows `ids` for `role`: that role's parameter set, the family's others cleared. */
export function roleFilterChange(
  keys: RoleFilterKeys,
  role: IssueFilterRole,
  ids: number[],
): Partial<IssueListQuery> {
  const index = ISSUE_FILTER_ROLES.indexOf(role);
  // 0 (unassigned) only means something for the assignee.
  return Object.fromEntries(
    keys.map((key, i) => [key, i === index ? ids.filter((id) => id > 0 || key === 'assignees') : []]),
  );
}

/** The issue type choice: top-level issues (the default), sub-issues, or both. */
export type IssueTypeChoice = 'issue' | 'task' | 'both';

export function issueTypeChoice(query: IssueListQuery): IssueTypeChoice {
  if (query.issue_type === 'task') return 'task';
  if (query.issue_type === null && query.include_subtasks === 1) return 'both';
  return 'issue';
}

export function issueTypeChange(choice: IssueTypeChoice): Partial<IssueListQuery> {
  if (choice === 'task') return { issue_type: 'task', include_subtasks: 0 };
  if (choice === 'both') return { issue_type: null, include_subtasks: 1 };
  return { issue_type: null, include_subtasks: 0 };
}

/** 'Clear filters': every filter back to its default; the tab, sorting and page size stay. */
export function clearIssueListFilters(query: IssueListQuery): IssueListQuery {
  return {
    ...DEFAULT_ISSUE_LIST_QUERY,
    issue_state: query.issue_state,
    sort_by: query.sort_by,
    sort_direction: query.sort_direction,
    paginate_by: query.paginate_by,
  };
}

/** The sort field the select shows (without one the server orders by the default). */
export function shownSortBy(query: IssueListQuery): NonNullable<IssueListQuery['sort_by']> {
  return query.sort_by ?? DEFAULT_ISSUE_SORT_BY;
}

/** The direction toggle: asc ↔ desc, keeping the shown sort field. */
export function toggledSort(query: IssueListQuery): Partial<IssueListQuery> {
  return { sort_by: shownSortBy(query), sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * A click on a column header of the table: the same column turns the direction around, another
 * column sorts by it from A to Z (oldest first for dates).
 */
export function sortByColumn(query: IssueListQuery, column: IssueSortBy): Partial<IssueListQuery> {
  return column === shownSortBy(query) ? toggledSort(query) : { sort_by: column, sort_direction: 'asc' };
}

/**
 * A multi-select's summary: the first chosen label cut to 20 characters (with '…') and how many
 * more are chosen ('+N'). Ids without a known label are skipped.
 */
export function multiSelectSummary(
  selected: readonly string[],
  labelOf: (value: string) => string | undefined,
  max = MULTI_SELECT_LABEL_MAX,
): { first: string; more: number } | null {
  const labels = selected.map(labelOf).filter((l): l is string => typeof l === 'string' && l !== '');
  const [head] = labels;
  if (head === undefined) return null;
  const chars = [...head];
  const first = chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : head;
  return { first, more: labels.length - 1 };
}

/** 'YYYY-MM-DD' (a date picker's value) or null; anything else counts as none. */
export function dateOnly(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m?.[1] ?? null;
}

/** Workspaces in tree order (parents before their children, by name) with their depth. */
export function workspaceTreeOrder<T extends { id: number; name: string; parent_id: number | null }>(
  items: readonly T[],
): Array<T & { depth: number }> {
  const ids = new Set(items.map((w) => w.id));
  const children = new Map<number | null, T[]>();
  for (const w of items) {
    // A workspace whose parent is not visible starts a tree of its own.
    const parent = w.parent_id !== null && ids.has(w.parent_id) ? w.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), w]);
  }
  const out: Array<T & { depth: number }> = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const w of list) {
      if (seen.has(w.id)) continue;
      seen.add(w.id);
      out.push({ ...w, depth });
      walk(w.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
