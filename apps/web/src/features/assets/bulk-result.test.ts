import { describe, expect, it } from 'vitest';
import { assetArchiveSummary, assetDeleteSummary } from './bulk-result';

const known = new Set(['errors.forbidden', 'errors.not_found', 'errors.general_error']);
const exists = (key: string) => known.has(key);
const names = new Map([
  [1, 'Boiler A'],
  [2, 'Lift 2'],
  [3, 'Fire door'],
  [4, 'AHU'],
]);
const nameOf = (id: number) => names.get(id);

describe('multi archive / multi delete results (001 §7)', () => {
  it('everything done: complete, nothing to list', () => {
    const summary = assetArchiveSummary({ archived: [1, 2], not_archived: [] }, nameOf, exists);
    expect(summary).toEqual({ action: 'archive', complete: true, done: 2, lines: [], refusedIds: [] });
  });

  it('refusals grouped by their translated reason, with the names of the assets kept back', () => {
    const summary = assetDeleteSummary(
      {
        deleted: [1],
        not_deleted: [
          { id: 2, error: 'forbidden' },
          { id: 3, error: 'forbidden' },
          { id: 4, error: 'not_found' },
        ],
      },
      nameOf,
      exists,
    );
    expect(summary.complete).toBe(false);
    expect(summary.done).toBe(1);
    expect(summary.lines).toEqual([
      { reasonKey: 'errors.forbidden', count: 2, titles: ['Lift 2', 'Fire door'] },
      { reasonKey: 'errors.not_found', count: 1, titles: ['AHU'] },
    ]);
    expect(summary.refusedIds).toEqual([2, 3, 4]);
  });

  it('an unknown reason reads as the general error, an unknown id by its number', () => {
    const summary = assetArchiveSummary(
      { archived: [], not_archived: [{ id: 99, error: 'weird_key' }] },
      nameOf,
      exists,
    );
    expect(summary.lines).toEqual([{ reasonKey: 'errors.general_error', count: 1, titles: ['#99'] }]);
  });
});
