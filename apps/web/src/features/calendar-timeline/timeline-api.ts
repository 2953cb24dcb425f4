import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CALENDAR_FILTER_PARAMS,
  CALENDAR_ROWS_PAGE_SIZE,
  CALENDAR_SIDEBAR_PAGE_SIZE,
  type CalendarFilters,
  type CalendarItem,
  type CalendarScreenState,
  type CalendarSidebarSortBy,
  type CalendarSortDirection,
  type CalendarUserRow,
  type CalendarWorkspaceRow,
  calendarContracts,
  calendarRowsQueryToParams,
  calendarSidebarQueryToParams,
  issueActionContracts,
  issueContracts,
  readCalendarRowsQuery,
} from '@workbench/domain';
import { call } from '../../api/client';
import type { DropBody } from './drop-plan';

/**
 * The timelines' reads and writes. Keys start with ['calendar', 'timeline'], so the calendar
 * page's own invalidation of ['calendar'] refreshes them too, and a move refreshes the rows and
 * the sidebar's counts at once.
 */
export const timelineKeys = {
  all: ['calendar', 'timeline'] as const,
  rows: (kind: string, params: Record<string, string>) =>
    ['calendar', 'timeline', 'rows', kind, params] as const,
  choices: (kind: string, params: Record<string, string>) =>
    ['calendar', 'timeline', 'choices', kind, params] as const,
  sidebar: (tab: string, params: Record<string, string>) =>
    ['calendar', 'timeline', 'sidebar', tab, params] as const,
  positions: ['calendar', 'timeline', 'positions'] as const,
  task: (id: string) => ['calendar', 'timeline', 'task', id] as const,
};

/** A row of either kind, as the timelines draw it. */
export type TimelineRow = {
  id: number;
  name: string;
  subtitle: string | null;
  /** A workspace's items of the period: completed and all. */
  statistics: { completed: number; total: number } | null;
  total_calendar_events: number;
  issues: CalendarItem[];
  full_day: CalendarItem[];
  presence: CalendarUserRow['presence'];
};

export function toTimelineRow(row: CalendarUserRow | CalendarWorkspaceRow): TimelineRow {
  if ('full_name' in row) {
    return {
      id: row.id,
      name: row.full_name,
      subtitle: row.job_position?.name ?? null,
      statistics: null,
      total_calendar_events: row.total_calendar_events,
      issues: row.issues,
      full_day: row.full_day,
      presence: row.presence,
    };
  }
  return {
    id: row.id,
    name: row.name,
    subtitle: null,
    statistics: row.statistics,
    total_calendar_events: row.total_calendar_events,
    issues: row.issues,
    full_day: row.full_day,
    presence: [],
  };
}

/** The filter bar's values out of the screen state. */
export function filtersOf(state: CalendarScreenState): CalendarFilters {
  const filters = {} as Record<string, unknown>;
  for (const key of Object.keys(CALENDAR_FILTER_PARAMS))
    filters[key] = state[key as keyof CalendarScreenState];
  return filters as CalendarFilters;
}

const nextPageOf = (page: { current_page: number; last_page: number }) =>
  page.current_page < page.last_page ? page.current_page + 1 : undefined;

/** A page of rows, both kinds alike. */
export type TimelineRowsPage = {
  current_page: number;
  last_page: number;
  total: number;
  rows: TimelineRow[];
};

async function rowsCall(
  kind: 'users' | 'workspaces',
  query: Record<string, string>,
  signal: AbortSignal,
): Promise<TimelineRowsPage> {
  const page =
    kind === 'users'
      ? await call(calendarContracts.users, { query, signal })
      : await call(calendarContracts.workspaces, { query, signal });
  return {
    current_page: page.current_page,
    last_page: page.last_page,
    total: page.total,
    rows: (page.data as Array<CalendarUserRow | CalendarWorkspaceRow>).map(toTimelineRow),
  };
}

type TimelineRowsOptions = {
  filters: CalendarFilters;
  start_date: string;
  end_date: string;
  search?: string;
  rowsOnly?: boolean;
};

/**
 * The rows of a daily or weekly view with their items between two days, 25 a page, the next page
 * on 'load more'. rows_only: the left sidebar's list (with its search), without items. Shared by
 * the hook and the offline copy (features/offline/offline-copy.ts: today's calendar).
 */
export function timelineRowsQuery(kind: 'users' | 'workspaces', options: TimelineRowsOptions) {
  const base = calendarRowsQueryToParams({
    ...readCalendarRowsQuery({}),
    ...options.filters,
    start_date: options.start_date,
    end_date: options.end_date,
    search: options.search ?? '',
    rows_only: options.rowsOnly ? 1 : 0,
    paginate_by: CALENDAR_ROWS_PAGE_SIZE,
  });
  return infiniteQueryOptions({
    queryKey: options.rowsOnly ? timelineKeys.choices(kind, base) : timelineKeys.rows(kind, base),
    queryFn: ({ pageParam, signal }) => rowsCall(kind, { ...base, page: String(pageParam) }, signal),
    initialPageParam: 1,
    getNextPageParam: (page: TimelineRowsPage) => nextPageOf(page),
  });
}

export function useTimelineRows(kind: 'users' | 'workspaces', options: TimelineRowsOptions) {
  return useInfiniteQuery({ ...timelineRowsQuery(kind, options), placeholderData: keepPreviousData });
}

/** The drag sidebar's lists: GET calendar/unscheduled ('no date') and calendar/overdue, 30 a page. */
export function useSidebarItems(
  tab: 'no_date' | 'overdue',
  options: {
    filters: CalendarFilters;
    sort_by: CalendarSidebarSortBy;
    sort_direction: CalendarSortDirection;
    enabled: boolean;
  },
) {
  const base = calendarSidebarQueryToParams({
    ...options.filters,
    page: 1,
    paginate_by: CALENDAR_SIDEBAR_PAGE_SIZE,
    sort_by: options.sort_by,
    sort_direction: options.sort_direction,
  });
  const contract = tab === 'no_date' ? calendarContracts.unscheduled : calendarContracts.overdue;
  return useInfiniteQuery({
    queryKey: timelineKeys.sidebar(tab, base),
    queryFn: ({ pageParam, signal }) =>
      call(contract, { query: { ...base, page: String(pageParam) }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** The job positions for narrowing the users views (GET /user_positions/fetch). */
export function useUserPositions(enabled: boolean) {
  return useQuery({
    queryKey: timelineKeys.positions,
    queryFn: ({ signal }) => call(calendarContracts.userPositions, { query: {}, signal }),
    select: (answer) => answer.data,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** A prepared task, read only (GET scheduled_tasks/{id}). */
export function useScheduledTask(id: string | null) {
  return useQuery({
    queryKey: timelineKeys.task(id ?? ''),
    queryFn: ({ signal }) => call(calendarContracts.scheduledTask, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** PUT issue/{id} from the timelines (a drop, the popup's edits); refreshes every calendar list after. */
export function useSaveCalendarItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DropBody | Record<string, unknown> }) =>
      call(issueContracts.update, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['calendar'] }),
  });
}

/** A quick complete the server refused for this issue: its error key. */
export class QuickCompleteRefused extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'QuickCompleteRefused';
  }
}

/** POST issue/quick_complete for one card; a refusal comes back as its error key. */
export function useQuickComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await call(issueActionContracts.quickComplete, { body: { ids: [id] } });
      const refused = answer.not_completed.find((entry) => entry.id === id);
      if (refused) throw new QuickCompleteRefused(refused.error);
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['calendar'] }),
  });
}
