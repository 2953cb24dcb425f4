import { z } from 'zod';
import {
  allowedIdsParam,
  flagParam,
  idList,
  idsParam,
  LIST_IDS_MAX,
  type ListParam,
  type ListQueryOf,
  listQueryKit,
  oneOfParam,
  pageParam,
  paginateByParam,
  type RawQuery,
  searchParam,
} from '../lists/list-params.js';
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
/**
 * A search ranks at most this many matching issues, the newest (README "Performance"): a common
 * word matches one issue in ten, and ranking them all reads most of the table. Beyond it the list
 * says so ("200+") and shows the best of the newest matches; a further word or filter narrows it.
 */
export const ISSUE_SEARCH_CANDIDATES = 200;
/** Most ids kept from one list parameter. */
export const ISSUE_LIST_IDS_MAX = LIST_IDS_MAX;

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

const dateParam: ListParam<string | null> = {
  default: null,
  read: (value) => (issueListDateBound(value, 'from') ? value : null),
  write: (value) => value ?? undefined,
  description: 'ISO date/date-time or seconds',
};

/**
 * One entry per list parameter (lists/list-params.ts). The query type, the defaults, the reader,
 * the writer and GET issue/'s querystring schema all come from this table, so a new filter is
 * one entry here (and its SQL in the server's issue-list-filters.ts, its control on the web).
 */
export const ISSUE_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  issue_state: oneOfParam(ISSUE_STATE_TAB_IDS, DEFAULT_ISSUE_STATE_TAB),
  search: searchParam(ISSUE_SEARCH_MAX, 'title, description or process number'),
  // workspace_id and category_id (single, 000 §3) join the lists.
  workspaces: {
    ...idsParam('comma-joined workspace ids'),
    read: (value, get) => idList(`${value},${get('workspace_id')}`),
    aliases: { workspace_id: 'a workspace id (joins workspaces)' },
  } satisfies ListParam<number[]>,
  include_sub_ws: flagParam(),
  /** User ids; 0 = unassigned. */
  assignees: idsParam('comma-joined user ids; 0 = unassigned', { allowZero: true }),
  reporters: idsParam('comma-joined user ids'),
  priority_id: allowedIdsParam(ISSUE_LIST_PRIORITIES, '2..5, comma-joined'),
  categories: {
    ...idsParam('comma-joined category ids (main or extra category)'),
    read: (value, get) => idList(`${value},${get('category_id')}`),
    aliases: { category_id: 'a category id (joins categories)' },
  } satisfies ListParam<number[]>,
  /** null: no type filter. */
  issue_type: {
    default: null,
    read: (value) => ((ISSUE_TYPES as readonly string[]).includes(value) ? (value as IssueType) : null),
    write: (type) => type ?? undefined,
    description: ISSUE_TYPES.join('|'),
  } satisfies ListParam<IssueType | null>,
  include_subtasks: flagParam(),
  /** As given (ISO date/time or seconds), only when readable; read with issueListDateBound. */
  date_from: dateParam,
  date_to: dateParam,
  date_type: {
    ...oneOfParam(ISSUE_DATE_TYPES, DEFAULT_ISSUE_DATE_TYPE),
    // Says nothing without a date range.
    write: (type, query) =>
      type !== DEFAULT_ISSUE_DATE_TYPE && (query.date_from || query.date_to) ? type : undefined,
  } satisfies ListParam<IssueDateType>,
  /** null: not given (search results are ranked, otherwise as DEFAULT_ISSUE_SORT_BY). */
  sort_by: {
    default: null,
    read: (value) => ((ISSUE_SORT_BY as readonly string[]).includes(value) ? (value as IssueSortBy) : null),
    write: (by) => by ?? undefined,
    description: ISSUE_SORT_BY.join('|'),
  } satisfies ListParam<IssueSortBy | null>,
  sort_direction: oneOfParam(ISSUE_SORT_DIRECTIONS, DEFAULT_ISSUE_SORT_DIRECTION),
  /** Only these issues ('view all' after a bulk action, 000 §2); empty: no id filter. */
  ids: idsParam('comma-joined issue ids (only these issues)'),
  /** People in any role: assignee, reporter, watcher or worked on (work time logged). */
  users: idsParam('comma-joined user ids: assignee, reporter, watcher or worked on, any of them'),
  watchers: idsParam('comma-joined user ids watching the issue'),
  /** People who logged work time on the issue. */
  worked_on_by: idsParam('comma-joined user ids who logged work time on the issue'),
  /** Company (organisation) ids: the assignee / reporter / a watcher / a worker belongs to one. */
  assignee_companies: idsParam('comma-joined company ids: the assignee belongs to one'),
  reporter_companies: idsParam('comma-joined company ids: the reporter belongs to one'),
  watcher_companies: idsParam('comma-joined company ids: a watcher belongs to one'),
  worked_on_by_companies: idsParam('comma-joined company ids: someone who logged work time belongs to one'),
  /** Partner company ids: someone of that company in any of the four roles. */
  collaborators: idsParam('comma-joined partner company ids: someone of it in any of the four roles'),
  /** Partner people (the picker's externals) in any role. */
  externals: idsParam("comma-joined partner user ids (the picker's externals tab), any role"),
  /** Job position ids of the assignee. */
  job_positions: idsParam('comma-joined job position ids of the assignee'),
  schedule_id: idsParam('comma-joined schedule ids'),
  asset_ids: idsParam('comma-joined asset ids'),
  asset_groups: idsParam('comma-joined asset group ids: the issue names one of them, or an asset in it'),
  asset_systems: idsParam('comma-joined asset system ids: the issue names an asset of one of them'),
  equipment: idsParam('comma-joined equipment ids: the issue names one of them'),
  rating: allowedIdsParam(ISSUE_LIST_RATINGS, '1..5, comma-joined'),
  /** The due badge of the list (dueState in issue-rules.ts): overdue, or due later today (UTC day). */
  due_state: {
    default: null,
    read: (value) => (value === 'overdue' || value === 'due_today' ? value : null),
    write: (value) => value ?? undefined,
    description:
      'overdue|due_today: past its due date / due later today (UTC day), not completed; in review only with show_in_review_overdue',
  } satisfies ListParam<'overdue' | 'due_today' | null>,
  /** 1: only the caller's favourite workspaces (with their sub-workspaces when include_sub_ws). */
  filter_ws: flagParam(
    "0|1: 1 = only the caller's favourite workspaces (and sub-workspaces with include_sub_ws)",
  ),
};

const issueListKit = listQueryKit(ISSUE_LIST_PARAMS, 'IssueListQuery');

/** The normalized list query: every field has a valid value. */
export type IssueListQuery = ListQueryOf<typeof ISSUE_LIST_PARAMS>;

export const DEFAULT_ISSUE_LIST_QUERY: IssueListQuery = issueListKit.defaults;

/** Reads the list parameters (URL search params or a parsed querystring) into a full query. */
export const readIssueListQuery: (raw: RawQuery) => IssueListQuery = issueListKit.read;

/**
 * The query as URL parameters, leaving out defaults (for the web's URL and the envelope's page
 * urls). Arrays are comma-joined.
 */
export const issueListQueryToParams: (query: IssueListQuery) => Record<string, string> =
  issueListKit.toParams;

/** Changing any filter goes back to page 1 (000 §2 lists). */
export const withIssueListFilter: (query: IssueListQuery, change: Partial<IssueListQuery>) => IssueListQuery =
  issueListKit.withFilter;

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

/**
 * GET issue/ querystring, as strings (arrays comma-joined), from ISSUE_LIST_PARAMS. Never
 * rejects: the server reads it with readIssueListQuery, which falls back to defaults.
 */
export const ZIssueListQuerySchema = issueListKit.schema;

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
  .extend({
    state_counts: ZIssueStateCountsSchema,
    /**
     * true: the search matched more than ISSUE_SEARCH_CANDIDATES issues; total and state_counts
     * count the first ones found only (at least that many match), and the pages rank those.
     */
    search_capped: z.boolean(),
  })
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

/** Which answer GET issue/ gave: the list page (with its tab counts), not a parent's sub-issue page. */
export function isIssueListPage(page: unknown): page is IssueListPageResponse {
  return typeof page === 'object' && page !== null && 'state_counts' in page;
}
