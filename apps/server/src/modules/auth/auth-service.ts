import {
  type ActivateRequest,
  type ChangePasswordRequest,
  fullName,
  INVITE_TOKEN_TTL_MS,
  LOGIN_LINK_TTL_MS,
  type LoginResponse,
  RESET_TOKEN_TTL_MS,
  SESSION_TTL_MS,
  SESSION_TTL_REMEMBER_MS,
  type SignupRequest,
} from '@workbench/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { createOrganisationWithAdmin } from '../clients/create-organisation.js';
import { enqueueMail } from '../mail/outbox.js';
import { inviteMail, loginLinkMail, passwordResetMail } from '../mail/templates.js';
import { loadSessionUser } from '../users/session-user.js';
import { findUserByEmail, isEmailTakenError } from '../users/user-queries.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './throttle.js';
import { consumeOneTimeToken, issueToken, revokeSessions } from './tokens.js';

const invalidToken = () =>
  new AppError(400, 'invalid_token', 'This link is invalid, expired or already used');

/** Issues a session token for a user who just proved who they are. */
export async function startSession(
  db: Transaction<Database>,
  user: { id: number; client_id: number },
  rememberMe: boolean,
): Promise<LoginResponse> {
  const token = await issueToken(db, {
    userId: user.id,
    clientId: user.client_id,
    kind: 'session',
    ttlMs: rememberMe ? SESSION_TTL_REMEMBER_MS : SESSION_TTL_MS,
    rememberMe,
  });
  return {
    token: token.raw,
    expires_at: token.expiresAt.toISOString(),
    user: await loadSessionUser(db, user.id),
  };
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember_me: boolean },
  ip: string,
): Promise<LoginResponse> {
  await assertLoginAllowed(ctx, input.email, ip);
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  // An invited user has no password yet, so none matches: 401 like any wrong password (saying
  // "not active" to someone without the password would tell them the address has an account).
  if (!user || !ok || !user.password_hash) {
    await recordLoginFailure(ctx, input.email, ip);
    throw new AppError(401, 'incorrect_email_or_password', 'Incorrect email or password');
  }
  if (user.status !== 'active') {
    // Paused (or invited with a password set by an admin): the right password, but no way in.
    throw new AppError(403, 'account_not_active', 'This account is not active');
  }
  await clearLoginFailures(ctx, input.email);
  return ctx.db.transaction().execute(async (trx) => {
    await logActivity(trx, {
      clientId: user.client_id,
      userId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'login',
    });
    return startSession(trx, user, input.remember_me);
  });
}

export async function signup(
  ctx: AppContext,
  input: Required<Omit<SignupRequest, 'language'>> & { language?: string },
): Promise<LoginResponse> {
  const passwordHash = await hashPassword(input.password);
  const emailTaken = () =>
    fieldError('email', 'user_already_exists', 'A user with this address already exists', 409);
  try {
    return await createOrganisation(ctx, input, passwordHash, emailTaken);
  } catch (err) {
    // Two signups with one address at once: the unique index refuses the second.
    if (isEmailTakenError(err)) throw emailTaken();
    throw err;
  }
}

async function createOrganisation(
  ctx: AppContext,
  input: Required<Omit<SignupRequest, 'language'>> & { language?: string },
  passwordHash: string,
  emailTaken: () => AppError,
): Promise<LoginResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.email)) throw emailTaken();
    const { clientId, userId } = await createOrganisationWithAdmin(trx, {
      companyName: input.company_name,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      passwordHash,
      language: input.language ?? 'en',
    });
    return startSession(trx, { id: userId, client_id: clientId }, false);
  });
}

/** Always answers the same; only an existing, active account gets a link. */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.status !== 'active') return;
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, {
      userId: user.id,
      clientId: user.client_id,
      kind: 'password_reset',
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    const mail = passwordResetMail(fullName(user), `${ctx.config.appUrl}/change-password?token=${token.raw}`);
    await enqueueMail(trx, { clientId: user.client_id, to: user.email, kind: 'password_reset', ...mail });
  });
}

export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<LoginResponse> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const owner = await consumeOneTimeToken(trx, input.token, 'password_reset');
    if (!owner) throw invalidToken();
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', owner.userId)
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .returning(['id', 'client_id'])
      .executeTakeFirst();
    if (!user) throw invalidToken();
    // Whoever may have known the old password is logged out everywhere.
    await revokeSessions(trx, user.id);
    await logActivity(trx, {
      clientId: user.client_id,
      userId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'password_reset',
    });
    return startSession(trx, user, false);
  });
}

export async function sendLoginLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.status !== 'active') return;
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, {
      userId: user.id,
      clientId: user.client_id,
      kind: 'login_link',
      ttlMs: LOGIN_LINK_TTL_MS,
    });
    const mail = loginLinkMail(fullName(user), `${ctx.config.appUrl}/auth/tokenlogin?token=${token.raw}`);
    await enqueueMail(trx, { clientId: user.client_id, to: user.email, kind: 'login_link', ...mail });
  });
}

export async function tokenLogin(ctx: AppContext, rawToken: string): Promise<LoginResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const owner = await consumeOneTimeToken(trx, rawToken, 'login_link');
    if (!owner) throw invalidToken();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'client_id', 'status', 'deleted_at'])
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    if (user.status !== 'active' || user.deleted_at) throw invalidToken();
    await logActivity(trx, {
      clientId: user.client_id,
      userId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'login',
    });
    return startSession(trx, user, false);
  });
}

/** Creates an invitation for an invited user and mails the activation link. */
export async function createInvite(
  ctx: AppContext,
  trx: Transaction<Database>,
  userId: number,
): Promise<void> {
  const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const client = await trx
    .selectFrom('clients')
    .select('name')
    .where('id', '=', user.client_id)
    .executeTakeFirstOrThrow();
  const token = await issueToken(trx, {
    userId,
    clientId: user.client_id,
    kind: 'invite',
    ttlMs: INVITE_TOKEN_TTL_MS,
  });
  const mail = inviteMail(
    fullName(user),
    client.name,
    `${ctx.config.appUrl}/activate_account?token=${token.raw}`,
  );
  await enqueueMail(trx, { clientId: user.client_id, to: user.email, kind: 'invite', ...mail });
}

export async function activateAccount(ctx: AppContext, input: ActivateRequest): Promise<LoginResponse> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const owner = await consumeOneTimeToken(trx, input.token, 'invite');
    if (!owner) throw invalidToken();
    const user = await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        status: 'active',
        updated_at: new Date(),
        ...(input.first_name ? { first_name: input.first_name } : {}),
        ...(input.last_name ? { last_name: input.last_name } : {}),
      })
      .where('id', '=', owner.userId)
      .where('status', '=', 'invited')
      .where('deleted_at', 'is', null)
      .returning(['id', 'client_id'])
      .executeTakeFirst();
    if (!user) throw invalidToken();
    await logActivity(trx, {
      clientId: user.client_id,
      userId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'activated',
    });
    return startSession(trx, user, false);
  });
}

export async function changePassword(
  ctx: AppContext,
  auth: { userId: number; clientId: number; tokenId: number },
  input: ChangePasswordRequest,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw fieldError('current_password', 'wrong_password', 'The current password is not correct');
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', auth.userId)
      .execute();
    // Other devices must log in again with the new password; this one stays logged in.
    await revokeSessions(trx, auth.userId, auth.tokenId);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: auth.userId,
      action: 'password_changed',
    });
  });
}

export async function logout(ctx: AppContext, tokenId: number): Promise<void> {
  await ctx.db.updateTable('user_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();
}
