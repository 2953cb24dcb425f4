import { type Kysely, sql } from 'kysely';

// Issue 14: login throttling by (account, IP) and by known device instead of one count per
// address and per IP (which locked the right password out and whole offices behind one NAT);
// known devices; the once-an-hour notice of failed logins; password-reset and login-link mails
// queued and counted per address and IP. login_attempts held only failures of the last 15 minutes.
// One sql`` per statement (PGlite).
const statements = [
  sql`DROP TABLE login_attempts`,
  sql`CREATE TABLE login_throttle (
    scope text NOT NULL CHECK (scope IN ('pair', 'account', 'ip', 'device', 'signup_ip')),
    key text NOT NULL,
    failures integer NOT NULL,
    last_failure_at timestamptz NOT NULL,
    PRIMARY KEY (scope, key)
  )`,
  sql`CREATE INDEX login_throttle_last_failure ON login_throttle (last_failure_at)`,
  sql`CREATE TABLE login_devices (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX login_devices_user ON login_devices (user_id, last_used_at)`,
  sql`CREATE TABLE login_notices (
    email text PRIMARY KEY,
    notified_at timestamptz NOT NULL
  )`,
  sql`CREATE TABLE auth_mail_requests (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('password_reset', 'login_link')),
    email text NOT NULL,
    sends boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    processed_at timestamptz
  )`,
  sql`CREATE INDEX auth_mail_requests_email ON auth_mail_requests (email, created_at)`,
  sql`CREATE INDEX auth_mail_requests_pending ON auth_mail_requests (id) WHERE sends AND processed_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
