import { type Kysely, sql } from 'kysely';

/** A public code like a workspace's (migration 0014): 22 base64url characters of a v4 UUID. */
const PUBLIC_CODE = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

// Equipment (001 §2, §3, §4, §6, §7, §9; issue 18): types, groups, external holders, items, and
// their bookings (handouts and reservations in one table, so one exclusion constraint keeps any
// two of one item from overlapping, buffer days included, whatever arrives at the same moment).
// One sql`` per statement (PGlite).
const statements = [
  // Types give an item its defaults: storage, approval, return period, longest reservation and
  // buffer days (units DAYS, WEEKS, MONTHS; 001 §9 defaults 1 week, 1 week, 1 day before).
  sql`CREATE TABLE equipment_types (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    storage text NOT NULL DEFAULT 'NONE' CHECK (storage IN ('NONE', 'WORKSPACE', 'CUSTOM')),
    workspace_id integer REFERENCES workspaces(id) ON DELETE SET NULL,
    location text,
    handout_requires_approval boolean NOT NULL DEFAULT false,
    set_default_return_period boolean NOT NULL DEFAULT true,
    default_return_period_value smallint NOT NULL DEFAULT 1 CHECK (default_return_period_value BETWEEN 1 AND 999),
    default_return_period_type text NOT NULL DEFAULT 'WEEKS' CHECK (default_return_period_type IN ('DAYS', 'WEEKS', 'MONTHS')),
    set_max_reservation_duration boolean NOT NULL DEFAULT true,
    max_reservation_duration_value smallint NOT NULL DEFAULT 1 CHECK (max_reservation_duration_value BETWEEN 1 AND 999),
    max_reservation_duration_type text NOT NULL DEFAULT 'WEEKS' CHECK (max_reservation_duration_type IN ('DAYS', 'WEEKS', 'MONTHS')),
    set_buffer_days_reservations boolean NOT NULL DEFAULT true,
    buffer_days_reservations_value smallint NOT NULL DEFAULT 1 CHECK (buffer_days_reservations_value BETWEEN 0 AND 365),
    buffer_days_reservations_type text NOT NULL DEFAULT 'BEFORE' CHECK (buffer_days_reservations_type IN ('BEFORE', 'AFTER')),
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX equipment_types_client ON equipment_types (client_id, lower(name), id) WHERE deleted_at IS NULL`,
  // Groups lend several items together (a measuring kit); bound to a workspace or not.
  sql`CREATE TABLE equipment_groups (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer REFERENCES workspaces(id) ON DELETE SET NULL,
    bind_group_to_workspace boolean NOT NULL DEFAULT false,
    name text NOT NULL,
    description text,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    public_code text NOT NULL DEFAULT ${PUBLIC_CODE},
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE UNIQUE INDEX equipment_groups_public_code ON equipment_groups (public_code)`,
  sql`CREATE INDEX equipment_groups_client ON equipment_groups (client_id, lower(name), id) WHERE deleted_at IS NULL`,
  sql`CREATE TABLE equipment_group_managers (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    group_id integer NOT NULL REFERENCES equipment_groups(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
  )`,
  sql`CREATE INDEX equipment_group_managers_user ON equipment_group_managers (user_id)`,
  // People outside the organisation who borrow (a subcontractor's fitter).
  sql`CREATE TABLE external_holders (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    full_name text NOT NULL,
    company text,
    email text,
    phone text,
    language text,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX external_holders_client ON external_holders (client_id, lower(full_name), id) WHERE deleted_at IS NULL`,
  sql`CREATE TABLE equipment (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    type_id integer NOT NULL REFERENCES equipment_types(id),
    group_id integer REFERENCES equipment_groups(id) ON DELETE SET NULL,
    title text NOT NULL,
    description text,
    status text NOT NULL DEFAULT 'stored' CHECK (status IN ('issued', 'stored', 'archived', 'in_transition')),
    storage text NOT NULL DEFAULT 'NONE' CHECK (storage IN ('NONE', 'WORKSPACE', 'CUSTOM')),
    storage_workspace_id integer REFERENCES workspaces(id) ON DELETE SET NULL,
    location text,
    serial_number text,
    reference_number text,
    handout_requires_approval boolean NOT NULL DEFAULT false,
    links jsonb NOT NULL DEFAULT '[]',
    public_code text NOT NULL DEFAULT ${PUBLIC_CODE},
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE UNIQUE INDEX equipment_public_code ON equipment (public_code)`,
  sql`CREATE INDEX equipment_workspace ON equipment (client_id, workspace_id) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX equipment_name_order ON equipment (client_id, lower(title), id) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX equipment_group ON equipment (group_id) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX equipment_type ON equipment (type_id) WHERE deleted_at IS NULL`,
  sql`CREATE TABLE equipment_managers (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    equipment_id integer NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (equipment_id, user_id)
  )`,
  sql`CREATE INDEX equipment_managers_user ON equipment_managers (user_id)`,
  // Handouts and reservations. A booking holds its item from (start - buffer before) to
  // (end + buffer after), both days included, while it is pending or active: the exclusion
  // constraint refuses a second one over any of those days (range gist, core PostgreSQL, so
  // PGlite has it too; int4range(id, id, '[]') stands for "the same item").
  sql`CREATE TABLE equipment_bookings (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    equipment_id integer NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    group_id integer REFERENCES equipment_groups(id) ON DELETE SET NULL,
    -- Bookings made together (a group, several items at once) share the first one's id.
    batch_id integer,
    kind text NOT NULL CHECK (kind IN ('handout', 'reservation')),
    state text NOT NULL CHECK (state IN ('pending', 'active', 'returned', 'declined', 'cancelled')),
    holder_user_id integer REFERENCES users(id) ON DELETE SET NULL,
    holder_external_id integer REFERENCES external_holders(id) ON DELETE SET NULL,
    note text,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    buffer_before smallint NOT NULL DEFAULT 0 CHECK (buffer_before BETWEEN 0 AND 365),
    buffer_after smallint NOT NULL DEFAULT 0 CHECK (buffer_after BETWEEN 0 AND 365),
    blocked daterange GENERATED ALWAYS AS (daterange(starts_on - buffer_before, ends_on + buffer_after, '[]')) STORED,
    extend_token_hash text,
    requested_by integer REFERENCES users(id) ON DELETE SET NULL,
    decided_by integer REFERENCES users(id) ON DELETE SET NULL,
    decided_at timestamptz,
    returned_by integer REFERENCES users(id) ON DELETE SET NULL,
    returned_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_on >= starts_on),
    CONSTRAINT equipment_bookings_no_overlap EXCLUDE USING gist (
      int4range(equipment_id, equipment_id, '[]') WITH &&,
      blocked WITH &&
    ) WHERE (state IN ('pending', 'active'))
  )`,
  sql`CREATE INDEX equipment_bookings_equipment ON equipment_bookings (equipment_id, starts_on)`,
  sql`CREATE INDEX equipment_bookings_batch ON equipment_bookings (batch_id) WHERE batch_id IS NOT NULL`,
  sql`CREATE INDEX equipment_bookings_holder_user ON equipment_bookings (holder_user_id) WHERE state IN ('pending', 'active')`,
  sql`CREATE INDEX equipment_bookings_holder_external ON equipment_bookings (holder_external_id) WHERE state IN ('pending', 'active')`,
  sql`CREATE UNIQUE INDEX equipment_bookings_extend_token ON equipment_bookings (extend_token_hash) WHERE extend_token_hash IS NOT NULL`,
  // A finder's report from the public page of an item or a group (no account needed).
  sql`CREATE TABLE equipment_found_reports (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    equipment_id integer REFERENCES equipment(id) ON DELETE CASCADE,
    group_id integer REFERENCES equipment_groups(id) ON DELETE CASCADE,
    finder_name text,
    finder_contact text,
    message text,
    latitude double precision,
    longitude double precision,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (num_nonnulls(equipment_id, group_id) = 1)
  )`,
  sql`CREATE INDEX equipment_found_reports_equipment ON equipment_found_reports (equipment_id, created_at DESC)`,
  // The equipment a schedule's issues need (POST schedule/{id}/equipments).
  sql`CREATE TABLE schedule_equipment (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    equipment_id integer NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    PRIMARY KEY (schedule_id, equipment_id)
  )`,
  sql`CREATE INDEX schedule_equipment_equipment ON schedule_equipment (equipment_id)`,
  // Issues name real equipment from now on: ids written before equipment existed named nothing.
  sql`UPDATE issues SET equipment_ids = '{}' WHERE equipment_ids <> '{}'`,
  sql`CREATE INDEX issues_equipment ON issues USING gin (equipment_ids) WHERE equipment_ids <> '{}'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
