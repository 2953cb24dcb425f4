import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accessVersionSql } from '../access/workspace-access.js';

/** A live event as the NOTIFY payload carries it (live-publish.ts livePayloadSql) and replays read it. */
export type LiveEvent = {
  id: string;
  client_id: number;
  kind: 'change' | 'notification';
  entity_type: string;
  entity_id: number;
  action: string;
  workspace_id: number | null;
  user_ids: number[];
  actor_id: number | null;
  data: Record<string, unknown>;
  at: string;
};

type LiveEventRow = Omit<LiveEvent, 'at' | 'data'> & { data: unknown; at: Date | string };

const toEvent = (row: LiveEventRow): LiveEvent => ({
  ...row,
  id: String(row.id),
  user_ids: row.user_ids ?? [],
  data: row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : {},
  at: new Date(row.at).toISOString(),
});

/** Reads a NOTIFY payload; undefined for anything that is not one of ours. */
export function parseLivePayload(payload: string): LiveEvent | undefined {
  try {
    const row = JSON.parse(payload) as LiveEventRow;
    if (!row || typeof row !== 'object' || !/^\d+$/.test(String(row.id))) return undefined;
    if (row.kind !== 'change' && row.kind !== 'notification') return undefined;
    if (typeof row.client_id !== 'number' || typeof row.entity_id !== 'number') return undefined;
    return toEvent(row);
  } catch {
    return undefined;
  }
}

const eventColumns = sql`id::text AS id, client_id, kind, entity_type, entity_id, action, workspace_id,
  user_ids, actor_id, data, created_at AS at`;

/**
 * The events from `fromId` on (that one included, so the caller learns whether it is still kept),
 * in id order, at most `limit`.
 */
export async function readLiveEventsFrom(
  db: Kysely<Database>,
  fromId: string,
  limit: number,
): Promise<LiveEvent[]> {
  const { rows } = await sql<LiveEventRow>`
    SELECT ${eventColumns} FROM live_events WHERE id >= ${fromId}::bigint ORDER BY id LIMIT ${limit}`.execute(
    db,
  );
  return rows.map(toEvent);
}

/** The newest event's id, or undefined when none is kept. */
export async function readLatestLiveEventId(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM live_events`.execute(db);
  return rows[0]?.id ?? undefined;
}

export async function readAccessVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ version: string }>`SELECT ${accessVersionSql()} AS version`.execute(db);
  return rows[0]?.version ?? '0';
}

/**
 * Of these sessions, those still valid (not revoked, not expired, their person active and not
 * deleted), with the organisation and role their person has now: a stream whose session is not
 * among them, or whose person moved organisation or role, is closed (it reconnects afresh).
 */
export async function readLiveSessions(
  db: Kysely<Database>,
  tokenIds: number[],
): Promise<Map<number, { client_id: number; role: string }>> {
  if (!tokenIds.length) return new Map();
  const { rows } = await sql<{ token_id: number; client_id: number; role: string }>`
    SELECT t.id AS token_id, u.client_id, u.role FROM user_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.id = ANY(${`{${tokenIds.join(',')}}`}::int[]) AND t.kind = 'session'
        AND t.revoked_at IS NULL AND t.expires_at > now()
        AND u.status = 'active' AND u.deleted_at IS NULL`.execute(db);
  return new Map(rows.map((r) => [r.token_id, { client_id: r.client_id, role: r.role }]));
}

/** Deletes the events older than the retention (idempotent: any server may run it any time). */
export async function deleteOldLiveEvents(db: Kysely<Database>, minutes: number): Promise<number> {
  const result =
    await sql`DELETE FROM live_events WHERE created_at < now() - make_interval(mins => ${minutes}::int)`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}
