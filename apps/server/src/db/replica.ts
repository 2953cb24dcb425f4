import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Listen } from './connection.js';
import { prepareRepeatedReads } from './prepared-statements.js';
import type { Database } from './schema.js';

/**
 * A read replica (DATABASE_REPLICA_URL, PostgreSQL only): the issue list, the calendar and the
 * reports read from a streaming standby when it is far enough along; everything else, and every
 * write, stays on the primary.
 *
 * Reading one's own writes, per organisation: after a write the primary's WAL position
 * (pg_current_wal_flush_lsn(): every commit is before it, synchronous_commit being on as by
 * default) is noted for the writer's organisation, and that organisation's reads go
 * to the primary until the replica has replayed past it (pg_last_wal_replay_lsn(), looked up at
 * most every PROBE_TTL_MS and shared by all requests). A write is noted
 *   - by this server's answer to a logged-in person's POST/PUT/PATCH/DELETE, before the answer
 *     leaves (so the person's next request already sees it), and
 *   - from the live events every server hears (NOTIFY, issue 20): changes made on other servers
 *     and by the background jobs (the schedule materializer), within the NOTIFY's delivery time.
 * Keying by organisation (not person) also covers a colleague who reloads after a live update
 * and a person whose access an admin just changed. Besides, the replica is used only when its
 * access_version (migration 0010) is the one the request's session read on the primary, so
 * visibility is always computed from the grants the primary has; and only once it has replayed
 * past the primary's position when this server started.
 *
 * Not covered (README "Configuration"), each for the replica's lag only (normally milliseconds):
 * a change another server made that publishes no live event, read on this server; and a partner
 * organisation's people reading the owner's change in the list or calendar (marks are the
 * writer's organisation's; the report checks the owner's too).
 */
export type ReadReplica = {
  /** The replica's own handle (its own pool and prepared statements). */
  db: Kysely<Database>;
  /** Whether a read of this organisation's data may go to the replica now. */
  usable: (reader: Reader) => Promise<boolean>;
  /** The organisation (null: every organisation) wrote: its reads wait for the replica to replay it. */
  noteWrite: (clientId: number | null) => Promise<void>;
  /** Follows the live events of every server (each one marks its organisation as written). */
  follow: (listen: Listen) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Who reads: the organisation, the access version the session read on the primary (none for
 * public reads), and the organisation whose data it is when another's (a partner reads the
 * owner's issue): the read waits for the writes of both.
 */
export type Reader = { clientId: number; accessVersion?: string | undefined; ownerId?: number };

/** How long one look at the replica's replay position serves every request. */
export const PROBE_TTL_MS = 100;
/** A replica that does not answer a look in this time is skipped until the next look. */
const PROBE_TIMEOUT_MS = 500;

type Probe = { at: number; lsn: bigint; accessVersion: string } | { at: number; lsn: null };

/** '16/B374D848' as a number (pg_lsn is two hex halves). */
export function lsnOf(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** The primary's flushed WAL position now: every committed write is before it (what a standby can have). */
async function primaryLsn(primary: Kysely<Database>): Promise<bigint> {
  const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_flush_lsn()::text AS lsn`.execute(
    primary,
  );
  return lsnOf(rows[0]?.lsn ?? '0/0');
}

/**
 * Opens the replica's pool (the primary's settings: no JIT, the same search_path, named prepared
 * reads) and the routing state. Notes the primary's position now, so nothing is read from a
 * replica that has not yet replayed what existed when this server started.
 */
export async function openReplica(options: {
  replicaUrl: string;
  schema: string | undefined;
  primary: Kysely<Database>;
  log?: (message: string) => void;
  probeTtlMs?: number;
}): Promise<ReadReplica> {
  const { primary, schema } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  const ttl = options.probeTtlMs ?? PROBE_TTL_MS;
  const pool = new pg.Pool({
    connectionString: options.replicaUrl,
    max: 10,
    connectionTimeoutMillis: 2_000,
    application_name: 'workbench_replica_reads',
    // As the primary's pool (connection.ts): no JIT.
    options: `-c jit=off${schema ? ` -c search_path="${schema}"` : ''}`,
  });
  pool.on('connect', (client) => prepareRepeatedReads(client));
  // An idle connection the replica drops (a restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

  // Per organisation, the primary's position after its last write the replica has not replayed yet.
  const marks = new Map<number, bigint>();
  let everyone = await primaryLsn(primary);
  // Writes whose position is still being read: their organisation reads from the primary meanwhile.
  const pending = new Map<number | null, number>();
  let probe: Probe | undefined;
  let probing: Promise<Probe> | undefined;
  let failing = false;
  const unlisten: Array<() => Promise<void>> = [];

  const look = async (): Promise<Probe> => {
    const at = Date.now();
    try {
      const { rows } = await sql<{ lsn: string | null; access_version: string }>`
        SELECT pg_last_wal_replay_lsn()::text AS lsn, (SELECT version::text FROM access_version) AS access_version`.execute(
        db,
      );
      const row = rows[0];
      if (!row?.lsn) throw new Error('it is not in recovery (not a standby, or promoted)');
      if (failing) log('DATABASE_REPLICA_URL: the replica answers again; reads go to it');
      failing = false;
      const lsn = lsnOf(row.lsn);
      // Marks the replica has passed are done with (the map stays as small as the lag).
      for (const [clientId, mark] of marks) if (mark <= lsn) marks.delete(clientId);
      return { at, lsn, accessVersion: row.access_version };
    } catch (err) {
      if (!failing) log(`DATABASE_REPLICA_URL: reads go to the primary: ${(err as Error).message}`);
      failing = true;
      return { at, lsn: null };
    }
  };

  const current = async (): Promise<Probe> => {
    if (probe && Date.now() - probe.at < ttl) return probe;
    if (!probing) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<Probe>((resolve) => {
        timer = setTimeout(() => resolve({ at: Date.now(), lsn: null }), PROBE_TIMEOUT_MS);
      });
      probing = Promise.race([look(), timeout]).then((result) => {
        clearTimeout(timer);
        probe = result;
        probing = undefined;
        return result;
      });
    }
    return probing;
  };

  // The primary's position is asked once for all the writes noted while that question runs; a
  // write noted meanwhile waits for the next question (a position read before it committed could
  // be too early). Busy servers hear a live event per change of every server.
  let asking: Promise<bigint> | undefined;
  let askingNext: Promise<bigint> | undefined;
  const freshPrimaryLsn = (): Promise<bigint> => {
    if (!asking) {
      asking = primaryLsn(primary).finally(() => {
        asking = undefined;
      });
      return asking;
    }
    askingNext ??= asking
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        askingNext = undefined;
        return freshPrimaryLsn();
      });
    return askingNext;
  };

  const noteWrite = async (clientId: number | null) => {
    pending.set(clientId, (pending.get(clientId) ?? 0) + 1);
    try {
      const lsn = await freshPrimaryLsn();
      if (clientId === null) {
        if (lsn > everyone) everyone = lsn;
      } else if ((marks.get(clientId) ?? 0n) < lsn) marks.set(clientId, lsn);
    } catch {
      // The primary did not answer: its reads fail the same way, nothing to route.
    } finally {
      const left = (pending.get(clientId) ?? 1) - 1;
      if (left > 0) pending.set(clientId, left);
      else pending.delete(clientId);
    }
  };

  return {
    db,
    usable: async (reader) => {
      if (pending.has(reader.clientId) || pending.has(null)) return false;
      if (reader.ownerId !== undefined && pending.has(reader.ownerId)) return false;
      const seen = await current();
      if (seen.lsn === null) return false;
      const mark = marks.get(reader.clientId) ?? 0n;
      const ownerMark = reader.ownerId === undefined ? 0n : (marks.get(reader.ownerId) ?? 0n);
      if (seen.lsn < everyone || seen.lsn < mark || seen.lsn < ownerMark) return false;
      return reader.accessVersion === undefined || reader.accessVersion === seen.accessVersion;
    },
    noteWrite,
    follow: async (listen) => {
      const stop = await listen((payload) => {
        let clientId: unknown;
        try {
          clientId = (JSON.parse(payload) as { client_id?: unknown }).client_id;
        } catch {
          return;
        }
        void noteWrite(typeof clientId === 'number' ? clientId : null);
      });
      unlisten.push(stop);
    },
    close: async () => {
      for (const stop of unlisten.splice(0)) await stop();
      await db.destroy();
    },
  };
}

type ReadContext = { db: Kysely<Database>; readDb?: ReadReplica | undefined };

/** The handle a read of this organisation goes to: the replica when usable, else ctx.db (the primary). */
export async function readDbOf(ctx: ReadContext, reader: Reader): Promise<Kysely<Database>> {
  return ctx.readDb && (await ctx.readDb.usable(reader)) ? ctx.readDb.db : ctx.db;
}

/** The context with db set to readDbOf(...), for services that take the whole context. */
export async function readContextOf<C extends ReadContext>(ctx: C, reader: Reader): Promise<C> {
  const db = await readDbOf(ctx, reader);
  return db === ctx.db ? ctx : { ...ctx, db };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The onSend hook that notes a logged-in person's write before the answer leaves. A refused one
 * (4xx, 5xx) changed nothing. Public writes (a reporter's form) are noted by their live event
 * instead: nobody reads their own list there.
 */
export function noteWritesHook(replica: Pick<ReadReplica, 'noteWrite'>) {
  return async (
    request: { method: string; auth: { clientId: number } | null },
    statusCode: number,
  ): Promise<void> => {
    if (WRITES.has(request.method) && request.auth && statusCode < 400) {
      await replica.noteWrite(request.auth.clientId);
    }
  };
}
