import { type Kysely, sql } from 'kysely';

// The calendar's timelines at a million issues (issue 17, bench/calendar.ts): a window of days
// for 25 people or 25 workspaces. An item is in the window when its start or its due date is in
// it, or it spans it; each of those reads a range of one of these indexes for the rows' ids
// (a BitmapOr), instead of every issue of those people or workspaces.
// One sql`` per statement (PGlite).
const statements = [
  sql`CREATE INDEX issues_calendar_assignee_start ON issues (client_id, assignee_id, start_date)
    WHERE deleted_at IS NULL AND start_date IS NOT NULL`,
  sql`CREATE INDEX issues_calendar_assignee_due ON issues (client_id, assignee_id, due_date)
    WHERE deleted_at IS NULL AND due_date IS NOT NULL`,
  sql`CREATE INDEX issues_calendar_workspace_start ON issues (client_id, workspace_id, start_date)
    WHERE deleted_at IS NULL AND start_date IS NOT NULL`,
  sql`CREATE INDEX issues_calendar_workspace_due ON issues (client_id, workspace_id, due_date)
    WHERE deleted_at IS NULL AND due_date IS NOT NULL`,
  // The yearly grid: a schedule's issues of one year, placed by their start (else due) date.
  sql`CREATE INDEX issues_calendar_schedule_start ON issues (schedule_id, (coalesce(start_date, due_date)))
    WHERE deleted_at IS NULL AND schedule_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
