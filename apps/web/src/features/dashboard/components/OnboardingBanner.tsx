import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { onboardingSteps, showsOnboarding } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/session-store';
import { useDashboardConfig } from '../dashboard-api';

const HIDDEN_KEY = 'workbench.onboarding-banner-hidden';
const NOT_ON = ['/dashboard/onboarding', '/dashboard/privacy-consent'];

/** "Getting started" for admins while steps are open and the page was not skipped; hidden for the tab's session by ×. */
export function OnboardingBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const role = useAuth().session?.user.role ?? 'user';
  const config = useDashboardConfig(role === 'admin');
  const [hidden, setHidden] = useState(() => sessionStorage.getItem(HIDDEN_KEY) === '1');
  const settings = config.data?.client?.settings;
  const progress = config.data?.onboarding_progress;
  if (hidden || !settings || NOT_ON.includes(location.pathname) || !showsOnboarding(progress, settings, role))
    return null;
  const steps = onboardingSteps(settings);
  const done = steps.filter((s) => progress?.completed_steps.includes(s)).length;
  return (
    <Alert
      variant="light"
      color="brand"
      icon={<IconRocket size={18} />}
      mb="md"
      p="xs"
      data-testid="onboarding-banner"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="var(--mantine-color-text)">
          {t('dashboard.onboarding.banner', { done, total: steps.length })}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button component={Link} to="/dashboard/onboarding" size="compact-sm" variant="filled">
            {t('dashboard.onboarding.banner_open')}
          </Button>
          <CloseButton
            size="sm"
            aria-label={t('dashboard.onboarding.banner_hide')}
            onClick={() => {
              sessionStorage.setItem(HIDDEN_KEY, '1');
              setHidden(true);
            }}
          />
        </Group>
      </Group>
    </Alert>
  );
}
