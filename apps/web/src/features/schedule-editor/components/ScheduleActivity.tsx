import { Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { Schedule } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useScheduleActivity } from '../editor-api';
import { formatMoment } from '../format';
import { SectionCard } from './SectionCard';

/** What the changes of one entry say: the fields an edit changed, the decision's note. */
function detailOf(action: string, changes: Record<string, unknown>, fieldName: (f: string) => string) {
  if (action === 'updated') return Object.keys(changes).map(fieldName).join(', ');
  if (action === 'decision' && typeof changes.note === 'string') return changes.note;
  return '';
}

/** The schedule's history, newest first, a page at a time. */
export function ScheduleActivity({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useScheduleActivity(schedule.id, page);
  const fieldName = (f: string) => t(`schedule-editor.fields.${f}`, { defaultValue: f.replaceAll('_', ' ') });
  const actionText = (action: string, changes: Record<string, unknown>) => {
    if (action === 'decision')
      return t(
        changes.status_id === 5 ? 'schedule-editor.activity.accepted' : 'schedule-editor.activity.declined',
      );
    return t(`schedule-editor.activity.${action}`, { defaultValue: action });
  };
  return (
    <SectionCard title={t('schedule-editor.activity.title')} testId="schedule-activity">
      {log.isPending ? (
        <Loader size="sm" />
      ) : log.isError ? (
        <ErrorPanel error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedule-editor.activity.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          {log.data.data.map((entry) => {
            const detail = detailOf(entry.action, entry.changes, fieldName);
            return (
              <Stack key={entry.id} gap={0}>
                <Text size="sm">
                  <Text span fw={500}>
                    {entry.user?.full_name ?? t('schedule-editor.activity.system')}
                  </Text>{' '}
                  {actionText(entry.action, entry.changes)}
                  {detail && `: ${detail}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatMoment(entry.created_at, i18n.language, schedule.time_zone)}
                </Text>
              </Stack>
            );
          })}
          {log.data.last_page > 1 && (
            <Group justify="flex-end">
              <Pagination total={log.data.last_page} value={page} onChange={setPage} size="sm" siblings={1} />
            </Group>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
