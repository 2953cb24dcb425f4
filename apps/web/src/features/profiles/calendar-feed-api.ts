import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CalendarFeedResponse, calendarFeedContracts } from '@workbench/domain';
import { call } from '../../api/client';

/** The caller's own calendar feed (issue 17): one per person and organisation. */
export const calendarFeedKey = ['calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => call(calendarFeedContracts.get, { signal }),
  });
}

/**
 * A new secret link (the old one stops working). Its answer is the only time the address is
 * known: the cache keeps the feed without it, as the server answers it afterwards.
 */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarFeedContracts.create),
    onSuccess: (answer) => {
      const feed = answer.feed && { ...answer.feed, url: null, webcal_url: null };
      queryClient.setQueryData<CalendarFeedResponse>(calendarFeedKey, { feed });
    },
  });
}

export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarFeedContracts.remove),
    onSuccess: () => queryClient.setQueryData<CalendarFeedResponse>(calendarFeedKey, { feed: null }),
  });
}
