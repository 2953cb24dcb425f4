import { Badge, type MantineSize } from '@mantine/core';
import type { Schedule, ScheduleStatusKind } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

/** Badges keep their whole word: a narrow table column or card grows instead of cutting it to '…'. */
export const WHOLE_BADGE = {
  root: { flexShrink: 0, overflow: 'visible' },
  label: { overflow: 'visible' },
} as const;

const STATUS_COLORS: Record<ScheduleStatusKind, string> = {
  active: 'teal',
  paused: 'yellow',
  pending: 'orange',
  finished: 'blue',
  archived: 'gray',
};

/** The schedule's status kind (001 §4: active, paused, pending, finished, archived). */
export function ScheduleStatusBadge({
  status,
  size = 'sm',
}: {
  status: ScheduleStatusKind;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size={size}
      styles={WHOLE_BADGE}
      data-testid="schedule-status"
    >
      {t(`schedules.status.${status}`)}
    </Badge>
  );
}

/** The assignee's decision on the schedule: not decided yet (null), accepted (5) or declined (4). */
export function decisionOf(schedule: Pick<Schedule, 'assignee_id' | 'assignee_status'>) {
  if (schedule.assignee_id === null) return null;
  if (schedule.assignee_status === 5) return 'accepted' as const;
  if (schedule.assignee_status === 4) return 'declined' as const;
  return 'pending' as const;
}

const DECISION_COLORS = { accepted: 'teal', declined: 'red', pending: 'gray' } as const;

export function DecisionBadge({
  schedule,
  size = 'xs',
}: {
  schedule: Pick<Schedule, 'assignee_id' | 'assignee_status' | 'assignee_note'>;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  const decision = decisionOf(schedule);
  if (!decision) return null;
  return (
    <Badge
      color={DECISION_COLORS[decision]}
      variant="outline"
      size={size}
      styles={WHOLE_BADGE}
      title={decision === 'declined' ? (schedule.assignee_note ?? undefined) : undefined}
    >
      {t(`schedules.decision.${decision}`)}
    </Badge>
  );
}
