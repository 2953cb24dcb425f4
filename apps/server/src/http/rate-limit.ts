import { createHash } from 'node:crypto';
import { AUTH_MAIL_MAX_PER_IP, AUTH_MAIL_WINDOW_MS } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A budget: at most `limit` hits per `windowMs`, counted per key in the database. */
export type Budget = { bucket: string; limit: number; windowMs: number };

const MINUTE = 60_000;

/**
 * The throttles of issue 14. Counted in the database (rate_limits), so every server of an
 * installation agrees, like the login throttle.
 */
export const BUDGETS = {
  /**
   * Addresses looked up (collaboration/check-email, users/check-existing) per person: enough
   * for filling in invite forms, far too few to map who has an account.
   */
  addressChecks: { bucket: 'address_checks', limit: 300, windowMs: 60 * MINUTE },
  /** Addresses invited (people and partner companies) per person: each one sends an e-mail. */
  invitations: { bucket: 'invitations', limit: 1000, windowMs: 60 * MINUTE },
  /** Public workspace views per client address. */
  publicViews: { bucket: 'public_views', limit: 300, windowMs: 10 * MINUTE },
  /** Of those, views by a legacy numeric id (printed QR codes): these can be counted through. */
  publicLegacyViews: { bucket: 'public_legacy_views', limit: 30, windowMs: 10 * MINUTE },
  /** Reset and login-link requests per client address, for any addresses (auth-mail-requests.ts). */
  authMailRequests: {
    bucket: 'auth_mail_requests',
    limit: AUTH_MAIL_MAX_PER_IP,
    windowMs: AUTH_MAIL_WINDOW_MS,
  },
  /** Public reports (POST public/issue) per client address: a person reports a few problems, not dozens. */
  publicReports: { bucket: 'public_reports', limit: 10, windowMs: 60 * MINUTE },
  /**
   * Public reports per workspace, from all addresses together: a QR code shared on the internet
   * cannot bury the staff of one place in reports (counted for the asset's workspace too).
   */
  publicReportsPerWorkspace: { bucket: 'public_reports_workspace', limit: 60, windowMs: 60 * MINUTE },
  /** Public comments, uploads, status changes and unsubscribes per client address (the follow page's writes). */
  publicIssueWrites: { bucket: 'public_issue_writes', limit: 60, windowMs: 60 * MINUTE },
  /** A QR scan is logged once per client address, person and workspace in this time. */
  scanLog: { bucket: 'qr_scan_log', limit: 1, windowMs: 5 * MINUTE },
} as const satisfies Record<string, Budget>;

/** A key that does not keep a client's address in the table as it is. */
export function hashedKey(...parts: Array<string | number>): string {
  return createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 32);
}

/**
 * Counts `cost` hits on the key and answers whether they fit the budget, and when its window
 * ends. Refused hits count too (whoever keeps trying stays refused until the window ends).
 */
export async function spendBudget(
  db: Db,
  budget: Budget,
  key: string,
  cost = 1,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowSeconds = budget.windowMs / 1000;
  const expired = sql<boolean>`rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  const { rows } = await sql<{ hits: number; fresh: boolean; ends_in: number }>`
    INSERT INTO rate_limits AS rate_limits (bucket, key, window_start, hits)
      VALUES (${budget.bucket}, ${key}, now(), ${cost})
    ON CONFLICT (bucket, key) DO UPDATE SET
      window_start = CASE WHEN ${expired} THEN now() ELSE rate_limits.window_start END,
      hits = CASE WHEN ${expired} THEN excluded.hits ELSE rate_limits.hits + excluded.hits END
    RETURNING hits, window_start = now() AS fresh,
      ceil(extract(epoch FROM window_start + make_interval(secs => ${windowSeconds}) - now()))::int AS ends_in`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new Error('rate limit: no row');
  if (row.fresh) {
    // A window (re)started: the rows of this bucket whose windows ended long ago go.
    await db
      .deleteFrom('rate_limits')
      .where('bucket', '=', budget.bucket)
      .where(sql<boolean>`window_start < now() - make_interval(secs => ${windowSeconds})`)
      .execute();
  }
  return { allowed: row.hits <= budget.limit, retryAfterSeconds: Math.max(1, row.ends_in) };
}

/** Like spendBudget, but a hit beyond the budget is a 429 'too_many_requests' with Retry-After. */
export async function requireBudget(db: Db, budget: Budget, key: string, cost = 1): Promise<void> {
  const { allowed, retryAfterSeconds } = await spendBudget(db, budget, key, cost);
  if (!allowed) {
    throw new AppError(429, 'too_many_requests', 'Too many requests. Try again later.', undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
