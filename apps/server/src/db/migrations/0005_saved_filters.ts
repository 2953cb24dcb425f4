import { type Kysely, sql } from 'kysely';

// Saved filters (000 §3 "Saved filter", §7 Saved filters): private to their user. One sql`` per
// statement (PGlite).
const statements = [
  sql`CREATE TABLE saved_filters (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    filter_type text NOT NULL,
    name varchar(255) NOT NULL,
    description varchar(255),
    query_string text NOT NULL DEFAULT '',
    is_favorite boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX saved_filters_owner ON saved_filters (client_id, user_id, filter_type)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
