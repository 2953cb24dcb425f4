import type { AssetGroup } from '@workbench/domain';
import { personWithImageOf } from '../users/user-presenter.js';
import type { AssetGroupRow, AssetGroupStatistics } from './asset-group-queries.js';
import type { PersonRow } from './asset-queries.js';

export function presentPeople(people: readonly PersonRow[]) {
  return people.flatMap((p) => personWithImageOf(p) ?? []);
}

export function presentAssetGroup(
  row: AssetGroupRow,
  managers: readonly PersonRow[],
  statistics: AssetGroupStatistics,
  canEdit: boolean,
): AssetGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    workspace: { id: row.workspace_id, name: row.workspace_name },
    managers: presentPeople(managers),
    statistics,
    can_edit: canEdit,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
