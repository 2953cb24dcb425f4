import { type Kysely, sql } from 'kysely';

// The issue list's full-text search reads a stored vector instead of the expression index of 0004:
// ranking a search ran to_tsvector again for every match (a word in one issue in ten is 100,000
// rows at a million issues), which took seconds. The column is computed by the database on every
// insert and update of title or description, so it is never stale. Same expression as 0004, so
// searches find and rank exactly as before. A plain GIN: client_id would need btree_gin, an
// extension PGlite has to load when it starts; every query filters client_id on the table rows.
// One sql`` per statement (PGlite).
const statements = [
  sql`ALTER TABLE issues ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title || ' ' || coalesce(description, ''))) STORED`,
  sql`CREATE INDEX issues_search_vector ON issues USING gin (search_vector) WHERE deleted_at IS NULL`,
  sql`DROP INDEX issues_search`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
