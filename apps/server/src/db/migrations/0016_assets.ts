import { type Kysely, sql } from 'kysely';

/** A public code like a workspace's (migration 0014): 22 base64url characters of a v4 UUID. */
const PUBLIC_CODE = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

// Assets (001 §2, §3, §6, §7; issue 15): assets in groups and systems, their managers, pictures
// (the attachments table, owner_type 'asset'), regulatory files, and the systems a partner sees.
// One sql`` per statement (PGlite).
const statements = [
  // Systems span the organisation (heating, fire safety, lifts).
  sql`CREATE TABLE asset_systems (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text,
    status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX asset_systems_client ON asset_systems (client_id, name) WHERE deleted_at IS NULL`,
  // Groups belong to a workspace (their assets lie in it or below it).
  sql`CREATE TABLE asset_groups (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text,
    status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX asset_groups_client ON asset_groups (client_id, workspace_id) WHERE deleted_at IS NULL`,
  sql`CREATE TABLE asset_group_managers (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    group_id integer NOT NULL REFERENCES asset_groups(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
  )`,
  sql`CREATE INDEX asset_group_managers_user ON asset_group_managers (user_id)`,
  sql`CREATE TABLE assets (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    group_id integer REFERENCES asset_groups(id) ON DELETE SET NULL,
    system_id integer REFERENCES asset_systems(id) ON DELETE SET NULL,
    name text NOT NULL,
    status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
    manufacturer text,
    model text,
    serial_number text,
    reference_number text,
    description text,
    location_required boolean NOT NULL DEFAULT false,
    auth_maintenance_required boolean NOT NULL DEFAULT false,
    auth_inspection_required boolean NOT NULL DEFAULT false,
    public_code text NOT NULL DEFAULT ${PUBLIC_CODE},
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE UNIQUE INDEX assets_public_code ON assets (public_code)`,
  sql`CREATE INDEX assets_workspace ON assets (client_id, workspace_id, name) WHERE deleted_at IS NULL`,
  // The list's default order (name, then id) for callers who see nearly all of the organisation
  // (asset-visibility.ts ownExcept): the first page is read in order, not sorted from all rows.
  sql`CREATE INDEX assets_name_order ON assets (client_id, lower(name), id) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX assets_group ON assets (group_id) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX assets_system ON assets (system_id) WHERE deleted_at IS NULL`,
  sql`CREATE TABLE asset_managers (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    asset_id integer NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (asset_id, user_id)
  )`,
  sql`CREATE INDEX asset_managers_user ON asset_managers (user_id)`,
  // A regulatory file covers one asset, or several (a global upload): one stored file, linked.
  sql`CREATE TABLE regulatory_files (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name text NOT NULL,
    kind text NOT NULL,
    file_key text NOT NULL,
    original_filename text NOT NULL,
    mime_type text NOT NULL,
    size_bytes integer NOT NULL,
    issued_on date,
    valid_until date,
    uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE TABLE regulatory_file_assets (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    file_id integer NOT NULL REFERENCES regulatory_files(id) ON DELETE CASCADE,
    asset_id integer NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
    PRIMARY KEY (file_id, asset_id)
  )`,
  sql`CREATE INDEX regulatory_file_assets_asset ON regulatory_file_assets (asset_id)`,
  // The systems whose assets a partner sees in the workspaces shared with it (read only).
  sql`CREATE TABLE collaboration_asset_systems (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    collaboration_id integer NOT NULL REFERENCES collaborations(id) ON DELETE CASCADE,
    system_id integer NOT NULL REFERENCES asset_systems(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collaboration_id, system_id)
  )`,
  // Issues name real assets and groups from now on: ids written before assets existed named
  // nothing, so they are cleared before the references are declared.
  sql`UPDATE issues SET asset_id = NULL, asset_group_id = NULL
    WHERE asset_id IS NOT NULL OR asset_group_id IS NOT NULL`,
  sql`ALTER TABLE issues ADD CONSTRAINT issues_asset_fk
    FOREIGN KEY (asset_id) REFERENCES assets(id) ON DELETE SET NULL`,
  sql`ALTER TABLE issues ADD CONSTRAINT issues_asset_group_fk
    FOREIGN KEY (asset_group_id) REFERENCES asset_groups(id) ON DELETE SET NULL`,
  sql`CREATE INDEX issues_asset ON issues (asset_id) WHERE asset_id IS NOT NULL`,
  sql`CREATE INDEX issues_asset_group ON issues (asset_group_id) WHERE asset_group_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
