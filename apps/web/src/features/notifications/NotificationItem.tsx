import { ActionIcon, Box, Group, Menu, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAlarm,
  IconBell,
  IconCalendarRepeat,
  IconCheck,
  IconCircleDot,
  IconDots,
  IconFileCertificate,
  IconMail,
  IconMailCheck,
  IconMailX,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import type { Notification } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { UserAvatar } from '../profiles/components/UserAvatar';
import { emailStatusOf, notificationText, relativeTime } from './notification-text';
import { LAYER } from './PauseEmails';

const ENTITY_ICONS: Record<string, typeof IconBell> = {
  schedule: IconCalendarRepeat,
  collaboration: IconUsers,
  equipment: IconTool,
  equipment_booking: IconTool,
  regulatory_file: IconFileCertificate,
};

const EMAIL_STATUS = {
  pending: { icon: IconMail, color: 'dimmed' },
  delivered: { icon: IconMailCheck, color: 'teal.8' },
  not_delivered: { icon: IconMailX, color: 'red.8' },
} as const;

/**
 * One notification of the list: who (their picture, else the entity's icon), what happened,
 * where and when, whether its e-mail went out, an unread dot; clicking it opens the entity (and
 * marks it read), its menu marks it read or unread.
 */
export function NotificationItem({
  notification: n,
  onOpen,
  onMarkRead,
  onMarkUnread,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
  onMarkUnread: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const text = notificationText(t, language, n);
  const email = emailStatusOf(n);
  const daily = n.event_type === 'issue_overdue' || n.event_type === 'issue_due_today';
  const Icon = daily ? IconAlarm : (ENTITY_ICONS[n.entity_type] ?? IconBell);
  const emailStyle = email ? EMAIL_STATUS[email] : null;
  const comment = n.data.comment?.trim();

  return (
    <Group
      gap={4}
      wrap="nowrap"
      align="flex-start"
      px={6}
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        // Unread: a bar in the brand colour (a tinted background would weaken the grey texts' contrast).
        borderInlineStart: `3px solid ${n.read ? 'transparent' : 'var(--mantine-color-brand-filled)'}`,
      }}
    >
      <UnstyledButton
        onClick={onOpen}
        style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {n.actor ? (
            <UserAvatar person={n.actor} size={36} alt="" />
          ) : (
            <ThemeIcon size={36} radius="xl" variant="light" color={daily ? 'orange' : 'brand'} aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
          )}
          <Box miw={0} style={{ flex: 1 }}>
            {!n.read && <VisuallyHidden>{t('notifications.unread')}: </VisuallyHidden>}
            <Text size="sm" fw={n.read ? 400 : 600} lh={1.35} style={{ overflowWrap: 'anywhere' }}>
              {text}
            </Text>
            {comment && (
              <Text size="sm" c="dimmed" lineClamp={2} mt={2} style={{ overflowWrap: 'anywhere' }}>
                {comment}
              </Text>
            )}
            <Group gap={6} mt={4} wrap="wrap">
              <Text size="xs" c="dimmed" title={new Date(n.created_at).toLocaleString(language)}>
                {relativeTime(n.created_at, language)}
              </Text>
              {n.data.workspace_name && (
                <Text size="xs" c="dimmed" truncate maw={180}>
                  · {n.data.workspace_name}
                </Text>
              )}
              {email && emailStyle && (
                <Group gap={3} wrap="nowrap">
                  <emailStyle.icon
                    size={14}
                    aria-hidden
                    color={`var(--mantine-color-${emailStyle.color.replace('.', '-')})`}
                  />
                  <Text size="xs" c={emailStyle.color}>
                    {t(`notifications.email_${email}`)}
                  </Text>
                </Group>
              )}
            </Group>
          </Box>
        </Group>
      </UnstyledButton>
      <Group gap={2} wrap="nowrap" pt={6}>
        <Box
          aria-hidden
          w={8}
          h={8}
          style={{
            borderRadius: '50%',
            background: n.read ? 'transparent' : 'var(--mantine-color-brand-filled)',
            flexShrink: 0,
          }}
        />
        <Menu position="bottom-end" shadow="md" width={200}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('notifications.item_actions')}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown {...LAYER}>
            {n.read ? (
              <Menu.Item leftSection={<IconCircleDot size={16} />} onClick={onMarkUnread}>
                {t('notifications.mark_unread')}
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconCheck size={16} />} onClick={onMarkRead}>
                {t('notifications.mark_read')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
