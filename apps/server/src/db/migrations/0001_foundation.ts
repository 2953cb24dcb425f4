import { type Kysely, sql } from 'kysely';

// PGlite's extended protocol runs one statement per query, hence one sql`` per statement.
const statements = [
  sql`CREATE TABLE clients (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    logo text,
    settings jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE job_positions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX job_positions_client_name ON job_positions (client_id, lower(name))`,
  sql`CREATE TABLE users (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    main_client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    first_name text NOT NULL DEFAULT '',
    last_name text NOT NULL DEFAULT '',
    email text NOT NULL,
    phone text,
    status text NOT NULL CHECK (status IN ('active', 'invited', 'paused')),
    role text NOT NULL CHECK (role IN ('admin', 'user')),
    language text NOT NULL DEFAULT 'en',
    profile_image text,
    job_position_id integer REFERENCES job_positions(id) ON DELETE SET NULL,
    password_hash text,
    settings jsonb NOT NULL DEFAULT '{}'::jsonb,
    onboarding_progress jsonb NOT NULL DEFAULT '{}'::jsonb,
    privacy_policy_consented_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  // One account per e-mail address among users that are not deleted.
  sql`CREATE UNIQUE INDEX users_email_unique ON users (lower(email)) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX users_client ON users (client_id)`,
  sql`CREATE TABLE user_tokens (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('session', 'password_reset', 'login_link', 'invite')),
    token_hash text NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    remember_me boolean NOT NULL DEFAULT false,
    revoked_at timestamptz,
    used_at timestamptz,
    last_used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX user_tokens_user ON user_tokens (user_id, kind)`,
  sql`CREATE INDEX user_tokens_client ON user_tokens (client_id)`,
  sql`CREATE TABLE workspaces (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    parent_id integer REFERENCES workspaces(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text,
    reference_number text,
    image text,
    translations jsonb NOT NULL DEFAULT '{}'::jsonb,
    archived_at timestamptz,
    deleted_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX workspaces_client_parent ON workspaces (client_id, parent_id)`,
  sql`CREATE INDEX workspaces_parent ON workspaces (parent_id)`,
  sql`CREATE TABLE workspace_users (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('manager', 'group_manager', 'member')),
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, user_id)
  )`,
  sql`CREATE INDEX workspace_users_user ON workspace_users (client_id, user_id)`,
  sql`CREATE INDEX workspace_users_client_workspace ON workspace_users (client_id, workspace_id)`,
  sql`CREATE TABLE categories (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name text NOT NULL,
    color text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX categories_client ON categories (client_id)`,
  sql`CREATE TABLE activity_log (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    entity_type text NOT NULL,
    entity_id integer NOT NULL,
    action text NOT NULL,
    changes jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX activity_log_entity ON activity_log (client_id, entity_type, entity_id, created_at DESC)`,
  sql`CREATE TABLE mail_outbox (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer REFERENCES clients(id) ON DELETE CASCADE,
    to_email text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    html text,
    kind text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    claimed_until timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz
  )`,
  sql`CREATE INDEX mail_outbox_pending ON mail_outbox (status, created_at) WHERE status = 'pending'`,
  sql`CREATE INDEX mail_outbox_client ON mail_outbox (client_id, created_at DESC)`,
  sql`CREATE INDEX mail_outbox_to ON mail_outbox (lower(to_email), created_at DESC)`,
  sql`CREATE TABLE login_attempts (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email text NOT NULL,
    ip text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX login_attempts_email ON login_attempts (email, created_at)`,
  sql`CREATE INDEX login_attempts_ip ON login_attempts (ip, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
