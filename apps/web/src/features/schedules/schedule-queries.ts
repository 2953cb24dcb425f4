import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scheduleContracts } from '@workbench/domain';
import { call } from '../../api/client';

/**
 * The schedule reads other pages use (the issue list's filter, the link): one schedule
 * and schedules by title. Query keys start with ['schedules'], so every schedule write refreshes them.
 */
export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (params: Record<string, string>) => ['schedules', 'list', params] as const,
  detail: (id: number) => ['schedules', 'detail', id] as const,
  choices: (search: string) => ['schedules', 'choices', search] as const,
};

/** One schedule (the issue page's link reads its title; a schedule the person may not see is a 404). */
export function useSchedule(id: number | null) {
  return useQuery({
    queryKey: scheduleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(scheduleContracts.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** How many schedules a choice list offers per search (the issue filter's picker). */
export const SCHEDULE_CHOICES_MAX = 50;

/** Schedules by title for a picker: the search's first matches in title order, archived too. */
export function useScheduleChoices(search: string, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.choices(search),
    queryFn: ({ signal }) =>
      call(scheduleContracts.list, {
        query: {
          search,
          status: 'active,paused,pending,finished,archived',
          sort_by: 'title',
          sort_direction: 'asc',
          paginate_by: String(SCHEDULE_CHOICES_MAX),
        },
        signal,
      }),
    select: (page) => page.data.map((s) => ({ id: s.id, title: s.title })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
