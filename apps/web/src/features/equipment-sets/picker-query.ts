import { EQUIPMENT_PICKER_PAGE_SIZE } from '@workbench/domain';

/**
 * The query of GET equipment/ for the equipment picker (001 §9 "Equipment picker page size 10 with
 * status active"): active items only, by name, ten a page; with a workspace, the items of that
 * workspace and the ones below it.
 */
export function equipmentPickerQuery({
  search,
  page,
  workspaceId,
}: {
  search: string;
  page: number;
  workspaceId: number | null;
}): Record<string, string> {
  const query: Record<string, string> = {
    status: 'active',
    paginate_by: String(EQUIPMENT_PICKER_PAGE_SIZE),
    page: String(page),
    sort_by: 'name',
    sort_direction: 'asc',
  };
  const needle = search.trim();
  if (needle) query.search = needle;
  if (workspaceId !== null) {
    query.workspaces = String(workspaceId);
    query.include_sub_ws = '1';
  }
  return query;
}
