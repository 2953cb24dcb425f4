import {
  canGrantUserRole,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MIN_SIDE,
  type SessionUser,
  type UpdateUserRequest,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden } from '../../http/errors.js';
import { newFileKey } from '../../storage/file-storage.js';
import { inspectImage, readUploadedFile } from '../../storage/images.js';
import { logActivity } from '../activity/activity-log.js';
import { loadSessionUser } from './session-user.js';
import { assertCanManage, loadUserActor, requireMember, requireUserListAccess } from './user-access.js';
import { requireJobPosition } from './user-invite-service.js';
import { countOtherActiveAdmins } from './user-list-queries.js';

function targetId(requested: 'me' | number, auth: Auth): number {
  return requested === 'me' ? auth.userId : requested;
}

/** Self always; another person of the organisation for those who may see the user list. */
export async function getUser(ctx: AppContext, auth: Auth, requested: 'me' | number): Promise<SessionUser> {
  const userId = targetId(requested, auth);
  if (userId !== auth.userId) {
    await requireUserListAccess(ctx, auth);
    await requireMember(ctx.db, auth.clientId, userId);
  }
  return loadSessionUser(ctx.db, userId);
}

/** Fields anybody may change of their own profile; role and job position are user management. */
const MANAGED_FIELDS = ['role', 'job_position_id'] as const;

/**
 * PUT user/{id}. Self: names, phone, language, list settings (and role and job position when the
 * person manages users). User managers: another person's names, phone, language, role (admin only
 * by admins) and job position. The organisation always keeps an active admin (last_admin).
 */
export async function updateUser(
  ctx: AppContext,
  auth: Auth,
  requested: 'me' | number,
  input: UpdateUserRequest,
): Promise<SessionUser> {
  const userId = targetId(requested, auth);
  const isSelf = userId === auth.userId;
  const { settings, role, job_position_id, ...fields } = input;
  await ctx.db.transaction().execute(async (trx) => {
    const actor = await loadUserActor(trx, auth);
    const target = await requireMember(trx, auth.clientId, userId);
    const touchesManaged = MANAGED_FIELDS.some((f) => input[f] !== undefined);
    if (!isSelf || touchesManaged) assertCanManage(actor, target);
    if (!isSelf && settings) throw forbidden('Only the person changes their own list settings');
    if (role !== undefined && role !== target.role) {
      if (!canGrantUserRole(actor, role)) throw forbidden('Only admins make admins');
      if (target.role === 'admin' && (await countOtherActiveAdmins(trx, auth.clientId, [userId])) === 0) {
        throw fieldError('role', 'last_admin', 'The organisation must keep at least one active admin');
      }
      await trx
        .updateTable('user_clients')
        .set({ role })
        .where('user_id', '=', userId)
        .where('client_id', '=', auth.clientId)
        .execute();
    }
    if (job_position_id) await requireJobPosition(trx, auth.clientId, job_position_id);
    const current = await trx
      .selectFrom('users')
      .select(['settings', 'client_id'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({
        ...fields,
        // The role column is the role in the organisation the person works in now.
        ...(role !== undefined && current.client_id === auth.clientId ? { role } : {}),
        ...(job_position_id !== undefined ? { job_position_id } : {}),
        // Settings merge: the language switcher must not reset the list preferences.
        ...(settings ? { settings: JSON.stringify({ ...(current.settings as object), ...settings }) } : {}),
        updated_at: new Date(),
      })
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

/** Checks the picture by its content (000 §5): jpeg, png or gif, at most 800 kB, at least 120×120. */
export async function checkProfileImage(data: Buffer): Promise<string> {
  const { ext, width, height } = await inspectImage(data, 'profile_image');
  if (data.length > PROFILE_IMAGE_MAX_BYTES) {
    throw fieldError('profile_image', 'image_too_big', 'The picture may be at most 800 kB');
  }
  if (width < PROFILE_IMAGE_MIN_SIDE || height < PROFILE_IMAGE_MIN_SIDE) {
    throw fieldError('profile_image', 'image_too_small', 'The picture must be at least 120×120 pixels');
  }
  return ext;
}

/** POST user/{id} (_method PUT): a new profile picture, for oneself or by a user manager. */
export async function uploadProfileImage(
  ctx: AppContext,
  auth: Auth,
  requested: 'me' | number,
  request: FastifyRequest,
): Promise<SessionUser> {
  const userId = targetId(requested, auth);
  if (userId !== auth.userId) {
    const actor = await loadUserActor(ctx.db, auth);
    assertCanManage(actor, await requireMember(ctx.db, auth.clientId, userId));
  }
  // No byte limit on reading: a too large picture answers image_too_big below, after its type.
  const data = await readUploadedFile(request, {
    field: 'profile_image',
    fileFields: ['attachments[0][file]', 'file'],
  });
  const ext = await checkProfileImage(data);
  const key = newFileKey(auth.clientId, 'profiles', ext);
  await ctx.storage.put(key, data);
  let previous: string | null;
  try {
    previous = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select('profile_image')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ profile_image: key, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'user',
        entityId: userId,
        action: 'profile_image_changed',
      });
      return row.profile_image;
    });
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
  // The old picture goes once the new one is saved.
  if (previous) await ctx.storage.remove(previous).catch(() => undefined);
  return loadSessionUser(ctx.db, userId);
}
