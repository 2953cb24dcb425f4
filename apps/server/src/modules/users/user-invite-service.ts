import {
  type CheckExistingResponse,
  type CreateMultipleUsersRequest,
  type CreateMultipleUsersResponse,
  type CreateUserRequest,
  canGrantUserRole,
  canManageWorkspaceUsers,
  type ErrorKey,
  toErrorKey,
  type UserListItem,
  type UserRole,
  validateNewPersonEntries,
  type WorkspaceRole,
} from '@workbench/domain';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { loadWorkspaceGrants } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { createInvite } from '../auth/auth-service.js';
import { assertCanManage, requireMember, requireUserManager, type UserActor } from './user-access.js';
import { listUsers } from './user-list-queries.js';
import { presentUserListItem } from './user-presenter.js';
import { isEmailTakenError } from './user-queries.js';

type Trx = Transaction<Database>;

/** Every field error at once, as one 422: its key is the first field's (a single problem reads plainly). */
function fieldsError(fields: Record<string, ErrorKey>): AppError {
  const first = Object.values(fields)[0] ?? 'validation_failed';
  return new AppError(422, first, 'Some entries are not valid', fields);
}

/**
 * The workspaces people are being added to: each of the caller's organisation (else 404 as if it
 * did not exist) and one the caller may manage people in (admins; workspace managers), else 403.
 */
export async function requireManageableWorkspaces(
  trx: Trx | AppContext['db'],
  auth: Auth,
  workspaceIds: number[],
): Promise<void> {
  if (!workspaceIds.length) return;
  const grants = await loadWorkspaceGrants(trx, auth);
  for (const id of workspaceIds) {
    const grant = grants.get(id);
    if (!grant || grant.client_id !== auth.clientId) throw notFound('Workspace not found');
    if (!canManageWorkspaceUsers(grant.role)) throw forbidden('You may not add people to this workspace');
  }
}

/** Gives people a role in workspaces; an existing weaker role is raised, a stronger one kept. */
export async function grantWorkspaceRoles(
  trx: Trx,
  clientId: number,
  userIds: number[],
  workspaceIds: number[],
  role: WorkspaceRole,
): Promise<void> {
  if (!userIds.length || !workspaceIds.length) return;
  await trx
    .insertInto('workspace_users')
    .values(
      userIds.flatMap((userId) =>
        workspaceIds.map((workspaceId) => ({
          client_id: clientId,
          user_id: userId,
          workspace_id: workspaceId,
          role,
        })),
      ),
    )
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'user_id'])
        .doUpdateSet({ role: (eb) => eb.ref('excluded.role') })
        .where(
          sql<boolean>`(CASE excluded.role WHEN 'manager' THEN 1 WHEN 'group_manager' THEN 2 ELSE 3 END) <
            (CASE workspace_users.role WHEN 'manager' THEN 1 WHEN 'group_manager' THEN 2 ELSE 3 END)`,
        ),
    )
    .execute();
}

type Invitation = {
  email: string;
  first_name?: string;
  last_name?: string;
  role: UserRole;
  job_position_id?: number | null;
};

/** Creates invited people (status invited, no password) with their membership and mails each a link. */
async function inviteUsers(
  ctx: AppContext,
  trx: Trx,
  actor: UserActor,
  invitations: Invitation[],
  listName: string,
): Promise<number[]> {
  const emails = invitations.map((i) => i.email.trim().toLowerCase());
  const taken = await trx
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where(sql`lower(email)`, 'in', emails)
    .where('deleted_at', 'is', null)
    .execute();
  const takenSet = new Set(taken.map((t) => t.email));
  const fields: Record<string, ErrorKey> = {};
  emails.forEach((email, index) => {
    if (takenSet.has(email)) fields[`${listName}.${index}.email`] = 'user_already_exists';
  });
  if (Object.keys(fields).length) throw fieldsError(fields);
  const inviter = await trx
    .selectFrom('users')
    .select('language')
    .where('id', '=', actor.auth.userId)
    .executeTakeFirstOrThrow();
  const rows = await trx
    .insertInto('users')
    .values(
      invitations.map((invitation, index) => ({
        client_id: actor.auth.clientId,
        main_client_id: actor.auth.clientId,
        first_name: invitation.first_name?.trim() ?? '',
        last_name: invitation.last_name?.trim() ?? '',
        email: emails[index] as string,
        phone: null,
        status: 'invited' as const,
        role: invitation.role,
        language: inviter.language,
        profile_image: null,
        job_position_id: invitation.job_position_id ?? null,
        password_hash: null,
        settings: JSON.stringify({}),
        onboarding_progress: JSON.stringify({}),
        privacy_policy_consented_at: null,
        deleted_at: null,
      })),
    )
    .returning(['id', 'role'])
    .execute();
  await trx
    .insertInto('user_clients')
    .values(rows.map((row) => ({ user_id: row.id, client_id: actor.auth.clientId, role: row.role })))
    .execute();
  for (const row of rows) {
    await createInvite(ctx, trx, row.id);
    await logActivity(trx, {
      clientId: actor.auth.clientId,
      userId: actor.auth.userId,
      entityType: 'user',
      entityId: row.id,
      action: 'invited',
      changes: { role: row.role },
    });
  }
  return rows.map((row) => row.id);
}

async function presentUsers(ctx: AppContext, clientId: number, ids: number[]): Promise<UserListItem[]> {
  const { rows } = await listUsers(
    ctx.db,
    clientId,
    { workspace_ids: [], sort_by: 'created', sort_direction: 'asc', page: 1, paginate_by: ids.length || 1 },
    ids,
  );
  return rows.map(presentUserListItem);
}

async function runInvite<T>(work: () => Promise<T>, field: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // Two invitations of one address at once: the unique index refuses the second.
    if (isEmailTakenError(err)) throw fieldsError({ [field]: 'user_already_exists' });
    throw err;
  }
}

export async function createMultipleUsers(
  ctx: AppContext,
  auth: Auth,
  input: CreateMultipleUsersRequest,
): Promise<CreateMultipleUsersResponse> {
  const fields = validateNewPersonEntries('new_users', input.new_users, ['first_name', 'last_name']);
  if (Object.keys(fields).length) throw fieldsError(fields);
  const workspaceIds = [...new Set(input.workspace_ids ?? [])];
  const ids = await runInvite(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const actor = await requireUserManager(trx, auth);
        const userRole = input.user_role ?? 'user';
        if (!canGrantUserRole(actor, userRole)) throw forbidden('Only admins create admins');
        if (input.job_position_id) await requireJobPosition(trx, auth.clientId, input.job_position_id);
        await requireManageableWorkspaces(trx, auth, workspaceIds);
        const created = await inviteUsers(
          ctx,
          trx,
          actor,
          input.new_users.map((entry) => ({
            ...entry,
            role: userRole,
            job_position_id: input.job_position_id ?? null,
          })),
          'new_users',
        );
        await grantWorkspaceRoles(trx, auth.clientId, created, workspaceIds, input.role ?? 'member');
        return created;
      }),
    'new_users.0.email',
  );
  return { success: true, new_users: await presentUsers(ctx, auth.clientId, ids) };
}

export async function createUser(
  ctx: AppContext,
  auth: Auth,
  input: CreateUserRequest,
): Promise<UserListItem> {
  const entryFields = validateNewPersonEntries(
    'new_users',
    [{ email: input.email, first_name: input.first_name, last_name: input.last_name }],
    ['first_name', 'last_name'],
  );
  const fields = Object.fromEntries(
    Object.entries(entryFields).map(([key, value]) => [key.replace('new_users.0.', ''), value]),
  );
  if (Object.keys(fields).length) throw fieldsError(fields);
  const role = input.role ?? 'user';
  const workspaceIds = [...new Set(input.workspace_ids ?? [])];
  const ids = await runInvite(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const actor = await requireUserManager(trx, auth);
        if (!canGrantUserRole(actor, role)) throw forbidden('Only admins create admins');
        if (input.job_position_id) await requireJobPosition(trx, auth.clientId, input.job_position_id);
        await requireManageableWorkspaces(trx, auth, workspaceIds);
        try {
          const created = await inviteUsers(ctx, trx, actor, [{ ...input, role }], 'new_users');
          await grantWorkspaceRoles(
            trx,
            auth.clientId,
            created,
            workspaceIds,
            input.workspace_role ?? 'member',
          );
          return created;
        } catch (err) {
          if (err instanceof AppError && err.fields?.['new_users.0.email']) {
            throw fieldsError({ email: toErrorKey(err.fields['new_users.0.email']) });
          }
          throw err;
        }
      }),
    'email',
  );
  const [user] = await presentUsers(ctx, auth.clientId, ids);
  if (!user) throw new Error('invited user not found');
  return user;
}

export async function requireJobPosition(trx: Trx | AppContext['db'], clientId: number, id: number) {
  const row = await trx
    .selectFrom('job_positions')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw fieldError('job_position_id', 'invalid_format', 'No such job position');
}

/** A new invitation link; the older ones stop working. Only for people still invited. */
export async function resendInvite(ctx: AppContext, auth: Auth, userId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const actor = await requireUserManager(trx, auth);
    const target = await requireMember(trx, auth.clientId, userId);
    assertCanManage(actor, target);
    if (target.status !== 'invited') {
      throw fieldError(
        'user_id',
        'invitation_not_pending',
        'This person has already accepted the invitation',
      );
    }
    await trx
      .updateTable('user_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('kind', '=', 'invite')
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await createInvite(ctx, trx, userId);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: userId,
      action: 'invite_resent',
    });
  });
}

/** users/check-existing: which of these addresses already have an account, and whether here. */
export async function checkExisting(
  ctx: AppContext,
  auth: Auth,
  emails: string[],
): Promise<CheckExistingResponse> {
  await requireUserManager(ctx.db, auth);
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return { existing: [] };
  const rows = await ctx.db
    .selectFrom('users as u')
    .leftJoin('user_clients as uc', (join) =>
      join.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', auth.clientId),
    )
    .select(['u.id', sql<string>`lower(u.email)`.as('email'), 'uc.client_id'])
    .where(sql`lower(u.email)`, 'in', wanted)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.id')
    .execute();
  return { existing: rows.map((r) => ({ email: r.email, id: r.id, same_client: r.client_id !== null })) };
}
