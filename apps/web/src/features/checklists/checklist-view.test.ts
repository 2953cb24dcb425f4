import { CHECKLIST_ITEM_STATUS, type Checklist, type ChecklistItem } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { withItems } from './checklist-view';

const item = (id: number, status_id: number): ChecklistItem => ({
  id,
  checklist_id: 1,
  title: `Step ${id}`,
  description: null,
  status_id,
  is_done: status_id === CHECKLIST_ITEM_STATUS.done,
  index: id - 1,
  attachments: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('withItems', () => {
  it('renumbers moved items and recounts the progress', () => {
    const { open, done } = CHECKLIST_ITEM_STATUS;
    const checklist: Checklist = {
      id: 1,
      issue_id: 9,
      title: 'Steps',
      index: 0,
      items: [item(1, open), item(2, open), item(3, done)],
      items_count: 3,
      done_count: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const [a, b, c] = checklist.items as [ChecklistItem, ChecklistItem, ChecklistItem];
    const next = withItems(checklist, [c, { ...a, status_id: done, is_done: true }, b]);
    expect(next.items.map((i) => [i.id, i.index])).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ]);
    expect([next.done_count, next.items_count]).toEqual([2, 3]);
    expect(checklist.done_count).toBe(1);
  });
});
