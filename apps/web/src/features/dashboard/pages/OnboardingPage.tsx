import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconConfetti } from '@tabler/icons-react';
import { isOnboardingComplete, onboardingSteps } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useDashboardConfig, useUpdateOnboarding } from '../dashboard-api';
import { MANUAL_ONBOARDING_STEPS, ONBOARDING_STEP_LINKS } from '../dashboard-view';

/** /dashboard/onboarding: a new organisation's first steps, ticked as they are done; skippable. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const config = useDashboardConfig();
  const update = useUpdateOnboarding();

  if (config.isError) return <ErrorPanel error={config.error} onRetry={() => void config.refetch()} />;
  const settings = config.data?.client?.settings;
  const progress = config.data?.onboarding_progress;
  if (!settings || !progress) return <Skeleton h={320} radius="md" maw={760} />;

  const steps = onboardingSteps(settings);
  const done = steps.filter((s) => progress.completed_steps.includes(s));
  const complete = isOnboardingComplete(progress, settings);
  const skip = () =>
    update.mutate(
      { dismissed: true },
      { onSuccess: () => navigate('/dashboard/overview'), onError: notify.fail },
    );

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} size="h2">
          {t('dashboard.onboarding.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('dashboard.onboarding.intro')}
        </Text>
      </div>
      <div>
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={600} id="onboarding-progress">
            {t('dashboard.onboarding.progress', { done: done.length, total: steps.length })}
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section
            value={(done.length / steps.length) * 100}
            aria-labelledby="onboarding-progress"
          />
        </Progress.Root>
      </div>
      {complete && (
        <Alert color="teal" icon={<IconConfetti size={20} />} title={t('dashboard.onboarding.done_title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="var(--mantine-color-text)">
              {t('dashboard.onboarding.done_text')}
            </Text>
            <Button component={Link} to="/dashboard/overview" size="xs">
              {t('dashboard.onboarding.to_overview')}
            </Button>
          </Stack>
        </Alert>
      )}
      {progress.dismissed && !complete && (
        <Alert color="gray" title={t('dashboard.onboarding.skipped_title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="var(--mantine-color-text)">
              {t('dashboard.onboarding.skipped_text')}
            </Text>
            <Button
              size="xs"
              variant="light"
              loading={update.isPending}
              onClick={() => update.mutate({ dismissed: false }, { onError: notify.fail })}
            >
              {t('dashboard.onboarding.resume')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => {
          const isDone = progress.completed_steps.includes(step);
          return (
            <Paper
              component="li"
              key={step}
              withBorder
              radius="md"
              p="md"
              data-testid={`step-${step}`}
              data-done={isDone}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon
                  size={36}
                  radius="xl"
                  variant={isDone ? 'filled' : 'light'}
                  color={isDone ? 'teal' : 'gray'}
                  aria-hidden
                >
                  {isDone ? <IconCircleCheck size={22} /> : <IconCircleDashed size={22} />}
                </ThemeIcon>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>
                    {index + 1}. {t(`dashboard.onboarding.steps.${step}.title`)}
                    <Text component="span" size="sm" c={isDone ? 'teal.9' : 'dimmed'} ml="xs">
                      {isDone ? t('dashboard.onboarding.step_done') : t('dashboard.onboarding.step_open')}
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`dashboard.onboarding.steps.${step}.text`)}
                  </Text>
                  <Group gap="xs" mt={4}>
                    <Button
                      component={Link}
                      to={ONBOARDING_STEP_LINKS[step]}
                      size="xs"
                      variant={isDone ? 'default' : 'filled'}
                    >
                      {t(`dashboard.onboarding.steps.${step}.action`)}
                    </Button>
                    {MANUAL_ONBOARDING_STEPS.includes(step) && !isDone && (
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={update.isPending && update.variables?.completed_steps?.includes(step)}
                        onClick={() => update.mutate({ completed_steps: [step] }, { onError: notify.fail })}
                      >
                        {t('dashboard.onboarding.mark_done')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {!complete && !progress.dismissed && (
        <Group>
          <Button
            variant="default"
            onClick={skip}
            loading={update.isPending && update.variables?.dismissed === true}
          >
            {t('dashboard.onboarding.skip')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
