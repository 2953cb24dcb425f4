import { Anchor, Text } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { schedulePaths } from '../schedule-paths';
import { useSchedule } from '../schedule-queries';

/**
 * On an issue a schedule created: "Created by schedule <title>", linking to the schedule. The
 * issue answer names only the id; the title is read from the schedule, and while it loads (or
 * when the person may not see the schedule) the link says "Created by a schedule".
 */
export function IssueScheduleLink({ scheduleId }: { scheduleId: number }) {
  const { t } = useTranslation();
  const schedule = useSchedule(scheduleId);
  const title = schedule.data?.title;
  return (
    <Text size="sm" data-testid="issue-schedule-link">
      <IconCalendarRepeat size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {title ? `${t('schedules.issue_link.created_by')} ` : null}
      <Anchor component={Link} to={schedulePaths.detail(scheduleId)} size="sm">
        {title ?? t('schedules.issue_link.generic')}
      </Anchor>
    </Text>
  );
}
