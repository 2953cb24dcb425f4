import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, TokenKind } from '../../db/schema.js';

/** 32 random bytes: the raw token goes to the user once; only its SHA-256 hash is stored. */
export function newRawToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export async function issueToken(
  db: Kysely<Database> | Transaction<Database>,
  args: { userId: number; clientId: number; kind: TokenKind; ttlMs: number; rememberMe?: boolean },
): Promise<{ raw: string; expiresAt: Date; id: number }> {
  const raw = newRawToken();
  const expiresAt = new Date(Date.now() + args.ttlMs);
  const row = await db
    .insertInto('user_tokens')
    .values({
      user_id: args.userId,
      client_id: args.clientId,
      kind: args.kind,
      token_hash: hashToken(raw),
      expires_at: expiresAt,
      remember_me: args.rememberMe ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { raw, expiresAt, id: row.id };
}

/**
 * Takes a one-time token (reset, login link, invite): it must exist, be of this kind, unused,
 * unrevoked and unexpired. Marks it used in the same statement so two requests cannot both use it.
 */
export async function consumeOneTimeToken(
  db: Transaction<Database>,
  raw: string,
  kind: Exclude<TokenKind, 'session'>,
): Promise<{ userId: number; clientId: number } | undefined> {
  const row = await db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(raw))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'client_id'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, clientId: row.client_id } : undefined;
}

export async function revokeSessions(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  exceptTokenId?: number,
): Promise<void> {
  let query = db
    .updateTable('user_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', 'session')
    .where('revoked_at', 'is', null);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  await query.execute();
}
