import { describe, expect, it } from 'vitest';
import { mergeEdits } from './merge-edits';

describe('mergeEdits', () => {
  const base = { title: 'Pump', priority: 3, watchers: [1, 2], rule: { every: 1, unit: 'week' } };

  it('untouched fields take the new saved values, edited ones keep the edit', () => {
    const latest = { title: 'Pump room', priority: 4, watchers: [1, 2, 3], rule: { every: 2, unit: 'week' } };
    const edited = { ...base, title: 'Pump (check seals)', rule: { every: 1, unit: 'month' } };
    expect(mergeEdits(base, latest, edited)).toEqual({
      title: 'Pump (check seals)',
      priority: 4,
      watchers: [1, 2, 3],
      rule: { every: 1, unit: 'month' },
    });
  });

  it('without edits the form shows the new saved values', () => {
    const latest = { ...base, priority: 5 };
    expect(mergeEdits(base, latest, { ...base, watchers: [1, 2] })).toEqual(latest);
  });
});
