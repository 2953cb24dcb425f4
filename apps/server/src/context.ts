import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { DatabaseKind, Listen } from './db/connection.js';
import type { ReadReplica } from './db/replica.js';
import type { Database } from './db/schema.js';
import type { FileStorage } from './storage/file-storage.js';

/** What every module needs: the database (and its live channel), the configuration and the file store. */
export type AppContext = {
  db: Kysely<Database>;
  /**
   * The read replica (DATABASE_REPLICA_URL) of the list, calendar and report reads; undefined
   * without one. Reads take readDbOf(ctx, auth) (db/replica.ts), which is db when it must be.
   */
  readDb?: ReadReplica | undefined;
  dbKind: DatabaseKind;
  /** LISTEN for live events on this database (modules/live). */
  listen: Listen;
  config: AppConfig;
  storage: FileStorage;
};
