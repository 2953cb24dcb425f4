import { describe, expect, it } from 'vitest';
import {
  canSaveFilter,
  compareSavedFilters,
  normaliseSavedFilterQuery,
  SAVED_FILTER_NAME_MAX,
  savedFilterCopyName,
  ZCreateSavedFilterRequestSchema,
} from './saved-filter.js';

describe('saved filters', () => {
  it('normalises issue queries: no page, no defaults, unsupported values dropped', () => {
    expect(
      normaliseSavedFilterQuery(
        'issue',
        '?page=3&issue_state=to_do&assignees=4,x,4&paginate_by=7&sort_by=nope',
      ),
    ).toBe('issue_state=to_do&assignees=4');
    expect(normaliseSavedFilterQuery('issue', '')).toBe('');
    expect(normaliseSavedFilterQuery('schedule', '?a=1&page=2')).toBe('a=1&page=2');
  });

  it('names a copy within the limit', () => {
    expect(savedFilterCopyName('Mine')).toBe('Mine (Copy)');
    const long = savedFilterCopyName('x'.repeat(SAVED_FILTER_NAME_MAX));
    expect(long).toHaveLength(SAVED_FILTER_NAME_MAX);
    expect(long.endsWith(' (Copy)')).toBe(true);
  });

  it('orders favourites first, then by name', () => {
    const list = [
      { id: 1, name: 'b', is_favorite: false },
      { id: 2, name: 'A', is_favorite: false },
      { id: 3, name: 'z', is_favorite: true },
    ];
    expect([...list].sort(compareSavedFilters).map((f) => f.id)).toEqual([3, 2, 1]);
  });

  it('allows saving only with a name within the limits', () => {
    expect(canSaveFilter({ name: '  ', description: '' })).toBe(false);
    expect(canSaveFilter({ name: 'Open', description: '' })).toBe(true);
    expect(canSaveFilter({ name: 'Open', description: 'd'.repeat(256) })).toBe(false);
    expect(canSaveFilter({ name: 'n'.repeat(256), description: '' })).toBe(false);
  });

  it('validates with the error keys', () => {
    const empty = ZCreateSavedFilterRequestSchema.safeParse({ filter_type: 'issue', name: ' ' });
    expect(empty.error?.issues[0]?.message).toBe('required');
    const long = ZCreateSavedFilterRequestSchema.safeParse({
      filter_type: 'issue',
      name: 'n',
      description: 'd'.repeat(256),
    });
    expect(long.error?.issues[0]?.message).toBe('too_long');
  });
});
