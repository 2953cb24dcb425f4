import { type Kysely, sql } from 'kysely';

/**
 * A workspace's public code: a v4 UUID (122 random bits from PostgreSQL's strong random source)
 * written as 22 base64url characters. The column's default, so every way a workspace is made gets
 * one, and regenerating is `SET public_code = DEFAULT`.
 */
const PUBLIC_CODE = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

// Issue 14 (security): nothing public is found by counting, and lookups are counted.
// One sql`` per statement (PGlite).
const statements = [
  // Public addresses (QR codes, the report page) name a workspace by its code, not its sequential
  // id. Adding a column with a volatile default computes it for every existing row.
  sql`ALTER TABLE workspaces ADD COLUMN public_code text NOT NULL DEFAULT ${PUBLIC_CODE}`,
  sql`CREATE UNIQUE INDEX workspaces_public_code ON workspaces (public_code)`,
  // QR codes printed before codes existed carry the numeric id: the workspaces that exist now keep
  // answering it until their code is regenerated; workspaces made from now on never do.
  sql`ALTER TABLE workspaces ADD COLUMN public_id_legacy boolean NOT NULL DEFAULT true`,
  sql`ALTER TABLE workspaces ALTER COLUMN public_id_legacy SET DEFAULT false`,

  // Throttle counters shared by every server: one row per bucket and key (a person, a hashed
  // address), its window started at the first hit and restarted by the first hit after it ends.
  sql`CREATE TABLE rate_limits (
    bucket text NOT NULL,
    key text NOT NULL,
    window_start timestamptz NOT NULL,
    hits integer NOT NULL,
    PRIMARY KEY (bucket, key)
  )`,
  sql`CREATE INDEX rate_limits_window ON rate_limits (bucket, window_start)`,

  // An invitation to an address that has an account in another organisation: the person joins
  // (user_clients, workspace roles) only through the mailed link, so the inviting organisation
  // learns nothing of their account before they agree. Only the token's hash is kept.
  sql`CREATE TABLE membership_invites (
    id serial PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('admin', 'user')),
    workspace_ids jsonb NOT NULL DEFAULT '[]',
    workspace_role text NOT NULL CHECK (workspace_role IN ('manager', 'group_manager', 'member')),
    invited_by integer REFERENCES users(id) ON DELETE SET NULL,
    token_hash text NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX membership_invites_user ON membership_invites (user_id, client_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

/** Only for the migration's own test: the state before it, to run `up` over existing rows. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE membership_invites`.execute(db);
  await sql`DROP TABLE rate_limits`.execute(db);
  await sql`ALTER TABLE workspaces DROP COLUMN public_id_legacy`.execute(db);
  await sql`ALTER TABLE workspaces DROP COLUMN public_code`.execute(db);
}
