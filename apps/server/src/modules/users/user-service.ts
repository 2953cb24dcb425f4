import type { SessionUser, UpdateOwnProfileRequest } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { loadSessionUser } from './session-user.js';

/** Until user management lands (next issue), a user reads and edits only themself; any other id is 404. */
export function resolveOwnUserId(requested: 'me' | number, auth: Auth): number {
  if (requested === 'me' || requested === auth.userId) return auth.userId;
  throw notFound('User not found');
}

export function getUser(ctx: AppContext, auth: Auth, requested: 'me' | number): Promise<SessionUser> {
  return loadSessionUser(ctx.db, resolveOwnUserId(requested, auth));
}

export async function updateOwnProfile(
  ctx: AppContext,
  auth: Auth,
  requested: 'me' | number,
  input: UpdateOwnProfileRequest,
): Promise<SessionUser> {
  const userId = resolveOwnUserId(requested, auth);
  const { settings, ...fields } = input;
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select('settings')
      .where('client_id', '=', auth.clientId)
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({
        ...fields,
        // Settings merge: the language switcher must not reset the list preferences.
        ...(settings ? { settings: JSON.stringify({ ...(current.settings as object), ...settings }) } : {}),
        updated_at: new Date(),
      })
      .where('client_id', '=', auth.clientId)
      .where('id', '=', userId)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: userId,
      action: 'updated',
      changes: input,
    });
  });
  return loadSessionUser(ctx.db, userId);
}
