import { type Kysely, sql } from 'kysely';

// Issues and what hangs off them (issue 4). One sql`` per statement (PGlite). Columns for later
// features (schedules, assets, equipment) are here already so those features slot in.
const statements = [
  sql`CREATE TABLE issues (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    parent_id integer REFERENCES issues(id) ON DELETE CASCADE,
    title text NOT NULL,
    description text,
    status_id smallint NOT NULL DEFAULT 1 CHECK (status_id BETWEEN 0 AND 8),
    priority_id smallint NOT NULL DEFAULT 3 CHECK (priority_id IN (0, 2, 3, 4, 5)),
    category_id integer REFERENCES categories(id) ON DELETE SET NULL,
    assignee_id integer REFERENCES users(id) ON DELETE SET NULL,
    last_assignee_id integer REFERENCES users(id) ON DELETE SET NULL,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    accessibility_id smallint NOT NULL DEFAULT 2,
    external_email_address text,
    start_date timestamptz,
    due_date timestamptz,
    schedule_id integer,
    asset_id integer,
    asset_group_id integer,
    equipment_ids integer[] NOT NULL DEFAULT '{}',
    is_attachment_required boolean NOT NULL DEFAULT false,
    is_worktime_required boolean NOT NULL DEFAULT false,
    worktime_total integer NOT NULL DEFAULT 0,
    process_number text,
    rating smallint CHECK (rating BETWEEN 1 AND 5),
    translations jsonb NOT NULL DEFAULT '{}'::jsonb,
    started_at timestamptz,
    completed_at timestamptz,
    archived_at timestamptz,
    deleted_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX issues_client_workspace_status ON issues (client_id, workspace_id, status_id) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX issues_client_assignee ON issues (client_id, assignee_id) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX issues_client_updated ON issues (client_id, updated_at DESC) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX issues_parent ON issues (parent_id) WHERE parent_id IS NOT NULL`,
  sql`CREATE UNIQUE INDEX issues_process_number ON issues (client_id, process_number)
    WHERE process_number IS NOT NULL AND deleted_at IS NULL`,
  // Categories (many per issue; issues.category_id is the main one), watchers and links.
  sql`CREATE TABLE issue_categories (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    PRIMARY KEY (issue_id, category_id)
  )`,
  sql`CREATE TABLE issue_watchers (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (issue_id, user_id)
  )`,
  sql`CREATE INDEX issue_watchers_user ON issue_watchers (client_id, user_id)`,
  sql`CREATE TABLE issue_links (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    url text NOT NULL,
    title text,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX issue_links_issue ON issue_links (issue_id)`,
  sql`CREATE TABLE issue_comments (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    comment text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX issue_comments_issue ON issue_comments (issue_id, created_at)`,
  // Work time: logged entries (seconds), and running timers (one per person and issue).
  sql`CREATE TABLE worktime_logs (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    seconds integer NOT NULL CHECK (seconds > 0),
    started_at timestamptz,
    ended_at timestamptz,
    note text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX worktime_logs_issue ON worktime_logs (issue_id, created_at)`,
  sql`CREATE INDEX worktime_logs_user ON worktime_logs (client_id, user_id, created_at)`,
  sql`CREATE TABLE issue_timers (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    started_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (issue_id, user_id)
  )`,
  // One attachment store for every owner (issues now; comments, checklist items, equipment and
  // assets later). Uploads arrive with the attachments issue; the rules read it already.
  sql`CREATE TABLE attachments (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    owner_type text NOT NULL,
    owner_id integer NOT NULL,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    file_key text NOT NULL,
    original_filename text NOT NULL,
    mime_type text NOT NULL,
    size_bytes integer NOT NULL,
    description text,
    priority_id smallint,
    due_date timestamptz,
    sort_index integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX attachments_owner ON attachments (client_id, owner_type, owner_id) WHERE deleted_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
