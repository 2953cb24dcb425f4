import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { hashToken } from '../modules/auth/tokens.js';
import { AppError } from './errors.js';
import { checkPrivacyConsent } from './privacy-consent.js';

export type Auth = {
  userId: number;
  clientId: number;
  role: 'admin' | 'user';
  tokenId: number;
  /**
   * Read with the session (no query of its own on the busiest calls): the person's only_my_issues
   * setting and the access version (migration 0010) the visible workspaces are stamped with.
   */
  onlyMyIssues?: boolean;
  accessVersion?: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** Reads the bearer token of a request. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * The pre-handler of every route that needs a logged-in user. No token: 401. An unknown,
 * expired or revoked token, or a user no longer active: 403 'Access denied!' (000 §4, §8), on
 * which the web app clears the session and goes to /login.
 */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const raw = bearerToken(request);
    if (!raw) throw new AppError(401, 'unauthenticated', 'Log in first');
    const row = await ctx.db
      .selectFrom('user_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id as token_id',
        't.expires_at',
        't.revoked_at',
        't.last_used_at',
        'u.id as user_id',
        'u.client_id',
        'u.role',
        'u.status',
        'u.deleted_at',
        'u.settings',
        sql<string>`(SELECT version::text FROM access_version)`.as('access_version'),
        // In the same statement: whether the organisation still waits for this person's consent.
        sql<boolean>`(u.privacy_policy_consented_at IS NULL AND COALESCE((SELECT (c.settings->'privacy_policy'->>'required')::boolean FROM clients c WHERE c.id = u.client_id), false))`.as(
          'consent_owed',
        ),
      ])
      .where('t.token_hash', '=', hashToken(raw))
      .where('t.kind', '=', 'session')
      .executeTakeFirst();
    const now = new Date();
    if (!row || row.revoked_at || row.expires_at <= now || row.status !== 'active' || row.deleted_at) {
      throw new AppError(403, 'access_denied', 'Access denied!');
    }
    if (row.consent_owed) checkPrivacyConsent(request, row.user_id);
    const settings = row.settings as { only_my_issues?: unknown } | null;
    request.auth = {
      userId: row.user_id,
      clientId: row.client_id,
      role: row.role,
      tokenId: row.token_id,
      onlyMyIssues: settings?.only_my_issues === true,
      accessVersion: row.access_version,
    };
    // Record use at most once a minute, so reads do not each write.
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000) {
      await ctx.db
        .updateTable('user_tokens')
        .set({ last_used_at: now })
        .where('id', '=', row.token_id)
        .execute();
    }
  };
}

/** For handlers behind requireUser: the caller, never null there. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new AppError(401, 'unauthenticated', 'Log in first');
  return request.auth;
}
