import {
  buildPage,
  type CollaborationDetail,
  type CollaborationItem,
  type CollaborationSimple,
  type CollaborationUser,
  type CollaborationWorkspace,
  canManageCollaboration,
  canReinvite,
  canSeeCollaborations,
  canSyncCollaborationUsers,
  parseCollaborationListQuery,
  readClientSettings,
  type SyncCollaborationUsersRequest,
  type SyncCollaborationUsersResponse,
  UPLOAD_MAX_FILE_BYTES,
  type UpdateCollaborationRequest,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { newFileKey } from '../../storage/file-storage.js';
import { inspectImage, readUploadedFile } from '../../storage/images.js';
import { accessChanged, findWorkspaceGrant, loadWorkspaceGrants } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { assertShareableWorkspaces, sendCollaborationInvite } from './collaboration-invites.js';
import {
  presentCollaboration,
  presentCollaborationDetail,
  presentCollaborationUsers,
} from './collaboration-presenter.js';
import {
  type CollaborationRow,
  findCollaborationRow,
  isOpenInviteTakenError,
  listAllCollaborationRows,
  listCollaborationRows,
  listCollaborationUserRoles,
  listSharedWorkspaces,
  loadCollaborationPeople,
  managesAnyWorkspace,
} from './collaboration-queries.js';

const LIST_PATH = '/api/v4/collaboration';

/** The list and the details: admins, workspace managers, and those allowed to invite (403 else). */
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

async function requireCollaboration(ctx: AppContext, auth: Auth, id: number): Promise<CollaborationRow> {
  const row = await findCollaborationRow(ctx.db, auth.clientId, id);
  if (!row) throw notFound('Collaboration not found');
  return row;
}

function assertCanManage(auth: Auth, row: CollaborationRow): void {
  if (!canManageCollaboration(auth, row))
    throw forbidden("Only the inviting organisation's admins may do this");
}

async function presentRows(
  ctx: AppContext,
  auth: Auth,
  rows: CollaborationRow[],
): Promise<CollaborationItem[]> {
  const people = await loadCollaborationPeople(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentCollaboration(row, auth.clientId, people.get(row.id) ?? []));
}

export async function listCollaborations(ctx: AppContext, auth: Auth, query: Record<string, unknown>) {
  await assertCanSeeCollaborations(ctx, auth);
  const filters = parseCollaborationListQuery(query);
  const { rows, total } = await listCollaborationRows(ctx.db, auth.clientId, filters);
  return buildPage({
    rows: await presentRows(ctx, auth, rows),
    total,
    page: filters.page,
    perPage: filters.paginate_by,
    path: LIST_PATH,
    query: {
      paginate_by: filters.paginate_by,
      type: filters.type ?? undefined,
      access_type: filters.access_type ?? undefined,
      invitation_status: filters.invitation_status ?? undefined,
      search: filters.search || undefined,
      workspaces: filters.workspaces.join(',') || undefined,
    },
  });
}

/** Names of every collaboration (for filters): any logged-in user of the organisation. */
export async function listCollaborationNames(ctx: AppContext, auth: Auth) {
  const rows = await listAllCollaborationRows(ctx.db, auth.clientId);
  return rows.map((row) => {
    const item = presentCollaboration(row, auth.clientId, []);
    return { id: item.id, label: item.label };
  });
}

/** Accepted collaborations with logo and type (pickers). */
export async function listCollaborationsSimple(ctx: AppContext, auth: Auth): Promise<CollaborationSimple[]> {
  const rows = await listAllCollaborationRows(ctx.db, auth.clientId, { acceptedOnly: true });
  return rows.map((row) => {
    const item = presentCollaboration(row, auth.clientId, []);
    return { id: item.id, label: item.label, logo: item.logo, type: item.type };
  });
}

/** The workspaces the caller can see (the request's access). */
async function visibleWorkspaceIds(ctx: AppContext, auth: Auth): Promise<number[]> {
  return [...(await loadWorkspaceGrants(ctx.db, auth)).keys()];
}

async function presentDetail(
  ctx: AppContext,
  auth: Auth,
  row: CollaborationRow,
): Promise<CollaborationDetail> {
  const [people, workspaces, invitedBy] = await Promise.all([
    loadCollaborationPeople(ctx.db, [row.id]),
    visibleWorkspaceIds(ctx, auth).then((visible) => listSharedWorkspaces(ctx.db, visible, row, false)),
    row.invited_by
      ? ctx.db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('id', '=', row.invited_by)
          .where('client_id', '=', row.client_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return presentCollaborationDetail(row, auth, people.get(row.id) ?? [], workspaces, invitedBy ?? null);
}

export async function getCollaboration(
  ctx: AppContext,
  auth: Auth,
  id: number,
): Promise<CollaborationDetail> {
  const row = await requireCollaboration(ctx, auth, id);
  await assertCanSeeCollaborations(ctx, auth);
  return presentDetail(ctx, auth, row);
}

export async function getCollaborationWorkspaces(
  ctx: AppContext,
  auth: Auth,
  id: number,
  includeSubWorkspaces: boolean,
): Promise<CollaborationWorkspace[]> {
  const row = await requireCollaboration(ctx, auth, id);
  await assertCanSeeCollaborations(ctx, auth);
  return listSharedWorkspaces(ctx.db, await visibleWorkspaceIds(ctx, auth), row, includeSubWorkspaces);
}

export async function getCollaborationUsers(
  ctx: AppContext,
  auth: Auth,
  id: number,
): Promise<CollaborationUser[]> {
  const row = await requireCollaboration(ctx, auth, id);
  await assertCanSeeCollaborations(ctx, auth);
  const visible = await visibleWorkspaceIds(ctx, auth);
  return presentCollaborationUsers(await listCollaborationUserRoles(ctx.db, visible, row));
}

export async function updateCollaboration(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: UpdateCollaborationRequest,
): Promise<CollaborationDetail> {
  const row = await requireCollaboration(ctx, auth, id);
  assertCanManage(auth, row);
  await ctx.db.transaction().execute(async (trx) => {
    accessChanged(auth);
    await trx
      .updateTable('collaborations')
      .set({
        ...(input.company_alias !== undefined ? { company_alias: input.company_alias?.trim() || null } : {}),
        ...(input.access_type ? { access_type: input.access_type } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('client_id', '=', auth.clientId)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'collaboration',
      entityId: id,
      action: 'updated',
      changes: input,
    });
  });
  return presentDetail(ctx, auth, await requireCollaboration(ctx, auth, id));
}

/** The logo the owner shows for a partner: jpeg, png or gif (checked by content), at most 10 MB. */
export async function uploadCollaborationLogo(
  ctx: AppContext,
  auth: Auth,
  id: number,
  request: FastifyRequest,
): Promise<CollaborationDetail> {
  const row = await requireCollaboration(ctx, auth, id);
  // Refuse before reading a file the caller may not set.
  assertCanManage(auth, row);
  const file = await readUploadedFile(request, { field: 'file', maxBytes: UPLOAD_MAX_FILE_BYTES });
  const { ext } = await inspectImage(file, 'file');
  const key = newFileKey(auth.clientId, 'collaborations', ext);
  await ctx.storage.put(key, file);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('collaborations')
        .set({ logo: key, updated_at: new Date() })
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .execute();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'collaboration',
        entityId: id,
        action: 'logo_uploaded',
      });
    });
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
  if (row.logo) await ctx.storage.remove(row.logo).catch(() => undefined);
  return presentDetail(ctx, auth, await requireCollaboration(ctx, auth, id));
}

/**
 * Shares workspaces with the partner: 'replace' sets the shared set, 'add' adds, 'remove' takes
 * access away. Unsharing also removes the partner's people's roles in those workspaces.
 */
export async function changeSharedWorkspaces(
  ctx: AppContext,
  auth: Auth,
  id: number,
  mode: 'replace' | 'add' | 'remove',
  workspaceIds: number[],
): Promise<CollaborationDetail> {
  const row = await requireCollaboration(ctx, auth, id);
  assertCanManage(auth, row);
  const ids = [...new Set(workspaceIds)];
  if (mode !== 'remove') await assertShareableWorkspaces(ctx.db, auth, ids);
  await ctx.db.transaction().execute(async (trx) => {
    accessChanged(auth);
    const current = await trx
      .selectFrom('collaboration_workspaces')
      .select('workspace_id')
      .where('collaboration_id', '=', id)
      .where('client_id', '=', auth.clientId)
      .execute();
    const currentIds = new Set(current.map((c) => c.workspace_id));
    const toRemove =
      mode === 'remove'
        ? ids.filter((w) => currentIds.has(w))
        : mode === 'replace'
          ? [...currentIds].filter((w) => !ids.includes(w))
          : [];
    const toAdd = mode === 'remove' ? [] : ids.filter((w) => !currentIds.has(w));
    if (toRemove.length) {
      await trx
        .deleteFrom('collaboration_users')
        .where('collaboration_id', '=', id)
        .where('client_id', '=', auth.clientId)
        .where('workspace_id', 'in', toRemove)
        .execute();
      await trx
        .deleteFrom('collaboration_workspaces')
        .where('collaboration_id', '=', id)
        .where('client_id', '=', auth.clientId)
        .where('workspace_id', 'in', toRemove)
        .execute();
    }
    if (toAdd.length) {
      await trx
        .insertInto('collaboration_workspaces')
        .values(
          toAdd.map((workspace_id) => ({ client_id: auth.clientId, collaboration_id: id, workspace_id })),
        )
        .execute();
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'collaboration',
      entityId: id,
      action: 'workspaces_changed',
      changes: { added: toAdd, removed: toRemove },
    });
  });
  return presentDetail(ctx, auth, await requireCollaboration(ctx, auth, id));
}

const SYNC_ROLES = [
  ['collab_admins', 'collab_admin'],
  ['collab_managers', 'collab_manager'],
  ['members', 'member'],
] as const;

/**
 * Sets who of the partner works in one shared workspace and how: each given list replaces the
 * people with that role; a person named in several lists gets the strongest role.
 */
export async function syncCollaborationUsers(
  ctx: AppContext,
  auth: Auth,
  collabId: number,
  workspaceId: number,
  input: SyncCollaborationUsersRequest,
): Promise<SyncCollaborationUsersResponse> {
  const row = await requireCollaboration(ctx, auth, collabId);
  const grant = await findWorkspaceGrant(ctx.db, auth, workspaceId);
  if (!canSyncCollaborationUsers(auth, row, grant))
    throw forbidden('You may not give roles in this workspace');
  const shared = await ctx.db
    .selectFrom('collaboration_workspaces')
    .select('workspace_id')
    .where('collaboration_id', '=', collabId)
    .where('client_id', '=', row.client_id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!shared) {
    throw new AppError(422, 'not_in_workspace', 'This workspace is not shared in this collaboration', {
      workspace_id: 'not_in_workspace',
    });
  }
  // Who gets which role: the strongest list a person is named in.
  const roleOf = new Map<number, 'collab_admin' | 'collab_manager' | 'member'>();
  for (const [list, role] of SYNC_ROLES) {
    for (const userId of input[list] ?? []) if (!roleOf.has(userId)) roleOf.set(userId, role);
  }
  const userIds = [...roleOf.keys()];
  if (userIds.length) {
    const partnerPeople =
      row.partner_client_id === null
        ? []
        : await ctx.db
            .selectFrom('user_clients as uc')
            .innerJoin('users as u', 'u.id', 'uc.user_id')
            .select('u.id')
            .where('uc.client_id', '=', row.partner_client_id)
            .where('u.deleted_at', 'is', null)
            .where('u.id', 'in', userIds)
            .execute();
    const known = new Set(partnerPeople.map((p) => p.id));
    const fields: Record<string, string> = {};
    for (const [list] of SYNC_ROLES) {
      (input[list] ?? []).forEach((userId, index) => {
        if (!known.has(userId)) fields[`${list}.${index}`] = 'not_found';
      });
    }
    if (Object.keys(fields).length) {
      throw new AppError(422, 'not_found', "Only the partner company's people can be given roles", fields);
    }
  }
  const givenRoles = SYNC_ROLES.filter(([list]) => input[list] !== undefined).map(([, role]) => role);
  await ctx.db.transaction().execute(async (trx) => {
    accessChanged(auth);
    const scope = () =>
      trx
        .deleteFrom('collaboration_users')
        .where('collaboration_id', '=', collabId)
        .where('client_id', '=', row.client_id)
        .where('workspace_id', '=', workspaceId);
    if (givenRoles.length) await scope().where('role', 'in', givenRoles).execute();
    if (userIds.length) {
      await scope().where('user_id', 'in', userIds).execute();
      await trx
        .insertInto('collaboration_users')
        .values(
          userIds.map((user_id) => ({
            client_id: row.client_id,
            collaboration_id: collabId,
            workspace_id: workspaceId,
            user_id,
            role: roleOf.get(user_id) ?? 'member',
          })),
        )
        .execute();
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'collaboration',
      entityId: collabId,
      action: 'users_synced',
      changes: { workspace_id: workspaceId, ...input },
    });
  });
  const rows = await ctx.db
    .selectFrom('collaboration_users')
    .select(['user_id', 'role'])
    .where('collaboration_id', '=', collabId)
    .where('client_id', '=', row.client_id)
    .where('workspace_id', '=', workspaceId)
    .orderBy('user_id')
    .execute();
  const ids = (role: string) => rows.filter((r) => r.role === role).map((r) => r.user_id);
  return {
    workspace_id: workspaceId,
    collab_admins: ids('collab_admin'),
    collab_managers: ids('collab_manager'),
    members: ids('member'),
  };
}

/** Sends the invitation again (pending, or declined: pending again) with a new link. */
export async function reinviteCollaboration(
  ctx: AppContext,
  auth: Auth,
  id: number,
): Promise<CollaborationDetail> {
  const row = await requireCollaboration(ctx, auth, id);
  assertCanManage(auth, row);
  if (!canReinvite(row.invitation_status)) {
    throw new AppError(409, 'invitation_not_pending', 'This invitation was already accepted');
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('collaborations')
        .set({ invitation_status: 'pending', responded_at: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .execute();
      await sendCollaborationInvite(ctx, trx, auth, row);
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'collaboration',
        entityId: id,
        action: 'reinvited',
      });
    });
  } catch (err) {
    // A newer invitation of the same address is open: this one cannot be opened again.
    if (isOpenInviteTakenError(err)) {
      throw new AppError(422, 'collaboration_already_exists', 'This address is already invited');
    }
    throw err;
  }
  return presentDetail(ctx, auth, await requireCollaboration(ctx, auth, id));
}

/** Ends a collaboration (soft delete): the partner loses access at once; open links stop working. */
export async function deleteCollaboration(ctx: AppContext, auth: Auth, id: number): Promise<void> {
  const row = await requireCollaboration(ctx, auth, id);
  assertCanManage(auth, row);
  await ctx.db.transaction().execute(async (trx) => {
    accessChanged(auth);
    const now = new Date();
    await trx
      .updateTable('collaborations')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('client_id', '=', auth.clientId)
      .execute();
    await trx
      .updateTable('collaboration_tokens')
      .set({ used_at: now })
      .where('collaboration_id', '=', id)
      .where('client_id', '=', auth.clientId)
      .where('used_at', 'is', null)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'collaboration',
      entityId: id,
      action: 'deleted',
    });
  });
}
