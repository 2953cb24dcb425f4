import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';

/** One address may try more e-mails than one e-mail may be tried (an office behind one NAT). */
const MAX_FAILURES_PER_IP = LOGIN_MAX_FAILURES * 4;

/**
 * Failed logins are counted in the database, not in memory, so several server instances agree.
 * Refuses with 429 before the password is even checked once the limit is reached.
 */
export async function assertLoginAllowed(ctx: AppContext, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const row = await ctx.db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where email = ${email})::int`.as('by_email'),
      sql<number>`count(*) filter (where ip = ${ip})::int`.as('by_ip'),
      sql<Date | null>`min(created_at) filter (where email = ${email})`.as('oldest_email'),
      sql<Date | null>`min(created_at) filter (where ip = ${ip})`.as('oldest_ip'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  const limitedSince =
    row.by_email >= LOGIN_MAX_FAILURES
      ? row.oldest_email
      : row.by_ip >= MAX_FAILURES_PER_IP
        ? row.oldest_ip
        : null;
  if (limitedSince) {
    const retryAfter = Math.max(
      1,
      Math.ceil((new Date(limitedSince).getTime() + LOGIN_FAILURE_WINDOW_MS - Date.now()) / 1000),
    );
    throw new AppError(429, 'too_many_attempts', 'Too many failed logins. Try again later.', undefined, {
      'retry-after': String(retryAfter),
    });
  }
}

export async function recordLoginFailure(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.db.insertInto('login_attempts').values({ email, ip }).execute();
  // Keep the table small: rows older than the window no longer count.
  await ctx.db
    .deleteFrom('login_attempts')
    .where('created_at', '<', new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS))
    .execute();
}

export async function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.deleteFrom('login_attempts').where('email', '=', email).execute();
}
