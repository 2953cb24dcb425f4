import { describe, expect, it } from 'vitest';
import { equipmentBulkSummary } from './bulk-result';

const known = new Set(['errors.equipment_issued', 'errors.not_same_workspace', 'errors.general_error']);
const exists = (key: string) => known.has(key);
const titles = new Map([
  [1, 'Drill'],
  [2, 'Ladder'],
  [3, 'Van'],
]);

describe('bulk results of the equipment list (001 §7)', () => {
  it('everything done: complete, nothing to list', () => {
    expect(
      equipmentBulkSummary('archive', { done: [1, 2], not_done: [] }, (id) => titles.get(id), exists),
    ).toEqual({
      action: 'archive',
      complete: true,
      done: 2,
      lines: [],
      refusedIds: [],
    });
  });

  it('refusals grouped by their reason with the titles kept back; an unknown reason reads as the general error', () => {
    const summary = equipmentBulkSummary(
      'delete',
      {
        done: [],
        not_done: [
          { id: 1, error: 'equipment_issued' },
          { id: 2, error: 'equipment_issued' },
          { id: 9, error: 'something_new' },
        ],
      },
      (id) => titles.get(id),
      exists,
    );
    expect(summary.complete).toBe(false);
    expect(summary.lines).toEqual([
      { reasonKey: 'errors.equipment_issued', count: 2, titles: ['Drill', 'Ladder'] },
      { reasonKey: 'errors.general_error', count: 1, titles: ['#9'] },
    ]);
    expect(summary.refusedIds).toEqual([1, 2, 9]);
  });
});
