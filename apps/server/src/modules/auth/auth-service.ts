import {
  type ActivateRequest,
  type ChangePasswordRequest,
  fullName,
  INVITE_TOKEN_TTL_MS,
  LOGIN_NOTICE_INTERVAL_MS,
  type LoginResponse,
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
import { mailLanguage } from '../mail/mail-language.js';
import { enqueueMail } from '../mail/outbox.js';
import { failedLoginsMail, inviteMail } from '../mail/templates.js';
import { loadSessionUser } from '../users/session-user.js';
import { findUserByEmail, isEmailTakenError, type UserRow } from '../users/user-queries.js';
import { knownDeviceOf } from './devices.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import {
  crossedThreshold,
  forgetOldFailures,
  loginKeys,
  type Reservation,
  releaseAttempt,
  reserveAttempt,
} from './throttle.js';
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

/** Who is trying to log in: their address, and the device tokens their browser showed. */
export type LoginClient = { ip: string; deviceTokens: string[] };

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember_me: boolean },
  client: LoginClient,
): Promise<LoginResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const deviceId = await knownDeviceOf(ctx, client.deviceTokens, user?.id);
  const reservation = await reserveAttempt(ctx, loginKeys({ email: input.email, ip: client.ip, deviceId }));
  const ok = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  // An invited user has no password yet, so none matches: 401 like any wrong password (saying
  // "not active" to someone without the password would tell them the address has an account).
  if (!user || !ok || !user.password_hash) {
    // The attempt was counted already; the same work follows for an address without an account.
    await noticeFailedLogins(ctx, input.email, reservation, user);
    await forgetOldFailures(ctx);
    throw new AppError(401, 'incorrect_email_or_password', 'Incorrect email or password');
  }
  await releaseAttempt(ctx, reservation);
  if (user.status !== 'active') {
    // Paused (or invited with a password set by an admin): the right password, but no way in.
    throw new AppError(403, 'account_not_active', 'This account is not active');
  }
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

/**
 * Once a failure makes the account's tries wait, the person is told by e-mail, at most once per
 * LOGIN_NOTICE_INTERVAL_MS. The notice's row is written for any address (so an address without
 * an account takes the same time); only an active account gets the mail.
 */
async function noticeFailedLogins(
  ctx: AppContext,
  email: string,
  reservation: Reservation,
  user: UserRow | undefined,
): Promise<void> {
  if (!crossedThreshold(reservation)) return;
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const due = await trx
      .insertInto('login_notices')
      .values({ email, notified_at: now })
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet({ notified_at: now })
          .where('login_notices.notified_at', '<', new Date(now.getTime() - LOGIN_NOTICE_INTERVAL_MS)),
      )
      .returning('email')
      .executeTakeFirst();
    if (!due || user?.status !== 'active') return;
    const mail = failedLoginsMail(
      fullName(user),
      `${ctx.config.appUrl}/forgot-password`,
      mailLanguage(user.language, null),
    );
    await enqueueMail(trx, { clientId: user.client_id, to: user.email, kind: 'failed_logins', ...mail });
  });
}

/**
 * A taken address answers 409 user_already_exists (the spec's key), so signup could test
 * addresses one by one: each 409 counts as a failure of the caller's IP, throttled like failed
 * logins from one IP (growing delays after LOGIN_IP_MAX_FAILURES, 429 too_many_attempts).
 */
export async function signup(
  ctx: AppContext,
  input: Required<Omit<SignupRequest, 'language' | 'time_zone'>> & { language?: string; time_zone?: string },
  ip: string,
): Promise<LoginResponse> {
  const reservation = await reserveAttempt(ctx, [{ scope: 'signup_ip', key: ip }]);
  const emailTaken = () =>
    fieldError('email', 'user_already_exists', 'A user with this address already exists', 409);
  let answer: LoginResponse;
  try {
    const passwordHash = await hashPassword(input.password);
    answer = await createOrganisation(ctx, input, passwordHash, emailTaken);
  } catch (err) {
    // Two signups with one address at once: the unique index refuses the second.
    const error = isEmailTakenError(err) ? emailTaken() : err;
    // Only a taken address counts; anything else gives its count back.
    if (!(error instanceof AppError && error.key === 'user_already_exists')) {
      await releaseAttempt(ctx, reservation);
    }
    throw error;
  }
  await releaseAttempt(ctx, reservation);
  return answer;
}

async function createOrganisation(
  ctx: AppContext,
  input: Required<Omit<SignupRequest, 'language' | 'time_zone'>> & { language?: string; time_zone?: string },
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
      timeZone: input.time_zone,
    });
    return startSession(trx, { id: userId, client_id: clientId }, false);
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
    .select(['name', 'settings'])
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
    mailLanguage(user.language, client.settings),
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
