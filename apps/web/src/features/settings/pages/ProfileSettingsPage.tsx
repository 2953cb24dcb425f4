import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconKey, IconUser } from '@tabler/icons-react';
import { LANGUAGE_NAMES } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/session-store';
import { NotificationPreferencesCard } from '../../notifications/NotificationPreferencesCard';
import { CalendarFeedCard } from '../../profiles/components/CalendarFeedCard';
import { SessionsCard } from '../components/SessionsCard';
import { SettingsLayout } from '../components/SettingsLayout';

/**
 * /dashboard/settings/profile: the own profile at a glance (edited on the existing profile edit
 * page, which also holds the language), the password, notification preferences, the calendar
 * feed and the sessions.
 */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const user = useAuth().session?.user;
  return (
    <SettingsLayout>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('settings.profile_title')}
          </Title>
          {user && (
            <Stack gap={2}>
              <Text fw={600}>{user.full_name}</Text>
              <Text size="sm" c="dimmed">
                {user.email} · {LANGUAGE_NAMES[user.language]}
              </Text>
            </Stack>
          )}
          <Group gap="xs" wrap="wrap">
            <Button component={Link} to="/dashboard/profile/edit" leftSection={<IconEdit size={16} />}>
              {t('settings.profile_edit')}
            </Button>
            <Button
              component={Link}
              to="/dashboard/profile/detail"
              variant="default"
              leftSection={<IconUser size={16} />}
            >
              {t('settings.profile_view')}
            </Button>
            <Button
              component={Link}
              to="/change-password"
              variant="default"
              leftSection={<IconKey size={16} />}
            >
              {t('settings.change_password')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <SessionsCard />
      <NotificationPreferencesCard />
      <CalendarFeedCard />
    </SettingsLayout>
  );
}
