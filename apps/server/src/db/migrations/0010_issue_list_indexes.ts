import { type Kysely, sql } from 'kysely';

// The issue list at a million issues (issue 5, "Performance"; figures in the README, bench/).
// One sql`` per statement (PGlite).
const statements = [
  // Page order of the default sort (updated, newest first; id breaks ties) and of 'created',
  // read in index order so page 1 stops after 20 rows.
  sql`CREATE INDEX issues_list_updated ON issues (client_id, updated_at DESC, id DESC) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX issues_list_created ON issues (client_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`,
  // Assignee filters (the most used filter) with their tab counts as an index-only scan: every
  // column the list's conditions read for a plain filter is in the index. The workspace before
  // the status: the visible workspaces are a list of ids, the statuses a range (1 to 8).
  sql`CREATE INDEX issues_list_assignee ON issues (client_id, assignee_id, workspace_id, status_id)
    INCLUDE (parent_id, archived_at, created_by, updated_at) WHERE deleted_at IS NULL`,
  // Both cover what the two above do (same leading columns): one index less to keep up to date,
  // and the planner no longer picks the narrow one and then reads every row from the table.
  sql`DROP INDEX issues_client_assignee`,
  sql`DROP INDEX issues_client_updated`,
  // The page's per-row counts (open sub-issues, comments) as index-only scans.
  sql`CREATE INDEX issues_list_open_subtasks ON issues (client_id, parent_id, status_id)
    WHERE parent_id IS NOT NULL AND deleted_at IS NULL`,
  sql`CREATE INDEX issue_comments_client_issue ON issue_comments (client_id, issue_id)`,

  // The state tab counts: issues (not deleted) per organisation and workspace, top level or
  // sub-issue, status and archived flag, kept exactly right by the trigger below in the same
  // transaction as the change. workspace_id 0 is the organisation's total, so a list over all of
  // an organisation's workspaces reads a handful of rows instead of counting a million.
  sql`CREATE TABLE issue_state_counts (
    client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    workspace_id integer NOT NULL,
    top_level boolean NOT NULL,
    status_id smallint NOT NULL,
    archived boolean NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (client_id, workspace_id, top_level, status_id, archived)
  )`,
  // One change moves an issue from one counter to another (-1 here, +1 there). Both deltas go in
  // ONE statement whose rows are sorted by key, so concurrent changes lock counter rows in the
  // same order and never deadlock (A: 5 -> 6 while B: 6 -> 5); a change that nets out writes nothing.
  sql`CREATE FUNCTION issue_state_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE'
          AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL)
          AND OLD.client_id = NEW.client_id AND OLD.workspace_id = NEW.workspace_id
          AND (OLD.parent_id IS NULL) = (NEW.parent_id IS NULL) AND OLD.status_id = NEW.status_id
          AND (OLD.archived_at IS NULL) = (NEW.archived_at IS NULL) THEN
        RETURN NULL;
      END IF;
      WITH changes (client_id, workspace_id, top_level, status_id, archived, delta) AS (
        SELECT OLD.client_id, OLD.workspace_id, OLD.parent_id IS NULL, OLD.status_id::smallint,
            OLD.archived_at IS NOT NULL, -1
          WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL
        UNION ALL
        SELECT NEW.client_id, NEW.workspace_id, NEW.parent_id IS NULL, NEW.status_id::smallint,
            NEW.archived_at IS NOT NULL, 1
          WHERE TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL
      ),
      -- Each change counts for its workspace and for the organisation's total (workspace 0).
      keyed AS (
        SELECT client_id, w AS workspace_id, top_level, status_id, archived, sum(delta)::integer AS delta
          FROM changes CROSS JOIN LATERAL (VALUES (0), (changes.workspace_id)) AS ws (w)
          GROUP BY client_id, w, top_level, status_id, archived
      )
      INSERT INTO issue_state_counts AS c (client_id, workspace_id, top_level, status_id, archived, count)
        SELECT client_id, workspace_id, top_level, status_id, archived, delta FROM keyed
          WHERE delta <> 0
          ORDER BY client_id, workspace_id, top_level, status_id, archived
        ON CONFLICT (client_id, workspace_id, top_level, status_id, archived)
        DO UPDATE SET count = c.count + EXCLUDED.count;
      RETURN NULL;
    END $$`,
  sql`CREATE TRIGGER issues_state_counts AFTER INSERT OR DELETE OR UPDATE OF
      client_id, workspace_id, parent_id, status_id, archived_at, deleted_at
    ON issues FOR EACH ROW EXECUTE FUNCTION issue_state_counts_track()`,
  // The counts of the issues already there (bench/ rebuilds them the same way after a bulk load).
  sql`INSERT INTO issue_state_counts (client_id, workspace_id, top_level, status_id, archived, count)
    SELECT client_id, workspace_id, parent_id IS NULL, status_id, archived_at IS NOT NULL, count(*)
      FROM issues WHERE deleted_at IS NULL
      GROUP BY client_id, workspace_id, parent_id IS NULL, status_id, archived_at IS NOT NULL
    UNION ALL
    SELECT client_id, 0, parent_id IS NULL, status_id, archived_at IS NOT NULL, count(*)
      FROM issues WHERE deleted_at IS NULL
      GROUP BY client_id, parent_id IS NULL, status_id, archived_at IS NOT NULL`,

  // Who sees which workspaces changes rarely and is read on every list: the app keeps the visible
  // workspaces of a user in memory, stamped with this version, which every change to the tree,
  // the roles or the collaborations bumps in its own transaction (so a stale copy is never used).
  sql`CREATE TABLE access_version (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    version bigint NOT NULL
  )`,
  sql`INSERT INTO access_version (id, version) VALUES (true, 1)`,
  sql`CREATE FUNCTION access_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE access_version SET version = version + 1;
      RETURN NULL;
    END $$`,
  sql`CREATE TRIGGER workspaces_access_version AFTER INSERT OR DELETE OR UPDATE OF client_id, parent_id, deleted_at
    ON workspaces FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump()`,
  sql`CREATE TRIGGER workspace_users_access_version AFTER INSERT OR DELETE OR UPDATE
    ON workspace_users FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump()`,
  sql`CREATE TRIGGER collaborations_access_version AFTER INSERT OR DELETE OR UPDATE
    ON collaborations FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump()`,
  sql`CREATE TRIGGER collaboration_workspaces_access_version AFTER INSERT OR DELETE OR UPDATE
    ON collaboration_workspaces FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump()`,
  sql`CREATE TRIGGER collaboration_users_access_version AFTER INSERT OR DELETE OR UPDATE
    ON collaboration_users FOR EACH STATEMENT EXECUTE FUNCTION access_version_bump()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
