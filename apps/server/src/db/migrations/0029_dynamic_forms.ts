import { type Kysely, sql } from 'kysely';

// Dynamic forms (issue 22; 000 §7, 001 §7): a workspace's design, the filled forms of issues and
// schedules (each with a copy of the design it was filled with) and the photos of photo answers.
// Every row carries client_id. One sql`` per statement (PGlite).
const statements = [
  // POST workspace/{id}/form: one design per workspace (fields as JSON, checked by the domain schema).
  sql`CREATE TABLE workspace_forms (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL UNIQUE REFERENCES workspaces(id) ON DELETE CASCADE,
    definition jsonb NOT NULL,
    updated_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX workspace_forms_client ON workspace_forms (client_id)`,
  // forms/issue/{issueId}/store: one filled form per issue, its design snapshot and the answers.
  sql`CREATE TABLE issue_forms (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL UNIQUE REFERENCES issues(id) ON DELETE CASCADE,
    definition jsonb NOT NULL,
    answers jsonb NOT NULL DEFAULT '{}',
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    updated_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX issue_forms_client ON issue_forms (client_id)`,
  // forms/schedule/{scheduleId}/store: the form (with preset answers) every issue of the schedule gets.
  sql`CREATE TABLE schedule_forms (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    schedule_id integer NOT NULL UNIQUE REFERENCES schedules(id) ON DELETE CASCADE,
    definition jsonb NOT NULL,
    answers jsonb NOT NULL DEFAULT '{}',
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    updated_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX schedule_forms_client ON schedule_forms (client_id)`,
  // POST forms/upload_attachments: a photo for a photo answer, usable by its uploader; linked_at
  // is set when an answer first names it.
  sql`CREATE TABLE form_uploads (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
    file_key text NOT NULL,
    file_name text NOT NULL,
    mime_type text NOT NULL,
    size_bytes integer NOT NULL,
    linked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX form_uploads_owner ON form_uploads (client_id, uploaded_by)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
