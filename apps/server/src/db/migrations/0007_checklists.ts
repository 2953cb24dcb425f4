import { type Kysely, sql } from 'kysely';

// Checklists on issues and the organisation's checklist templates (001 §3 "Checklist and item",
// §7 Checklists). `position` holds the spec's `index` (a reserved word in SQL). Deleting an issue
// is a soft delete, so checklists stay with it; a deleted checklist takes its items along.
// One sql`` per statement (PGlite).
const statements = [
  sql`CREATE TABLE checklists (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
    title varchar(255) NOT NULL,
    position integer NOT NULL DEFAULT 0,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX checklists_issue ON checklists (client_id, issue_id, position)`,
  sql`CREATE TABLE checklist_items (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    checklist_id integer NOT NULL REFERENCES checklists(id) ON DELETE CASCADE,
    title varchar(255) NOT NULL,
    description text,
    status_id smallint NOT NULL DEFAULT 1,
    position integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX checklist_items_checklist ON checklist_items (client_id, checklist_id, position)`,
  sql`CREATE TABLE checklist_templates (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name varchar(255) NOT NULL,
    category_id integer REFERENCES categories(id) ON DELETE SET NULL,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX checklist_templates_client ON checklist_templates (client_id, updated_at)`,
  sql`CREATE TABLE checklist_template_items (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    template_id integer NOT NULL REFERENCES checklist_templates(id) ON DELETE CASCADE,
    title varchar(255) NOT NULL,
    description text,
    position integer NOT NULL DEFAULT 0
  )`,
  sql`CREATE INDEX checklist_template_items_template ON checklist_template_items (client_id, template_id, position)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
