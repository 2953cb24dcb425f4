import {
  type CheckExistingResponse,
  type CreateMultipleUsersRequest,
  type CreateMultipleUsersResponse,
  type CreateUserRequest,
  type CreateUserResponse,
  canGrantUserRole,
  canManageWorkspaceUsers,
  type ErrorKey,
  readClientSettings,
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
import { BUDGETS, requireBudget } from '../../http/rate-limit.js';
import { loadWorkspaceGrants } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { createInvite } from '../auth/auth-service.js';
import { askToJoin } from './membership-invites.js';
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

/** Where the invited people go: workspaces and the role in them. */
type Placement = { workspaceIds: number[]; workspaceRole: WorkspaceRole };

/**
 * Creates invited people (status invited, no password) with their membership and workspace
 * roles, and mails each a link. An address of the organisation's own people is refused
 * (user_already_exists); an address with an account elsewhere is asked to join instead
 * (askToJoin), so inviting tells nothing about other organisations' people.
 */
async function inviteUsers(
  ctx: AppContext,
  trx: Trx,
  actor: UserActor,
  invitations: Invitation[],
  listName: string,
  placement: Placement,
): Promise<{ created: number[]; askedToJoin: string[] }> {
  const emails = invitations.map((i) => i.email.trim().toLowerCase());
  const taken = await trx
    .selectFrom('users as u')
    .leftJoin('user_clients as uc', (join) =>
      join.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', actor.auth.clientId),
    )
    .select(['u.id', sql<string>`lower(u.email)`.as('email'), 'uc.client_id as member_of'])
    .where(sql`lower(u.email)`, 'in', emails)
    .where('u.deleted_at', 'is', null)
    .execute();
  const takenBy = new Map(taken.map((t) => [t.email, t]));
  const fields: Record<string, ErrorKey> = {};
  emails.forEach((email, index) => {
    if (takenBy.get(email)?.member_of != null) fields[`${listName}.${index}.email`] = 'user_already_exists';
  });
  if (Object.keys(fields).length) throw fieldsError(fields);
  const elsewhere = invitations.flatMap((invitation, index) => {
    const account = takenBy.get(emails[index] as string);
    return account ? [{ userId: account.id, role: invitation.role, email: emails[index] as string }] : [];
  });
  for (const person of elsewhere) await askToJoin(ctx, trx, actor.auth, person, placement);
  const fresh = invitations.flatMap((invitation, index) =>
    takenBy.has(emails[index] as string) ? [] : [{ ...invitation, email: emails[index] as string }],
  );
  if (!fresh.length) return { created: [], askedToJoin: elsewhere.map((p) => p.email) };
  // New people start in the organisation's default language (settings → general).
  const organisation = await trx
    .selectFrom('clients')
    .select('settings')
    .where('id', '=', actor.auth.clientId)
    .executeTakeFirstOrThrow();
  const inviter = { language: readClientSettings(organisation.settings).default_language };
  const rows = await trx
    .insertInto('users')
    .values(
      fresh.map((invitation) => ({
        client_id: actor.auth.clientId,
        main_client_id: actor.auth.clientId,
        first_name: invitation.first_name?.trim() ?? '',
        last_name: invitation.last_name?.trim() ?? '',
        email: invitation.email,
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
  const created = rows.map((row) => row.id);
  await grantWorkspaceRoles(
    trx,
    actor.auth.clientId,
    created,
    placement.workspaceIds,
    placement.workspaceRole,
  );
  return { created, askedToJoin: elsewhere.map((p) => p.email) };
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
  const result = await runInvite(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const actor = await requireUserManager(trx, auth);
        const userRole = input.user_role ?? 'user';
        if (!canGrantUserRole(actor, userRole)) throw forbidden('Only admins create admins');
        if (input.job_position_id) await requireJobPosition(trx, auth.clientId, input.job_position_id);
        await requireManageableWorkspaces(trx, auth, workspaceIds);
        await requireBudget(trx, BUDGETS.invitations, budgetKey(auth), input.new_users.length);
        return inviteUsers(
          ctx,
          trx,
          actor,
          input.new_users.map((entry) => ({
            ...entry,
            role: userRole,
            job_position_id: input.job_position_id ?? null,
          })),
          'new_users',
          { workspaceIds, workspaceRole: input.role ?? 'member' },
        );
      }),
    'new_users.0.email',
  );
  return {
    success: true,
    new_users: await presentUsers(ctx, auth.clientId, result.created),
    asked_to_join: result.askedToJoin,
  };
}

export async function createUser(
  ctx: AppContext,
  auth: Auth,
  input: CreateUserRequest,
): Promise<CreateUserResponse> {
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
  const result = await runInvite(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const actor = await requireUserManager(trx, auth);
        if (!canGrantUserRole(actor, role)) throw forbidden('Only admins create admins');
        if (input.job_position_id) await requireJobPosition(trx, auth.clientId, input.job_position_id);
        await requireManageableWorkspaces(trx, auth, workspaceIds);
        await requireBudget(trx, BUDGETS.invitations, budgetKey(auth));
        try {
          return await inviteUsers(ctx, trx, actor, [{ ...input, role }], 'new_users', {
            workspaceIds,
            workspaceRole: input.workspace_role ?? 'member',
          });
        } catch (err) {
          if (err instanceof AppError && err.fields?.['new_users.0.email']) {
            throw fieldsError({ email: toErrorKey(err.fields['new_users.0.email']) });
          }
          throw err;
        }
      }),
    'email',
  );
  const [asked] = result.askedToJoin;
  if (asked) return { email: asked, asked_to_join: true };
  const [user] = await presentUsers(ctx, auth.clientId, result.created);
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

/** Whose address-related calls the budgets count: the person. */
const budgetKey = (auth: Auth) => `user:${auth.userId}`;

/**
 * users/check-existing: which of these addresses already belong to the organisation. An address
 * with an account elsewhere reads like a new one (inviting it asks the person to join).
 */
export async function checkExisting(
  ctx: AppContext,
  auth: Auth,
  emails: string[],
): Promise<CheckExistingResponse> {
  await requireUserManager(ctx.db, auth);
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return { existing: [] };
  await requireBudget(ctx.db, BUDGETS.addressChecks, budgetKey(auth), wanted.length);
  const rows = await ctx.db
    .selectFrom('users as u')
    .innerJoin('user_clients as uc', (join) =>
      join.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', auth.clientId),
    )
    .select(['u.id', sql<string>`lower(u.email)`.as('email')])
    .where(sql`lower(u.email)`, 'in', wanted)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.id')
    .execute();
  return { existing: rows.map((r) => ({ email: r.email, id: r.id })) };
}
