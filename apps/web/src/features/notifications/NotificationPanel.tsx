import {
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBellCheck, IconBellOff, IconChecks } from '@tabler/icons-react';
import type { Notification, NotificationState } from '@workbench/domain';
import { type ReactElement, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '../../ui/feedback/ErrorPanel';
import { useNotify } from '../../ui/feedback/use-notify';
import { NotificationItem } from './NotificationItem';
import { isPaused } from './notification-text';
import {
  type NotificationFilter,
  useMarkRead,
  useMarkUnread,
  useNotificationList,
} from './notifications-api';
import { LAYER, PauseEmails } from './PauseEmails';

/**
 * The bell's list: a popover under the bell on wide screens, a full-width drawer on phones
 * (loaded on the first click, NotificationBell).
 */
export function NotificationPanel({
  opened,
  onClose,
  isPhone,
  state,
  target,
}: {
  opened: boolean;
  onClose: () => void;
  isPhone: boolean;
  state: NotificationState | undefined;
  target: ReactElement;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const center = <NotificationCenter state={state} onLeave={onClose} titleId={titleId} isPhone={isPhone} />;

  // A click outside the list and its menus (portalled, so Mantine would count them as outside) closes it.
  useEffect(() => {
    if (!opened || isPhone) return;
    const onDown = (event: Event) => {
      const element = event.target instanceof Element ? event.target : null;
      if (!element?.closest('[data-notifications-layer], [data-notifications-bell]')) onClose();
    };
    // Escape closes the list wherever the focus is (a button that went away leaves it on the page),
    // unless it closes one of the list's menus.
    const onKey = (event: KeyboardEvent) => {
      const element = event.target instanceof Element ? event.target : null;
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (element?.closest('[role="menu"], [aria-haspopup="menu"][aria-expanded="true"]')) return;
      onClose();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [opened, isPhone, onClose]);

  if (isPhone) {
    return (
      <>
        {target}
        <Drawer.Root opened={opened} onClose={onClose} position="right" size="100%">
          <Drawer.Overlay />
          <Drawer.Content>
            <Drawer.Header py="xs" mih={0}>
              <Drawer.Title fw={700} fz="h4">
                {t('notifications.title')}
              </Drawer.Title>
              <Drawer.CloseButton size="lg" aria-label={t('notifications.close')} />
            </Drawer.Header>
            <Drawer.Body pb={0}>{center}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      </>
    );
  }
  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && onClose()}
      onClose={onClose}
      position="bottom-end"
      width={420}
      shadow="lg"
      radius="md"
      closeOnClickOutside={false}
      closeOnEscape={false}
      trapFocus
      returnFocus
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0} aria-labelledby={titleId} {...LAYER}>
        <Box p="sm" pb={0}>
          {center}
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The header (title, mark all read, pause), the pause line, the tabs and the list. */
function NotificationCenter({
  state,
  onLeave,
  titleId,
  isPhone,
}: {
  state: NotificationState | undefined;
  onLeave: () => void;
  titleId: string;
  isPhone: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const markRead = useMarkRead();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const unread = state?.unread_count ?? 0;
  const paused = isPaused(state);

  return (
    <Stack gap="xs">
      <Group justify={isPhone ? 'flex-end' : 'space-between'} wrap="nowrap" gap="xs">
        {!isPhone && (
          <Title order={2} size="h4" id={titleId}>
            {t('notifications.title')}
          </Title>
        )}
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconChecks size={16} />}
            disabled={unread === 0}
            onClick={() => markRead.mutate(undefined, { onError: notify.fail })}
          >
            {t('notifications.mark_all_read')}
          </Button>
        </Group>
      </Group>
      {paused && (
        <Box
          px="sm"
          py={6}
          style={{
            borderRadius: 'var(--mantine-radius-sm)',
            background: 'var(--mantine-color-yellow-light)',
          }}
        >
          <PauseEmails state={state} />
        </Box>
      )}
      <Tabs
        value={filter}
        onChange={(value) => setFilter(value === 'unread' ? 'unread' : 'all')}
        variant="pills"
        radius="xl"
        keepMounted={false}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Tabs.List aria-label={t('notifications.tabs_label')}>
            <Tabs.Tab value="all" py={4}>
              {t('notifications.tab_all')}
            </Tabs.Tab>
            <Tabs.Tab
              value="unread"
              py={4}
              rightSection={
                unread > 0 ? (
                  <Badge size="xs" circle={unread < 10} color="red" variant="filled" aria-hidden>
                    {unread > 99 ? '99+' : unread}
                  </Badge>
                ) : null
              }
            >
              {t('notifications.tab_unread')}
            </Tabs.Tab>
          </Tabs.List>
          {!paused && <PauseEmails state={state} />}
        </Group>
        <Tabs.Panel value="all" pt="xs">
          <NotificationList filter="all" onLeave={onLeave} isPhone={isPhone} />
        </Tabs.Panel>
        <Tabs.Panel value="unread" pt="xs">
          <NotificationList filter="unread" onLeave={onLeave} isPhone={isPhone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function NotificationList({
  filter,
  onLeave,
  isPhone,
}: {
  filter: NotificationFilter;
  onLeave: () => void;
  isPhone: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const list = useNotificationList(filter);
  const markRead = useMarkRead();
  const markUnread = useMarkUnread();
  // On a phone the drawer itself scrolls; under the bell the list does.
  const height = isPhone ? undefined : 'min(460px, calc(100vh - 220px))';

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id], { onError: notify.fail });
    onLeave();
    navigate(n.path);
  };

  if (list.isPending) {
    return (
      <Center h={160}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Box pb="sm">
        <ErrorPanel
          title={t('notifications.load_failed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      </Box>
    );
  }
  const items = list.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    const unreadOnly = filter === 'unread';
    return (
      <Center py="xl" pb="xl">
        <Stack align="center" gap={6} maw={300}>
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
            {unreadOnly ? <IconBellCheck size={24} /> : <IconBellOff size={24} />}
          </ThemeIcon>
          <Text fw={600}>
            {t(unreadOnly ? 'notifications.empty_unread_title' : 'notifications.empty_all_title')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t(unreadOnly ? 'notifications.empty_unread_text' : 'notifications.empty_all_text')}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <ScrollArea.Autosize mah={height} type="auto" offsetScrollbars mx={-4}>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((n, index) => (
          <li key={n.id}>
            {index > 0 && <Divider />}
            <NotificationItem
              notification={n}
              onOpen={() => open(n)}
              onMarkRead={() => markRead.mutate([n.id], { onError: notify.fail })}
              onMarkUnread={() => markUnread.mutate(n.id, { onError: notify.fail })}
            />
          </li>
        ))}
      </Stack>
      {list.hasNextPage && (
        <Center py="sm">
          <Button
            variant="light"
            size="xs"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('notifications.load_more')}
          </Button>
        </Center>
      )}
      <Box h={8} />
    </ScrollArea.Autosize>
  );
}
