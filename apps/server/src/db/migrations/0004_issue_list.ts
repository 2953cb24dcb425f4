import { type Kysely, sql } from 'kysely';

// The issue list (GET issue/): full-text search over title + description with the 'simple'
// configuration. The expression must stay equal to ISSUE_SEARCH_VECTOR in
// modules/issues/issue-list-queries.ts for the planner to use the index. One sql`` per statement.
const statements = [
  sql`CREATE INDEX issues_search ON issues
    USING gin (to_tsvector('simple'::regconfig, title || ' ' || coalesce(description, '')))
    WHERE deleted_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
