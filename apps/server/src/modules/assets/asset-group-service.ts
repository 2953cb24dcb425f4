import type {
  ZAssetSameWorkspaceRequestSchema,
  ZAssetSameWorkspaceResponseSchema,
  ZCreateAssetGroupRequestSchema,
  ZUpdateAssetGroupRequestSchema,
} from '@workbench/domain';
import {
  ASSET_STATUS,
  type AssetGroup,
  type AssetGroupAddResponse,
  type AssetGroupListQuery,
  type AssetGroupListResponse,
  type AssetGroupRemoveResponse,
  type ErrorKey,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { presentAssetGroup } from './asset-group-presenter.js';
import {
  type AssetGroupRow,
  type AssetRightsRow,
  countAssetGroupStatistics,
  countAssetsOutside,
  findAssetGroupPage,
  findAssetGroupRows,
  findOrganisationPeople,
  findVisibleAssetRights,
  findWorkspaceSubtree,
  isAssetGroupVisible,
  setAssetGroupManagers,
} from './asset-group-queries.js';
import { canEditAssetRow, canEditGroupIn, canManageAssetRow } from './asset-group-rights.js';
import { findManagersOf } from './asset-queries.js';
import { assetSetPage, deleteAssetSet, logOnAssetSet, sharedChanges, sharedValues } from './asset-sets.js';
import { type AssetScope, assetScope } from './asset-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type CreateBody = z.output<typeof ZCreateAssetGroupRequestSchema>;
type UpdateBody = z.output<typeof ZUpdateAssetGroupRequestSchema>;
type SameWorkspaceBody = z.output<typeof ZAssetSameWorkspaceRequestSchema>;
type SameWorkspaceResponse = z.output<typeof ZAssetSameWorkspaceResponseSchema>;

const ENTITY = 'asset_group';

/** The organisations whose groups the caller may see (their own, and partners sharing workspaces). */
const clientsOf = (scope: AssetScope) => [...new Set([...scope.grants.values()].map((g) => g.client_id))];

/** Groups read for one answer: managers, statistics and the caller's right to edit, set-based. */
async function presentGroups(
  db: Db,
  auth: Auth,
  scope: AssetScope,
  rows: AssetGroupRow[],
): Promise<AssetGroup[]> {
  const ids = rows.map((r) => r.id);
  const [managers, statistics] = await Promise.all([
    findManagersOf(db, 'group', [...new Set(rows.map((r) => r.client_id))], ids),
    countAssetGroupStatistics(db, auth, scope, ids),
  ]);
  return rows.map((row) => {
    const people = managers.get(row.id) ?? [];
    const canEdit = canEditGroupIn(
      auth,
      scope,
      row,
      people.map((p) => p.id),
    );
    return presentAssetGroup(
      row,
      people,
      statistics.get(row.id) ?? { assets_in_group: 0, asset_issues: 0 },
      canEdit,
    );
  });
}

async function presentOne(db: Db, auth: Auth, scope: AssetScope, id: number): Promise<AssetGroup> {
  const [row] = await findAssetGroupRows(db, clientsOf(scope), [id]);
  if (!row) throw notFound('Asset group not found');
  const [group] = await presentGroups(db, auth, scope, [row]);
  return group as AssetGroup;
}

/** GET asset/group: the groups the caller sees, filtered, sorted and paged. */
export async function listAssetGroups(
  ctx: AppContext,
  auth: Auth,
  query: AssetGroupListQuery,
  path: string,
): Promise<AssetGroupListResponse> {
  const scope = await assetScope(ctx.db, auth);
  const { ids, total } = await findAssetGroupPage(ctx.db, scope, query);
  const rows = await findAssetGroupRows(ctx.db, clientsOf(scope), ids);
  return assetSetPage(query, await presentGroups(ctx.db, auth, scope, rows), total, path);
}

export async function getAssetGroup(ctx: AppContext, auth: Auth, id: number): Promise<AssetGroup> {
  return presentOne(ctx.db, auth, await assetScope(ctx.db, auth), id);
}

/** A workspace a group may live in: one of the caller's own organisation they see (422 otherwise). */
function requireOwnWorkspace(auth: Auth, scope: AssetScope, workspaceId: number) {
  const grant = scope.grants.get(workspaceId);
  if (!grant || grant.client_id !== auth.clientId || grant.collaboration_id !== null) {
    throw fieldError('workspace_id', 'not_found', 'Workspace not found');
  }
  return { client_id: grant.client_id, workspace_id: workspaceId };
}

/** Managers must be people of the organisation (422 on manager_ids otherwise). */
async function requireOrganisationPeople(db: Db, clientId: number, userIds: number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const found = await findOrganisationPeople(db, clientId, unique);
  if (unique.some((id) => !found.has(id))) throw fieldError('manager_ids', 'not_found', 'Person not found');
  return unique;
}

/** POST asset/group: admins and managers of the workspace. */
export async function createAssetGroup(ctx: AppContext, auth: Auth, body: CreateBody): Promise<AssetGroup> {
  const scope = await assetScope(ctx.db, auth);
  const place = requireOwnWorkspace(auth, scope, body.workspace_id);
  if (!canEditGroupIn(auth, scope, place, []))
    throw forbidden('Only admins and workspace managers add groups');
  return ctx.db.transaction().execute(async (trx) => {
    const managerIds = await requireOrganisationPeople(trx, auth.clientId, body.manager_ids);
    const row = await trx
      .insertInto('asset_groups')
      .values({
        client_id: auth.clientId,
        workspace_id: body.workspace_id,
        name: body.name,
        description: body.description,
        status: body.status,
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setAssetGroupManagers(trx, auth.clientId, row.id, managerIds);
    await logOnAssetSet(trx, auth, ENTITY, row.id, 'created', {
      name: body.name,
      workspace_id: body.workspace_id,
      status: body.status,
      manager_ids: managerIds,
    });
    return presentOne(trx, auth, scope, row.id);
  });
}

/**
 * Runs a change of the group in one transaction, the group locked: 404 when it is gone, 403 when
 * it is not the caller's to edit.
 */
async function changeGroup<T>(
  ctx: AppContext,
  auth: Auth,
  id: number,
  change: (
    trx: Transaction<Database>,
    scope: AssetScope,
    row: AssetGroupRow,
    managerIds: number[],
  ) => Promise<T>,
): Promise<T> {
  const scope = await assetScope(ctx.db, auth);
  return ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('asset_groups').select('id').where('id', '=', id).forUpdate().execute();
    const [row] = await findAssetGroupRows(trx, clientsOf(scope), [id]);
    if (!row) throw notFound('Asset group not found');
    const managers = await findManagersOf(trx, 'group', [row.client_id], [id]);
    const managerIds = (managers.get(id) ?? []).map((p) => p.id);
    if (!canEditGroupIn(auth, scope, row, managerIds)) throw forbidden('You may not change this group');
    return change(trx, scope, row, managerIds);
  });
}

/**
 * PUT asset/group/{id}: admins, its managers and managers of its workspace. Moving it to another
 * workspace needs the rights of a creator there, and every one of its assets must lie in the new
 * workspace or below it (422 not_same_workspace: move or take out those assets first).
 */
export async function updateAssetGroup(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: UpdateBody,
): Promise<AssetGroup> {
  return changeGroup(ctx, auth, id, async (trx, scope, row, managerIds) => {
    const changes: Record<string, [unknown, unknown]> = {};
    if (body.workspace_id !== undefined && body.workspace_id !== row.workspace_id) {
      const place = requireOwnWorkspace(auth, scope, body.workspace_id);
      if (!canEditGroupIn(auth, scope, place, []))
        throw forbidden('You may not add groups to that workspace');
      if (await countAssetsOutside(trx, id, body.workspace_id)) {
        throw fieldError(
          'workspace_id',
          'not_same_workspace',
          'Some assets of the group lie outside that workspace',
        );
      }
      changes.workspace_id = [row.workspace_id, body.workspace_id];
    }
    Object.assign(changes, sharedChanges(row, body));
    if (body.manager_ids !== undefined) {
      const next = await requireOrganisationPeople(trx, auth.clientId, body.manager_ids);
      const same = next.length === managerIds.length && next.every((m) => managerIds.includes(m));
      if (!same) {
        await setAssetGroupManagers(trx, auth.clientId, id, next);
        changes.manager_ids = [managerIds, next];
      }
    }
    if (!Object.keys(changes).length) return presentOne(trx, auth, scope, id);
    await trx
      .updateTable('asset_groups')
      .set({
        ...sharedValues(changes, body),
        ...(changes.workspace_id ? { workspace_id: body.workspace_id } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('client_id', '=', auth.clientId)
      .execute();
    await logOnAssetSet(trx, auth, ENTITY, id, 'updated', changes);
    return presentOne(trx, auth, scope, id);
  });
}

/**
 * DELETE asset/group/{id}: the group is deleted (soft); its assets stay, without a group, in the
 * same transaction. Issues keep their asset_group_id for history; their answers must not present
 * a deleted group (the issue presenter reads groups WHERE deleted_at IS NULL).
 */
export async function deleteAssetGroup(ctx: AppContext, auth: Auth, id: number) {
  return changeGroup(ctx, auth, id, (trx, _scope, row) => deleteAssetSet(trx, auth, ENTITY, row));
}

/** The assets asked for, in order: those that may move, and the others with the reason why not. */
function sortAssets(
  ids: number[],
  assets: Map<number, AssetRightsRow>,
  refusalFor: (asset: AssetRightsRow | undefined) => ErrorKey | undefined,
) {
  const accepted: AssetRightsRow[] = [];
  const refused: { id: number; error: ErrorKey }[] = [];
  for (const id of ids) {
    const asset = assets.get(id);
    const error = refusalFor(asset);
    if (error) refused.push({ id, error });
    else accepted.push(asset as AssetRightsRow);
  }
  return { accepted, refused };
}

/** Why the caller may not move this asset in or out of a group, or undefined when they may. */
function refusalOf(auth: Auth, scope: AssetScope, asset: AssetRightsRow | undefined): ErrorKey | undefined {
  if (!asset) return 'not_found';
  if (canEditAssetRow(auth, scope, asset)) return undefined;
  return asset.status === ASSET_STATUS.ARCHIVED && canManageAssetRow(auth, scope, asset)
    ? 'asset_archived'
    : 'forbidden';
}

/**
 * Puts the assets into the group (or takes them out: null), logged on each asset (its group
 * before and after) and on the group (which assets came or went).
 */
async function moveAssets(
  trx: Db,
  auth: Auth,
  group: AssetGroupRow,
  assets: AssetRightsRow[],
  groupId: number | null,
) {
  if (!assets.length) return;
  const ids = assets.map((a) => a.id);
  await trx
    .updateTable('assets')
    .set({ group_id: groupId, updated_at: new Date() })
    .where('client_id', '=', group.client_id)
    .where('id', 'in', ids)
    .execute();
  for (const asset of assets) {
    await logActivity(trx, {
      clientId: asset.client_id,
      userId: auth.userId,
      entityType: 'asset',
      entityId: asset.id,
      action: 'updated',
      changes: { group_id: [asset.group_id, groupId] },
    });
  }
  await logActivity(trx, {
    clientId: group.client_id,
    userId: auth.userId,
    entityType: ENTITY,
    entityId: group.id,
    action: groupId === null ? 'assets_removed' : 'assets_added',
    changes: { asset_ids: ids },
  });
}

/**
 * POST asset/group/{id}/add: each asset goes into the group when the caller sees it (not_found),
 * may edit it (forbidden, asset_archived) and it lies in the group's workspace or below it
 * (not_same_workspace); the others are listed with their reason.
 */
export async function addAssetsToGroup(
  ctx: AppContext,
  auth: Auth,
  id: number,
  assetIds: number[],
): Promise<AssetGroupAddResponse> {
  return changeGroup(ctx, auth, id, async (trx, scope, row) => {
    const ids = [...new Set(assetIds)];
    const [assets, subtree] = await Promise.all([
      findVisibleAssetRights(trx, scope, ids),
      findWorkspaceSubtree(trx, row.workspace_id),
    ]);
    const { accepted: added, refused: notAdded } = sortAssets(
      ids,
      assets,
      (asset) =>
        refusalOf(auth, scope, asset) ??
        (asset && (asset.client_id !== row.client_id || !subtree.has(asset.workspace_id))
          ? 'not_same_workspace'
          : undefined),
    );
    // Those already in the group are answered as added, but neither written nor logged again.
    const moving = added.filter((a) => a.group_id !== id);
    await moveAssets(trx, auth, row, moving, id);
    return { added: added.map((a) => a.id), not_added: notAdded };
  });
}

/** POST asset/group/{id}/remove: as add; an asset that is not in the group is not_found. */
export async function removeAssetsFromGroup(
  ctx: AppContext,
  auth: Auth,
  id: number,
  assetIds: number[],
): Promise<AssetGroupRemoveResponse> {
  return changeGroup(ctx, auth, id, async (trx, scope, row) => {
    const ids = [...new Set(assetIds)];
    const assets = await findVisibleAssetRights(trx, scope, ids);
    const { accepted: removed, refused: notRemoved } = sortAssets(ids, assets, (asset) =>
      refusalOf(auth, scope, asset?.group_id === id ? asset : undefined),
    );
    await moveAssets(trx, auth, row, removed, null);
    return { removed: removed.map((a) => a.id), not_removed: notRemoved };
  });
}

/**
 * POST asset/group/same_ws (a read): without a group, whether the assets all lie in one
 * workspace, and which; with a group, whether they all lie in its workspace or below it (they
 * could join it), answering the group's workspace. An asset or group the caller does not see is
 * a bad reference: 422 on asset_ids or group_id.
 */
export async function assetsShareWorkspace(
  ctx: AppContext,
  auth: Auth,
  body: SameWorkspaceBody,
): Promise<SameWorkspaceResponse> {
  const scope = await assetScope(ctx.db, auth);
  const ids = [...new Set(body.asset_ids)];
  const assets = await findVisibleAssetRights(ctx.db, scope, ids);
  if (ids.some((id) => !assets.has(id))) throw fieldError('asset_ids', 'not_found', 'Asset not found');
  const workspaces = new Set([...assets.values()].map((a) => a.workspace_id));
  if (body.group_id === undefined) {
    const [only] = workspaces;
    return workspaces.size === 1
      ? { same_ws: true, workspace_id: only as number }
      : { same_ws: false, workspace_id: null };
  }
  const [group] = (await isAssetGroupVisible(ctx.db, scope, body.group_id))
    ? await findAssetGroupRows(ctx.db, clientsOf(scope), [body.group_id])
    : [];
  if (!group) throw fieldError('group_id', 'not_found', 'Asset group not found');
  const subtree = await findWorkspaceSubtree(ctx.db, group.workspace_id);
  const same = [...assets.values()].every(
    (a) => a.client_id === group.client_id && subtree.has(a.workspace_id),
  );
  return same ? { same_ws: true, workspace_id: group.workspace_id } : { same_ws: false, workspace_id: null };
}
