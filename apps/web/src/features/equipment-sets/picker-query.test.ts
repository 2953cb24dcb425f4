import { EQUIPMENT_PICKER_PAGE_SIZE, readEquipmentListQuery } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { equipmentPickerQuery } from './picker-query';

describe('the equipment picker’s query (001 §9)', () => {
  it('asks for active items only, ten a page, by name', () => {
    expect(equipmentPickerQuery({ search: '', page: 1, workspaceId: null })).toEqual({
      status: 'active',
      paginate_by: '10',
      page: '1',
      sort_by: 'name',
      sort_direction: 'asc',
    });
    expect(EQUIPMENT_PICKER_PAGE_SIZE).toBe(10);
  });

  it('adds the trimmed search, the next page and the workspace with its sub-workspaces', () => {
    expect(equipmentPickerQuery({ search: '  drill ', page: 3, workspaceId: 8 })).toEqual({
      status: 'active',
      paginate_by: '10',
      page: '3',
      sort_by: 'name',
      sort_direction: 'asc',
      search: 'drill',
      workspaces: '8',
      include_sub_ws: '1',
    });
  });

  it('is read by the list as it is meant: page size 10 is kept, not turned into the default 20', () => {
    const read = readEquipmentListQuery(equipmentPickerQuery({ search: 'drill', page: 2, workspaceId: 8 }));
    expect(read).toMatchObject({
      status: 'active',
      paginate_by: 10,
      page: 2,
      search: 'drill',
      workspaces: [8],
      include_sub_ws: 1,
      sort_by: 'name',
    });
  });
});
