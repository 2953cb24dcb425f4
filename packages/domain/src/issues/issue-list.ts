import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import type { IssueStatusId } from './statuses.js';

/**
 * The issue list (000 §3 "Issue list query fields", §5 "List parameter values"): parameter
 * parsing with defaults and fallbacks, the state tabs, and the response shapes. Used by the
 * server (GET issue/) and by the web (the list's URL state). Unsupported values never fail: they
 * fall back to the default.
 */

// ---------------------------------------------------------------------------------------------
// State tabs
// ---------------------------------------------------------------------------------------------

export const ISSUE_STATE_TAB_IDS = [
  'all_active',
  'to_do',
  'declined',
  'accepted',
  'in_progress',
  'in_review',
  'completed',
  'archived',
  'all',
] as const;
export type IssueStateTab = (typeof ISSUE_STATE_TAB_IDS)[number];
export const DEFAULT_ISSUE_STATE_TAB: IssueStateTab = 'all_active';

const LISTED_STATUSES: readonly IssueStatusId[] = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Each tab: the statuses it shows and whether it shows archived issues (true: only archived,
 * false: only not archived, null: both). Status 0 (a scheduled preview) is never listed.
 */
export const ISSUE_STATE_TABS: ReadonlyArray<{
  id: IssueStateTab;
  statuses: readonly IssueStatusId[];
  archived: boolean | null;
}> = [
  { id: 'all_active', statuses: LISTED_STATUSES, archived: false },
  { id: 'to_do', statuses: [1, 2, 3], archived: false },
  { id: 'declined', statuses: [4], archived: false },
  { id: 'accepted', statuses: [5], archived: false },
  { id: 'in_progress', statuses: [6], archived: false },
  { id: 'in_review', statuses: [7], archived: false },
  { id: 'completed', statuses: [8], archived: false },
  { id: 'archived', statuses: LISTED_STATUSES, archived: true },
  { id: 'all', statuses: LISTED_STATUSES, archived: null },
];

export function issueStateTab(id: IssueStateTab): (typeof ISSUE_STATE_TABS)[number] {
  return (
    ISSUE_STATE_TABS.find((t) => t.id === id) ?? (ISSUE_STATE_TABS[0] as (typeof ISSUE_STATE_TABS)[number])
  );
}

/** Whether an issue with this status and archive flag is counted under a tab. */
export function isInStateTab(tab: IssueStateTab, statusId: number, archived: boolean): boolean {
  const def = issueStateTab(tab);
  if (!def.statuses.includes(statusId as IssueStatusId)) return false;
  return def.archived === null || def.archived === archived;
}

// ---------------------------------------------------------------------------------------------
// Parameter values
// ---------------------------------------------------------------------------------------------

export const ISSUE_SORT_BY = [
  'created',
  'updated',
  'start_date',
  'due_date',
  'title',
  'workspace',
  'category',
  'assignee',
  'status',
  'deadline',
  'upcoming',
] as const;
export type IssueSortBy = (typeof ISSUE_SORT_BY)[number];
export const DEFAULT_ISSUE_SORT_BY: IssueSortBy = 'updated';

export const ISSUE_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type IssueSortDirection = (typeof ISSUE_SORT_DIRECTIONS)[number];
export const DEFAULT_ISSUE_SORT_DIRECTION: IssueSortDirection = 'desc';

export const ISSUE_DATE_TYPES = ['created', 'updated', 'start_date', 'due_date'] as const;
export type IssueDateType = (typeof ISSUE_DATE_TYPES)[number];
export const DEFAULT_ISSUE_DATE_TYPE: IssueDateType = 'created';

export const ISSUE_TYPES = ['issue', 'task'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** Priorities a list can filter by (000 §5): low..urgent. */
export const ISSUE_LIST_PRIORITIES = [2, 3, 4, 5] as const;

/** Longest search text kept; longer input is cut. */
export const ISSUE_SEARCH_MAX = 255;
/** Search terms shorter than this use the process number / title ILIKE fallback only. */
export const ISSUE_SEARCH_FULLTEXT_MIN = 3;
/** Most ids kept from one list parameter. */
export const ISSUE_LIST_IDS_MAX = 200;

const ID_MAX = 2_147_483_647;

/** The normalized list query: every field has a valid value. */
export type IssueListQuery = {
  page: number;
  paginate_by: number;
  issue_state: IssueStateTab;
  search: string;
  workspaces: number[];
  include_sub_ws: 0 | 1;
  /** User ids; 0 = unassigned. */
  assignees: number[];
  reporters: number[];
  priority_id: number[];
  categories: number[];
  /** null: no type filter. */
  issue_type: IssueType | null;
  include_subtasks: 0 | 1;
  /** As given (ISO date/time or seconds), only when readable; read with issueListDateBound. */
  date_from: string | null;
  date_to: string | null;
  date_type: IssueDateType;
  /** null: not given (search results are ranked, otherwise as DEFAULT_ISSUE_SORT_BY). */
  sort_by: IssueSortBy | null;
  sort_direction: IssueSortDirection;
  /** Only these issues ('view all' after a bulk action, 000 §2); empty: no id filter. */
  ids: number[];
  /** People in any role: assignee, reporter, watcher or worked on (work time logged). */
  users: number[];
  watchers: number[];
  /** People who logged work time on the issue. */
  worked_on_by: number[];
  /** Company (organisation) ids: the assignee / reporter / a watcher / a worker belongs to one. */
  assignee_companies: number[];
  reporter_companies: number[];
  watcher_companies: number[];
  worked_on_by_companies: number[];
  /** Partner company ids: someone of that company in any of the four roles. */
  collaborators: number[];
  /** Partner people (the picker's externals) in any role. */
  externals: number[];
  /** Job position ids of the assignee. */
  job_positions: number[];
  schedule_id: number[];
  asset_ids: number[];
  /** 1..5. */
  rating: number[];
  /** 1: only the caller's favourite workspaces (with their sub-workspaces when include_sub_ws). */
  filter_ws: 0 | 1;
};

/** The people and company filters (each an id list), in the order the filter bar offers them. */
export const ISSUE_PEOPLE_FILTER_KEYS = [
  'users',
  'assignees',
  'reporters',
  'watchers',
  'worked_on_by',
] as const;
export const ISSUE_COMPANY_FILTER_KEYS = [
  'collaborators',
  'assignee_companies',
  'reporter_companies',
  'watcher_companies',
  'worked_on_by_companies',
] as const;

/** Ratings a list can filter by (000 §5). */
export const ISSUE_LIST_RATINGS = [1, 2, 3, 4, 5] as const;

export const DEFAULT_ISSUE_LIST_QUERY: IssueListQuery = {
  page: PAGE_DEFAULT,
  paginate_by: PAGE_SIZE_DEFAULT,
  issue_state: DEFAULT_ISSUE_STATE_TAB,
  search: '',
  workspaces: [],
  include_sub_ws: 0,
  assignees: [],
  reporters: [],
  priority_id: [],
  categories: [],
  issue_type: null,
  include_subtasks: 0,
  date_from: null,
  date_to: null,
  date_type: DEFAULT_ISSUE_DATE_TYPE,
  sort_by: null,
  sort_direction: DEFAULT_ISSUE_SORT_DIRECTION,
  ids: [],
  users: [],
  watchers: [],
  worked_on_by: [],
  assignee_companies: [],
  reporter_companies: [],
  watcher_companies: [],
  worked_on_by_companies: [],
  collaborators: [],
  externals: [],
  job_positions: [],
  schedule_id: [],
  asset_ids: [],
  rating: [],
  filter_ws: 0,
};

type RawQuery = URLSearchParams | Record<string, unknown> | null | undefined;

function rawValue(raw: RawQuery, key: string): string {
  if (!raw) return '';
  if (raw instanceof URLSearchParams) return raw.getAll(key).join(',').trim();
  const value = raw[key];
  if (value === undefined || value === null) return '';
  if (Array.isArray(value))
    return value
      .map((v) => String(v))
      .join(',')
      .trim();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value).trim();
  }
  return '';
}

function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function positiveInt(value: string, fallback: number, max = ID_MAX): number {
  if (!/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** Comma-joined ids; empty and unreadable parts are dropped, duplicates removed, order kept. */
function idList(value: string, options: { allowZero?: boolean } = {}): number[] {
  const out: number[] = [];
  for (const part of value.split(',')) {
    const p = part.trim();
    if (!/^\d+$/.test(p)) continue;
    const n = Number(p);
    if (n > ID_MAX || (n === 0 && !options.allowZero)) continue;
    if (!out.includes(n)) out.push(n);
    if (out.length >= ISSUE_LIST_IDS_MAX) break;
  }
  return out;
}

function flag(value: string): 0 | 1 {
  return value === '1' || value === 'true' ? 1 : 0;
}

/**
 * Reads a date parameter: seconds since the epoch, or an ISO date / date-time. A date without a
 * time is the start of that UTC day for `from` and its end for `to`. null when unreadable.
 */
export function issueListDateBound(value: string | null, bound: 'from' | 'to'): Date | null {
  if (value === null || value === '') return null;
  if (/^\d{1,12}$/.test(value)) {
    const d = new Date(Number(value) * 1000);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return null;
    return bound === 'to' ? new Date(d.getTime() + 24 * 60 * 60_000 - 1) : d;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function dateParam(value: string): string | null {
  return issueListDateBound(value, 'from') ? value : null;
}

/** Reads the list parameters (URL search params or a parsed querystring) into a full query. */
export function readIssueListQuery(raw: RawQuery): IssueListQuery {
  const get = (key: string) => rawValue(raw, key);
  const pageSize = Number(get('paginate_by'));
  const sortBy = get('sort_by');
  return {
    page: positiveInt(get('page'), PAGE_DEFAULT, 1_000_000),
    paginate_by: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZE_DEFAULT,
    issue_state: oneOf(get('issue_state'), ISSUE_STATE_TAB_IDS, DEFAULT_ISSUE_STATE_TAB),
    search: get('search').slice(0, ISSUE_SEARCH_MAX).trim(),
    // workspace_id and category_id (single, 000 §3) join the lists.
    workspaces: idList(`${get('workspaces')},${get('workspace_id')}`),
    include_sub_ws: flag(get('include_sub_ws')),
    assignees: idList(get('assignees'), { allowZero: true }),
    reporters: idList(get('reporters')),
    priority_id: idList(get('priority_id')).filter((p) =>
      (ISSUE_LIST_PRIORITIES as readonly number[]).includes(p),
    ),
    categories: idList(`${get('categories')},${get('category_id')}`),
    issue_type: (ISSUE_TYPES as readonly string[]).includes(get('issue_type'))
      ? (get('issue_type') as IssueType)
      : null,
    include_subtasks: flag(get('include_subtasks')),
    date_from: dateParam(get('date_from')),
    date_to: dateParam(get('date_to')),
    date_type: oneOf(get('date_type'), ISSUE_DATE_TYPES, DEFAULT_ISSUE_DATE_TYPE),
    sort_by: (ISSUE_SORT_BY as readonly string[]).includes(sortBy) ? (sortBy as IssueSortBy) : null,
    sort_direction: oneOf(get('sort_direction'), ISSUE_SORT_DIRECTIONS, DEFAULT_ISSUE_SORT_DIRECTION),
    ids: idList(get('ids')),
    users: idList(get('users')),
    watchers: idList(get('watchers')),
    worked_on_by: idList(get('worked_on_by')),
    assignee_companies: idList(get('assignee_companies')),
    reporter_companies: idList(get('reporter_companies')),
    watcher_companies: idList(get('watcher_companies')),
    worked_on_by_companies: idList(get('worked_on_by_companies')),
    collaborators: idList(get('collaborators')),
    externals: idList(get('externals')),
    job_positions: idList(get('job_positions')),
    schedule_id: idList(get('schedule_id')),
    asset_ids: idList(get('asset_ids')),
    rating: idList(get('rating')).filter((r) => (ISSUE_LIST_RATINGS as readonly number[]).includes(r)),
    filter_ws: flag(get('filter_ws')),
  };
}

/** The id-list filters added after the first list (each written as itself, comma-joined). */
const ISSUE_LIST_EXTRA_ID_KEYS = [
  'users',
  'watchers',
  'worked_on_by',
  'assignee_companies',
  'reporter_companies',
  'watcher_companies',
  'worked_on_by_companies',
  'collaborators',
  'externals',
  'job_positions',
  'schedule_id',
  'asset_ids',
  'rating',
] as const satisfies ReadonlyArray<keyof IssueListQuery>;

/**
 * The query as URL parameters, leaving out defaults (for the web's URL and the envelope's page
 * urls). Arrays are comma-joined.
 */
export function issueListQueryToParams(query: IssueListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  const d = DEFAULT_ISSUE_LIST_QUERY;
  if (query.page !== d.page) out.page = String(query.page);
  if (query.paginate_by !== d.paginate_by) out.paginate_by = String(query.paginate_by);
  if (query.issue_state !== d.issue_state) out.issue_state = query.issue_state;
  if (query.search) out.search = query.search;
  if (query.workspaces.length) out.workspaces = query.workspaces.join(',');
  if (query.include_sub_ws) out.include_sub_ws = '1';
  if (query.assignees.length) out.assignees = query.assignees.join(',');
  if (query.reporters.length) out.reporters = query.reporters.join(',');
  if (query.priority_id.length) out.priority_id = query.priority_id.join(',');
  if (query.categories.length) out.categories = query.categories.join(',');
  if (query.issue_type) out.issue_type = query.issue_type;
  if (query.include_subtasks) out.include_subtasks = '1';
  if (query.date_from) out.date_from = query.date_from;
  if (query.date_to) out.date_to = query.date_to;
  if (query.date_type !== d.date_type && (query.date_from || query.date_to)) out.date_type = query.date_type;
  if (query.sort_by) out.sort_by = query.sort_by;
  if (query.sort_direction !== d.sort_direction) out.sort_direction = query.sort_direction;
  if (query.ids.length) out.ids = query.ids.join(',');
  for (const key of ISSUE_LIST_EXTRA_ID_KEYS) {
    if (query[key].length) out[key] = query[key].join(',');
  }
  if (query.filter_ws) out.filter_ws = '1';
  return out;
}

/** Changing any filter goes back to page 1 (000 §2 lists). */
export function withIssueListFilter(query: IssueListQuery, change: Partial<IssueListQuery>): IssueListQuery {
  return { ...query, ...change, page: 'page' in change && change.page !== undefined ? change.page : 1 };
}

/** The order actually used: a given sort_by; without one, search rank (when searching) or updated. */
export function effectiveIssueSort(query: Pick<IssueListQuery, 'sort_by' | 'search' | 'sort_direction'>): {
  by: IssueSortBy | 'rank';
  direction: IssueSortDirection;
} {
  if (query.sort_by) return { by: query.sort_by, direction: query.sort_direction };
  if (query.search) return { by: 'rank', direction: 'desc' };
  return { by: DEFAULT_ISSUE_SORT_BY, direction: query.sort_direction };
}

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

const param = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .catch(undefined);

/**
 * GET issue/ querystring, as strings (arrays comma-joined). Never rejects: the server reads it
 * with readIssueListQuery, which falls back to defaults.
 */
export const ZIssueListQuerySchema = z
  .object({
    page: param,
    paginate_by: param,
    issue_state: param.describe(ISSUE_STATE_TAB_IDS.join('|')),
    search: param,
    workspaces: param.describe('comma-joined workspace ids'),
    include_sub_ws: param.describe('0|1'),
    assignees: param.describe('comma-joined user ids; 0 = unassigned'),
    reporters: param.describe('comma-joined user ids'),
    priority_id: param.describe('2..5, comma-joined'),
    categories: param.describe('comma-joined category ids (main or extra category)'),
    issue_type: param.describe('issue|task'),
    include_subtasks: param.describe('0|1'),
    date_from: param.describe('ISO date/date-time or seconds'),
    date_to: param.describe('ISO date/date-time or seconds'),
    date_type: param.describe(ISSUE_DATE_TYPES.join('|')),
    sort_by: param.describe(ISSUE_SORT_BY.join('|')),
    sort_direction: param.describe('asc|desc'),
    ids: param.describe('comma-joined issue ids (only these issues)'),
    workspace_id: param.describe('a workspace id (joins workspaces)'),
    category_id: param.describe('a category id (joins categories)'),
    users: param.describe('comma-joined user ids: assignee, reporter, watcher or worked on, any of them'),
    watchers: param.describe('comma-joined user ids watching the issue'),
    worked_on_by: param.describe('comma-joined user ids who logged work time on the issue'),
    assignee_companies: param.describe('comma-joined company ids: the assignee belongs to one'),
    reporter_companies: param.describe('comma-joined company ids: the reporter belongs to one'),
    watcher_companies: param.describe('comma-joined company ids: a watcher belongs to one'),
    worked_on_by_companies: param.describe(
      'comma-joined company ids: someone who logged work time belongs to one',
    ),
    collaborators: param.describe('comma-joined partner company ids: someone of it in any of the four roles'),
    externals: param.describe("comma-joined partner user ids (the picker's externals tab), any role"),
    job_positions: param.describe('comma-joined job position ids of the assignee'),
    schedule_id: param.describe('comma-joined schedule ids'),
    asset_ids: param.describe('comma-joined asset ids'),
    rating: param.describe('1..5, comma-joined'),
    filter_ws: param.describe(
      "0|1: 1 = only the caller's favourite workspaces (and sub-workspaces with include_sub_ws)",
    ),
  })
  .meta({ id: 'IssueListQuery' });

export const ZIssueListItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    status_id: z.number().int(),
    priority_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    workspace: z.object({ id: z.number().int(), name: z.string() }),
    assignee: z
      .object({ id: z.number().int(), full_name: z.string(), profile_image: z.string().nullable() })
      .nullable(),
    category: z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() }).nullable(),
    start_date: z.string().nullable(),
    due_date: z.string().nullable(),
    due_state: z.enum(['overdue', 'due_today']).nullable(),
    open_subtasks_count: z.number().int(),
    number_of_comments: z.number().int(),
    process_number: z.string().nullable(),
    archived: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'IssueListItem' });
export type IssueListItem = z.infer<typeof ZIssueListItemSchema>;

export const ZIssueStateCountsSchema = z
  .object({
    all_active: z.number().int(),
    to_do: z.number().int(),
    declined: z.number().int(),
    accepted: z.number().int(),
    in_progress: z.number().int(),
    in_review: z.number().int(),
    completed: z.number().int(),
    archived: z.number().int(),
    all: z.number().int(),
  })
  .meta({ id: 'IssueStateCounts' });
export type IssueStateCounts = z.infer<typeof ZIssueStateCountsSchema>;

/**
 * The issue list answer: the paged envelope plus state_counts. (The contract calls it
 * ZIssueListResponseSchema; that name already is the sub-issue page in issue-schemas.ts.)
 */
export const ZIssueListPageResponseSchema = pagedEnvelope(ZIssueListItemSchema)
  .extend({ state_counts: ZIssueStateCountsSchema })
  .meta({ id: 'IssueListPage' });
export type IssueListPageResponse = z.infer<typeof ZIssueListPageResponseSchema>;

/** Tab counts from per-(status, archived) counts. */
export function stateCountsFrom(
  groups: ReadonlyArray<{ status_id: number; archived: boolean; count: number }>,
): IssueStateCounts {
  const counts = Object.fromEntries(ISSUE_STATE_TAB_IDS.map((id) => [id, 0])) as IssueStateCounts;
  for (const g of groups) {
    for (const tab of ISSUE_STATE_TAB_IDS) {
      if (isInStateTab(tab, g.status_id, g.archived)) counts[tab] += g.count;
    }
  }
  return counts;
}
