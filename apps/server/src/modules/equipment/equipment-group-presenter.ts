import {
  type EquipmentGroup,
  type EquipmentGroupDetail,
  type EquipmentHolder,
  type EquipmentListItem,
  fullName,
} from '@workbench/domain';
import type { PersonRow } from '../assets/asset-queries.js';
import { personWithImageOf } from '../users/user-presenter.js';
import type { EquipmentGroupCounts, EquipmentGroupRow, HolderColumns } from './equipment-group-queries.js';

/** Who holds or reserved something: a person of the organisation, or an external holder (is_public_user). */
export function presentHolderColumns(row: HolderColumns | null | undefined): EquipmentHolder | null {
  if (!row) return null;
  const id = row.holder_user_id ?? row.holder_external_id;
  if (id === null || row.holder_first_name === null) return null;
  const isExternal = row.holder_user_id === null;
  return {
    id,
    is_public_user: isExternal,
    full_name: isExternal
      ? row.holder_first_name
      : fullName({
          first_name: row.holder_first_name,
          last_name: row.holder_last_name ?? '',
          email: row.holder_email ?? '',
        }),
    email: row.holder_email,
    phone: row.holder_phone,
    company: row.holder_company,
  };
}

/** A group as its list shows it (001 §3 "Equipment group"). */
export function presentEquipmentGroup(
  row: EquipmentGroupRow,
  input: {
    managers: readonly PersonRow[];
    counts: EquipmentGroupCounts;
    reservedFor: HolderColumns | null;
    canEdit: boolean;
  },
): EquipmentGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    bind_group_to_workspace: row.bind_group_to_workspace,
    workspace: row.workspace_id !== null ? { id: row.workspace_id, name: row.workspace_name ?? '' } : null,
    managers: input.managers.flatMap((p) => personWithImageOf(p) ?? []),
    equipment_count: input.counts.equipment_count,
    issued_count: input.counts.issued_count,
    reserved_for: presentHolderColumns(input.reservedFor),
    public_code: row.public_code,
    can_edit: input.canEdit,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** GET equipment/group/{id}: the group with its items (rows of the equipment list: presentEquipmentListItem). */
export function presentEquipmentGroupDetail(
  group: EquipmentGroup,
  items: readonly EquipmentListItem[],
): EquipmentGroupDetail {
  return { ...group, equipment: [...items] };
}
