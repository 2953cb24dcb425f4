import { type Kysely, sql } from 'kysely';

// The public area (000 §1, §2, §7 "Public"; issue 19): reports without an account from a QR
// code, followed through a private link, and the forms' configuration per organisation.
// One sql`` per statement (PGlite).
const statements = [
  // Who reported publicly: one record per organisation and e-mail address (GET users/external-reporters).
  sql`CREATE TABLE public_reporters (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    email text NOT NULL,
    full_name text,
    phone text,
    language text NOT NULL DEFAULT 'en',
    created_at timestamptz NOT NULL DEFAULT now(),
    last_reported_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX public_reporters_email ON public_reporters (client_id, lower(email))`,
  // The private links of an issue: the reporter's follow link (kind reporter: reads, comments,
  // confirms, unsubscribes), and the unsubscribe link of the mails to the issue's
  // external_email_address (kind watcher). The token is the whole secret; the id alone opens nothing.
  sql`CREATE TABLE public_issue_links (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('reporter', 'watcher')),
    reporter_id integer REFERENCES public_reporters(id) ON DELETE SET NULL,
    email text,
    reporter_name text,
    language text NOT NULL DEFAULT 'en',
    -- 32 random bytes as base64url, made by the server (public-links.ts).
    token text NOT NULL,
    subscribed boolean NOT NULL DEFAULT true,
    form_type text NOT NULL DEFAULT 'workspace' CHECK (form_type IN ('workspace', 'asset', 'equipment')),
    declined_notification_sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (issue_id, kind)
  )`,
  sql`CREATE UNIQUE INDEX public_issue_links_token ON public_issue_links (token)`,
  sql`CREATE INDEX public_issue_links_reporter ON public_issue_links (reporter_id) WHERE reporter_id IS NOT NULL`,
  // Comments the reporter sees: their own (public_reporter) and staff replies marked public.
  sql`ALTER TABLE issue_comments ADD COLUMN is_public boolean NOT NULL DEFAULT false`,
  sql`ALTER TABLE issue_comments ADD COLUMN by_reporter boolean NOT NULL DEFAULT false`,
  // The public page configurator: one form per organisation and type (workspace, asset,
  // equipment); the whole configuration as one checked JSON document (packages/domain).
  sql`CREATE TABLE public_forms (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('workspace', 'asset', 'equipment')),
    config jsonb NOT NULL,
    updated_by integer REFERENCES users(id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (client_id, type)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE public_forms`.execute(db);
  await sql`ALTER TABLE issue_comments DROP COLUMN by_reporter`.execute(db);
  await sql`ALTER TABLE issue_comments DROP COLUMN is_public`.execute(db);
  await sql`DROP TABLE public_issue_links`.execute(db);
  await sql`DROP TABLE public_reporters`.execute(db);
}
