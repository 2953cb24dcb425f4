import { Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconMailPause, IconPlayerPlay } from '@tabler/icons-react';
import type { NotificationState } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../ui/feedback/use-notify';
import { isPaused, PAUSE_CHOICES, pauseEnd } from './notification-text';
import { usePauseEmails, useResumeEmails } from './notifications-api';

/** Marks the notification layers (the list and its menus) so a click in one does not close the list. */
export const LAYER = { 'data-notifications-layer': true } as const;

/**
 * Pausing notification e-mails: while not paused, a menu of durations (1 hour to 1 week); while
 * paused, until when, and "Resume". In-app notifications arrive either way.
 */
export function PauseEmails({ state }: { state: NotificationState | undefined }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const pause = usePauseEmails();
  const resume = useResumeEmails();

  if (state && isPaused(state)) {
    return (
      <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconMailPause size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            {t('notifications.paused_until', { time: pauseEnd(state.paused_until ?? '', i18n.language) })}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          loading={resume.isPending}
          style={{ flexShrink: 0 }}
          onClick={() =>
            resume.mutate(undefined, {
              onSuccess: () => notify.ok('notifications.resumed_done'),
              onError: notify.fail,
            })
          }
        >
          {t('notifications.resume')}
        </Button>
      </Group>
    );
  }
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconMailPause size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={pause.isPending}
          disabled={!state}
        >
          {t('notifications.pause_menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown {...LAYER}>
        <Menu.Label>{t('notifications.pause_for')}</Menu.Label>
        {PAUSE_CHOICES.map((hours) => (
          <Menu.Item
            key={hours}
            onClick={() =>
              pause.mutate(hours, {
                onSuccess: (answer) =>
                  notify.ok('notifications.paused_done', {
                    time: pauseEnd(answer.paused_until ?? '', i18n.language),
                  }),
                onError: notify.fail,
              })
            }
          >
            {t(`notifications.pause_${hours}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Text size="xs" c="dimmed" px="sm" pb={6} maw={220}>
          {t('notifications.pause_hint')}
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
