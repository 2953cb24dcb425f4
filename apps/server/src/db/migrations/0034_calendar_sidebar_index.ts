import { type Kysely, sql } from 'kysely';

// The calendar's "no date" sidebar (issue 23, the infinite lists): the open issues without start
// or due date, 30 a page with their count. At a million issues (a tenth of them without dates)
// both read every such issue from the table and sorted them for each page. These partial
// indexes hold exactly them, in the sidebar's default order (latest change first) and in id order
// (the order by start or due date, which they all lack, is the id's): a page is read in index
// order and the count is an index-only scan. One sql`` per statement (PGlite).
const statements = [
  sql`CREATE INDEX issues_calendar_unscheduled_updated ON issues (client_id, updated_at DESC, id DESC)
    INCLUDE (workspace_id, status_id, parent_id, assignee_id)
    WHERE deleted_at IS NULL AND start_date IS NULL AND due_date IS NULL AND archived_at IS NULL
      AND status_id <> 8`,
  sql`CREATE INDEX issues_calendar_unscheduled ON issues (client_id, id)
    INCLUDE (workspace_id, status_id, parent_id, assignee_id)
    WHERE deleted_at IS NULL AND start_date IS NULL AND due_date IS NULL AND archived_at IS NULL
      AND status_id <> 8`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
