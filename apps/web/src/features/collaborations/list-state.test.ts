import { describe, expect, it } from 'vitest';
import { nextListSearch, readListFilters } from './list-state';

describe('collaboration list URL state', () => {
  it('reads the spec parameters and falls back to defaults', () => {
    const filters = readListFilters(
      new URLSearchParams('page=2&type=client&access_type=nope&invitation_status=declined&workspaces=3,4'),
    );
    expect(filters).toMatchObject({
      page: 2,
      paginate_by: 10,
      type: 'client',
      access_type: null,
      invitation_status: 'declined',
      workspaces: [3, 4],
    });
  });

  it('a filter change resets the page to 1; a page change keeps the filters', () => {
    const filters = readListFilters(new URLSearchParams('page=3&type=provider'));
    expect(nextListSearch(filters, { access_type: 'full' }).toString()).toBe(
      'type=provider&access_type=full',
    );
    expect(nextListSearch(filters, { page: 4 }).toString()).toBe('page=4&type=provider');
    expect(nextListSearch(filters, { type: null, search: 'acme' }).toString()).toBe('search=acme');
  });
});
