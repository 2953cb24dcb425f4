import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BUDGETS, hashedKey, spendBudget } from '../../http/rate-limit.js';
import { hashToken } from '../auth/tokens.js';

/** The caller, when a valid session token comes with a public request; never an error. */
export async function optionalCaller(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const header = request.headers.authorization;
  const [scheme, raw] = header?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'bearer' || !raw) return null;
  const row = await ctx.db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 't.expires_at', 't.revoked_at', 'u.status', 'u.deleted_at'])
    .where('t.token_hash', '=', hashToken(raw.trim()))
    .where('t.kind', '=', 'session')
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= new Date() || row.status !== 'active' || row.deleted_at) {
    return null;
  }
  return row.id;
}

/**
 * One QR scan of a public page (a workspace's, an asset's, an equipment item's or group's),
 * logged at most once per client address, person and thing in BUDGETS.scanLog's window.
 */
export async function recordQrScan(
  ctx: AppContext,
  request: FastifyRequest,
  scan: {
    clientId: number;
    entityType: 'workspace' | 'asset' | 'equipment' | 'equipment_group';
    entityId: number;
    userId: number | null;
    latitude?: number | undefined;
    longitude?: number | undefined;
    accuracy?: number | undefined;
  },
): Promise<void> {
  const { allowed } = await spendBudget(
    ctx.db,
    BUDGETS.scanLog,
    hashedKey(
      'scan',
      request.ip,
      ...(scan.entityType === 'workspace' ? [] : [scan.entityType]),
      scan.entityId,
      scan.userId ?? 'anonymous',
    ),
  );
  if (!allowed) return;
  await ctx.db
    .insertInto('qr_scan_logs')
    .values({
      client_id: scan.clientId,
      entity_type: scan.entityType,
      entity_id: scan.entityId,
      user_id: scan.userId,
      latitude: scan.latitude ?? null,
      longitude: scan.longitude ?? null,
      accuracy_m: scan.latitude === undefined ? null : (scan.accuracy ?? null),
      user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
    })
    .execute();
}
