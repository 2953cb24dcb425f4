import { type Kysely, sql } from 'kysely';

// Issue 22: machine translations are cached in the existing translations jsonb of issues and
// workspaces (under the key "machine", each with a hash of the text it was made from, so an
// edited title is translated again); an organisation's Odoo connection (the API key encrypted
// with AES-256-GCM) and, per issue, the Odoo record it was pushed to.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE odoo_connections (
    id serial PRIMARY KEY,
    client_id integer NOT NULL UNIQUE REFERENCES clients(id) ON DELETE CASCADE,
    url text NOT NULL,
    database text NOT NULL,
    username text NOT NULL,
    api_key_encrypted text NOT NULL,
    model text NOT NULL,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE TABLE odoo_issue_links (
    issue_id integer PRIMARY KEY REFERENCES issues(id) ON DELETE CASCADE,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    remote_model text NOT NULL,
    remote_id integer,
    last_synced_at timestamptz,
    last_error text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX odoo_issue_links_client ON odoo_issue_links (client_id)`.execute(db);
}
