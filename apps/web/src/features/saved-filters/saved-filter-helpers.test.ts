import { describe, expect, it } from 'vitest';
import {
  activeSavedFilter,
  canSaveDraft,
  currentIssueFilterQuery,
  draftBody,
  savedFilterHref,
  sortedSavedFilters,
} from './saved-filter-helpers';

describe('saved filter helpers', () => {
  it('links to the issue list with the saved query', () => {
    expect(savedFilterHref({ query_string: 'issue_state=to_do&assignees=3' })).toBe(
      '/dashboard/issues?issue_state=to_do&assignees=3',
    );
    expect(savedFilterHref({ query_string: '' })).toBe('/dashboard/issues');
  });

  it('saves the current URL state without page and density', () => {
    expect(
      currentIssueFilterQuery(
        new URLSearchParams('page=3&density=compact&issue_state=completed&workspaces=2,9'),
      ),
    ).toBe('issue_state=completed&workspaces=2%2C9');
    expect(currentIssueFilterQuery('?page=2')).toBe('');
  });

  it('puts favourites first, then names in order', () => {
    const list = [
      { id: 1, name: 'b', is_favorite: false },
      { id: 2, name: 'a', is_favorite: false },
      { id: 3, name: 'c', is_favorite: true },
    ];
    expect(sortedSavedFilters(list).map((f) => f.id)).toEqual([3, 2, 1]);
    expect(list[0]?.id).toBe(1);
  });

  it('finds the saved filter matching the current list', () => {
    const list = [
      { id: 1, query_string: 'issue_state=to_do' },
      { id: 2, query_string: 'issue_state=completed&workspaces=2,9' },
    ];
    expect(activeSavedFilter(list, currentIssueFilterQuery('workspaces=2,9&issue_state=completed'))?.id).toBe(
      2,
    );
    expect(activeSavedFilter(list, currentIssueFilterQuery('issue_state=all'))).toBeUndefined();
  });

  it('enables saving only with a name, and sends an empty description as null', () => {
    expect(canSaveDraft({ name: '', description: '', is_favorite: false })).toBe(false);
    expect(canSaveDraft({ name: ' x ', description: '', is_favorite: false })).toBe(true);
    expect(canSaveDraft({ name: 'x', description: 'd'.repeat(256), is_favorite: false })).toBe(false);
    expect(draftBody({ name: ' x ', description: '  ', is_favorite: true })).toEqual({
      name: 'x',
      description: null,
      is_favorite: true,
    });
  });
});
