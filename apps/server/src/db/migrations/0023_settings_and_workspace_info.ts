import { type Kysely, sql } from 'kysely';

// Settings, onboarding, location requests, lease and maintenance pages (issue 21). One sql`` per
// statement (PGlite).
const statements = [
  // Sessions on the profile tab name the device they were made on (sign-out of the others).
  sql`ALTER TABLE user_tokens ADD COLUMN user_agent text, ADD COLUMN ip_address text`,
  // A presence log entry is a check-in (the QR presence button) or a shared location (the answer
  // to a manager's request), which carries where the person was.
  sql`ALTER TABLE presence_logs
    ADD COLUMN source text NOT NULL DEFAULT 'check_in' CHECK (source IN ('check_in', 'location_request')),
    ADD COLUMN latitude double precision,
    ADD COLUMN longitude double precision,
    ADD COLUMN accuracy_m double precision`,
  // POST user/{id}/request_location: a manager asks a person to share their location in a
  // workspace; the person accepts (a presence log entry with the position) or declines.
  sql`CREATE TABLE location_requests (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    requested_by integer REFERENCES users(id) ON DELETE SET NULL,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    message text,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'expired')),
    presence_log_id integer REFERENCES presence_logs(id) ON DELETE SET NULL,
    answered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX location_requests_person ON location_requests (user_id, client_id, id DESC)`,
  // The lease of a rented workspace (/dashboard/workspaces/lease-info/{id}/): one per workspace.
  sql`CREATE TABLE workspace_leases (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL UNIQUE REFERENCES workspaces(id) ON DELETE CASCADE,
    landlord_name text NOT NULL,
    landlord_contact text,
    start_date date NOT NULL,
    end_date date,
    rent_amount numeric(14, 2),
    rent_currency char(3),
    rent_period text CHECK (rent_period IN ('month', 'quarter', 'year')),
    notice_period_months integer NOT NULL DEFAULT 3 CHECK (notice_period_months BETWEEN 0 AND 120),
    reminder_days_before integer NOT NULL DEFAULT 30 CHECK (reminder_days_before BETWEEN 0 AND 365),
    notes text,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date IS NULL OR end_date >= start_date)
  )`,
  sql`CREATE INDEX workspace_leases_client ON workspace_leases (client_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
