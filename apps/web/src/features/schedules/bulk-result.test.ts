import { describe, expect, it } from 'vitest';
import { scheduleBulkSummary } from './bulk-result';

const titles = new Map([
  [1, 'Boiler check'],
  [2, 'Roof'],
  [3, 'Pumps'],
]);
const exists = (key: string) => key !== 'errors.made_up';

describe('schedule bulk result', () => {
  it('is complete when nothing was refused', () => {
    const summary = scheduleBulkSummary(
      'pause',
      { updated: [1, 2], failed: [] },
      (id) => titles.get(id),
      exists,
    );
    expect(summary).toEqual({ action: 'pause', complete: true, done: 2, lines: [], refusedIds: [] });
  });

  it('groups refusals by their reason with the titles, and keeps the refused ids', () => {
    const summary = scheduleBulkSummary(
      'reassign',
      {
        updated: [1],
        failed: [
          { id: 2, error: 'access_denied' },
          { id: 3, error: 'access_denied' },
          { id: 9, error: 'made_up' },
        ],
      },
      (id) => titles.get(id),
      exists,
    );
    expect(summary.complete).toBe(false);
    expect(summary.done).toBe(1);
    expect(summary.refusedIds).toEqual([2, 3, 9]);
    expect(summary.lines).toEqual([
      { reasonKey: 'errors.access_denied', count: 2, titles: ['Roof', 'Pumps'] },
      // An unknown key reads as the general error; an unknown schedule by its id.
      { reasonKey: 'errors.general_error', count: 1, titles: ['#9'] },
    ]);
  });
});
