import { ISSUE_STATUS } from '../issues/statuses.js';
import { CALENDAR_WEEKLY_EVENTS_MAX } from './calendar-params.js';

/**
 * Where the daily and weekly timelines put their cards (001 §4 "Calendar item display", "Drag and
 * drop", "Calendar selection"; §9 timeline geometry). Pure rules on seconds and pixels: the caller
 * says where its days begin (the web: the browser's local midnight; the server answers seconds),
 * so the same item lands on the same spot however often a row is laid out.
 */

/** §9: a day is 24 hours; default width 2700 px (each hour width/24), default row height 200. */
export const TIMELINE_HOURS = 24;
export const DAY_SECONDS = 86_400;
export const TIMELINE_DEFAULT_WIDTH = 2700;
export const TIMELINE_ROW_HEIGHT = 200;
/** An item with only one date spans an hour. */
export const ONE_DATE_SPAN_SECONDS = 3600;
/**
 * Overlapping cards are shifted down this much each. The spec says 12 px; 24 px leaves every
 * covered card a strip of at least 24 px to click or tap (WCAG 2.2 target size).
 */
export const OVERLAP_SHIFT_PX = 24;
/** More than 20 cards in a daily row fold the rest into a view-more card. */
export const DAILY_ROW_CARDS_MAX = 20;
/** More than 2 full-day items are grouped in a box. */
export const FULL_DAY_ITEMS_MAX = 2;
/** Dragged times snap to 5 minutes. */
export const DROP_SNAP_SECONDS = 300;
/** A new time slot is rounded to 30 minutes and lasts one hour. */
export const NEW_SLOT_ROUND_SECONDS = 1800;
export const NEW_SLOT_LENGTH_SECONDS = 3600;

/** What the layout reads of a calendar item (CalendarItem has all of it). */
export type TimelineItem = {
  id: number | string;
  status_id: number;
  start_date: number | null;
  due_date: number | null;
  is_scheduled_prepared_task: boolean;
  permissions: { canEdit: boolean; canQuickComplete: boolean };
};

/** Where a day begins and ends, in seconds since the epoch (end = the next day's start). */
export type DayBounds = { start: number; end: number };

export type ItemSpan = { start: number; end: number };

/**
 * The time an item covers: start to due; with only one date an hour from the start or up to the
 * due date; null without dates (removed from every timeline). A due before the start counts as
 * the start's hour.
 */
export function itemSpan(item: Pick<TimelineItem, 'start_date' | 'due_date'>): ItemSpan | null {
  const { start_date: start, due_date: due } = item;
  if (start === null && due === null) return null;
  if (start !== null && due !== null) {
    return due > start ? { start, end: due } : { start, end: start + ONE_DATE_SPAN_SECONDS };
  }
  if (start !== null) return { start, end: start + ONE_DATE_SPAN_SECONDS };
  return { start: (due as number) - ONE_DATE_SPAN_SECONDS, end: due as number };
}

/** The index of the day (of days given by their bounds) a moment falls in; -1 when none. */
export function dayIndexOf(seconds: number, days: readonly DayBounds[]): number {
  return days.findIndex((day) => seconds >= day.start && seconds < day.end);
}

/**
 * A full-day item: its start and due fall on different days (so it is left out of the daily
 * lists and drawn as a bar over its days). An item with one date is never full-day. dayStartOf
 * answers the start of the day a moment falls in.
 */
export function isFullDayItem(
  item: Pick<TimelineItem, 'start_date' | 'due_date'>,
  dayStartOf: (seconds: number) => number,
): boolean {
  const { start_date: start, due_date: due } = item;
  if (start === null || due === null || due <= start) return false;
  // The due at exactly the next midnight still ends the start's day.
  return dayStartOf(start) !== dayStartOf(due - 1);
}

/** x of a moment on a day's timeline: seconds since the day's start × width / 24 h. */
export function timeToX(seconds: number, dayStart: number, width = TIMELINE_DEFAULT_WIDTH): number {
  return ((seconds - dayStart) * width) / DAY_SECONDS;
}

/**
 * The moment a drop at x (px from the timeline's left edge) means, snapped to 5 minutes; null
 * (cancel) at a negative offset or beyond the day.
 */
export function xToDropTime(x: number, dayStart: number, width = TIMELINE_DEFAULT_WIDTH): number | null {
  if (!Number.isFinite(x) || x < 0 || x > width) return null;
  const seconds = Math.round((x * DAY_SECONDS) / width / DROP_SNAP_SECONDS) * DROP_SNAP_SECONDS;
  return dayStart + Math.min(seconds, DAY_SECONDS - DROP_SNAP_SECONDS);
}

/** A new time slot at a moment: rounded to 30 minutes, lasting an hour. */
export function newTimeSlot(seconds: number): ItemSpan {
  const start = Math.round(seconds / NEW_SLOT_ROUND_SECONDS) * NEW_SLOT_ROUND_SECONDS;
  return { start, end: start + NEW_SLOT_LENGTH_SECONDS };
}

/** A card on a daily timeline: its span clipped to the day, its x and width, and its shift. */
export type TimelineCard<T extends TimelineItem> = {
  item: T;
  span: ItemSpan;
  left: number;
  width: number;
  /** How many overlapping cards it sits under: drawn OVERLAP_SHIFT_PX × level lower. */
  level: number;
  shift: number;
};

/** A full-day entry: one item, or a box of more than 2. */
export type FullDayEntry<T extends TimelineItem> = { box: false; item: T } | { box: true; items: T[] };

export type DailyRowLayout<T extends TimelineItem> = {
  cards: TimelineCard<T>[];
  /** Cards past the 20th, folded into the view-more card. */
  viewMoreItems: T[];
  showViewMoreCard: boolean;
  fullDay: FullDayEntry<T>[];
};

/** Items sorted by start, then by end, then by id (a stable order for the same input). */
function bySpan<T extends TimelineItem>(a: { item: T; span: ItemSpan }, b: { item: T; span: ItemSpan }) {
  return (
    a.span.start - b.span.start ||
    a.span.end - b.span.end ||
    String(a.item.id).localeCompare(String(b.item.id))
  );
}

/**
 * Overlap levels: each card takes the lowest level no earlier card still running at its start
 * holds, so a stack of overlapping cards steps down OVERLAP_SHIFT_PX at a time.
 */
function withLevels<T extends TimelineItem>(
  sorted: Array<{ item: T; span: ItemSpan }>,
): Array<{ item: T; span: ItemSpan; level: number }> {
  const placed: Array<{ end: number; level: number }> = [];
  return sorted.map(({ item, span }) => {
    const taken = new Set(placed.filter((p) => p.end > span.start).map((p) => p.level));
    let level = 0;
    while (taken.has(level)) level++;
    placed.push({ end: span.end, level });
    return { item, span, level };
  });
}

/** Full-day items as entries: each on its own, or one box when there are more than 2. */
export function groupFullDay<T extends TimelineItem>(items: readonly T[]): FullDayEntry<T>[] {
  if (items.length > FULL_DAY_ITEMS_MAX) return [{ box: true, items: [...items] }];
  return items.map((item) => ({ box: false, item }));
}

/**
 * One row of a daily timeline: items without dates are removed, items spanning days go to the
 * full-day entries, the rest become cards sorted by start (the first 20; the rest fold into the
 * view-more card), each placed at its start's x and shifted under the cards it overlaps.
 */
export function layoutDailyRow<T extends TimelineItem>(
  items: readonly T[],
  day: DayBounds,
  dayStartOf: (seconds: number) => number,
  width = TIMELINE_DEFAULT_WIDTH,
): DailyRowLayout<T> {
  const timed: Array<{ item: T; span: ItemSpan }> = [];
  const fullDay: T[] = [];
  for (const item of items) {
    const span = itemSpan(item);
    if (!span) continue;
    if (isFullDayItem(item, dayStartOf)) {
      if (span.start < day.end && span.end > day.start) fullDay.push(item);
      continue;
    }
    if (span.end <= day.start || span.start >= day.end) continue;
    timed.push({ item, span });
  }
  timed.sort(bySpan);
  const shown = timed.slice(0, DAILY_ROW_CARDS_MAX);
  const folded = timed.slice(DAILY_ROW_CARDS_MAX).map((entry) => entry.item);
  const minWidth = width / TIMELINE_HOURS / 12; // at least 5 minutes wide
  const cards = withLevels(shown).map(({ item, span, level }) => {
    const from = Math.max(span.start, day.start);
    const to = Math.min(span.end, day.end);
    const left = timeToX(from, day.start, width);
    return {
      item,
      span,
      left,
      width: Math.max(timeToX(to, day.start, width) - left, minWidth),
      level,
      shift: level * OVERLAP_SHIFT_PX,
    };
  });
  return {
    cards,
    viewMoreItems: folded,
    showViewMoreCard: folded.length > 0,
    fullDay: groupFullDay(fullDay),
  };
}

/** A full-day bar of a weekly row: the columns it covers (clipped to the days shown) and its lane. */
export type WeeklyBar<T extends TimelineItem> = { item: T; first: number; last: number; lane: number };

export type WeeklyRowLayout<T extends TimelineItem> = {
  /** Per day column, its timed items sorted by start. */
  days: T[][];
  /** Full-day bars (at most 2; more are grouped in one box). */
  bars: WeeklyBar<T>[];
  /** More than 2 full-day items: one box with all of them. */
  box: T[] | null;
};

/**
 * One row of a weekly view: timed items in the column of the day they start, sorted; items
 * spanning days as bars over the columns they cover (more than 2 grouped in a box); items without
 * dates or outside the days shown left out.
 */
export function layoutWeeklyRow<T extends TimelineItem>(
  items: readonly T[],
  days: readonly DayBounds[],
  dayStartOf: (seconds: number) => number,
): WeeklyRowLayout<T> {
  const columns: Array<Array<{ item: T; span: ItemSpan }>> = days.map(() => []);
  const spanning: Array<{ item: T; first: number; last: number; span: ItemSpan }> = [];
  const first = days[0];
  const last = days[days.length - 1];
  for (const item of items) {
    const span = itemSpan(item);
    if (!span || !first || !last) continue;
    if (isFullDayItem(item, dayStartOf)) {
      if (span.end <= first.start || span.start >= last.end) continue;
      const from = span.start < first.start ? 0 : dayIndexOf(span.start, days);
      const to = span.end > last.end ? days.length - 1 : dayIndexOf(span.end - 1, days);
      // A bar starting or ending on a day not shown (the weekend) is clipped to the shown days.
      const firstColumn = from < 0 ? days.findIndex((day) => day.start >= span.start) : from;
      const lastColumn = to < 0 ? days.findLastIndex((day) => day.end <= span.end) : to;
      if (firstColumn < 0 || lastColumn < firstColumn) continue;
      spanning.push({ item, first: firstColumn, last: lastColumn, span });
      continue;
    }
    const column = dayIndexOf(span.start, days);
    if (column >= 0) columns[column]?.push({ item, span });
  }
  spanning.sort((a, b) => a.first - b.first || a.last - b.last || bySpan(a, b));
  const laneEnds: number[] = [];
  const bars = spanning.map(({ item, first: from, last: to }) => {
    let lane = laneEnds.findIndex((end) => end < from);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = to;
    return { item, first: from, last: to, lane };
  });
  const boxed = bars.length > FULL_DAY_ITEMS_MAX;
  return {
    days: columns.map((column) => column.sort(bySpan).map((entry) => entry.item)),
    bars: boxed ? [] : bars,
    box: boxed ? bars.map((bar) => bar.item) : null,
  };
}

/** Where a card sits: a card of its own, a grouped box, or a full-day card. */
export type CardKind = 'card' | 'box' | 'fullDay';

/**
 * Whether a card can be dragged (001 §4): not grouped boxes, full-day cards, prepared tasks
 * (status 0, future read-only previews), items the caller may not edit, nor in public views.
 */
export function canDragCalendarItem(
  item: TimelineItem,
  kind: CardKind = 'card',
  options: { isPublic?: boolean } = {},
): boolean {
  if (kind !== 'card' || options.isPublic) return false;
  if (item.is_scheduled_prepared_task || item.status_id === ISSUE_STATUS.scheduled) return false;
  return item.permissions.canEdit;
}

/** Whether the card offers quick complete (001 §6 rule, computed per item by the server): never for prepared or completed items. */
export function canQuickCompleteCalendarItem(item: TimelineItem): boolean {
  if (item.is_scheduled_prepared_task || item.status_id === ISSUE_STATUS.scheduled) return false;
  if (item.status_id === ISSUE_STATUS.completed) return false;
  return item.permissions.canQuickComplete;
}

/** The weekly selection (001 §4): the events of the rows shown and whether they exceed 200. */
export function weeklySelection(
  rows: ReadonlyArray<{ id: number; total_calendar_events: number }>,
  hidden: readonly number[],
): { total: number; tooMuch: boolean } {
  const hiddenIds = new Set(hidden);
  const total = rows.reduce((sum, row) => (hiddenIds.has(row.id) ? sum : sum + row.total_calendar_events), 0);
  return { total, tooMuch: total > CALENDAR_WEEKLY_EVENTS_MAX };
}
