import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  CALENDAR_YEARLY_EVENTS_PAGE_SIZE,
  type CalendarFilters,
  type CalendarYearlyQuery,
  calendarContracts,
  calendarYearlyEventsQueryToParams,
  calendarYearlyQueryToParams,
} from '@workbench/domain';
import { call } from '../../api/client';

/** The calendar's query keys: everything under ['calendar'] (the timelines' too). */
export const calendarKeys = {
  all: ['calendar'] as const,
  yearly: (params: Record<string, string>) => ['calendar', 'yearly', params] as const,
  yearlyEvents: (params: Record<string, string>) => ['calendar', 'yearly-events', params] as const,
  positions: ['calendar', 'user-positions'] as const,
};

/** The page after `page`, or undefined when it was the last. */
const nextPageOf = (page: { current_page: number; last_page: number }) =>
  page.current_page < page.last_page ? page.current_page + 1 : undefined;

/**
 * GET calendar/yearly: the schedule rows of a year, 50 a page, the next page loaded as the
 * grid scrolls near its end (001 §9). A new query keeps the rows shown until its first page comes.
 */
export function useYearlyRows(query: Omit<CalendarYearlyQuery, 'page'>, enabled: boolean) {
  const base = calendarYearlyQueryToParams({ ...query, page: 1 });
  return useInfiniteQuery({
    queryKey: calendarKeys.yearly(base),
    queryFn: ({ pageParam, signal }) =>
      call(calendarContracts.yearly, {
        query: calendarYearlyQueryToParams({ ...query, page: pageParam }),
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * GET calendar/yearly/events: every item of one cell (a schedule's month), 150 a page, for the
 * 'view more' pop-up. The year comes from the start date (001 §7): the month's first day.
 */
export function useYearlyCellItems(
  cell: { scheduleId: number; month: number; year: number } | null,
  filters: CalendarFilters,
) {
  const query = (page: number) =>
    calendarYearlyEventsQueryToParams({
      ...filters,
      scheduleId: cell?.scheduleId ?? 0,
      month: cell?.month ?? 1,
      start_date: cell ? `${cell.year}-${String(cell.month).padStart(2, '0')}-01` : '',
      page,
      paginate_by: CALENDAR_YEARLY_EVENTS_PAGE_SIZE,
    });
  return useInfiniteQuery({
    queryKey: calendarKeys.yearlyEvents(query(1)),
    queryFn: ({ pageParam, signal }) =>
      call(calendarContracts.yearlyEvents, { query: query(pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: cell !== null,
    staleTime: 0,
  });
}

/** GET user_positions/fetch: the organisation's job positions (the position filter's choices). */
export function useUserPositions() {
  return useQuery({
    queryKey: calendarKeys.positions,
    queryFn: ({ signal }) => call(calendarContracts.userPositions, { signal }),
    select: (answer) => answer.data,
    staleTime: 60_000,
    retry: false,
  });
}
