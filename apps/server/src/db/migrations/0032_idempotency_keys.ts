import { type Kysely, sql } from 'kysely';

// The Idempotency-Key header of write calls (issue 24, the offline write queue): per person and
// key, the request's fingerprint and, once it has run, its answer (status and JSON body), kept a
// day so a retried request is answered from here instead of running twice. 'running' while the
// first request runs. One sql`` per statement (PGlite).
const statements = [
  sql`CREATE TABLE idempotency_keys (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    key text NOT NULL,
    fingerprint text NOT NULL,
    state text NOT NULL CHECK (state IN ('running', 'done')),
    status_code integer,
    response_body jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`,
  sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
