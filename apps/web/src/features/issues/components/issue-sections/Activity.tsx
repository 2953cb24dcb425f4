import { Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { Issue } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../../ui/feedback/ErrorPanel';
import { formatDateTime } from '../../issue-helpers';
import { useActivity } from '../../issues-api';
import { Section } from './Section';

/** The activity log (newest first, paged). */
export function Activity({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const activity = useActivity(issue.id, page);
  return (
    <Section title={t('issues.activity.title')}>
      {activity.isPending && <Loader size="sm" />}
      {activity.isError && <ErrorPanel error={activity.error} onRetry={() => activity.refetch()} />}
      {activity.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('issues.activity.empty')}
        </Text>
      )}
      <Stack gap={6}>
        {activity.data?.data.map((entry) => (
          <Group key={entry.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">
              <Text span fw={600}>
                {entry.user?.full_name ??
                  (byReporter(entry) ? t('issues.activity.reporter') : t('issues.someone'))}
              </Text>{' '}
              {t(`issues.activity.actions.${entry.action}`, {
                defaultValue: entry.action.replace(/_/g, ' '),
              })}
              {statusChange(entry.changes, t)}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDateTime(entry.created_at, i18n.language)}
            </Text>
          </Group>
        ))}
      </Stack>
      {activity.data && activity.data.last_page > 1 && (
        <Pagination mt="sm" size="sm" total={activity.data.last_page} value={page} onChange={setPage} />
      )}
    </Section>
  );
}

/** ': In progress → In review' when the entry changed the status. */
function statusChange(changes: Record<string, unknown>, t: (k: string) => string): string {
  const change = changes.status_id;
  if (!Array.isArray(change) || change.length !== 2) return '';
  const [from, to] = change;
  if (typeof from !== 'number' || typeof to !== 'number') return '';
  return `: ${t(`issues.status.${from}`)} → ${t(`issues.status.${to}`)}`;
}

const REPORTER_ACTIONS = new Set(['reported_publicly', 'reporter_confirmed', 'reporter_reopened']);

/** An entry the public reporter made through the follow link (it has no user). */
function byReporter(entry: { action: string; user: unknown; changes: Record<string, unknown> }): boolean {
  return entry.user === null && (REPORTER_ACTIONS.has(entry.action) || entry.changes.by_reporter === true);
}
