import { type AccessRole, canEditAsset, canEditAssetGroup, canManageAsset } from '@workbench/domain';
import type { Auth } from '../../http/authenticate.js';
import type { AssetRightsRow } from './asset-group-queries.js';
import type { AssetScope } from './asset-visibility.js';

/**
 * The inputs of the domain's asset and group rules (packages/domain assets/asset.ts) for one
 * caller: an admin is an admin of the entity's own organisation only (a partner's admin reaches
 * shared workspaces as collab_admin and reads), and the workspace role is the caller's grant.
 */
type Caller = NonNullable<Auth>;

const isAdminOf = (auth: Caller, clientId: number) => auth.role === 'admin' && auth.clientId === clientId;

function workspaceRole(scope: AssetScope, workspaceId: number): AccessRole | null {
  return scope.grants.get(workspaceId)?.role ?? null;
}

export function canEditAssetRow(auth: Caller, scope: AssetScope, row: AssetRightsRow): boolean {
  return canEditAsset({
    userId: auth.userId,
    isAdmin: isAdminOf(auth, row.client_id),
    workspaceRole: workspaceRole(scope, row.workspace_id),
    status: row.status,
    managerIds: row.manager_ids,
    groupManagerIds: row.group_manager_ids,
  });
}

/** canManageAsset: the same people, whatever the asset's status (an archived asset's refusal says so). */
export function canManageAssetRow(auth: Caller, scope: AssetScope, row: AssetRightsRow): boolean {
  return canManageAsset({
    userId: auth.userId,
    isAdmin: isAdminOf(auth, row.client_id),
    workspaceRole: workspaceRole(scope, row.workspace_id),
    managerIds: row.manager_ids,
    groupManagerIds: row.group_manager_ids,
  });
}

export function canEditGroupIn(
  auth: Caller,
  scope: AssetScope,
  group: { client_id: number; workspace_id: number },
  managerIds: readonly number[],
): boolean {
  return canEditAssetGroup({
    userId: auth.userId,
    isAdmin: isAdminOf(auth, group.client_id),
    workspaceRole: workspaceRole(scope, group.workspace_id),
    managerIds,
  });
}
