import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/session-store';

export type SettingsTab = 'general' | 'profile' | 'pdf-reports' | 'public-forms' | 'about';

/** The tabs a person sees: admins all, others their profile and the about tab. */
export function settingsTabsFor(isAdmin: boolean): SettingsTab[] {
  return isAdmin ? ['general', 'profile', 'pdf-reports', 'public-forms', 'about'] : ['profile', 'about'];
}

/** The settings pages' frame: the title and the tab bar; each tab is a link with its own URL. */
export function SettingsLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isAdmin = useAuth().session?.user.role === 'admin';
  const tabs = settingsTabsFor(isAdmin);
  const active = tabs.find((tab) => pathname.startsWith(`/dashboard/settings/${tab}`)) ?? null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      <Tabs value={active}>
        {/* Wraps on a phone: every tab stays in sight (no strip scrolled sideways, no cut label). */}
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              renderRoot={(props) => <Link {...props} to={`/dashboard/settings/${tab}`} />}
              style={{ flexShrink: 0 }}
            >
              {t(`settings.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Every tab names its panel (aria-controls); only the shown one has content. */}
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab === active && <Stack gap="md">{children}</Stack>}
          </Tabs.Panel>
        ))}
      </Tabs>
      {!active && children}
    </Stack>
  );
}
