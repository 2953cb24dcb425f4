import { Badge } from '@mantine/core';
import type { ScheduleStatusKind } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ScheduleStatusKind, string> = {
  active: 'teal',
  paused: 'yellow',
  pending: 'blue',
  finished: 'gray',
  archived: 'dark',
};

/** The schedule's computed state: active, paused, pending (the assignee has not decided), finished, archived. */
export function ScheduleStatusBadge({ status }: { status: ScheduleStatusKind }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="schedule-status">
      {t(`schedule-editor.status.${status}`)}
    </Badge>
  );
}
