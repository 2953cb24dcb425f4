import { type Kysely, sql } from 'kysely';

// One pending location request per person and workspace (issue 21): asking again while one is
// pending answers that one, and two managers asking at once cannot make two.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX location_requests_one_pending ON location_requests (user_id, workspace_id)
    WHERE status = 'pending'`.execute(db);
}
