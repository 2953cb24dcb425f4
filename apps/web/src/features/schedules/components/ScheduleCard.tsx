import { Anchor, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  IconBox,
  IconBuilding,
  IconCalendarEvent,
  IconClipboardList,
  IconRepeat,
  IconUser,
} from '@tabler/icons-react';
import type { Schedule } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNextDate, schedulePaths } from '../list-state';
import { repeatSummary } from '../repeat-summary';
import type { ScheduleSelection } from '../use-schedule-selection';
import { DecisionBadge, ScheduleStatusBadge, WHOLE_BADGE } from './ScheduleBadges';
import { ScheduleRowMenu } from './ScheduleRowMenu';

export type ScheduleRowSelection = Pick<ScheduleSelection, 'isSelected' | 'toggle'>;

/** The words a card, a compact row and a table row share. */
export function useScheduleTexts(schedule: Schedule) {
  const { t, i18n } = useTranslation();
  const next = formatNextDate(schedule.next_issue_scheduled_at, schedule.time_zone, i18n.language);
  return {
    summary: repeatSummary(schedule, t, i18n.language),
    next: next || t('schedules.list.no_next_date'),
    /** The card's line: "Next: <date>", or "No next date" alone. */
    nextLine: next ? t('schedules.list.next_date', { date: next }) : t('schedules.list.no_next_date'),
    assignee: schedule.assignee?.full_name ?? t('schedules.list.unassigned'),
  };
}

export function ScheduleCheckbox({
  schedule,
  selection,
}: {
  schedule: Schedule;
  selection: ScheduleRowSelection;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size="sm"
      aria-label={t('schedules.list.select_schedule', { title: schedule.title })}
      checked={selection.isSelected(schedule.id)}
      onChange={() => selection.toggle(schedule)}
      data-testid="schedule-select"
    />
  );
}

export function ScheduleTitleLink({ schedule, lines = 1 }: { schedule: Schedule; lines?: number }) {
  return (
    <Anchor
      component={Link}
      to={schedulePaths.detail(schedule.id)}
      fw={600}
      lineClamp={lines}
      data-testid="schedule-card-link"
    >
      {schedule.title}
    </Anchor>
  );
}

function Line({
  icon,
  children,
  title,
  lines = 1,
}: {
  icon: ReactNode;
  children: ReactNode;
  title?: string;
  lines?: number;
}) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" title={title} align="flex-start">
      {icon}
      <Text size="sm" c="dimmed" lineClamp={lines}>
        {children}
      </Text>
    </Group>
  );
}

/** The counts on a card: assets worked on and issues created so far. */
function Counts({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Badge
        variant="outline"
        color="gray"
        size="sm"
        styles={WHOLE_BADGE}
        leftSection={<IconBox size={12} aria-hidden />}
      >
        {t('schedules.list.assets_count', { count: schedule.assets.length })}
      </Badge>
      <Badge
        variant="outline"
        color={schedule.statistics.created > 0 ? 'blue' : 'gray'}
        size="sm"
        styles={WHOLE_BADGE}
        leftSection={<IconClipboardList size={12} aria-hidden />}
      >
        {t('schedules.list.created_count', { count: schedule.statistics.created })}
      </Badge>
    </Group>
  );
}

/**
 * One schedule of the list (001 §2 "Scheduling"): title, workspace, assignee with their decision,
 * the rule in words, the next date, the status and the counts; compact: one line of the same.
 */
export function ScheduleCard({
  schedule,
  density,
  selection,
}: {
  schedule: Schedule;
  density: 'comfortable' | 'compact';
  selection: ScheduleRowSelection;
}) {
  const { t } = useTranslation();
  const texts = useScheduleTexts(schedule);
  const icon = (Icon: typeof IconBox) => (
    <Icon size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
  );

  if (density === 'compact') {
    return (
      <Card withBorder radius="md" padding="xs" data-testid="schedule-card">
        <Group wrap="nowrap" gap="sm" align="center">
          <ScheduleCheckbox schedule={schedule} selection={selection} />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <ScheduleTitleLink schedule={schedule} />
            <Text size="xs" c="dimmed" lineClamp={1}>
              {[schedule.workspace.name, texts.assignee, texts.summary].join(' · ')}
            </Text>
          </Stack>
          <Text size="xs" c="dimmed" visibleFrom="sm" title={t('schedules.list.columns.next_date')}>
            {texts.next}
          </Text>
          <ScheduleStatusBadge status={schedule.status} size="xs" />
          <ScheduleRowMenu schedule={schedule} />
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm" data-testid="schedule-card">
      <Group wrap="nowrap" gap="xs" align="flex-start">
        <ScheduleCheckbox schedule={schedule} selection={selection} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <ScheduleTitleLink schedule={schedule} />
          <Line icon={icon(IconBuilding)}>{schedule.workspace.name}</Line>
          <Group gap={6} wrap="nowrap">
            <Line icon={icon(IconUser)}>{texts.assignee}</Line>
            <DecisionBadge schedule={schedule} />
          </Group>
          <Line icon={icon(IconRepeat)} title={texts.summary} lines={2}>
            {texts.summary}
          </Line>
          <Line icon={icon(IconCalendarEvent)} lines={2}>
            {texts.nextLine}
          </Line>
          <Group gap={6} wrap="wrap" mt={4}>
            <ScheduleStatusBadge status={schedule.status} />
            {schedule.seasonal_break_active && (
              <Badge variant="light" color="grape" size="sm">
                {t('schedules.list.on_break')}
              </Badge>
            )}
            <Counts schedule={schedule} />
          </Group>
        </Stack>
        <ScheduleRowMenu schedule={schedule} />
      </Group>
    </Card>
  );
}
