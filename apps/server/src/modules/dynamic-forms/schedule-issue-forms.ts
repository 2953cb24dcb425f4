import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Issues a schedule creates carry its form (001 §3 "the schedule form includes a dynamic form"):
 * the schedule's design copy and preset answers, copied into each new issue in one statement
 * (the materializer calls it in its transaction with the issues it just made).
 */
export async function copyScheduleFormsToIssues(
  db: Kysely<Database> | Transaction<Database>,
  issues: ReadonlyArray<{ id: number; scheduleId: number }>,
  now: Date,
): Promise<void> {
  if (!issues.length) return;
  const issueIds = sql.val(`{${issues.map((i) => i.id).join(',')}}`);
  const scheduleIds = sql.val(`{${issues.map((i) => i.scheduleId).join(',')}}`);
  await sql`
    INSERT INTO issue_forms (client_id, issue_id, definition, answers, created_by, updated_by, created_at, updated_at)
    SELECT f.client_id, v.issue_id, f.definition, f.answers, f.updated_by, f.updated_by, ${now}, ${now}
    FROM unnest(${issueIds}::integer[], ${scheduleIds}::integer[]) AS v(issue_id, schedule_id)
    JOIN schedule_forms f ON f.schedule_id = v.schedule_id
    ON CONFLICT (issue_id) DO NOTHING`.execute(db);
}
