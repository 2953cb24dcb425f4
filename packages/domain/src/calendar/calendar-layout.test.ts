import { describe, expect, it } from 'vitest';
import {
  type CardKind,
  canDragCalendarItem,
  canQuickCompleteCalendarItem,
  type DayBounds,
  groupFullDay,
  isFullDayItem,
  itemSpan,
  layoutDailyRow,
  layoutWeeklyRow,
  newTimeSlot,
  type TimelineItem,
  timeToX,
  weeklySelection,
  xToDropTime,
} from './calendar-layout.js';

// Days in UTC for the tests: the caller decides where days begin.
const DAY = 86_400;
const H = 3600;
const D0 = Date.UTC(2026, 10, 23) / 1000; // Monday 2026-11-23 00:00 UTC
const dayStartOf = (s: number) => Math.floor(s / DAY) * DAY;
const day = (n: number): DayBounds => ({ start: D0 + n * DAY, end: D0 + (n + 1) * DAY });

let nextId = 1;
function item(start: number | null, due: number | null, extra: Partial<TimelineItem> = {}): TimelineItem {
  return {
    id: nextId++,
    status_id: 5,
    start_date: start,
    due_date: due,
    is_scheduled_prepared_task: false,
    permissions: { canEdit: true, canQuickComplete: true },
    ...extra,
  };
}

describe('item spans', () => {
  it.each([
    ['start and due', D0 + 9 * H, D0 + 11 * H, { start: D0 + 9 * H, end: D0 + 11 * H }],
    ['only a start: an hour from it', D0 + 9 * H, null, { start: D0 + 9 * H, end: D0 + 10 * H }],
    ['only a due: the hour before it', null, D0 + 9 * H, { start: D0 + 8 * H, end: D0 + 9 * H }],
    ['due before start: the start hour', D0 + 9 * H, D0 + 8 * H, { start: D0 + 9 * H, end: D0 + 10 * H }],
    ['no dates: removed', null, null, null],
  ])('%s', (_name, start, due, expected) => {
    expect(itemSpan({ start_date: start, due_date: due })).toEqual(expected);
  });

  it.each([
    ['same day', D0 + 9 * H, D0 + 17 * H, false],
    ['different days', D0 + 22 * H, D0 + 26 * H, true],
    ['due at the next midnight', D0 + 22 * H, D0 + 24 * H, false],
    ['one date only', D0 + 23.5 * H, null, false],
    ['several days', D0, D0 + 3 * DAY, true],
  ])('full-day when start and due fall on different days: %s', (_name, start, due, expected) => {
    expect(isFullDayItem({ start_date: start, due_date: due }, dayStartOf)).toBe(expected);
  });
});

describe('timeline geometry (2700 px default, 24 h)', () => {
  it.each([
    [0, 0],
    [H, 112.5],
    [10 * H, 1125],
    [DAY, 2700],
  ])('%i s after midnight is at x %d', (seconds, x) => {
    expect(timeToX(D0 + seconds, D0)).toBe(x);
  });

  it.each([
    ['10:00 exactly', 1125, 2700, D0 + 10 * H],
    ['snaps down to 5 minutes', 1125 + 4, 2700, D0 + 10 * H],
    ['snaps up to 5 minutes', 1125 + 6, 2700, D0 + 10 * H + 300],
    ['the day start', 0, 2700, D0],
    ['another width', 500, 1200, D0 + 10 * H],
    ['the day end stays in the day', 2700, 2700, D0 + DAY - 300],
    ['negative offset cancels', -1, 2700, null],
    ['beyond the day cancels', 2701, 2700, null],
    ['no number cancels', Number.NaN, 2700, null],
  ])('drop x → time: %s', (_name, x, width, expected) => {
    expect(xToDropTime(x, D0, width)).toBe(expected);
  });

  it.each([
    [D0 + 10 * H + 14 * 60, D0 + 10 * H],
    [D0 + 10 * H + 16 * 60, D0 + 10 * H + 1800],
    [D0 + 10 * H + 50 * 60, D0 + 11 * H],
  ])('a new slot is rounded to 30 minutes and lasts an hour (%i)', (at, start) => {
    expect(newTimeSlot(at)).toEqual({ start, end: start + H });
  });
});

describe('daily rows', () => {
  it('removes items without dates and items spanning days, and keeps the others sorted by start', () => {
    const late = item(D0 + 15 * H, D0 + 16 * H);
    const early = item(D0 + 8 * H, null);
    const layout = layoutDailyRow(
      [late, item(null, null), item(D0 + 20 * H, D0 + 30 * H), early, item(D0 + DAY + H, null)],
      day(0),
      dayStartOf,
    );
    expect(layout.cards.map((c) => c.item)).toEqual([early, late]);
    expect(layout.cards[0]).toMatchObject({ left: 900, width: 112.5, level: 0, shift: 0 });
    expect(layout.fullDay).toHaveLength(1);
  });

  it.each([
    [
      'apart',
      [
        [8, 9],
        [10, 11],
      ],
      [0, 0],
    ],
    [
      'two overlapping',
      [
        [8, 10],
        [9, 11],
      ],
      [0, 24],
    ],
    [
      'three stacked',
      [
        [8, 12],
        [9, 12],
        [10, 11],
      ],
      [0, 24, 48],
    ],
    [
      'a gap frees the first level',
      [
        [8, 10],
        [9, 12],
        [10, 11],
      ],
      [0, 24, 0],
    ],
    [
      'touching is not overlapping',
      [
        [8, 9],
        [9, 10],
      ],
      [0, 0],
    ],
  ])('overlapping cards shift 24 px: %s', (_name, hours, shifts) => {
    const items = hours.map(([from, to]) => item(D0 + (from as number) * H, D0 + (to as number) * H));
    expect(layoutDailyRow(items, day(0), dayStartOf).cards.map((c) => c.shift)).toEqual(shifts);
  });

  it.each([
    [20, 20, 0, false],
    [21, 20, 1, true],
    [30, 20, 10, true],
  ])('%i cards: %i shown, %i folded into the view-more card', (count, shown, folded, showViewMore) => {
    const items = Array.from({ length: count }, (_, i) => item(D0 + i * 1200, null));
    const layout = layoutDailyRow(items, day(0), dayStartOf);
    expect(layout.cards).toHaveLength(shown);
    expect(layout.viewMoreItems).toHaveLength(folded);
    expect(layout.showViewMoreCard).toBe(showViewMore);
    // The folded ones are the latest.
    if (folded) expect(layout.viewMoreItems[0]).toBe(items[20]);
  });

  it('a one-date item half an hour before midnight is clipped to the day', () => {
    const layout = layoutDailyRow([item(D0 + 23.5 * H, null)], day(0), dayStartOf);
    expect(layout.cards[0]).toMatchObject({ left: 2643.75, width: 56.25 });
  });
});

describe('full-day grouping', () => {
  it.each([
    [0, 0, false],
    [1, 1, false],
    [2, 2, false],
    [3, 1, true],
    [7, 1, true],
  ])('%i full-day items → %i entries (box: %s)', (count, entries, box) => {
    const items = Array.from({ length: count }, () => item(D0, D0 + 2 * DAY));
    const grouped = groupFullDay(items);
    expect(grouped).toHaveLength(entries);
    if (entries) expect(grouped[0]?.box).toBe(box);
    if (box) expect(grouped[0]).toMatchObject({ box: true, items });
  });
});

describe('weekly rows', () => {
  const five = [0, 1, 2, 3, 4].map(day);

  it('puts timed items in the column of their day, sorted, and leaves out other days', () => {
    const tue2 = item(D0 + DAY + 14 * H, null);
    const tue1 = item(D0 + DAY + 9 * H, D0 + DAY + 10 * H);
    const layout = layoutWeeklyRow(
      [tue2, tue1, item(D0 + 5 * DAY + H, null), item(null, null)],
      five,
      dayStartOf,
    );
    expect(layout.days.map((d) => d.length)).toEqual([0, 2, 0, 0, 0]);
    expect(layout.days[1]).toEqual([tue1, tue2]);
  });

  it.each([
    ['Mon 10:00 to Wed 12:00', D0 + 10 * H, D0 + 2 * DAY + 12 * H, 0, 2],
    ['from last week to Tuesday', D0 - 3 * DAY, D0 + DAY + H, 0, 1],
    ['Thursday into the weekend (clipped to Friday)', D0 + 3 * DAY + H, D0 + 6 * DAY, 3, 4],
    ['Saturday to Monday next week: not shown', D0 + 5 * DAY + H, D0 + 7 * DAY + H, -1, -1],
  ])('full-day bars span their days: %s', (_name, start, due, first, last) => {
    const layout = layoutWeeklyRow([item(start, due)], five, dayStartOf);
    if (first < 0) expect(layout.bars).toEqual([]);
    else expect(layout.bars[0]).toMatchObject({ first, last, lane: 0 });
  });

  it('stacks overlapping bars in lanes and groups more than 2 in a box', () => {
    const a = item(D0, D0 + 2 * DAY);
    const b = item(D0 + DAY, D0 + 3 * DAY);
    expect(layoutWeeklyRow([a, b], five, dayStartOf).bars.map((bar) => bar.lane)).toEqual([0, 1]);
    const c = item(D0 + 3 * DAY, D0 + 4 * DAY + H);
    const layout = layoutWeeklyRow([a, b, c], five, dayStartOf);
    expect(layout.bars).toEqual([]);
    expect(layout.box).toEqual([a, b, c]);
  });
});

describe('drag and quick complete rules', () => {
  const prepared = { status_id: 0, is_scheduled_prepared_task: true };
  it.each<[string, Partial<TimelineItem>, CardKind, boolean, boolean]>([
    ['an editable card', {}, 'card', false, true],
    ['a grouped box', {}, 'box', false, false],
    ['a full-day card', {}, 'fullDay', false, false],
    ['a prepared task (status 0)', prepared, 'card', false, false],
    ['status 0 alone', { status_id: 0 }, 'card', false, false],
    ['without canEdit', { permissions: { canEdit: false, canQuickComplete: true } }, 'card', false, false],
    ['in a public view', {}, 'card', true, false],
  ])('drag: %s', (_name, extra, kind, isPublic, expected) => {
    expect(canDragCalendarItem(item(D0, null, extra), kind, { isPublic })).toBe(expected);
  });

  it.each<[string, Partial<TimelineItem>, boolean]>([
    ['allowed by the server', {}, true],
    ['refused by the server', { permissions: { canEdit: true, canQuickComplete: false } }, false],
    ['already completed', { status_id: 8 }, false],
    ['a prepared task', prepared, false],
  ])('quick complete: %s', (_name, extra, expected) => {
    expect(canQuickCompleteCalendarItem(item(D0, null, extra))).toBe(expected);
  });
});

describe('the weekly 200-event selection', () => {
  const rows = [
    { id: 1, total_calendar_events: 120 },
    { id: 2, total_calendar_events: 80 },
    { id: 3, total_calendar_events: 1 },
  ];
  it.each([
    [[], 201, true],
    [[3], 200, false],
    [[1], 81, false],
    [[1, 2, 3], 0, false],
  ])('hidden %j → %i events, too much: %s', (hidden, total, tooMuch) => {
    expect(weeklySelection(rows, hidden)).toEqual({ total, tooMuch });
  });
});
