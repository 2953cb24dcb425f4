import { type Kysely, sql } from 'kysely';

// A stored workspace path (issue 23, "the list's aim"): each workspace keeps the ids from its
// root down to itself, and each issue its workspace's path, kept by triggers. A subtree is then
// one range of an index (the arrays starting with the subtree's path sort together), where a
// list of its workspace ids had been one range per workspace: the filtered list (two assignees
// in a site of 100 workspaces) walked 2 × 100 ranges for its page and again for its counts.
// One sql`` per statement (PGlite).
const statements = [
  sql`ALTER TABLE workspaces ADD COLUMN path integer[]`,
  sql`WITH RECURSIVE tree AS (
      SELECT id, ARRAY[id] AS path FROM workspaces WHERE parent_id IS NULL
      UNION ALL
      SELECT w.id, tree.path || w.id FROM workspaces w JOIN tree ON w.parent_id = tree.id
    )
    UPDATE workspaces w SET path = tree.path FROM tree WHERE tree.id = w.id`,
  sql`ALTER TABLE workspaces ALTER COLUMN path SET NOT NULL`,
  // A workspace's own path, from its parent's (which exists: parent_id references it).
  sql`CREATE FUNCTION workspace_path_set() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.path := CASE WHEN NEW.parent_id IS NULL THEN ARRAY[NEW.id]
        ELSE (SELECT p.path FROM workspaces p WHERE p.id = NEW.parent_id) || NEW.id END;
      RETURN NEW;
    END $$`,
  sql`CREATE TRIGGER workspace_path_set BEFORE INSERT OR UPDATE OF parent_id
    ON workspaces FOR EACH ROW EXECUTE FUNCTION workspace_path_set()`,
  // A move carries the workspaces below it and their issues along. Setting path does not fire
  // the triggers on parent_id (or on the workspace_id), so each row is written once;
  // the workspace service refuses a move under the workspace's own subtree.
  sql`CREATE FUNCTION workspace_path_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.path IS DISTINCT FROM OLD.path THEN
        UPDATE workspaces SET path = NEW.path || path[cardinality(OLD.path) + 1:]
          WHERE client_id = NEW.client_id AND id <> NEW.id
            AND path[1:cardinality(OLD.path)] = OLD.path;
        UPDATE issues i SET workspace_path = w.path FROM workspaces w
          WHERE w.client_id = NEW.client_id AND w.path[1:cardinality(NEW.path)] = NEW.path
            AND i.client_id = NEW.client_id AND i.workspace_id = w.id;
      END IF;
      RETURN NULL;
    END $$`,
  sql`CREATE TRIGGER workspace_path_move AFTER UPDATE OF parent_id
    ON workspaces FOR EACH ROW EXECUTE FUNCTION workspace_path_move()`,

  sql`ALTER TABLE issues ADD COLUMN workspace_path integer[]`,
  sql`UPDATE issues i SET workspace_path = w.path FROM workspaces w WHERE w.id = i.workspace_id`,
  sql`ALTER TABLE issues ALTER COLUMN workspace_path SET NOT NULL`,
  sql`CREATE FUNCTION issue_workspace_path_set() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.workspace_path := (SELECT w.path FROM workspaces w WHERE w.id = NEW.workspace_id);
      RETURN NEW;
    END $$`,
  sql`CREATE TRIGGER issue_workspace_path_set BEFORE INSERT OR UPDATE OF workspace_id
    ON issues FOR EACH ROW EXECUTE FUNCTION issue_workspace_path_set()`,
  // Assignee filters within subtrees (the list's most used filter with a site): one range per
  // assignee and subtree, covering what the page (its ids in either date order) and the counts
  // read, so both are index-only scans.
  sql`CREATE INDEX issues_list_assignee_path ON issues (client_id, assignee_id, workspace_path)
    INCLUDE (id, workspace_id, status_id, parent_id, archived_at, updated_at, created_at, created_by)
    WHERE deleted_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
