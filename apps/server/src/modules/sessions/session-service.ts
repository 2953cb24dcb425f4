import { describeUserAgent, type Session } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { hashToken, revokeSessions } from '../auth/tokens.js';

/** The caller's active sessions (unrevoked, unexpired), the current one first. */
export async function listSessions(ctx: AppContext, auth: Auth): Promise<{ data: Session[] }> {
  const rows = await ctx.db
    .selectFrom('user_tokens')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'remember_me', 'user_agent', 'ip_address'])
    .where('user_id', '=', auth.userId)
    .where('kind', '=', 'session')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_used_at', (ob) => ob.desc().nullsLast())
    .orderBy('id', 'desc')
    .execute();
  const data = rows.map((r) => ({
    id: r.id,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
    expires_at: r.expires_at.toISOString(),
    remember_me: r.remember_me,
    device: describeUserAgent(r.user_agent),
    ip_address: r.ip_address,
    current: r.id === auth.tokenId,
  }));
  data.sort((a, b) => Number(b.current) - Number(a.current));
  return { data };
}

/** Signs one of the caller's sessions out; the id guard already answered 404 for another person's. */
export async function revokeSession(ctx: AppContext, auth: Auth, id: number): Promise<{ success: true }> {
  const row = await ctx.db
    .updateTable('user_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', auth.userId)
    .where('kind', '=', 'session')
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'not_found', 'Not found');
  return { success: true };
}

/** Signs out every session of the caller's but the one this request came with. */
export async function revokeOtherSessions(ctx: AppContext, auth: Auth): Promise<{ revoked: number }> {
  const before = await ctx.db
    .selectFrom('user_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', auth.userId)
    .where('kind', '=', 'session')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('id', '!=', auth.tokenId)
    .executeTakeFirstOrThrow();
  await revokeSessions(ctx.db, auth.userId, auth.tokenId);
  return { revoked: Number(before.n) };
}

/** Stamps a new session with the device it was made on (shown in the session list). */
export async function recordSessionDevice(
  ctx: AppContext,
  rawToken: string,
  device: { userAgent: string | undefined; ip: string },
): Promise<void> {
  await ctx.db
    .updateTable('user_tokens')
    .set({ user_agent: device.userAgent?.slice(0, 500) ?? null, ip_address: device.ip.slice(0, 64) })
    .where('token_hash', '=', hashToken(rawToken))
    .where('kind', '=', 'session')
    .execute();
}
