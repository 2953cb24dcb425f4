import { canEditEquipment, canManageEquipment, type EquipmentStatus } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { intArray } from '../access/workspace-access.js';
import type { EquipmentScope } from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = NonNullable<Auth>;

/** What the 001 §6 rules need of one item: its workspace, type, group, status and managers. */
export type EquipmentRightsRow = {
  id: number;
  client_id: number;
  workspace_id: number;
  type_workspace_id: number | null;
  group_id: number | null;
  status: EquipmentStatus;
  title: string;
  /** The item or its type asks for approval (001 §3 handout_requires_approval). */
  item_requires_approval: boolean;
  type_requires_approval: boolean;
  manager_ids: number[];
  group_manager_ids: number[];
};

/**
 * The rule inputs of the given items (live ones of the caller's organisation; the caller's
 * visibility is the id guard's or the list's), in one statement. `forUpdate` locks the item
 * rows, so bookings of one item are decided one after another.
 */
export async function findEquipmentRights(
  db: Db,
  clientId: number,
  ids: readonly number[],
  options: { forUpdate?: boolean } = {},
): Promise<Map<number, EquipmentRightsRow>> {
  if (!ids.length) return new Map();
  const lock = options.forUpdate ? sql`FOR UPDATE OF e` : sql``;
  const { rows } = await sql<EquipmentRightsRow>`
    SELECT e.id, e.client_id, e.workspace_id, t.workspace_id AS type_workspace_id, e.group_id, e.status,
      e.title, e.handout_requires_approval AS item_requires_approval,
      t.handout_requires_approval AS type_requires_approval,
      coalesce((SELECT array_agg(m.user_id ORDER BY m.user_id) FROM equipment_managers m
        WHERE m.equipment_id = e.id), '{}') AS manager_ids,
      coalesce((SELECT array_agg(gm.user_id ORDER BY gm.user_id) FROM equipment_group_managers gm
        WHERE gm.group_id = e.group_id), '{}') AS group_manager_ids
    FROM equipment e JOIN equipment_types t ON t.id = e.type_id
    WHERE e.id = ANY(${intArray(ids)}) AND e.client_id = ${clientId} AND e.deleted_at IS NULL
    ORDER BY e.id
    ${lock}`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

const isAdminOf = (auth: Caller, clientId: number) => auth.role === 'admin' && auth.clientId === clientId;

function rightsInput(auth: Caller, scope: EquipmentScope, row: EquipmentRightsRow) {
  return {
    userId: auth.userId,
    isAdmin: isAdminOf(auth, row.client_id),
    workspaceRole: scope.grants.get(row.workspace_id)?.role ?? null,
    typeWorkspaceRole:
      row.type_workspace_id === null ? null : (scope.grants.get(row.type_workspace_id)?.role ?? null),
    managerIds: row.manager_ids,
    groupManagerIds: row.group_manager_ids,
  };
}

/** 001 §6: admins, the item's managers, managers of its workspace or its type's, group managers. */
export function canManageEquipmentRow(auth: Caller, scope: EquipmentScope, row: EquipmentRightsRow): boolean {
  return canManageEquipment(rightsInput(auth, scope, row));
}

/** …while the item is not archived. */
export function canEditEquipmentRow(auth: Caller, scope: EquipmentScope, row: EquipmentRightsRow): boolean {
  return canEditEquipment({ ...rightsInput(auth, scope, row), status: row.status });
}
