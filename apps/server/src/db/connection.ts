import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { prepareRepeatedPGliteReads, prepareRepeatedReads } from './prepared-statements.js';
import { openReplica, type ReadReplica } from './replica.js';
import type { Database } from './schema.js';

export { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * LISTENs on this database's live channel (wb_live_<schema>, see live-publish.ts) and calls
 * onPayload with each NOTIFY payload; onReconnect after a lost listening connection came back
 * (payloads may have been missed meanwhile). Resolves to a function that stops listening.
 */
export type Listen = (
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  listen: Listen;
  /** The read replica (DATABASE_REPLICA_URL, replica.ts), PostgreSQL only. */
  readDb?: ReadReplica;
  close: () => Promise<void>;
};

const LIVE_CHANNEL_PREFIX = 'wb_live_';

/** LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting with back-off. */
function listenOnPostgres(databaseUrl: string, schema: string): Listen {
  return async (onPayload, onReconnect) => {
    const channel = `${LIVE_CHANNEL_PREFIX}${schema}`;
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (attempt: number): Promise<void> => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      });
      // A lost connection errors, or (a server shutting down cleanly) just ends: reconnect either way.
      const lost = () => {
        if (stopped || client !== next) return;
        client = undefined;
        void next.end().catch(() => {});
        retry = setTimeout(
          () =>
            void connect(1)
              .then(() => onReconnect?.())
              .catch(() => {}),
          1_000,
        );
      };
      next.on('error', lost);
      next.on('end', lost);
      try {
        await next.connect();
        await next.query(`LISTEN "${channel}"`);
        if (stopped) {
          await next.end().catch(() => {});
          return;
        }
        client = next;
      } catch (err) {
        await next.end().catch(() => {});
        // A failed retry schedules the next and rejects, so onReconnect waits for a real reconnect.
        if (attempt > 0 && !stopped) {
          const wait = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
          retry = setTimeout(
            () =>
              void connect(attempt + 1)
                .then(() => onReconnect?.())
                .catch(() => {}),
            wait,
          );
        }
        throw err;
      }
    };
    await connect(0);
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    };
  };
}

/** Opens PGlite in dataDir (or in memory when dataDir is undefined), or the PostgreSQL server. */
export async function openDatabase(options: {
  databaseUrl?: string;
  databaseSchema?: string;
  dataDir?: string;
  databaseReplicaUrl?: string | undefined;
  /**
   * In memory only: PGlite starts as a copy of this dump (PGlite's dumpDataDir) instead of an
   * empty cluster. The API tests start each file's database from one migrated copy.
   */
  pgliteDump?: Blob;
  /** Where the replica reports that it is skipped or back (default: console.warn). */
  log?: (message: string) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const schema = options.databaseSchema;
    if (schema) {
      // Create the schema first with a plain client, then point every pooled connection at it.
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // No JIT: prepared statements get generic plans, whose cost estimates (no LIMIT known, all
      // rows) would JIT-compile a 20-row page for tens of milliseconds.
      options: `-c jit=off${schema ? ` -c search_path="${schema}"` : ''}`,
    });
    pool.on('connect', (client) => prepareRepeatedReads(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listen = listenOnPostgres(options.databaseUrl, schema ?? 'public');
    if (!options.databaseReplicaUrl) return { db, kind: 'postgres', listen, close: () => db.destroy() };
    try {
      const readDb = await openReplica({
        replicaUrl: options.databaseReplicaUrl,
        schema,
        primary: db,
        log: options.log,
      });
      await readDb.follow(listen);
      const close = async () => {
        try {
          await readDb.close();
        } finally {
          await db.destroy();
        }
      };
      return { db, kind: 'postgres', listen, readDb, close };
    } catch (err) {
      await db.destroy();
      throw err;
    }
  }

  // The lock is taken before PGlite opens the folder, and given back if opening fails.
  const release = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  try {
    const pglite = options.dataDir
      ? new PGlite(join(options.dataDir, 'pglite'))
      : new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
    prepareRepeatedPGliteReads(pglite);
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    await sql`select 1`.execute(db);
    // One process, one connection: PGlite's own listen (NOTIFY is delivered at commit there too).
    const listen: Listen = async (onPayload) => pglite.listen(`${LIVE_CHANNEL_PREFIX}public`, onPayload);
    return {
      db,
      kind: 'pglite',
      listen,
      close: async () => {
        try {
          await db.destroy();
        } finally {
          await release?.();
        }
      },
    };
  } catch (err) {
    await release?.();
    throw err;
  }
}
