import {
  type ActivityLogItem,
  type AddWorkspacesRequest,
  buildPage,
  canManageWorkspaceUsers,
  fullName,
  type JobPosition,
  type OftenDetails,
  type SessionUser,
  type SetUserWorkspaceRolesRequest,
  type UserWorkspaceRole,
  type WorkspaceRole,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { fileUrl } from '../../storage/file-storage.js';
import { accessChanged, loadWorkspaceGrants } from '../access/request-access.js';
import { intArray } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { revokeSessions } from '../auth/tokens.js';
import { loadSessionUser } from './session-user.js';
import { assertCanManage, loadUserActor, requireMember, requireUserManager } from './user-access.js';
import { grantWorkspaceRoles, requireManageableWorkspaces } from './user-invite-service.js';
import { countOtherActiveAdmins } from './user-list-queries.js';
import { personOf } from './user-presenter.js';

const lastAdmin = (field: string) =>
  fieldError(field, 'last_admin', 'The organisation must keep at least one active admin');

/** Pauses people: they can no longer log in, and their sessions end now. Never yourself. */
export async function archiveUsers(ctx: AppContext, auth: Auth, userIds: number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  await ctx.db.transaction().execute(async (trx) => {
    const actor = await requireUserManager(trx, auth);
    if (ids.includes(auth.userId)) throw fieldError('user_ids', 'forbidden', 'You cannot archive yourself');
    const targets = [];
    for (const id of ids) {
      const target = await requireMember(trx, auth.clientId, id);
      assertCanManage(actor, target);
      targets.push(target);
    }
    if (
      targets.some((t) => t.role === 'admin') &&
      (await countOtherActiveAdmins(trx, auth.clientId, ids)) === 0
    ) {
      throw lastAdmin('user_ids');
    }
    for (const target of targets) {
      if (target.status === 'paused') continue;
      await trx
        .updateTable('users')
        .set({ status: 'paused', updated_at: new Date() })
        .where('id', '=', target.id)
        .execute();
      await revokeSessions(trx, target.id);
      // A pending invitation link must not bring an archived person back.
      await trx
        .updateTable('user_tokens')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', target.id)
        .where('kind', '!=', 'session')
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'user',
        entityId: target.id,
        action: 'archived',
      });
    }
  });
}

/** Brings paused people back: active again, or invited when they never set a password. */
export async function unarchiveUsers(ctx: AppContext, auth: Auth, userIds: number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  await ctx.db.transaction().execute(async (trx) => {
    const actor = await requireUserManager(trx, auth);
    const targets = [];
    for (const id of ids) {
      const target = await requireMember(trx, auth.clientId, id);
      assertCanManage(actor, target);
      targets.push(target);
    }
    for (const target of targets) {
      if (target.status !== 'paused') continue;
      await trx
        .updateTable('users')
        .set({
          status: sql`CASE WHEN password_hash IS NULL THEN 'invited' ELSE 'active' END`,
          updated_at: new Date(),
        })
        .where('id', '=', target.id)
        .execute();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'user',
        entityId: target.id,
        action: 'unarchived',
      });
    }
  });
}

/** users/add_workspaces: existing people of the organisation get a role in several workspaces. */
export async function addUsersToWorkspaces(ctx: AppContext, auth: Auth, input: AddWorkspacesRequest) {
  const userIds = [...new Set(input.user_ids)];
  const workspaceIds = [...new Set(input.workspace_ids)];
  await ctx.db.transaction().execute(async (trx) => {
    await requireManageableWorkspaces(trx, auth, workspaceIds);
    for (const id of userIds) await requireMember(trx, auth.clientId, id);
    await grantWorkspaceRoles(trx, auth.clientId, userIds, workspaceIds, input.role);
    accessChanged(auth);
    for (const id of userIds) {
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'user',
        entityId: id,
        action: 'added_to_workspaces',
        changes: { workspace_ids: workspaceIds, role: input.role },
      });
    }
  });
  return { success: true as const };
}

/** A person's roles in the caller's organisation's workspaces. */
export async function getUserWorkspaceRoles(
  ctx: AppContext,
  auth: Auth,
  requested: 'me' | number,
): Promise<UserWorkspaceRole[]> {
  const userId = requested === 'me' ? auth.userId : requested;
  if (userId !== auth.userId) {
    const actor = await requireUserManager(ctx.db, auth);
    assertCanManage(actor, await requireMember(ctx.db, auth.clientId, userId));
  }
  return ctx.db
    .selectFrom('workspace_users as wu')
    .innerJoin('workspaces as w', (join) =>
      join.onRef('w.id', '=', 'wu.workspace_id').on('w.client_id', '=', auth.clientId),
    )
    .select(['wu.workspace_id', 'w.name as workspace_name', 'wu.role'])
    .where('wu.client_id', '=', auth.clientId)
    .where('wu.user_id', '=', userId)
    .where('w.deleted_at', 'is', null)
    .orderBy(sql`lower(w.name)`)
    .orderBy('wu.workspace_id')
    .execute();
}

/**
 * Replaces a person's workspace roles. An admin replaces them all; a manager-admin only those in
 * workspaces they manage (the others stay as they are) and may name no other workspace.
 */
export async function setUserWorkspaceRoles(
  ctx: AppContext,
  auth: Auth,
  requested: 'me' | number,
  input: SetUserWorkspaceRolesRequest,
): Promise<UserWorkspaceRole[]> {
  const userId = requested === 'me' ? auth.userId : requested;
  const wanted = new Map<number, WorkspaceRole>();
  for (const entry of input.workspace_roles) wanted.set(entry.workspace_id, entry.role);
  await ctx.db.transaction().execute(async (trx) => {
    const actor = await requireUserManager(trx, auth);
    assertCanManage(actor, await requireMember(trx, auth.clientId, userId));
    const grants = await loadWorkspaceGrants(trx, auth);
    const manageable = [...grants.values()]
      .filter((g) => g.client_id === auth.clientId && canManageWorkspaceUsers(g.role))
      .map((g) => g.workspace_id);
    for (const id of wanted.keys()) {
      const grant = grants.get(id);
      if (!grant || grant.client_id !== auth.clientId) throw notFound('Workspace not found');
      if (!canManageWorkspaceUsers(grant.role))
        throw forbidden('You may not manage people in this workspace');
    }
    accessChanged(auth);
    let remove = trx
      .deleteFrom('workspace_users')
      .where('client_id', '=', auth.clientId)
      .where('user_id', '=', userId);
    if (actor.role !== 'admin')
      remove = remove.where('workspace_id', 'in', manageable.length ? manageable : [0]);
    await remove.execute();
    if (wanted.size) {
      await trx
        .insertInto('workspace_users')
        .values(
          [...wanted].map(([workspaceId, role]) => ({
            client_id: auth.clientId,
            user_id: userId,
            workspace_id: workspaceId,
            role,
          })),
        )
        .execute();
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: userId,
      action: 'workspace_roles_changed',
      changes: { workspace_roles: input.workspace_roles },
    });
  });
  return getUserWorkspaceRoles(ctx, auth, userId);
}

/** user/{id}/all_ws: the role in every top-level workspace of the organisation the caller manages. */
export async function setRoleInAllWorkspaces(
  ctx: AppContext,
  auth: Auth,
  requested: 'me' | number,
  role: WorkspaceRole,
): Promise<UserWorkspaceRole[]> {
  const userId = requested === 'me' ? auth.userId : requested;
  await ctx.db.transaction().execute(async (trx) => {
    const actor = await requireUserManager(trx, auth);
    assertCanManage(actor, await requireMember(trx, auth.clientId, userId));
    const grants = await loadWorkspaceGrants(trx, auth);
    const topLevel = await trx
      .selectFrom('workspaces')
      .select('id')
      .where('client_id', '=', auth.clientId)
      .where('parent_id', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    const ids = topLevel
      .map((w) => w.id)
      .filter((id) => {
        const grant = grants.get(id);
        return !!grant && canManageWorkspaceUsers(grant.role);
      });
    if (ids.length) {
      await trx
        .insertInto('workspace_users')
        .values(ids.map((id) => ({ client_id: auth.clientId, user_id: userId, workspace_id: id, role })))
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet({ role }))
        .execute();
      accessChanged(auth);
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: userId,
      action: 'workspace_roles_changed',
      changes: { all_workspaces: role, workspace_ids: ids },
    });
  });
  return getUserWorkspaceRoles(ctx, auth, userId);
}

/** Adds a job position; a name the organisation already has answers that position. */
export async function createJobPosition(ctx: AppContext, auth: Auth, name: string): Promise<JobPosition> {
  return ctx.db.transaction().execute(async (trx) => {
    await requireUserManager(trx, auth);
    const existing = await trx
      .selectFrom('job_positions')
      .select(['id', 'name'])
      .where('client_id', '=', auth.clientId)
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    if (existing) return existing;
    const row = await trx
      .insertInto('job_positions')
      .values({ client_id: auth.clientId, name })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'job_position',
      entityId: row.id,
      action: 'created',
      changes: { name },
    });
    return row;
  });
}

/** Removes a job position; people who had it keep none (the foreign key sets null). */
export async function deleteJobPosition(ctx: AppContext, auth: Auth, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await requireUserManager(trx, auth);
    const row = await trx
      .deleteFrom('job_positions')
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('Job position not found');
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'job_position',
      entityId: id,
      action: 'deleted',
    });
  });
}

/** user/{id}/activity_log: what was done to the person and what they did, newest first. */
export async function getUserActivityLog(
  ctx: AppContext,
  auth: Auth,
  requested: 'me' | number,
  page: number,
  perPage: number,
) {
  const userId = requested === 'me' ? auth.userId : requested;
  if (userId !== auth.userId) {
    const actor = await requireUserManager(ctx.db, auth);
    assertCanManage(actor, await requireMember(ctx.db, auth.clientId, userId));
  }
  const base = ctx.db
    .selectFrom('activity_log as a')
    .where('a.client_id', '=', auth.clientId)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.entity_type', '=', 'user'), eb('a.entity_id', '=', userId)]),
        eb('a.user_id', '=', userId),
      ]),
    );
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.action',
      'a.entity_type',
      'a.entity_id',
      'a.changes',
      'a.created_at',
      'u.id as actor_id',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const data: ActivityLogItem[] = rows.map((row) => ({
    id: row.id,
    action: row.action,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    user: personOf({ ...row, id: row.actor_id }),
    changes: (row.changes && typeof row.changes === 'object' ? row.changes : {}) as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
  }));
  return buildPage({
    rows: data,
    total: Number(count.n),
    page,
    perPage,
    path: `/api/v4/user/${requested}/activity_log`,
    query: { paginate_by: perPage },
  });
}

/** user/switch_client: work in another organisation the person belongs to; the token stays valid. */
export async function switchClient(
  ctx: AppContext,
  auth: Auth,
  clientId: number,
): Promise<{ user: SessionUser }> {
  return ctx.db.transaction().execute(async (trx) => {
    const membership = await trx
      .selectFrom('user_clients')
      .select(['client_id', 'role'])
      .where('user_id', '=', auth.userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!membership) throw new AppError(403, 'no_other_client', 'You do not belong to that organisation');
    await trx
      .updateTable('users')
      .set({ client_id: membership.client_id, role: membership.role, updated_at: new Date() })
      .where('id', '=', auth.userId)
      .execute();
    await logActivity(trx, {
      clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: auth.userId,
      action: 'switched_client',
      changes: { from: auth.clientId, to: clientId },
    });
    return { user: await loadSessionUser(trx, auth.userId) };
  });
}

const OFTEN_LIMIT = 10;

/**
 * user/me/often_details. Workspaces: those the person has a role in or marked as favourite and
 * can still see, favourites first, then by role strength, then name. People: active colleagues
 * of the organisation who have a role in the most of those same workspaces.
 */
export async function getOftenDetails(ctx: AppContext, auth: Auth): Promise<OftenDetails> {
  const [, grants] = await Promise.all([loadUserActor(ctx.db, auth), loadWorkspaceGrants(ctx.db, auth)]);
  const visible = [...grants.keys()];
  const { rows: workspaces } = await sql<{
    id: number;
    name: string;
    is_favorite: boolean;
    role: WorkspaceRole | null;
  }>`
    SELECT w.id, w.name, (f.workspace_id IS NOT NULL) AS is_favorite, wu.role
      FROM workspaces w
      LEFT JOIN workspace_favorites f ON f.workspace_id = w.id AND f.user_id = ${auth.userId} AND f.client_id = ${auth.clientId}
      LEFT JOIN workspace_users wu ON wu.workspace_id = w.id AND wu.user_id = ${auth.userId} AND wu.client_id = ${auth.clientId}
      WHERE w.id = ANY(${intArray(visible)}) AND w.deleted_at IS NULL AND w.archived_at IS NULL
        AND (f.workspace_id IS NOT NULL OR wu.id IS NOT NULL)
      ORDER BY (f.workspace_id IS NOT NULL) DESC,
        CASE wu.role WHEN 'manager' THEN 1 WHEN 'group_manager' THEN 2 WHEN 'member' THEN 3 ELSE 4 END,
        lower(w.name), w.id
      LIMIT ${OFTEN_LIMIT}`.execute(ctx.db);
  const { rows: people } = await sql<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    profile_image: string | null;
    shared: string;
  }>`
    SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image, count(DISTINCT other.workspace_id) AS shared
      FROM workspace_users mine
      JOIN workspace_users other ON other.workspace_id = mine.workspace_id AND other.client_id = mine.client_id
      JOIN users u ON u.id = other.user_id
      JOIN workspaces w ON w.id = mine.workspace_id AND w.deleted_at IS NULL
      WHERE mine.client_id = ${auth.clientId} AND mine.user_id = ${auth.userId}
        AND other.user_id <> ${auth.userId} AND u.deleted_at IS NULL AND u.status = 'active'
        AND EXISTS (SELECT 1 FROM user_clients uc WHERE uc.user_id = u.id AND uc.client_id = ${auth.clientId})
      GROUP BY u.id, u.first_name, u.last_name, u.email, u.profile_image
      ORDER BY count(DISTINCT other.workspace_id) DESC, lower(u.first_name), lower(u.last_name), u.id
      LIMIT ${OFTEN_LIMIT}`.execute(ctx.db);
  return {
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, is_favorite: w.is_favorite, role: w.role })),
    users: people.map((p) => ({
      id: p.id,
      full_name: fullName(p),
      profile_image: fileUrl(p.profile_image),
      shared_workspaces: Number(p.shared),
    })),
  };
}
