import {
  DEFAULT_SCHEDULE_LIST_QUERY,
  readScheduleListQuery,
  SCHEDULE_DENSITIES,
  type ScheduleDensity,
  type ScheduleListQuery,
  scheduleListQueryToParams,
  withScheduleListFilter,
} from '@workbench/domain';
import { pageSelectionState } from '../../ui/bulk/selection';

/**
 * The schedule list's URL state (001 §2 "Scheduling", §5 "List parameters"): the list parameters
 * read with the server's own rule (readScheduleListQuery: unsupported values fall back to the
 * defaults) plus the web-only 'density'.
 */
export type ScheduleListState = { query: ScheduleListQuery; density: ScheduleDensity };

export { SCHEDULE_LIST_PATH, schedulePaths } from './schedule-paths';

export function readScheduleDensity(value: string | null): ScheduleDensity {
  return SCHEDULE_DENSITIES.find((d) => d === value) ?? 'comfortable';
}

export function readScheduleListState(params: URLSearchParams): ScheduleListState {
  return { query: readScheduleListQuery(params), density: readScheduleDensity(params.get('density')) };
}

/** The URL query string of a state: only what differs from the defaults. */
export function scheduleListSearch(state: ScheduleListState): string {
  const params = new URLSearchParams(scheduleListQueryToParams(state.query));
  if (state.density !== 'comfortable') params.set('density', state.density);
  return params.toString();
}

/** The GET schedule query: what differs from the defaults, page and page size always. */
export function scheduleListApiQuery(query: ScheduleListQuery): Record<string, string> {
  return {
    ...scheduleListQueryToParams(query),
    page: String(query.page),
    paginate_by: String(query.paginate_by),
  };
}

/** A changed state: any filter change goes back to page 1 (001 §5); turning a page keeps the filters. */
export function changeScheduleList(
  state: ScheduleListState,
  patch: Partial<ScheduleListQuery>,
): ScheduleListState {
  return { ...state, query: withScheduleListFilter(state.query, patch) };
}

/** The id-list parameters that narrow the list. */
const ID_FILTER_KEYS = [
  'status',
  'priority_id',
  'assignees',
  'assignees_companies',
  'assignees_externals',
  'watchers',
  'watchers_companies',
  'watchers_externals',
  'replacements',
  'categories',
  'workspaces',
  'assets',
  'asset_system_ids',
  'asset_group_ids',
  'equipment',
  'job_positions',
] as const satisfies ReadonlyArray<keyof ScheduleListQuery>;

/** Whether a filter narrows the list (the 'no results' empty state); sorting and paging are not filters. */
export function isScheduleListFiltered(query: ScheduleListQuery): boolean {
  return query.search !== '' || ID_FILTER_KEYS.some((key) => query[key].length > 0);
}

/** 'Clear filters': every filter back to its default; sorting and page size stay. */
export function clearScheduleListFilters(state: ScheduleListState): ScheduleListState {
  const { query } = state;
  return {
    ...state,
    query: {
      ...DEFAULT_SCHEDULE_LIST_QUERY,
      sort_by: query.sort_by,
      sort_direction: query.sort_direction,
      paginate_by: query.paginate_by,
    },
  };
}

/**
 * The people and partner filters pick one role at a time (001 §2: assignees, watchers,
 * replacements); each role is its own list parameter, so the bar shows one select per family and
 * a role select beside it.
 */
export const SCHEDULE_ROLE_FILTERS = {
  users: { assignee: 'assignees', watcher: 'watchers', replacement: 'replacements' },
  companies: { assignee: 'assignees_companies', watcher: 'watchers_companies' },
  externals: { assignee: 'assignees_externals', watcher: 'watchers_externals' },
} as const;
export type ScheduleRoleFamily = keyof typeof SCHEDULE_ROLE_FILTERS;
export type ScheduleFilterRole = 'assignee' | 'watcher' | 'replacement';
type RoleKey =
  (typeof SCHEDULE_ROLE_FILTERS)[ScheduleRoleFamily][keyof (typeof SCHEDULE_ROLE_FILTERS)[ScheduleRoleFamily]];

function familyEntries(family: ScheduleRoleFamily): Array<[ScheduleFilterRole, RoleKey]> {
  return Object.entries(SCHEDULE_ROLE_FILTERS[family]) as Array<[ScheduleFilterRole, RoleKey]>;
}

/** The roles a family offers, in order. */
export function rolesOf(family: ScheduleRoleFamily): ScheduleFilterRole[] {
  return familyEntries(family).map(([role]) => role);
}

/** The role whose parameter is in use (the first one, in role order), or null when none is. */
export function scheduleRoleInUse(
  query: ScheduleListQuery,
  family: ScheduleRoleFamily,
): ScheduleFilterRole | null {
  return familyEntries(family).find(([, key]) => query[key].length > 0)?.[0] ?? null;
}

/** The ids chosen for a role. */
export function scheduleRoleIds(
  query: ScheduleListQuery,
  family: ScheduleRoleFamily,
  role: ScheduleFilterRole,
): number[] {
  const key = familyEntries(family).find(([r]) => r === role)?.[1];
  return key ? query[key] : [];
}

/** The change that shows `ids` for `role`: that role's parameter set, the family's others cleared. */
export function scheduleRoleChange(
  family: ScheduleRoleFamily,
  role: ScheduleFilterRole,
  ids: number[],
): Partial<ScheduleListQuery> {
  return Object.fromEntries(familyEntries(family).map(([r, key]) => [key, r === role ? ids : []]));
}

/** The select-all box's state (ui/bulk/selection.ts), as this feature's lists use it. */
export { pageSelectionState };

/**
 * The next occurrence as the organisation reads it: date and time in the schedule's time zone
 * (the rule is local there), or '' without one.
 */
export function formatNextDate(iso: string | null, timeZone: string, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone (never stored, but not worth a crash): the browser's own.
    return new Intl.DateTimeFormat(language, options).format(date);
  }
}
