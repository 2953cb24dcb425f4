import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { ISSUE_STATUSES, type Schedule } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { LATEST_ISSUES_COUNT, useLatestScheduleIssues } from '../editor-api';
import { formatMoment } from '../format';
import { schedulePaths } from '../paths';
import { SectionCard } from './SectionCard';

/** The schedule's newest issues, each a link, and the way to all of them in the issue list. */
export function ScheduleLatestIssues({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const isRunning = schedule.status === 'active' || schedule.status === 'pending';
  const issues = useLatestScheduleIssues(schedule.id, isRunning);
  const statusName = (id: number) => ISSUE_STATUSES.find((s) => s.id === id)?.shown_as ?? 'to_do';
  return (
    <SectionCard
      title={t('schedule-editor.latest.title')}
      testId="schedule-latest-issues"
      action={
        <Anchor component={Link} to={schedulePaths.issuesOf(schedule.id)} size="sm">
          {t('schedule-editor.latest.view_all', { count: issues.data?.total ?? 0 })}
        </Anchor>
      }
    >
      {issues.isPending ? (
        <Loader size="sm" />
      ) : issues.isError ? (
        <ErrorPanel error={issues.error} onRetry={() => void issues.refetch()} />
      ) : issues.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {isRunning ? t('schedule-editor.latest.waiting') : t('schedule-editor.latest.none')}
        </Text>
      ) : (
        <Stack gap={6}>
          {/* The issue list pages by its own sizes (3 is not one of them): the first three are shown. */}
          {issues.data.data.slice(0, LATEST_ISSUES_COUNT).map((issue) => (
            <Group key={issue.id} gap="sm" justify="space-between" wrap="wrap">
              <Anchor component={Link} to={schedulePaths.issue(issue.id)} size="sm" fw={500}>
                {issue.title}
              </Anchor>
              <Group gap="xs">
                {issue.start_date && (
                  <Text size="xs" c="dimmed">
                    {formatMoment(issue.start_date, i18n.language, schedule.time_zone)}
                  </Text>
                )}
                <Badge variant="light" size="sm">
                  {t(`schedule-editor.issue_status.${statusName(issue.status_id)}`)}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
