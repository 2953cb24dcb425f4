import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { prepareRepeatedPGliteReads, prepareRepeatedReads } from './prepared-statements.js';
import type { Database } from './schema.js';

export { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close: () => Promise<void>;
};

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
