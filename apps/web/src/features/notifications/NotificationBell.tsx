import { Box, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveEvent } from '../live/live-bus';
import { bellLabel, notificationKeys, unreadBadge, useNotificationState } from './notification-state';

// The shell of every dashboard page carries only the button, its figure and the live hook: the
// list (popover or drawer, tabs, menus) loads when the person reaches for the bell, the toast's
// code with the first notification that arrives.
const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));
const loadToast = () => import('./notification-toast');
/** How long notifications arriving together are gathered into one toast. */
const TOAST_GATHER_MS = 500;

type BellButtonProps = { count: number; opened: boolean; onClick: () => void };

/** The header's button: a bell with the unread figure (99+), named by it for screen readers. */
const BellButton = forwardRef<HTMLButtonElement, BellButtonProps>(function BellButton(
  { count, opened, onClick, ...others },
  ref,
) {
  const { t } = useTranslation();
  const badge = unreadBadge(count);
  return (
    <UnstyledButton
      {...others}
      ref={ref}
      w={40}
      h={36}
      display="inline-flex"
      style={{ alignItems: 'center', justifyContent: 'center', borderRadius: 'var(--mantine-radius-md)' }}
      aria-label={bellLabel(t, count)}
      aria-haspopup="dialog"
      aria-expanded={opened}
      data-notifications-bell
      onPointerEnter={() => void loadPanel().catch(() => undefined)}
      onClick={onClick}
    >
      <Box component="span" pos="relative" display="inline-flex" aria-hidden>
        <IconBell size={22} stroke={1.7} />
        {badge && (
          <Box
            component="span"
            pos="absolute"
            top={-7}
            left={11}
            miw={17}
            h={17}
            px={4}
            fz={10}
            fw={700}
            lh="17px"
            ta="center"
            c="white"
            bg="red.8"
            style={{ borderRadius: 9, boxShadow: '0 0 0 2px var(--mantine-color-body)' }}
          >
            {badge}
          </Box>
        )}
      </Box>
    </UnstyledButton>
  );
});

/**
 * The header's bell (issue 20): the unread figure, the list in a popover (a full-width drawer on
 * phones), and a toast for each new notification arriving on the live stream while the list is
 * closed. A live 'notification' or 'reset' event refetches everything under ['notifications'].
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const state = useNotificationState();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [opened, setOpened] = useState(false);
  const [panelShown, setPanelShown] = useState(false);
  const openedRef = useRef(opened);
  openedRef.current = opened;

  // Notifications that arrive together (the morning's reminders, a bulk reassignment) make one
  // toast, not a column of them: ids are gathered for a moment, then one or a summary is shown.
  const arriving = useRef<number[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(flushTimer.current), []);
  const openList = () => {
    setPanelShown(true);
    setOpened(true);
  };
  const flushToasts = () => {
    const ids = arriving.current;
    arriving.current = [];
    if (!ids.length || openedRef.current) return;
    void loadToast()
      .then((m) =>
        ids.length === 1
          ? m.showNotificationToast({
              id: ids[0] as number,
              t,
              queryClient,
              isOpen: () => openedRef.current,
              navigate: (path) => navigate(path),
            })
          : m.showNotificationsSummaryToast({ ids, t, onShow: openList }),
      )
      .catch(() => undefined);
  };
  useLiveEvent(['notification', 'reset'], (message) => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    if (message.name !== 'notification' || openedRef.current) return;
    arriving.current.push(message.data.notification_id);
    if (arriving.current.length === 1) flushTimer.current = setTimeout(flushToasts, TOAST_GATHER_MS);
  });

  const count = state.data?.unread_count ?? 0;
  const toggle = () => {
    setPanelShown(true);
    setOpened((o) => !o);
  };
  const button = <BellButton count={count} opened={opened} onClick={toggle} />;
  if (!panelShown) return button;
  return (
    <Suspense fallback={button}>
      <NotificationPanel
        opened={opened}
        onClose={() => setOpened(false)}
        isPhone={isPhone}
        state={state.data}
        target={button}
      />
    </Suspense>
  );
}
