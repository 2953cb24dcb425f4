import { type Kysely, sql } from 'kysely';

// Secrets every server of one installation shares, made by the first server that needs one
// (today: the key that signs file URLs when FILE_URL_SECRET is not set).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE server_secrets (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}
