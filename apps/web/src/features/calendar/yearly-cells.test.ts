import type { CalendarItem, CalendarYearlyEvent } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { cellChips, cellsByMonth, itemColor, itemDay, itemWhen, shortTitle } from './yearly-cells';

const item = (id: number, change: Partial<CalendarItem> = {}): CalendarItem => ({
  id,
  title: `Item ${id}`,
  description: null,
  status_id: 5,
  status: { id: 5, name: 'accepted', type: 'accepted' },
  archived: false,
  completed_at: null,
  start_date: Date.UTC(2026, 10, 24, 9) / 1000,
  due_date: null,
  displayType: 'PLANNED',
  workspace: { id: 1, name: 'Building A', available_assignees_ids: [] },
  workspace_id: 1,
  assignee: null,
  assignee_id: null,
  category: null,
  priority_id: 3,
  number_of_comments: 0,
  schedule_id: 1,
  attachments: [],
  is_scheduled_prepared_task: false,
  model: 'ISSUE',
  fetched_as_main: true,
  permissions: {
    canAddAttachments: true,
    deleteOnlyMyAttachments: false,
    editOnlyMyAttachments: false,
    canEdit: true,
    canReassign: true,
    canQuickComplete: true,
  },
  ...change,
});

const cell = (month: number, count: number): CalendarYearlyEvent => ({
  month,
  data: Array.from({ length: Math.min(count, 5) }, (_, i) => item(i + 1)),
  count,
  blockDisplayType: count ? 'PLANNED' : null,
});

describe('cellChips', () => {
  it.each([
    [0, 0, 0],
    [3, 3, 0],
    [5, 5, 0],
    [6, 5, 1],
    [31, 5, 26],
  ])('a cell of %i items shows %i chips and +%i', (count, chips, more) => {
    const shown = cellChips(cell(1, count));
    expect(shown.items).toHaveLength(chips);
    expect(shown.more).toBe(more);
  });

  it('never shows more than 5 chips even when the server sends more', () => {
    const big = { ...cell(1, 8), data: Array.from({ length: 8 }, (_, i) => item(i + 1)) };
    expect(cellChips(big)).toMatchObject({ more: 3 });
    expect(cellChips(big).items).toHaveLength(5);
  });

  it('an absent month is empty', () => {
    expect(cellChips(undefined)).toEqual({ items: [], more: 0 });
  });
});

describe('cellsByMonth', () => {
  it('places each cell at its month and leaves missing months empty', () => {
    const cells = cellsByMonth([cell(3, 1), cell(12, 2)]);
    expect(cells).toHaveLength(12);
    expect(cells[2]?.month).toBe(3);
    expect(cells[11]?.count).toBe(2);
    expect(cells[0]).toBeUndefined();
  });
});

describe('item display', () => {
  it('colours by display type, prepared tasks grey', () => {
    expect(itemColor(item(1, { displayType: 'OVERDUE' }))).toBe('red');
    expect(itemColor(item(1, { displayType: 'COMPLETED' }))).toBe('green');
    expect(itemColor(item(1, { status_id: 0, displayType: 'PLANNED' }))).toBe('gray');
    expect(itemColor(item(1, { is_scheduled_prepared_task: true, displayType: 'PLANNED' }))).toBe('gray');
  });

  it('shows the day of the start (else the due date) in the organisation time zone', () => {
    const late = item(1, { start_date: Date.UTC(2026, 10, 24, 23, 30) / 1000 });
    expect(itemDay(late, 'UTC')).toBe('24');
    expect(itemDay(late, 'Europe/Vienna')).toBe('25');
    expect(itemDay(item(1, { start_date: null, due_date: Date.UTC(2026, 0, 3) / 1000 }), 'UTC')).toBe('3');
    expect(itemDay(item(1, { start_date: null, due_date: null }), 'UTC')).toBe('');
  });

  it('writes the date and time in the reader language', () => {
    expect(itemWhen(item(1), 'en', 'UTC')).toBe('Nov 24, 2026, 09:00 AM');
    expect(itemWhen(item(1), 'de', 'Europe/Vienna')).toBe('24. Nov. 2026, 10:00');
  });

  it('cuts titles over 30 characters (the rest goes to the tooltip)', () => {
    expect(shortTitle('Fire door inspection')).toEqual({ text: 'Fire door inspection', cut: false });
    const long = 'Quarterly inspection of all fire doors in Building A';
    const short = shortTitle(long);
    expect(short.cut).toBe(true);
    expect(Array.from(short.text).length).toBeLessThanOrEqual(30);
    expect(short.text.endsWith('…')).toBe(true);
    expect(shortTitle('x'.repeat(30))).toMatchObject({ cut: false });
  });
});
