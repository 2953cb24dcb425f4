import type { CalendarDisplayType, CalendarItem, CalendarYearlyEvent } from '@workbench/domain';

/** Most chips a yearly cell shows before the aggregated '+N' chip (001 §2). */
export const YEARLY_CELL_CHIPS = 5;
/** A title longer than this is cut on a card and read whole in its tooltip (001 §4). */
export const TITLE_TOOLTIP_LENGTH = 30;

/**
 * The colour of each display type (001 §3): overdue in the alert colour, completed green, in
 * progress blue, in review violet, planned teal, to do orange. Mantine palette names; their
 * filled forms carry readable text (app/theme.ts).
 */
export const DISPLAY_TYPE_COLORS: Record<CalendarDisplayType, string> = {
  OVERDUE: 'red',
  COMPLETED: 'green',
  IN_PROGRESS: 'blue',
  IN_REVIEW: 'violet',
  PLANNED: 'teal',
  TODO: 'orange',
};
/** A prepared task (status 0): a read-only preview, drawn grey. */
export const PREPARED_COLOR = 'gray';

export function isPreparedTask(
  item: Pick<CalendarItem, 'status_id' | 'is_scheduled_prepared_task'>,
): boolean {
  return item.is_scheduled_prepared_task || item.status_id === 0;
}

export function itemColor(
  item: Pick<CalendarItem, 'status_id' | 'is_scheduled_prepared_task' | 'displayType'>,
): string {
  return isPreparedTask(item) ? PREPARED_COLOR : DISPLAY_TYPE_COLORS[item.displayType];
}

/** What a cell draws: its first items as chips, and how many more the '+N' chip stands for (0: none). */
export function cellChips(cell: Pick<CalendarYearlyEvent, 'data' | 'count'> | undefined): {
  items: CalendarItem[];
  more: number;
} {
  if (!cell) return { items: [], more: 0 };
  const items = cell.data.slice(0, YEARLY_CELL_CHIPS);
  return { items, more: Math.max(0, cell.count - items.length) };
}

/** The twelve cells of a row by month (a month the server left out is empty). */
export function cellsByMonth(events: readonly CalendarYearlyEvent[]): Array<CalendarYearlyEvent | undefined> {
  const byMonth = new Map(events.map((event) => [event.month, event]));
  return Array.from({ length: 12 }, (_, i) => byMonth.get(i + 1));
}

/** The moment an item stands at in the grid: its start, else its due date (seconds). */
const momentOf = (item: Pick<CalendarItem, 'start_date' | 'due_date'>) => item.start_date ?? item.due_date;

function safeFormat(language: string, timeZone: string, options: Intl.DateTimeFormatOptions, at: Date) {
  if (Number.isNaN(at.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(at);
  }
}

/** The day of the month a chip shows ('' without a date), in the organisation's time zone. */
export function itemDay(item: Pick<CalendarItem, 'start_date' | 'due_date'>, timeZone: string): string {
  const at = momentOf(item);
  return at === null ? '' : safeFormat('en', timeZone, { day: 'numeric' }, new Date(at * 1000));
}

/** An item's date and time in words ("Nov 24, 2026, 09:00"); '' without a date. */
export function itemWhen(
  item: Pick<CalendarItem, 'start_date' | 'due_date'>,
  language: string,
  timeZone: string,
): string {
  const at = momentOf(item);
  if (at === null) return '';
  return safeFormat(
    language,
    timeZone,
    { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    new Date(at * 1000),
  );
}

/** A title for a card: cut to 30 characters with an ellipsis; `cut` tells whether a tooltip must show the rest. */
export function shortTitle(title: string): { text: string; cut: boolean } {
  const chars = Array.from(title);
  if (chars.length <= TITLE_TOOLTIP_LENGTH) return { text: title, cut: false };
  return {
    text: `${chars
      .slice(0, TITLE_TOOLTIP_LENGTH - 1)
      .join('')
      .trimEnd()}…`,
    cut: true,
  };
}
