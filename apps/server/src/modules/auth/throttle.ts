import {
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_DELAY_BASE_MS,
  LOGIN_DELAY_MAX_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_IP_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { LoginThrottleTable } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

/**
 * Failed logins are counted in the database (several servers agree), after the practice of
 * identity providers: a count per (account, IP), or per (account, known device) for a browser
 * that logged in to that account before, with delays that double after LOGIN_MAX_FAILURES
 * instead of a lockout. Unknown devices are also slowed by failures on the account from
 * anywhere (a distributed guesser) and by failures from their IP on any accounts (credential
 * stuffing); a known device is not: failures elsewhere never keep its owner out.
 * An attempt is counted before the password is checked, so parallel requests cannot slip past
 * the count; a right password takes its count back.
 */
export type Scope = LoginThrottleTable['scope'];
type Key = { scope: Scope; key: string };

/** Failures under a key that cost nothing; after them each try waits twice as long as the last. */
const FREE_FAILURES: Record<Scope, number> = {
  pair: LOGIN_MAX_FAILURES,
  device: LOGIN_MAX_FAILURES,
  account: LOGIN_ACCOUNT_MAX_FAILURES,
  ip: LOGIN_IP_MAX_FAILURES,
  signup_ip: LOGIN_IP_MAX_FAILURES,
};

/** What a login attempt is counted under. */
export type LoginSource = { email: string; ip: string; deviceId: number | null };

export function loginKeys(source: LoginSource): Key[] {
  if (source.deviceId !== null) return [{ scope: 'device', key: String(source.deviceId) }];
  return [
    { scope: 'pair', key: `${source.ip}|${source.email}` },
    { scope: 'account', key: source.email },
    { scope: 'ip', key: source.ip },
  ];
}

/** The wait after `failures` failures under a scope: 0, then 1 s, 2 s, 4 s, … up to the cap. */
export function delayAfter(scope: Scope, failures: number): number {
  const over = failures - FREE_FAILURES[scope];
  if (over < 0) return 0;
  return Math.min(LOGIN_DELAY_BASE_MS * 2 ** Math.min(over, 30), LOGIN_DELAY_MAX_MS);
}

/** The counts after this attempt, per scope. */
export type Reservation = { keys: Key[]; failures: Partial<Record<Scope, number>> };

/**
 * Counts an attempt under its keys, or refuses it with 429 too_many_attempts and Retry-After
 * while one of them must still wait. The keys' rows are locked for the check, so two attempts
 * at once are counted one after the other.
 */
export async function reserveAttempt(ctx: AppContext, keys: Key[]): Promise<Reservation> {
  const now = new Date();
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('login_throttle')
      .select(['scope', 'key', 'failures', 'last_failure_at'])
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('scope', '=', k.scope), eb('key', '=', k.key)]))))
      .orderBy('scope')
      .orderBy('key')
      .forUpdate()
      .execute();
    let waitMs = 0;
    for (const row of rows) {
      const last = new Date(row.last_failure_at).getTime();
      if (last < since.getTime()) continue; // quiet for a window: starts over
      // Free failures cost no wait. (A parallel attempt counted while we waited for the row lock
      // has a last failure after our `now`: without this, that alone would look like a wait.)
      const delay = delayAfter(row.scope, row.failures);
      if (delay === 0) continue;
      waitMs = Math.max(waitMs, last + delay - now.getTime());
    }
    if (waitMs > 0) {
      throw new AppError(429, 'too_many_attempts', 'Too many failed attempts. Try again later.', undefined, {
        'retry-after': String(Math.ceil(waitMs / 1000)),
      });
    }
    const counted = await trx
      .insertInto('login_throttle')
      .values(keys.map((k) => ({ scope: k.scope, key: k.key, failures: 1, last_failure_at: now })))
      .onConflict((oc) =>
        oc.columns(['scope', 'key']).doUpdateSet({
          failures: sql<number>`CASE WHEN login_throttle.last_failure_at < ${since} THEN 1
            ELSE login_throttle.failures + 1 END`,
          last_failure_at: now,
        }),
      )
      .returning(['scope', 'failures'])
      .execute();
    return { keys, failures: Object.fromEntries(counted.map((r) => [r.scope, r.failures])) };
  });
}

/**
 * The attempt was no failure (the right password): its own counts go (the pair, the device),
 * and the wider ones (account, IP) give back the one it took.
 */
export async function releaseAttempt(ctx: AppContext, reservation: Reservation): Promise<void> {
  const own = reservation.keys.filter((k) => k.scope === 'pair' || k.scope === 'device');
  const wide = reservation.keys.filter((k) => !own.includes(k));
  if (own.length) {
    await ctx.db
      .deleteFrom('login_throttle')
      .where((eb) => eb.or(own.map((k) => eb.and([eb('scope', '=', k.scope), eb('key', '=', k.key)]))))
      .execute();
  }
  if (wide.length) {
    await ctx.db
      .updateTable('login_throttle')
      .set({ failures: sql<number>`greatest(failures - 1, 0)` })
      .where((eb) => eb.or(wide.map((k) => eb.and([eb('scope', '=', k.scope), eb('key', '=', k.key)]))))
      .execute();
  }
}

/** Whether this failure took one of the account's counts to where tries must wait. */
export function crossedThreshold(reservation: Reservation): boolean {
  return (['pair', 'device', 'account'] as const).some(
    (scope) => (reservation.failures[scope] ?? 0) >= FREE_FAILURES[scope],
  );
}

/** Counts that have been quiet for a window no longer matter. */
export async function forgetOldFailures(ctx: AppContext): Promise<void> {
  await ctx.db
    .deleteFrom('login_throttle')
    .where('last_failure_at', '<', new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS))
    .execute();
}
