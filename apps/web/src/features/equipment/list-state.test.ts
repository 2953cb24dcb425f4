import { DEFAULT_EQUIPMENT_LIST_QUERY } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  changeEquipmentList,
  clearEquipmentListFilters,
  equipmentBackPathOf,
  equipmentListSearch,
  equipmentSections,
  holderPatch,
  holderValues,
  isEquipmentListFiltered,
  readEquipmentListState,
} from './list-state';

const read = (search: string) => readEquipmentListState(new URLSearchParams(search));

describe('equipment list URL state (001 §2, §5)', () => {
  it('reads the defaults from an empty address (action_required ascending, active) and writes a clean one back', () => {
    const state = read('');
    expect(state.query).toEqual(DEFAULT_EQUIPMENT_LIST_QUERY);
    expect(state.query.sort_by).toBe('action_required');
    expect(state.query.sort_direction).toBe('asc');
    expect(state.query.status).toBe('active');
    expect(state.density).toBe('comfortable');
    expect(equipmentListSearch(state)).toBe('');
  });

  it('keeps every filter, sort, page, page size and the density in the address', () => {
    const search =
      'page=3&paginate_by=40&search=drill&status=archived&workspaces=4,5&include_sub_ws=1&groups=7' +
      '&types=8&holder=9&external_holder=2&reserved_for=11&managers=12&sort_by=overdue' +
      '&sort_direction=desc&density=compact';
    const state = read(search);
    expect(state.query).toMatchObject({
      page: 3,
      paginate_by: 40,
      search: 'drill',
      status: 'archived',
      workspaces: [4, 5],
      include_sub_ws: 1,
      groups: [7],
      types: [8],
      holder: [9],
      external_holder: [2],
      reserved_for: [11],
      managers: [12],
      sort_by: 'overdue',
      sort_direction: 'desc',
    });
    expect(state.density).toBe('compact');
    expect(read(equipmentListSearch(state))).toEqual(state);
  });

  it('falls back to the defaults for values that are not allowed', () => {
    const state = read('paginate_by=33&sort_by=colour&sort_direction=up&status=lost&density=huge&page=-2');
    expect(state.query.paginate_by).toBe(20);
    expect(state.query.sort_by).toBe('action_required');
    expect(state.query.sort_direction).toBe('asc');
    expect(state.query.status).toBe('active');
    expect(state.query.page).toBe(1);
    expect(state.density).toBe('comfortable');
  });

  it('goes back to page 1 when a filter changes, keeps the page when only the page turns', () => {
    const state = read('page=4&types=8');
    expect(changeEquipmentList(state, { groups: [3] }).query.page).toBe(1);
    expect(changeEquipmentList(state, { sort_by: 'name' }).query.page).toBe(1);
    expect(changeEquipmentList(state, { page: 5 }).query).toMatchObject({ page: 5, types: [8] });
  });

  it('counts filters (not sorting, paging or density) as narrowing, and clears them keeping the sort', () => {
    expect(isEquipmentListFiltered(read('sort_by=name&page=2&paginate_by=40&density=compact').query)).toBe(
      false,
    );
    expect(isEquipmentListFiltered(read('status=all').query)).toBe(true);
    expect(isEquipmentListFiltered(read('reserved_for=3').query)).toBe(true);
    const cleared = clearEquipmentListFilters(
      read('search=x&groups=1&sort_by=name&sort_direction=desc&paginate_by=60'),
    );
    expect(cleared.query).toEqual({
      ...DEFAULT_EQUIPMENT_LIST_QUERY,
      sort_by: 'name',
      sort_direction: 'desc',
      paginate_by: 60,
    });
  });

  it('holds people and external holders in one holder choice', () => {
    const values = holderValues({ holder: [3, 4], external_holder: [7] });
    expect(values).toEqual(['u3', 'u4', 'e7']);
    expect(holderPatch(values)).toEqual({ holder: [3, 4], external_holder: [7] });
    expect(holderPatch(['u0', 'ex', 'e-1', 'u5'])).toEqual({ holder: [5], external_holder: [] });
  });

  it('splits the action_required order into its parts, and any other order into one run', () => {
    const rows = [
      { id: 1, part: 'overdue' as const },
      { id: 2, part: 'overdue' as const },
      { id: 3, part: 'pending' as const },
      { id: 4, part: 'regular' as const },
    ];
    expect(equipmentSections(rows, 'action_required').map((s) => [s.part, s.rows.map((r) => r.id)])).toEqual([
      ['overdue', [1, 2]],
      ['pending', [3]],
      ['regular', [4]],
    ]);
    expect(equipmentSections(rows, 'name')).toEqual([{ part: null, rows }]);
    expect(equipmentSections([], 'action_required')).toEqual([]);
  });

  it('returns to the list address an item was opened from, and only to equipment pages', () => {
    expect(equipmentBackPathOf({ from: '/dashboard/equipment?types=3' })).toBe(
      '/dashboard/equipment?types=3',
    );
    expect(equipmentBackPathOf({ from: '/dashboard/equipment/groups/4' })).toBe(
      '/dashboard/equipment/groups/4',
    );
    expect(equipmentBackPathOf({ from: 'https://evil.test/dashboard/equipment' })).toBe(
      '/dashboard/equipment',
    );
    expect(equipmentBackPathOf({ from: '/dashboard/assets' })).toBe('/dashboard/equipment');
    expect(equipmentBackPathOf(null)).toBe('/dashboard/equipment');
  });
});
