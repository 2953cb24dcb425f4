import {
  Alert,
  AppShell,
  Avatar,
  Burger,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Skeleton,
  Text,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { type SessionUser, SIDEBAR_EXPANDED_MIN_WIDTH } from '@workbench/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useConfig } from '../../features/config/use-config';
import { LiveUpdates } from '../../features/live/LiveUpdates';
import { LocationRequestPrompt } from '../../features/location-requests/LocationRequestPrompt';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { ScanButton } from '../../features/qr-scan/ScanButton';
import { LanguageSwitcher } from './LanguageSwitcher';
import { FALLBACK_ICON, MENU_ICONS } from './menu-icons';
import { UserMenu } from './UserMenu';

const MENU_SKELETON_ROWS = [1, 2, 3, 4, 5, 6, 7, 8];

/** The logged-in frame: header with organisation, language and user menu; sidebar with the menu. */
export function DashboardShell({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  const config = useConfig(true);
  // Expanded by default on wide windows (000 §4: at 1350 px or more).
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(
    window.innerWidth >= SIDEBAR_EXPANDED_MIN_WIDTH,
  );
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const client = config.data?.client;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <LiveUpdates />
      <LocationRequestPrompt />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={isMobile ? mobileOpened : desktopOpened}
              onClick={isMobile ? toggleMobile : toggleDesktop}
              size="sm"
              aria-label={t('shell.toggle_menu')}
            />
            {/* A wide logo is shown whole (contain), not cropped to the square. */}
            <Avatar
              src={client?.logo}
              radius="md"
              size={32}
              color="brand"
              variant={client?.logo ? 'transparent' : 'filled'}
              styles={{ image: { objectFit: 'contain' } }}
            >
              {(client?.name ?? user.client.name)[0]}
            </Avatar>
            {/* On phones the header's buttons leave no room: the logo stands for the organisation. */}
            <Text fw={650} truncate maw={320} visibleFrom="sm">
              {client?.name ?? user.client.name}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ScanButton />
            <NotificationBell />
            <LanguageSwitcher />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t('shell.main_navigation')}>
        <ScrollArea>
          {config.isPending &&
            MENU_SKELETON_ROWS.map((row) => <Skeleton key={row} h={36} mb={6} radius="md" />)}
          {config.isError && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} m="xs">
              {t('errors.config_failed')}
            </Alert>
          )}
          {config.data?.menu?.map((item) => {
            const Icon = MENU_ICONS[item.key] ?? FALLBACK_ICON;
            return (
              <NavLink
                key={item.key}
                component={Link}
                to={item.path}
                label={t(`menu.${item.key}`)}
                leftSection={<Icon size={20} stroke={1.6} />}
                active={location.pathname === item.path || location.pathname.startsWith(`${item.path}/`)}
                onClick={closeMobile}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                mb={2}
              />
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<Loader m="xl" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
