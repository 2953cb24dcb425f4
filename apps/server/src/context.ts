import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { DatabaseKind, Listen } from './db/connection.js';
import type { Database } from './db/schema.js';
import type { FileStorage } from './storage/file-storage.js';

/** What every module needs: the database (and its live channel), the configuration and the file store. */
export type AppContext = {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  /** LISTEN for live events on this database (modules/live). */
  listen: Listen;
  config: AppConfig;
  storage: FileStorage;
};
