import { useQuery } from '@tanstack/react-query';
import { notificationContracts } from '@workbench/domain';
import type { TFunction } from 'i18next';
import { call } from '../../api/client';

// What the header's bell needs on every dashboard page, kept apart from the rest of the feature
// (notifications-api.ts, the list, the toasts), which loads when it is used.

/** Which notifications a list shows: every one, or the unread ones only. */
export type NotificationFilter = 'all' | 'unread';

/**
 * Everything of the bell lives under ['notifications']: a live 'notification' or 'reset' event
 * (features/live) invalidates it all at once.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  state: ['notifications', 'state'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The bell's figure and the pause: read when the dashboard opens and after every live event. */
export function useNotificationState(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.state,
    queryFn: ({ signal }) => call(notificationContracts.state, { signal }),
    staleTime: 0,
    enabled,
  });
}

/** The bell's badge: nothing at 0, the count up to 99, then "99+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name: "Notifications", or "Notifications: 3 unread". */
export function bellLabel(t: TFunction, count: number): string {
  return count > 0 ? t('notifications.bell_unread', { count }) : t('notifications.bell');
}
