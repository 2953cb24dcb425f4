import type { ErrorKey } from '../errors/error-keys.js';
import type { AccessRole } from '../permissions/access.js';

/**
 * Who manages equipment types, external holders and equipment groups (001 §3, §6; issue 18), and
 * when they may be deleted. Every person of the organisation reads types and external holders
 * (the item form's pickers need them); groups are read as equipment-visibility.ts says.
 */

const isManagerRole = (role: AccessRole | null | undefined) => role === 'manager' || role === 'group_manager';

/**
 * Whether a person manages some workspace of their own organisation: a manager or group manager
 * of any of them (roles through a partner collaboration never count).
 */
export function managesSomeWorkspace(roles: Iterable<AccessRole | null | undefined>): boolean {
  for (const role of roles) if (isManagerRole(role)) return true;
  return false;
}

/** The caller as these rules need them: an admin of the organisation, a manager of some workspace. */
export type EquipmentSetCaller = { isAdmin: boolean; managesSomeWorkspace: boolean };

/** Types: admins and anyone who manages a workspace add them. */
export function canCreateEquipmentType(caller: EquipmentSetCaller): boolean {
  return caller.isAdmin || caller.managesSomeWorkspace;
}

/**
 * A type is changed and deleted by admins, and by the managers of the workspace it is bound to;
 * a type bound to no workspace by admins only. `workspaceRole`: the caller's role on the type's
 * workspace (null when it has none or the caller does not see it).
 */
export function canEditEquipmentType(input: {
  isAdmin: boolean;
  workspaceId: number | null;
  workspaceRole: AccessRole | null;
}): boolean {
  if (input.isAdmin) return true;
  return input.workspaceId !== null && isManagerRole(input.workspaceRole);
}

/** External holders: admins and anyone who manages a workspace add, change, archive and delete them. */
export function canManageExternalHolders(caller: EquipmentSetCaller): boolean {
  return caller.isAdmin || caller.managesSomeWorkspace;
}

/** A type is deleted only while no item uses it. */
export function equipmentTypeDeleteRefusal(itemsUsingIt: number): ErrorKey | null {
  return itemsUsingIt > 0 ? 'type_in_use' : null;
}

/** An external holder is deleted only while they hold nothing and have reserved nothing. */
export function externalHolderDeleteRefusal(pendingOrActiveBookings: number): ErrorKey | null {
  return pendingOrActiveBookings > 0 ? 'holder_has_equipment' : null;
}

/**
 * A group is changed (and deleted, archived, emptied) by admins, its own managers and the
 * managers of the workspace it is bound to; a group bound to no workspace by admins, its
 * managers and anyone who manages a workspace. `workspaceRole`: the caller's role on the group's
 * workspace (null when unbound or not seen).
 */
export function canEditEquipmentGroup(input: {
  userId: number;
  isAdmin: boolean;
  managesSomeWorkspace: boolean;
  workspaceId: number | null;
  workspaceRole: AccessRole | null;
  managerIds: readonly number[];
}): boolean {
  if (input.isAdmin) return true;
  if (input.managerIds.includes(input.userId)) return true;
  return input.workspaceId === null ? input.managesSomeWorkspace : isManagerRole(input.workspaceRole);
}

/**
 * Where a group lives (001 §3 bind_group_to_workspace, default false): a bound group needs its
 * workspace; an unbound one keeps none (its items may lie anywhere).
 */
export function equipmentGroupWorkspace(input: {
  bind: boolean;
  workspaceId: number | null | undefined;
}): { ok: true; workspaceId: number | null } | { ok: false; field: 'workspace_id'; key: ErrorKey } {
  if (!input.bind) return { ok: true, workspaceId: null };
  if (!input.workspaceId) return { ok: false, field: 'workspace_id', key: 'required' };
  return { ok: true, workspaceId: input.workspaceId };
}

/**
 * Whether items can go into a group: any place for an unbound group, the group's workspace or
 * below it for a bound one (`subtree`: that workspace and its descendants).
 */
export function fitsEquipmentGroup(
  groupWorkspaceId: number | null,
  subtree: ReadonlySet<number>,
  itemWorkspaceId: number,
): boolean {
  return groupWorkspaceId === null || subtree.has(itemWorkspaceId);
}

/** POST equipment/group/same_ws: the one workspace all the items share, or null. */
export function sharedWorkspaceOf(workspaceIds: readonly number[]): number | null {
  const unique = new Set(workspaceIds);
  return unique.size === 1 ? ([...unique][0] as number) : null;
}
