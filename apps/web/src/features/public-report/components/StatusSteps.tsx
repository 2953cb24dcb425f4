import { Badge, Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDot, IconHourglassHigh, IconX } from '@tabler/icons-react';
import { ISSUE_STATUS } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

/** Where a report stands as its reporter reads it: received, in progress, done; or declined. */
export type PublicStage = 'received' | 'in_progress' | 'review' | 'done' | 'declined';

export function publicStage(statusId: number): PublicStage {
  switch (statusId) {
    case ISSUE_STATUS.declined:
      return 'declined';
    case ISSUE_STATUS.inProgress:
      return 'in_progress';
    case ISSUE_STATUS.inReview:
      return 'review';
    case ISSUE_STATUS.completed:
      return 'done';
    default:
      return 'received';
  }
}

const STEPS = ['received', 'in_progress', 'done'] as const;
const stepIndex = (stage: PublicStage) =>
  stage === 'received' ? 0 : stage === 'in_progress' ? 1 : stage === 'declined' ? 0 : 2;

/**
 * The status of a report: a badge with the stage (the issue's own status name while it waits for
 * the reporter's check) and three steps (received → in
 * progress → done), the current one marked for screen readers (aria-current="step"). A declined
 * report shows that instead of the steps ahead.
 */
export function StatusSteps({ statusId, statusName }: { statusId: number; statusName: string }) {
  const { t } = useTranslation();
  const stage = publicStage(statusId);
  const current = stepIndex(stage);
  const declined = stage === 'declined';
  const color = declined ? 'red' : stage === 'done' ? 'teal' : stage === 'received' ? 'gray' : 'blue';
  return (
    <Stack gap="sm" data-testid="public-status" data-stage={stage}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('public-report.status_label')}
        </Text>
        <Badge color={color} variant="light" size="lg" data-testid="public-status-badge">
          {stage === 'declined'
            ? t('public-report.status_declined')
            : stage === 'review'
              ? statusName
              : t(`public-report.step_${stage}`)}
        </Badge>
      </Group>
      {declined ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" radius="xl" aria-hidden>
            <IconX size={18} />
          </ThemeIcon>
          <Text size="sm">{t('public-report.declined_text')}</Text>
        </Group>
      ) : (
        <Box
          component="ol"
          aria-label={t('public-report.status_label')}
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: 4 }}
        >
          {STEPS.map((step, index) => {
            const reached = index <= current;
            const isCurrent = index === current;
            const finished = index < current || (index === current && stage === 'done');
            return (
              <Box
                component="li"
                key={step}
                aria-current={isCurrent ? 'step' : undefined}
                style={{ flex: 1, minWidth: 0 }}
              >
                <Box
                  h={4}
                  mb={6}
                  style={{
                    borderRadius: 2,
                    background: reached
                      ? 'var(--mantine-primary-color-filled)'
                      : 'var(--mantine-color-gray-3)',
                  }}
                />
                <Group gap={4} wrap="nowrap">
                  <ThemeIcon
                    size={20}
                    radius="xl"
                    variant={reached ? 'filled' : 'light'}
                    color={reached ? undefined : 'gray'}
                    aria-hidden
                  >
                    {finished ? (
                      <IconCheck size={12} />
                    ) : isCurrent ? (
                      <IconCircleDot size={12} />
                    ) : (
                      <IconHourglassHigh size={12} />
                    )}
                  </ThemeIcon>
                  <Text size="xs" fw={isCurrent ? 700 : 400} c={reached ? undefined : 'dimmed'} truncate>
                    {t(`public-report.step_${step}`)}
                  </Text>
                </Group>
              </Box>
            );
          })}
        </Box>
      )}
      {stage === 'review' && <Text size="sm">{t('public-report.review_text')}</Text>}
    </Stack>
  );
}
