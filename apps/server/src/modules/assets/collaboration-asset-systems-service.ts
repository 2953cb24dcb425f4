import {
  type CollaborationAssetSystems,
  canManageCollaboration,
  canSeeCollaborations,
  readClientSettings,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { findCollaborationRow, managesAnyWorkspace } from '../collaborations/collaboration-queries.js';
import {
  findOwnSystemIds,
  findSharedSystems,
  shareSystems,
  unshareSystems,
} from './collaboration-asset-systems-queries.js';

/**
 * The asset systems an organisation shares with a partner (000 §7 Collaborations): the partner's
 * people see the assets of those systems in the workspaces shared with them, read only
 * (asset-visibility.ts reads collaboration_asset_systems). Both sides read the list; only the
 * owner's admins change it.
 */

async function requireCollaboration(ctx: AppContext, auth: Auth, id: number) {
  const row = await findCollaborationRow(ctx.db, auth.clientId, id);
  if (!row) throw notFound('Collaboration not found');
  return row;
}

/** Who sees the collaborations also sees what they share (the same rule as their details). */
async function assertCanSeeCollaborations(ctx: AppContext, auth: Auth): Promise<void> {
  if (auth.role === 'admin') return;
  const [client, manages] = await Promise.all([
    ctx.db.selectFrom('clients').select('settings').where('id', '=', auth.clientId).executeTakeFirstOrThrow(),
    managesAnyWorkspace(ctx.db, auth),
  ]);
  const settings = readClientSettings(client.settings);
  if (!canSeeCollaborations({ role: auth.role, managesAnyWorkspace: manages }, settings)) {
    throw forbidden('You may not see collaborations');
  }
}

/** GET collaboration/{id}/asset-systems. */
export async function listSharedAssetSystems(
  ctx: AppContext,
  auth: Auth,
  id: number,
): Promise<CollaborationAssetSystems> {
  await requireCollaboration(ctx, auth, id);
  await assertCanSeeCollaborations(ctx, auth);
  return { data: await findSharedSystems(ctx.db, id) };
}

/**
 * PUT collaboration/{id}/asset-systems (share) and …/remove_access (unshare): the owner's admins;
 * every system must be one of the owner's own (422 on system_ids otherwise, nothing changed).
 */
export async function changeSharedAssetSystems(
  ctx: AppContext,
  auth: Auth,
  id: number,
  systemIds: number[],
  change: 'share' | 'unshare',
): Promise<CollaborationAssetSystems> {
  const row = await requireCollaboration(ctx, auth, id);
  if (!canManageCollaboration(auth, row))
    throw forbidden("Only the inviting organisation's admins may do this");
  const ids = [...new Set(systemIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const own = await findOwnSystemIds(trx, auth.clientId, ids);
    if (ids.some((s) => !own.has(s))) throw fieldError('system_ids', 'not_found', 'Asset system not found');
    const changed =
      change === 'share'
        ? await shareSystems(trx, auth.clientId, id, ids)
        : await unshareSystems(trx, auth.clientId, id, ids);
    if (changed) {
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'collaboration',
        entityId: id,
        action: change === 'share' ? 'asset_systems_shared' : 'asset_systems_unshared',
        changes: { system_ids: ids },
      });
    }
    return { data: await findSharedSystems(trx, id) };
  });
}
