import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { DatabaseKind } from './db/connection.js';
import type { Database } from './db/schema.js';

/** What every module needs: the database and the configuration. */
export type AppContext = {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: AppConfig;
};
