import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { notificationContracts } from '@workbench/domain';
import type { TFunction } from 'i18next';
import { call } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { notificationKeys } from './notification-state';
import { notificationText } from './notification-text';
import { fetchNewNotification } from './notifications-api';

/** Notifications already toasted on this page (a stream that reconnects may hand one on twice). */
const shown = new Set<number>();

/**
 * The toast of a notification that just arrived on the live stream: its text (the event carries
 * only the id, so the newest page is read for it) and an "Open" link to its entity, which marks
 * it read. Nothing shows when the list was opened meanwhile, and one notification shows once.
 */
export async function showNotificationToast({
  id,
  t,
  queryClient,
  isOpen,
  navigate,
}: {
  id: number;
  t: TFunction;
  queryClient: QueryClient;
  isOpen: () => boolean;
  navigate: (path: string) => void;
}): Promise<void> {
  if (shown.has(id)) return;
  shown.add(id);
  const notification = await fetchNewNotification(id).catch(() => undefined);
  if (isOpen()) return;
  const toastId = `notification-${id}`;
  const open = (path: string, read: boolean) => {
    notifications.hide(toastId);
    navigate(path);
    if (!read)
      void call(notificationContracts.markRead, { body: { ids: [id] } })
        .then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }))
        .catch(() => undefined);
  };
  notifications.show({
    id: toastId,
    title: t('notifications.new_notification'),
    color: 'brand',
    autoClose: 8000,
    message: (
      <Stack gap={4} align="flex-start">
        {notification && (
          // Under a title Mantine dims the description (#868e96, 3.3:1 on white): the text's own colour.
          <Text size="sm" c="var(--mantine-color-text)">
            {notificationText(t, currentLanguage(), notification)}
          </Text>
        )}
        {notification && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => open(notification.path, notification.read)}
          >
            {t('notifications.open')}
          </Anchor>
        )}
      </Stack>
    ),
  });
}

/** One toast for several notifications that arrived together: their number and a button that opens the list. */
export function showNotificationsSummaryToast({
  ids,
  t,
  onShow,
}: {
  ids: number[];
  t: TFunction;
  onShow: () => void;
}): void {
  const fresh = ids.filter((id) => !shown.has(id));
  for (const id of fresh) shown.add(id);
  if (!fresh.length) return;
  const toastId = `notifications-${fresh[0]}`;
  notifications.show({
    id: toastId,
    title: t('notifications.new_notifications', { n: fresh.length }),
    color: 'brand',
    autoClose: 8000,
    message: (
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        onClick={() => {
          notifications.hide(toastId);
          onShow();
        }}
      >
        {t('notifications.show_them')}
      </Anchor>
    ),
  });
}
