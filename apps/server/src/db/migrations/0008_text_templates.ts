import { type Kysely, sql } from 'kysely';

// Text templates (001 §3 "Text template": id, text, category) and unique category names per
// organisation (compared without case, as people read them). One sql`` per statement (PGlite).
const statements = [
  sql`CREATE TABLE text_templates (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    text text NOT NULL,
    category_id integer REFERENCES categories(id) ON DELETE SET NULL,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX text_templates_client_updated ON text_templates (client_id, updated_at DESC, id DESC)`,
  sql`CREATE INDEX text_templates_client_category ON text_templates (client_id, category_id)`,
  // Names that already clash (made before this rule) get their id appended, so the index can hold.
  sql`UPDATE categories c SET name = left(c.name, 240) || ' (' || c.id || ')'
    WHERE EXISTS (
      SELECT 1 FROM categories o
      WHERE o.client_id = c.client_id AND lower(btrim(o.name)) = lower(btrim(c.name)) AND o.id < c.id
    )`,
  sql`CREATE UNIQUE INDEX categories_client_name ON categories (client_id, lower(btrim(name)))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
