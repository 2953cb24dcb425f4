import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type Notification,
  type NotificationChannel,
  type NotificationEventType,
  type NotificationListResponse,
  type NotificationPreferencesResponse,
  type NotificationState,
  notificationContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { type NotificationFilter, notificationKeys } from './notification-state';

export type { NotificationFilter } from './notification-state';
export { notificationKeys, useNotificationState } from './notification-state';

/** How many notifications a page of the bell's list holds. */
export const NOTIFICATION_PAGE_SIZE = 20;

type ListPages = InfiniteData<NotificationListResponse, number>;

/** The list, newest first, NOTIFICATION_PAGE_SIZE at a time; the next page on "Load more". */
export function useNotificationList(filter: NotificationFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ signal, pageParam }) =>
      call(notificationContracts.list, {
        query: { page: pageParam, per_page: NOTIFICATION_PAGE_SIZE, unread: filter === 'unread' ? 1 : 0 },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 0,
    enabled,
  });
}

/** The state a write answered goes straight into the bell. */
function stateSaved(queryClient: QueryClient, state: NotificationState) {
  queryClient.setQueryData<NotificationState>(notificationKeys.state, {
    unread_count: state.unread_count,
    paused_until: state.paused_until,
  });
}

/** Sets the read flag of the notifications given (all when ids is undefined) in every cached list. */
export function withRead(pages: ListPages, ids: readonly number[] | undefined, read: boolean): ListPages {
  const wanted = ids ? new Set(ids) : undefined;
  const at = new Date().toISOString();
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((n) =>
        (!wanted || wanted.has(n.id)) && n.read !== read
          ? { ...n, read, read_at: read ? (n.read_at ?? at) : null }
          : n,
      ),
    })),
  };
}

/** How many of the notifications given are cached as unread (and would change when marked read). */
function cachedUnread(queryClient: QueryClient, ids: readonly number[]): number {
  const unread = new Set<number>();
  for (const [, pages] of queryClient.getQueriesData<ListPages>({ queryKey: notificationKeys.lists })) {
    for (const page of pages?.pages ?? [])
      for (const n of page.data) if (!n.read && ids.includes(n.id)) unread.add(n.id);
  }
  return unread.size;
}

/**
 * Changes the read flag in the cache at once (the bell's figure too), and hands back how to
 * undo it when the server refuses.
 */
async function optimisticRead(
  queryClient: QueryClient,
  ids: readonly number[] | undefined,
  read: boolean,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.lists });
  await queryClient.cancelQueries({ queryKey: notificationKeys.state });
  const lists = queryClient.getQueriesData<ListPages>({ queryKey: notificationKeys.lists });
  const state = queryClient.getQueryData<NotificationState>(notificationKeys.state);
  if (state) {
    let unread = state.unread_count;
    if (!ids) unread = read ? 0 : unread;
    else if (read) unread -= cachedUnread(queryClient, ids);
    else unread += ids.length;
    queryClient.setQueryData<NotificationState>(notificationKeys.state, {
      ...state,
      unread_count: Math.max(0, unread),
    });
  }
  for (const [key, pages] of lists)
    if (pages) queryClient.setQueryData<ListPages>(key, withRead(pages, ids, read));
  return () => {
    for (const [key, pages] of lists) queryClient.setQueryData(key, pages);
    if (state) queryClient.setQueryData(notificationKeys.state, state);
  };
}

/** PUT notification/web/mark_read: the ids given, or every unread one when ids is left out. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | undefined) =>
      call(notificationContracts.markRead, { body: ids ? { ids } : {} }),
    onMutate: (ids) => optimisticRead(queryClient, ids, true),
    onSuccess: (state) => stateSaved(queryClient, state),
    onError: (_error, _ids, undo) => undo?.(),
    // The unread tab drops what was read once the server has it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists }),
  });
}

/** PUT notification/{id}/mark_unread. */
export function useMarkUnread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(notificationContracts.markUnread, { params: { id } }),
    onMutate: (id) => optimisticRead(queryClient, [id], false),
    onError: (_error, _id, undo) => undo?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Pausing or resuming answers the new state; the preferences show the pause too. */
function pauseSaved(queryClient: QueryClient, state: NotificationState) {
  stateSaved(queryClient, state);
  queryClient.setQueryData<NotificationPreferencesResponse>(notificationKeys.preferences, (old) =>
    old ? { ...old, paused_until: state.paused_until } : old,
  );
}

/** POST notification/pause: no e-mails for that many hours (in-app notifications still arrive). */
export function usePauseEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: number) => call(notificationContracts.pause, { body: { pause_for: hours } }),
    onSuccess: (state) => pauseSaved(queryClient, state),
  });
}

/** POST notification/unpause. */
export function useResumeEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationContracts.unpause, { body: {} }),
    onSuccess: (state) => pauseSaved(queryClient, state),
  });
}

/** GET notification/preferences: every event type with the channel chosen (or its default). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => call(notificationContracts.preferences, { signal }),
    staleTime: 0,
  });
}

/** PUT notification/preferences for one event type; the answer replaces the cached preferences. */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { event_type: NotificationEventType; channel: NotificationChannel }) =>
      call(notificationContracts.updatePreferences, { body: { preferences: [change] } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  });
}

/** One notification by id, from the newest page (a live event carries only the id). */
export async function fetchNewNotification(id: number): Promise<Notification | undefined> {
  const page = await call(notificationContracts.list, {
    query: { page: 1, per_page: NOTIFICATION_PAGE_SIZE, unread: 0 },
  });
  return page.data.find((n) => n.id === id);
}
