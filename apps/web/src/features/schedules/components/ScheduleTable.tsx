import { Checkbox, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Schedule } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import type { ScheduleSelection } from '../use-schedule-selection';
import { DecisionBadge, ScheduleStatusBadge } from './ScheduleBadges';
import { ScheduleCheckbox, ScheduleTitleLink, useScheduleTexts } from './ScheduleCard';
import { ScheduleRowMenu } from './ScheduleRowMenu';

const COLUMNS = [
  'title',
  'workspace',
  'assignee',
  'repeat',
  'next_date',
  'status',
  'assets',
  'created',
] as const;

function Row({ schedule, selection }: { schedule: Schedule; selection: ScheduleSelection }) {
  const texts = useScheduleTexts(schedule);
  return (
    <Table.Tr data-testid="schedule-row">
      <Table.Td>
        <ScheduleCheckbox schedule={schedule} selection={selection} />
      </Table.Td>
      <Table.Td miw={200} maw={300}>
        <ScheduleTitleLink schedule={schedule} lines={2} />
      </Table.Td>
      <Table.Td>{schedule.workspace.name}</Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Text size="sm">{texts.assignee}</Text>
          <DecisionBadge schedule={schedule} />
        </Stack>
      </Table.Td>
      <Table.Td miw={220}>{texts.summary}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{texts.next}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <ScheduleStatusBadge status={schedule.status} size="xs" />
      </Table.Td>
      <Table.Td ta="right">{schedule.assets.length}</Table.Td>
      <Table.Td ta="right">{schedule.statistics.created}</Table.Td>
      <Table.Td>
        <ScheduleRowMenu schedule={schedule} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The table density of the schedule list (001 §2): one row per schedule, scrolling sideways on phones. */
export function ScheduleTable({
  schedules,
  selection,
}: {
  schedules: Schedule[];
  selection: ScheduleSelection;
}) {
  const { t } = useTranslation();
  const pageState = selection.pageState(schedules);
  return (
    <ScrollArea type="auto" offsetScrollbars="x">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" miw={1100} data-testid="schedule-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                size="sm"
                aria-label={t('schedules.list.select_page')}
                checked={pageState === 'all'}
                indeterminate={pageState === 'some'}
                onChange={() => selection.togglePage(schedules)}
              />
            </Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'assets' || column === 'created' ? 'right' : undefined}>
                {t(`schedules.list.columns.${column}`)}
              </Table.Th>
            ))}
            <Table.Th w={40}>
              <VisuallyHidden>{t('schedules.list.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((schedule) => (
            <Row key={schedule.id} schedule={schedule} selection={selection} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
