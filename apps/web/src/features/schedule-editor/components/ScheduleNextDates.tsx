import { Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { Schedule } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useFutureDates, useFuturePreview } from '../editor-api';
import { formatShortDay, formatSpan } from '../format';
import { SectionCard } from './SectionCard';

/** The next dates by the rule, each with whether its issue exists or when it will be made. */
export function ScheduleNextDates({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const dates = useFutureDates(schedule.id);
  const zone = dates.data?.time_zone ?? schedule.time_zone;
  const at = (iso: string) => formatShortDay(iso, i18n.language, zone);
  return (
    <SectionCard title={t('schedule-editor.next_dates.title')} testId="schedule-next-dates">
      <Text size="xs" c="dimmed">
        {t('schedule-editor.next_dates.zone', { zone })}
      </Text>
      {dates.isPending ? (
        <Loader size="sm" />
      ) : dates.isError ? (
        <ErrorPanel error={dates.error} onRetry={() => void dates.refetch()} />
      ) : dates.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedule-editor.next_dates.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('schedule-editor.next_dates.start')}</Table.Th>
                <Table.Th>{t('schedule-editor.next_dates.issue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dates.data.data.map((d) => {
                const span = formatSpan(d.start_date, d.due_date, i18n.language, zone);
                return (
                  <Table.Tr key={`${d.start_date}-${d.due_date}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{span.day}</Text>
                      <Text size="xs" c="dimmed">
                        {span.times}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {d.created ? (
                        <Badge color="teal" variant="light">
                          {t('schedule-editor.next_dates.created')}
                        </Badge>
                      ) : d.creates_at ? (
                        <Text size="xs">
                          {t('schedule-editor.next_dates.creates_at', { at: at(d.creates_at) })}
                        </Text>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t('schedule-editor.next_dates.waits')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}

/** The prepared tasks (status 0): what the schedule will create, grey and read only. */
export function ScheduleFuturePreview({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const preview = useFuturePreview(schedule.id);
  return (
    <SectionCard title={t('schedule-editor.preview.title')} testId="schedule-preview">
      <Text size="xs" c="dimmed">
        {t('schedule-editor.preview.hint')}
      </Text>
      {preview.isPending ? (
        <Loader size="sm" />
      ) : preview.isError ? (
        <ErrorPanel error={preview.error} onRetry={() => void preview.refetch()} />
      ) : preview.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedule-editor.preview.none')}
        </Text>
      ) : (
        <Stack gap={6}>
          {preview.data.data.map((task) => (
            <Group
              key={task.key}
              gap="sm"
              wrap="nowrap"
              justify="space-between"
              p="xs"
              bg="var(--mantine-color-default-hover)"
              c="dimmed"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid="prepared-task"
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {task.title}
                </Text>
                <Text size="xs">
                  {[task.asset?.name, task.assignee?.full_name ?? t('schedule-editor.nobody')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                {formatShortDay(task.start_date, i18n.language, schedule.time_zone)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
