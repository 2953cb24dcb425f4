import {
  type ClientSettings,
  canManageUser,
  canManageUsers,
  canSeeUserList,
  readClientSettings,
  type UserManager,
  type UserRole,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { forbidden, notFound } from '../../http/errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The caller as the user-management rules of packages/domain see them, with the client settings. */
export type UserActor = UserManager & { auth: Auth; settings: ClientSettings };

export async function loadUserActor(db: Db, auth: Auth): Promise<UserActor> {
  const [client, managed] = await Promise.all([
    db.selectFrom('clients').select('settings').where('id', '=', auth.clientId).executeTakeFirstOrThrow(),
    db
      .selectFrom('workspace_users')
      .select('workspace_id')
      .where('client_id', '=', auth.clientId)
      .where('user_id', '=', auth.userId)
      .where('role', '=', 'manager')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    auth,
    role: auth.role,
    managesAnyWorkspace: !!managed,
    settings: readClientSettings(client.settings),
  };
}

/** 403 unless the caller may see the organisation's people (only_admins_see_users). */
export async function requireUserListAccess(ctx: AppContext, auth: Auth): Promise<UserActor> {
  const actor = await loadUserActor(ctx.db, auth);
  if (!canSeeUserList(actor, actor.settings)) throw forbidden('Only admins see the user list');
  return actor;
}

/** 403 unless the caller manages users (admins; managers with 'manager_admins'). */
export async function requireUserManager(db: Db, auth: Auth): Promise<UserActor> {
  const actor = await loadUserActor(db, auth);
  if (!canManageUsers(actor, actor.settings)) throw forbidden('You may not manage users');
  return actor;
}

/** A person of the caller's organisation (by membership) with their role there; 404 otherwise. */
export async function requireMember(
  db: Db,
  clientId: number,
  userId: number,
): Promise<{ id: number; role: UserRole; status: 'active' | 'invited' | 'paused'; client_id: number }> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_clients as uc', 'uc.user_id', 'u.id')
    .select(['u.id', 'uc.role', 'u.status', 'u.client_id'])
    .where('uc.client_id', '=', clientId)
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('User not found');
  return row;
}

/** 403 unless the actor may manage this person (a manager-admin never touches an admin). */
export function assertCanManage(actor: UserActor, target: { role: UserRole }): void {
  if (!canManageUser(actor, actor.settings, target)) throw forbidden('You may not manage this user');
}
