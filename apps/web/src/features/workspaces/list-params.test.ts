import { readWorkspaceListQuery } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { changeListParams, isFiltered, listQueryString, readListParams } from './list-params';

describe('workspace list URL state', () => {
  it('reads the spec parameters, unsupported values at their defaults', () => {
    const query = readListParams(
      new URLSearchParams(
        'search=hall&archived=1&page=2&paginate_by=40&sort_by=created&sort_direction=desc&include_subws=1',
      ),
    );
    expect(query).toMatchObject({
      search: 'hall',
      archived: 1,
      page: 2,
      paginate_by: 40,
      sort_by: 'created',
      sort_direction: 'desc',
      include_subws: 1,
    });
    expect(readListParams(new URLSearchParams('paginate_by=33&sort_by=colour&page=x'))).toEqual(
      readWorkspaceListQuery({}),
    );
  });

  it('writes only what differs from the defaults into the URL', () => {
    const query = readWorkspaceListQuery({ sort_direction: 'desc', search: 'a b' });
    expect(listQueryString(query)).toBe('search=a+b&sort_direction=desc');
    expect(listQueryString(readWorkspaceListQuery({}))).toBe('');
  });

  it('goes back to page 1 when a filter changes, not when the page turns', () => {
    const onPage3 = readWorkspaceListQuery({ page: '3' });
    expect(changeListParams(onPage3, { archived: 1 }).page).toBe(1);
    expect(changeListParams(onPage3, { page: 4 }).page).toBe(4);
    expect(isFiltered(onPage3)).toBe(false);
    expect(isFiltered(changeListParams(onPage3, { search: 'x' }))).toBe(true);
  });
});
