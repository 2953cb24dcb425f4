import { type Kysely, sql } from 'kysely';

// The private calendar feeds (issue 17): one secret address per person and organisation. Only the
// SHA-256 of the secret is kept; a new address replaces the row's hash, so the old one stops
// working in the same statement. One sql`` per statement (PGlite).
const statements = [
  sql`CREATE TABLE calendar_feeds (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    UNIQUE (user_id, client_id)
  )`,
  sql`CREATE INDEX calendar_feeds_client ON calendar_feeds (client_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
