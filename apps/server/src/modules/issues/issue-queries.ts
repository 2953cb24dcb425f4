import type { AccessRole, IssueFacts, IssueStatusId } from '@workbench/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, IssuesTable } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { accessibleWorkspacesSql, findWorkspaceGrant, issueVisibleSql } from '../access/workspace-access.js';

export type Db = Kysely<Database> | Transaction<Database>;
export type IssueRow = Selectable<IssuesTable>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** One issue row of an organisation (not deleted); `lock` takes a row lock inside a transaction. */
export async function findIssueRow(
  db: Db,
  clientId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<IssueRow | undefined> {
  let query = db
    .selectFrom('issues')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** What the rules need beyond the row: open sub-issues, the assignee's attachments, comments. */
export async function loadIssueFacts(db: Db, row: IssueRow): Promise<IssueFacts> {
  const { rows } = await sql<{
    open_subtasks: string | number;
    assignee_files: string | number;
    comments: string | number;
  }>`
    SELECT
      (SELECT count(*) FROM issues c
        WHERE c.client_id = ${row.client_id} AND c.parent_id = ${row.id} AND c.deleted_at IS NULL
          AND c.status_id <> 8) AS open_subtasks,
      (SELECT count(*) FROM attachments a
        WHERE a.client_id = ${row.client_id} AND a.owner_type = 'issue' AND a.owner_id = ${row.id}
          AND a.deleted_at IS NULL AND a.user_id = ${row.assignee_id}) AS assignee_files,
      (SELECT count(*) FROM issue_comments ic
        WHERE ic.client_id = ${row.client_id} AND ic.issue_id = ${row.id}) AS comments`.execute(db);
  const counts = rows[0];
  return {
    status_id: row.status_id as IssueStatusId,
    archived: row.archived_at !== null,
    assignee_id: row.assignee_id,
    last_assignee_id: row.last_assignee_id,
    created_by: row.created_by,
    parent_id: row.parent_id,
    schedule_id: row.schedule_id,
    start_date: row.start_date?.toISOString() ?? null,
    due_date: row.due_date?.toISOString() ?? null,
    started_at: row.started_at?.toISOString() ?? null,
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    worktime_total: row.worktime_total,
    assignee_has_attachment: Number(counts?.assignee_files ?? 0) > 0,
    open_subtasks_count: Number(counts?.open_subtasks ?? 0),
    has_comments: Number(counts?.comments ?? 0) > 0,
  };
}

/**
 * The people who can work in a workspace of the owner organisation `clientId` (000 §3
 * available_assignees_ids): those with a role in it or above it, the owner's admins, and the
 * people of partners with an accepted collaboration sharing it or a workspace above it (the
 * partner's admins and those given a collaboration role there). Active or invited, not deleted.
 */
export async function findAvailableAssigneeIds(
  db: Db,
  clientId: number,
  workspaceId: number,
): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    WITH RECURSIVE up (id, parent_id) AS (
      SELECT w.id, w.parent_id FROM workspaces w
        WHERE w.id = ${workspaceId} AND w.client_id = ${clientId} AND w.deleted_at IS NULL
      UNION ALL
      SELECT w.id, w.parent_id FROM workspaces w JOIN up ON w.id = up.parent_id
        WHERE w.client_id = ${clientId} AND w.deleted_at IS NULL
    ),
    sharing AS (
      SELECT DISTINCT c.id, c.partner_client_id FROM collaborations c
        JOIN collaboration_workspaces cw ON cw.collaboration_id = c.id AND cw.client_id = c.client_id
        WHERE c.client_id = ${clientId} AND c.invitation_status = 'accepted' AND c.deleted_at IS NULL
          AND cw.workspace_id IN (SELECT id FROM up)
    ),
    candidates (user_id) AS (
      SELECT wu.user_id FROM workspace_users wu
        WHERE wu.client_id = ${clientId} AND wu.workspace_id IN (SELECT id FROM up)
      UNION
      SELECT uc.user_id FROM user_clients uc
        WHERE uc.client_id = ${clientId} AND uc.role = 'admin' AND EXISTS (SELECT 1 FROM up)
      UNION
      SELECT uc.user_id FROM user_clients uc JOIN sharing s ON s.partner_client_id = uc.client_id
        WHERE uc.role = 'admin'
      UNION
      SELECT cu.user_id FROM collaboration_users cu JOIN sharing s ON s.id = cu.collaboration_id
        WHERE cu.client_id = ${clientId} AND cu.workspace_id IN (SELECT id FROM up)
    )
    SELECT c.user_id FROM candidates c JOIN users u ON u.id = c.user_id
      WHERE u.deleted_at IS NULL AND u.status IN ('active', 'invited')
      ORDER BY c.user_id`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * A person's grant on a workspace, as the rules need it for a new assignee or watcher: computed
 * from the organisation they work in now, exactly as when they call the API themselves.
 */
export async function findPersonAccessRole(
  db: Db,
  userId: number,
  workspaceId: number,
): Promise<AccessRole | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'client_id', 'role'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  const grant = await findWorkspaceGrant(
    db,
    { userId: user.id, clientId: user.client_id, role: user.role },
    workspaceId,
  );
  return grant?.role ?? null;
}

/** Ids among `ids` that are visible issues for the caller, with the issue's organisation. */
export async function findVisibleIssueClients(
  db: Db,
  auth: Caller,
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<{ id: number; client_id: number }>`
    SELECT i.id, i.client_id FROM issues i
      JOIN ${accessibleWorkspacesSql(auth)} AS access
        ON access.workspace_id = i.workspace_id AND access.client_id = i.client_id
      WHERE i.id IN (${sql.join(ids)}) AND ${issueVisibleSql(auth)}`.execute(db);
  return new Map(rows.map((r) => [r.id, r.client_id]));
}

/** One page of the visible sub-issues of a parent, oldest first. */
export async function findSubtaskPage(
  db: Db,
  auth: Caller,
  parent: { id: number; client_id: number },
  page: number,
  perPage: number,
): Promise<{ ids: number[]; total: number }> {
  const from = sql`
    FROM issues i
      JOIN ${accessibleWorkspacesSql(auth)} AS access
        ON access.workspace_id = i.workspace_id AND access.client_id = i.client_id
      WHERE i.client_id = ${parent.client_id} AND i.parent_id = ${parent.id} AND ${issueVisibleSql(auth)}`;
  const [list, count] = await Promise.all([
    sql<{ id: number }>`SELECT i.id ${from} ORDER BY i.created_at, i.id
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(db),
    sql<{ total: string | number }>`SELECT count(*) AS total ${from}`.execute(db),
  ]);
  return { ids: list.rows.map((r) => r.id), total: Number(count.rows[0]?.total ?? 0) };
}

/** The issue and every sub-issue below it (not deleted), for soft deletes. */
export async function findIssueSubtreeIds(db: Db, clientId: number, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE tree (id) AS (
      SELECT id FROM issues WHERE id = ${id} AND client_id = ${clientId} AND deleted_at IS NULL
      UNION ALL
      SELECT i.id FROM issues i JOIN tree t ON i.parent_id = t.id
        WHERE i.client_id = ${clientId} AND i.deleted_at IS NULL
    )
    SELECT id FROM tree`.execute(db);
  return rows.map((r) => r.id);
}

/** Whether a process number is in use by another issue of the organisation. */
export async function isProcessNumberTaken(
  db: Db,
  clientId: number,
  processNumber: string,
  exceptIssueId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('issues')
    .select('id')
    .where('client_id', '=', clientId)
    .where('process_number', '=', processNumber)
    .where('deleted_at', 'is', null);
  if (exceptIssueId !== null) query = query.where('id', '<>', exceptIssueId);
  return !!(await query.executeTakeFirst());
}
