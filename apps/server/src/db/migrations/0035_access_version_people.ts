import { type Kysely, sql } from 'kysely';

// Who may be assigned in a workspace (workspacesWorkersSql) is read for every calendar page and
// kept in memory at the access version (issue 23: it was the largest part of a sidebar page's
// database time). The version already follows the workspace tree, roles and collaborations; the
// assignees also follow organisation admins (user_clients) and people paused or deleted.
// One sql`` per statement (PGlite).
const statements = [
  sql`CREATE TRIGGER user_clients_access_version AFTER INSERT OR DELETE OR UPDATE
    ON user_clients FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump()`,
  sql`CREATE TRIGGER users_access_version AFTER UPDATE OF status, deleted_at
    ON users FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
