import { describe, expect, it } from 'vitest';
import { changeListParams, isFiltered, listQueryString, readListParams } from './list-params';

describe('text-template list URL state', () => {
  it('reads the URL, with unsupported values at their defaults', () => {
    expect(readListParams(new URLSearchParams('category_id=4&sort_by=name&paginate_by=33&page=2'))).toEqual({
      category_id: 4,
      search: '',
      page: 2,
      paginate_by: 20,
      sort_by: 'name',
      sort_direction: 'desc',
    });
  });

  it('writes only what differs from the defaults to the URL', () => {
    const query = readListParams(new URLSearchParams('category_id=4&sort_direction=asc'));
    expect(listQueryString(query)).toBe('category_id=4&sort_direction=asc');
    expect(listQueryString(readListParams(new URLSearchParams()))).toBe('');
  });

  it('goes back to page 1 when a filter changes, not when the page turns', () => {
    const query = readListParams(new URLSearchParams('page=3'));
    expect(changeListParams(query, { category_id: 2 }).page).toBe(1);
    expect(changeListParams(query, { page: 4 }).page).toBe(4);
    expect(isFiltered(query)).toBe(false);
    expect(isFiltered(changeListParams(query, { search: 'pump' }))).toBe(true);
  });
});
