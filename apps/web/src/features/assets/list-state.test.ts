import { DEFAULT_ASSET_LIST_QUERY } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  assetListSearch,
  backPathOf,
  changeAssetList,
  clearAssetListFilters,
  groupAssetsPath,
  isAssetListFiltered,
  readAssetListState,
} from './list-state';

const read = (search: string) => readAssetListState(new URLSearchParams(search));

describe('asset list URL state (001 §2, §5)', () => {
  it('reads the defaults from an empty address and writes a clean one back', () => {
    const state = read('');
    expect(state.query).toEqual(DEFAULT_ASSET_LIST_QUERY);
    expect(state.density).toBe('comfortable');
    expect(state.query.sort_by).toBe('name');
    expect(state.query.sort_direction).toBe('asc');
    expect(assetListSearch(state)).toBe('');
  });

  it('keeps every filter, sort, page, page size and the density in the address', () => {
    const search =
      'page=3&paginate_by=40&search=lift&status=1,2&workspaces=4&include_sub_ws=1&groups=7&systems=8' +
      '&models=X1&manufacturers=Acme&managers=9&legal_requirements=expired&sort_by=asset_issues' +
      '&sort_direction=desc&density=compact';
    const state = read(search);
    expect(state.query).toMatchObject({
      page: 3,
      paginate_by: 40,
      search: 'lift',
      status: [1, 2],
      workspaces: [4],
      include_sub_ws: 1,
      groups: [7],
      systems: [8],
      models: ['X1'],
      manufacturers: ['Acme'],
      managers: [9],
      legal_requirements: ['expired'],
      sort_by: 'asset_issues',
      sort_direction: 'desc',
    });
    expect(state.density).toBe('compact');
    expect(read(assetListSearch(state))).toEqual(state);
  });

  it('falls back to the defaults for values that are not allowed', () => {
    const state = read('paginate_by=33&sort_by=colour&sort_direction=up&status=9&density=huge&page=-2');
    expect(state.query.paginate_by).toBe(20);
    expect(state.query.sort_by).toBe('name');
    expect(state.query.sort_direction).toBe('asc');
    expect(state.query.status).toEqual([]);
    expect(state.query.page).toBe(1);
    expect(state.density).toBe('comfortable');
  });

  it('any filter change goes back to page 1; turning a page keeps the filters', () => {
    const state = read('page=4&status=1');
    expect(changeAssetList(state, { systems: [2] }).query.page).toBe(1);
    expect(changeAssetList(state, { sort_direction: 'desc' }).query.page).toBe(1);
    const turned = changeAssetList(state, { page: 5 });
    expect(turned.query.page).toBe(5);
    expect(turned.query.status).toEqual([1]);
  });

  it('a group card opens the list filtered by its id, showing its name', () => {
    const path = groupAssetsPath({ id: 12, name: 'Lifts & stairs' });
    expect(path.startsWith('/dashboard/assets?')).toBe(true);
    const state = read(path.split('?')[1] ?? '');
    expect(state.query.groups).toEqual([12]);
    expect(state.groupName).toBe('Lifts & stairs');
    expect(isAssetListFiltered(state.query)).toBe(true);
    // Another group (or none) drops the name.
    expect(changeAssetList(state, { groups: [13] }).groupName).toBeNull();
    expect(changeAssetList(state, { status: [1] }).groupName).toBe('Lifts & stairs');
    expect(read('groups=1,2&group_name=X').groupName).toBeNull();
  });

  it('clearing the filters keeps sorting, page size and density', () => {
    const state = read(
      'search=a&groups=3&group_name=G&sort_by=updated&paginate_by=60&density=compact&page=2',
    );
    const cleared = clearAssetListFilters(state);
    expect(isAssetListFiltered(cleared.query)).toBe(false);
    expect(cleared.query).toMatchObject({ sort_by: 'updated', paginate_by: 60, page: 1 });
    expect(cleared.density).toBe('compact');
    expect(cleared.groupName).toBeNull();
  });

  it('sorting and paging alone are not filters', () => {
    expect(isAssetListFiltered(read('sort_by=created&page=2&paginate_by=80').query)).toBe(false);
    expect(isAssetListFiltered(read('legal_requirements=missing').query)).toBe(true);
  });

  it('the way back from an asset is the exact list address it came from', () => {
    expect(backPathOf({ from: '/dashboard/assets?status=2&page=3&density=compact' })).toBe(
      '/dashboard/assets?status=2&page=3&density=compact',
    );
    expect(backPathOf({ from: '/dashboard/assets/groups?managers=4' })).toBe(
      '/dashboard/assets/groups?managers=4',
    );
    expect(backPathOf({ from: 'https://evil.example/dashboard/assets' })).toBe('/dashboard/assets');
    expect(backPathOf({ from: '/dashboard/issues' })).toBe('/dashboard/assets');
    expect(backPathOf(null)).toBe('/dashboard/assets');
    expect(backPathOf({ from: 42 })).toBe('/dashboard/assets');
  });
});

describe('a new issue for an asset', () => {
  it('opens the issue creation with the asset and its workspace preset', async () => {
    const { newIssuePath } = await import('./components/AssetSections');
    expect(newIssuePath({ id: 13, workspace: { id: 5 } })).toBe(
      '/dashboard/issues/add?workspace_id=5&asset_id=13',
    );
  });
});
