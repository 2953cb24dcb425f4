import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { DatabaseKind } from './db/connection.js';
import type { Database } from './db/schema.js';
import type { FileStorage } from './storage/file-storage.js';

/** What every module needs: the database, the configuration and the file store. */
export type AppContext = {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: AppConfig;
  storage: FileStorage;
};
