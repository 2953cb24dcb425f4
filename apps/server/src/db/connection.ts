import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { prepareRepeatedPGliteReads, prepareRepeatedReads } from './prepared-statements.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close: () => Promise<void>;
};

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another server is already using DATA_DIR=${dataDir} (lock held). ` +
        'Stop it or choose another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite has no lock between processes: a second process on the same folder silently loses
 * writes. So the folder is locked for as long as the server runs; the lock file is refreshed
 * while we live, so one left behind by a crashed process goes stale and is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'server.lock'),
      stale: 15_000,
      update: 5_000,
      onCompromised: (err) => {
        // Another process took the lock: writing on would corrupt data, so stop at once.
        console.error(`Lost the lock on DATA_DIR=${dataDir}: ${err.message}. Stopping.`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}

/** Opens PGlite in dataDir (or in memory when dataDir is undefined), or the PostgreSQL server. */
export async function openDatabase(options: {
  databaseUrl?: string;
  databaseSchema?: string;
  dataDir?: string;
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
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  // The lock is taken before PGlite opens the folder, and given back if opening fails.
  const release = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  try {
    const pglite = options.dataDir ? new PGlite(join(options.dataDir, 'pglite')) : new PGlite();
    prepareRepeatedPGliteReads(pglite);
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    await sql`select 1`.execute(db);
    return {
      db,
      kind: 'pglite',
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
