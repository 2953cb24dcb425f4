import {
  AUTH_MAIL_MAX_PER_ADDRESS,
  AUTH_MAIL_WINDOW_MS,
  fullName,
  LOGIN_LINK_TTL_MS,
  RESET_TOKEN_TTL_MS,
} from '@workbench/domain';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { AuthMailRequestsTable, Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { BUDGETS, hashedKey, spendBudget } from '../../http/rate-limit.js';
import { mailLanguage } from '../mail/mail-language.js';
import { enqueueMail } from '../mail/outbox.js';
import { loginLinkMail, passwordResetMail } from '../mail/templates.js';
import { findUserByEmail, type UserRow } from '../users/user-queries.js';
import { issueToken } from './tokens.js';

export type AuthMailKind = AuthMailRequestsTable['kind'];

/**
 * "Mail me a reset link / a login link": the answer must not tell whether the address has an
 * account, by its words or by its time. So the request does the same work for any address: it
 * is counted and queued (one row), and answered; the queue is worked after the answer
 * (processAuthMailRequests), where an unknown address is dropped and a known one gets its mail.
 * At most AUTH_MAIL_MAX_PER_ADDRESS mails of a kind go to one address per window; requests
 * beyond that are answered the same and send nothing (a 429 would tell that someone else asked).
 * One IP may ask BUDGETS.authMailRequests times per window, for any addresses; then 429, which
 * says nothing about any account.
 */
export async function requestAuthMail(
  ctx: AppContext,
  kind: AuthMailKind,
  email: string,
  ip: string,
): Promise<void> {
  const now = new Date();
  const since = new Date(now.getTime() - AUTH_MAIL_WINDOW_MS);
  await ctx.db.transaction().execute(async (trx) => {
    // Requests for one address are counted one after the other (40 at once send 3 mails, not 40).
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`auth_mail:${email}`}))`.execute(trx);
    // The caller's requests for any addresses, in the shared fixed-window budgets (rate_limits).
    const budget = await spendBudget(trx, BUDGETS.authMailRequests, hashedKey(ip));
    if (!budget.allowed) {
      throw new AppError(429, 'too_many_attempts', 'Too many requests. Try again later.', undefined, {
        'retry-after': String(budget.retryAfterSeconds),
      });
    }
    const sent = await trx
      .selectFrom('auth_mail_requests')
      .select(sql<number>`count(*)::int`.as('mails'))
      .where('email', '=', email)
      .where('kind', '=', kind)
      .where('sends', '=', true)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('auth_mail_requests')
      .values({
        kind,
        email,
        sends: sent.mails < AUTH_MAIL_MAX_PER_ADDRESS,
        created_at: now,
      })
      .execute();
  });
}

/** The mail of one request, for an active account (others get nothing). */
async function mailRequested(ctx: AppContext, trx: Transaction<Database>, kind: AuthMailKind, user: UserRow) {
  if (kind === 'password_reset') {
    const token = await issueToken(trx, {
      userId: user.id,
      clientId: user.client_id,
      kind: 'password_reset',
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    const mail = passwordResetMail(
      fullName(user),
      `${ctx.config.appUrl}/change-password?token=${token.raw}`,
      mailLanguage(user.language, null),
    );
    await enqueueMail(trx, { clientId: user.client_id, to: user.email, kind: 'password_reset', ...mail });
    return;
  }
  const token = await issueToken(trx, {
    userId: user.id,
    clientId: user.client_id,
    kind: 'login_link',
    ttlMs: LOGIN_LINK_TTL_MS,
  });
  const mail = loginLinkMail(
    fullName(user),
    `${ctx.config.appUrl}/auth/tokenlogin?token=${token.raw}`,
    mailLanguage(user.language, null),
  );
  await enqueueMail(trx, { clientId: user.client_id, to: user.email, kind: 'login_link', ...mail });
}

/** Works the queue: one request per transaction, taken with SKIP LOCKED (several servers). */
async function processPending(ctx: AppContext): Promise<number> {
  let done = 0;
  for (;;) {
    const worked = await ctx.db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom('auth_mail_requests')
        .select(['id', 'kind', 'email'])
        .where('sends', '=', true)
        .where('processed_at', 'is', null)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!request) return false;
      const user = await findUserByEmail(trx, request.email);
      if (user?.status === 'active') await mailRequested(ctx, trx, request.kind, user);
      await trx
        .updateTable('auth_mail_requests')
        .set({ processed_at: new Date() })
        .where('id', '=', request.id)
        .execute();
      return true;
    });
    if (!worked) break;
    done++;
  }
  // Requests older than the window no longer count.
  await ctx.db
    .deleteFrom('auth_mail_requests')
    .where('created_at', '<', new Date(Date.now() - AUTH_MAIL_WINDOW_MS))
    .where((eb) => eb.or([eb('sends', '=', false), eb('processed_at', 'is not', null)]))
    .execute();
  return done;
}

/** One run per context at a time; a call waits for the run under way, then works what is left. */
const working = new WeakMap<AppContext, Promise<unknown>>();

/** Sends the mails of every request queued so far; answers how many requests it worked. */
export function processAuthMailRequests(ctx: AppContext): Promise<number> {
  const previous = working.get(ctx) ?? Promise.resolve();
  const run = previous.then(() => processPending(ctx));
  working.set(
    ctx,
    run.catch(() => undefined),
  );
  return run;
}

const POLL_MS = 5_000;
const wakers = new WeakMap<AppContext, () => void>();

/**
 * The server's worker (server.ts): works the queue right after each request has been answered
 * (wakeAuthMailWorker), and every few seconds for what another server left. Without it (API
 * tests) the queue waits until processAuthMailRequests is called.
 */
export function startAuthMailWorker(ctx: AppContext, log: (msg: string) => void): () => Promise<void> {
  const run = () => {
    processAuthMailRequests(ctx).catch((err) => log(`auth mail requests: ${String(err)}`));
  };
  wakers.set(ctx, () => setImmediate(run));
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  return async () => {
    wakers.delete(ctx);
    clearInterval(timer);
    await working.get(ctx);
  };
}

/** Called once a request is answered: the worker, if this server runs one, sends its mail now. */
export function wakeAuthMailWorker(ctx: AppContext): void {
  wakers.get(ctx)?.();
}
