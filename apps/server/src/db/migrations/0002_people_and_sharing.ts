import { type Kysely, sql } from 'kysely';

// Workspaces, users and partner collaborations (issue 3). One sql`` per statement (PGlite).
const statements = [
  // Workspaces: who created them; favourites per user.
  sql`ALTER TABLE workspaces ADD COLUMN created_by integer REFERENCES users(id) ON DELETE SET NULL`,
  sql`CREATE INDEX workspaces_client_name ON workspaces (client_id, lower(name))`,
  sql`CREATE TABLE workspace_favorites (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, workspace_id)
  )`,
  // One scan log for every QR code (workspaces now; equipment and assets later).
  sql`CREATE TABLE qr_scan_logs (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    entity_type text NOT NULL CHECK (entity_type IN ('workspace', 'equipment', 'equipment_group', 'asset')),
    entity_id integer NOT NULL,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    latitude double precision,
    longitude double precision,
    user_agent text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX qr_scan_logs_entity ON qr_scan_logs (client_id, entity_type, entity_id, created_at DESC)`,
  // A person's time on site: opened by a check-in (QR scan), closed by a check-out.
  sql`CREATE TABLE presence_logs (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    started_at timestamptz NOT NULL DEFAULT now(),
    ended_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX presence_logs_workspace ON presence_logs (client_id, workspace_id, started_at DESC)`,
  sql`CREATE INDEX presence_logs_user ON presence_logs (client_id, user_id, started_at DESC)`,

  // A person may belong to several organisations (POST user/switch_client); users.client_id and
  // users.role are those of the organisation the person works in now.
  sql`CREATE TABLE user_clients (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('admin', 'user')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, client_id)
  )`,
  sql`CREATE INDEX user_clients_client ON user_clients (client_id)`,
  sql`INSERT INTO user_clients (user_id, client_id, role) SELECT id, client_id, role FROM users`,
  sql`CREATE INDEX users_client_name ON users (client_id, lower(first_name), lower(last_name))`,

  // Partner collaborations. client_id is the inviting organisation (the owner of the shared
  // workspaces); partner_client_id is the invited company, known at once when the invitee is an
  // existing company admin, else set when the invitee accepts and a company is created.
  // type is what the partner is to the owner: 'client' or 'provider'.
  sql`CREATE TABLE collaborations (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    partner_client_id integer REFERENCES clients(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('client', 'provider')),
    access_type text NOT NULL CHECK (access_type IN ('full', 'limited')),
    invitation_status text NOT NULL DEFAULT 'pending'
      CHECK (invitation_status IN ('pending', 'accepted', 'declined')),
    invited_email text NOT NULL,
    company_alias text,
    invited_by integer REFERENCES users(id) ON DELETE SET NULL,
    invitee_user_id integer REFERENCES users(id) ON DELETE SET NULL,
    logo text,
    responded_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX collaborations_client ON collaborations (client_id, invitation_status)`,
  sql`CREATE INDEX collaborations_partner ON collaborations (partner_client_id, invitation_status)`,
  // One live invitation per company and address.
  sql`CREATE UNIQUE INDEX collaborations_open_invite ON collaborations (client_id, lower(invited_email))
    WHERE deleted_at IS NULL AND invitation_status <> 'declined'`,
  // One-time tokens of collaboration invitations (accept or decline through the e-mail link).
  sql`CREATE TABLE collaboration_tokens (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    collaboration_id integer NOT NULL REFERENCES collaborations(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX collaboration_tokens_collaboration ON collaboration_tokens (collaboration_id)`,
  // Workspaces of the owner shared with the partner (each with its sub-workspaces).
  sql`CREATE TABLE collaboration_workspaces (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    collaboration_id integer NOT NULL REFERENCES collaborations(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collaboration_id, workspace_id)
  )`,
  sql`CREATE INDEX collaboration_workspaces_workspace ON collaboration_workspaces (client_id, workspace_id)`,
  // The partner's people in a shared workspace, with their collaboration role.
  sql`CREATE TABLE collaboration_users (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    collaboration_id integer NOT NULL REFERENCES collaborations(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('collab_admin', 'collab_manager', 'member')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collaboration_id, workspace_id, user_id)
  )`,
  sql`CREATE INDEX collaboration_users_user ON collaboration_users (user_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
