import type { CalendarDisplayType, CalendarItem } from '@workbench/domain';

/** The Mantine colour of each display type (001 §3, §4); prepared tasks (status 0) are grey. */
const COLOURS: Record<CalendarDisplayType, string> = {
  IN_REVIEW: 'violet',
  COMPLETED: 'teal',
  IN_PROGRESS: 'blue',
  PLANNED: 'cyan',
  TODO: 'yellow',
  OVERDUE: 'red',
};

export function cardColour(
  item: Pick<CalendarItem, 'displayType' | 'is_scheduled_prepared_task' | 'status_id'>,
): string {
  if (item.is_scheduled_prepared_task || item.status_id === 0) return 'gray';
  return COLOURS[item.displayType];
}

/** Background and border of a card: an opaque light shade (overlapping cards stay readable) with the full colour as its left edge. */
export function cardStyle(colour: string): { background: string; borderLeft: string; color: string } {
  return {
    background: `color-mix(in srgb, var(--mantine-color-${colour}-filled) 16%, var(--mantine-color-body))`,
    borderLeft: `4px solid var(--mantine-color-${colour}-filled)`,
    color: 'var(--mantine-color-text)',
  };
}

/** Titles over 30 characters get a tooltip (001 §9). */
export const TITLE_TOOLTIP_MIN = 31;
