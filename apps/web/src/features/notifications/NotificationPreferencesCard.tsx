import { Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconMailPause } from '@tabler/icons-react';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEventType,
  type NotificationPreferencesResponse,
} from '@workbench/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../ui/feedback/ErrorPanel';
import { useNotify } from '../../ui/feedback/use-notify';
import { isPaused } from './notification-text';
import { useNotificationPreferences, useNotificationState, useUpdatePreference } from './notifications-api';
import { PauseEmails } from './PauseEmails';

type Preference = NotificationPreferencesResponse['preferences'][number];

/** The event table's groups in its order, each with its event types in theirs. */
export function preferenceGroups(
  preferences: readonly Preference[],
): Array<{ group: string; rows: Preference[] }> {
  const byType = new Map(preferences.map((p) => [p.event_type, p]));
  const groups: Array<{ group: string; rows: Preference[] }> = [];
  for (const event of NOTIFICATION_EVENTS) {
    const row = byType.get(event.type);
    if (!row) continue;
    const group = groups.find((g) => g.group === event.group);
    if (group) group.rows.push(row);
    else groups.push({ group: event.group, rows: [row] });
  }
  return groups;
}

/** The four choices of an event type, its default marked "(default)". */
export function channelOptions(t: TFunction, defaultChannel: Preference['default_channel']) {
  return NOTIFICATION_CHANNELS.map((channel) => {
    const label = t(`notifications.preferences.channel_${channel}`);
    return {
      value: channel,
      label:
        channel === defaultChannel
          ? t('notifications.preferences.default_choice', { channel: label })
          : label,
    };
  });
}

/**
 * The own profile's notification settings (issue 20): per event type of the event table,
 * grouped as it groups them, how the person hears of it (in the app, e-mail, daily digest, off),
 * saved on change; and the pause of e-mails, as the bell shows it.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const preferences = useNotificationPreferences();
  const state = useNotificationState();
  const update = useUpdatePreference();

  const change = (eventType: NotificationEventType, channel: NotificationChannel) =>
    update.mutate(
      { event_type: eventType, channel },
      { onSuccess: () => notify.ok('notifications.preferences.saved'), onError: notify.fail },
    );

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="notification-preferences-title"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBell size={20} aria-hidden />
          <Title order={4} id="notification-preferences-title">
            {t('notifications.preferences.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('notifications.preferences.explanation')}
        </Text>
        <Card withBorder radius="sm" padding="xs" bg="var(--mantine-color-gray-light)">
          {state.data && isPaused(state.data) ? (
            <PauseEmails state={state.data} />
          ) : (
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={6} wrap="nowrap">
                <IconMailPause size={16} aria-hidden />
                <Text size="sm">{t('notifications.preferences.not_paused')}</Text>
              </Group>
              <PauseEmails state={state.data} />
            </Group>
          )}
        </Card>
        {preferences.isPending ? (
          <Skeleton h={240} radius="sm" />
        ) : preferences.isError ? (
          <ErrorPanel
            title={t('notifications.preferences.load_failed')}
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          preferenceGroups(preferences.data.preferences).map(({ group, rows }) => (
            <Stack key={group} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} size="sm" mb={4}>
                {t(`notifications.preferences.groups.${group}`)}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                {rows.map((row) => (
                  <Select
                    key={row.event_type}
                    label={t(`notifications.preferences.events.${row.event_type}`)}
                    data={channelOptions(t, row.default_channel)}
                    value={row.channel}
                    allowDeselect={false}
                    checkIconPosition="right"
                    comboboxProps={{ withinPortal: true }}
                    onChange={(value) => {
                      if (value && value !== row.channel)
                        change(row.event_type, value as NotificationChannel);
                    }}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ))
        )}
      </Stack>
    </Card>
  );
}
