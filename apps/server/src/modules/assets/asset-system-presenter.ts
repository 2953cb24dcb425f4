import type { AssetSystem } from '@workbench/domain';
import type { AssetSystemRow } from './asset-system-queries.js';

export function presentAssetSystem(
  row: AssetSystemRow,
  assetsInSystem: number,
  canEdit: boolean,
): AssetSystem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    statistics: { assets_in_system: assetsInSystem },
    can_edit: canEdit,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
