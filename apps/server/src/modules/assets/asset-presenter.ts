import type { Asset, AssetFilterOptions, AssetListItem, Attachment } from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import { personWithImageOf } from '../users/user-presenter.js';
import type { AssetRow, PersonRow } from './asset-queries.js';

/** What the caller may do with the asset (packages/domain canEditAsset / canManageAsset). */
export type AssetRights = { can_edit: boolean; can_manage: boolean };

const person = (row: PersonRow) =>
  personWithImageOf(row) as NonNullable<ReturnType<typeof personWithImageOf>>;

/** A card of the asset list. */
export function presentAssetListItem(
  row: AssetRow,
  rights: AssetRights,
  pictureKey: string | null,
  assetsInGroup: number,
): AssetListItem {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    workspace: { id: row.workspace_id, name: row.workspace_name },
    group: row.group_id !== null ? { id: row.group_id, name: row.group_name ?? '' } : null,
    system: row.system_id !== null ? { id: row.system_id, name: row.system_name ?? '' } : null,
    manufacturer: row.manufacturer,
    model: row.model,
    picture_url: fileUrl(pictureKey),
    statistics: {
      assets_in_group: assetsInGroup,
      asset_issues: Number(row.asset_issues),
      asset_tasks: Number(row.asset_tasks),
    },
    legal_state: row.legal_state,
    can_edit: rights.can_edit,
    can_manage: rights.can_manage,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** GET asset/{id}: the card plus its managers, details, public code and pictures. */
export function presentAsset(
  row: AssetRow,
  rights: AssetRights,
  assetsInGroup: number,
  managers: PersonRow[],
  pictures: Attachment[],
): Asset {
  const first = pictures[0];
  return {
    ...presentAssetListItem(row, rights, null, assetsInGroup),
    picture_url: first ? (first.web_mob_thumbnail_url ?? first.url) : null,
    managers: managers.map(person),
    serial_number: row.serial_number,
    reference_number: row.reference_number,
    description: row.description,
    location_required: row.location_required,
    auth_maintenance_required: row.auth_maintenance_required,
    auth_inspection_required: row.auth_inspection_required,
    public_code: row.public_code,
    attachments: pictures,
    created_by: personWithImageOf({
      id: row.created_by,
      first_name: row.creator_first_name,
      last_name: row.creator_last_name,
      email: row.creator_email,
      profile_image: row.creator_profile_image,
    }),
  };
}

export function presentAssetFilterOptions(options: {
  groups: AssetFilterOptions['groups'];
  systems: AssetFilterOptions['systems'];
  models: string[];
  manufacturers: string[];
  managers: PersonRow[];
}): AssetFilterOptions {
  return { ...options, managers: options.managers.map(person) };
}
