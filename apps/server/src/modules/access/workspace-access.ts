import type { AccessRole } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How one user reaches one workspace: the strongest grant, inherited down the tree. */
export type WorkspaceGrant = {
  workspace_id: number;
  /** The organisation that owns the workspace (the user's own, or a partner's). */
  client_id: number;
  role: AccessRole;
  /** Set when the workspace is reached through a partner collaboration. */
  collaboration_id: number | null;
  access_type: 'full' | 'limited' | null;
};

/**
 * THE ONE PLACE that says which workspaces a user may see (ARCHITECTURE: tenant boundary).
 * A SQL query of (workspace_id, client_id, role, collaboration_id, access_type), one row per
 * visible workspace, for use as a subquery in any query of tenant data:
 *  - own organisation: an admin sees every workspace; anybody else the workspaces where they
 *    have a role (manager, group manager, member) and all their sub-workspaces, with that role;
 *  - partner organisations: through an accepted collaboration with the user's organisation, the
 *    shared workspaces (and their sub-workspaces): all of them for the partner's admins (as
 *    collab_admin), else those where the user was given a collaboration role.
 * Deleted workspaces are never visible; archived ones are (lists filter them).
 * Where a user has several grants on a workspace, the strongest (lowest rank) wins.
 */
export function accessibleWorkspacesSql(
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
): RawBuilder<WorkspaceGrant> {
  const isAdmin = auth.role === 'admin';
  return sql<WorkspaceGrant>`(
    WITH RECURSIVE shared (collaboration_id, workspace_id, client_id, access_type) AS (
      -- Partner side: workspaces shared with the user's organisation, and their sub-workspaces.
      SELECT c.id, cw.workspace_id, cw.client_id, c.access_type
        FROM collaborations c
        JOIN collaboration_workspaces cw ON cw.collaboration_id = c.id AND cw.client_id = c.client_id
        WHERE c.partner_client_id = ${auth.clientId} AND c.invitation_status = 'accepted' AND c.deleted_at IS NULL
      UNION ALL
      SELECT s.collaboration_id, w.id, w.client_id, s.access_type
        FROM workspaces w JOIN shared s ON w.parent_id = s.workspace_id
        WHERE w.deleted_at IS NULL AND w.client_id = s.client_id
    ),
    grants (workspace_id, client_id, role, rank, collaboration_id, access_type) AS (
      SELECT w.id, w.client_id, 'admin'::text, 0, NULL::integer, NULL::text
        FROM workspaces w
        WHERE ${isAdmin} AND w.client_id = ${auth.clientId} AND w.parent_id IS NULL AND w.deleted_at IS NULL
      UNION ALL
      SELECT wu.workspace_id, wu.client_id, wu.role,
          CASE wu.role WHEN 'manager' THEN 1 WHEN 'group_manager' THEN 2 ELSE 3 END,
          NULL::integer, NULL::text
        FROM workspace_users wu
        WHERE wu.client_id = ${auth.clientId} AND wu.user_id = ${auth.userId}
      UNION ALL
      SELECT s.workspace_id, s.client_id, 'collab_admin'::text, 4, s.collaboration_id, s.access_type
        FROM shared s WHERE ${isAdmin}
      UNION ALL
      SELECT s.workspace_id, s.client_id,
          CASE cu.role WHEN 'member' THEN 'collab_member' ELSE cu.role END,
          CASE cu.role WHEN 'collab_admin' THEN 4 WHEN 'collab_manager' THEN 5 ELSE 6 END,
          s.collaboration_id, s.access_type
        FROM collaboration_users cu
        JOIN shared s ON s.collaboration_id = cu.collaboration_id AND s.workspace_id = cu.workspace_id
        WHERE cu.user_id = ${auth.userId}
    ),
    tree (workspace_id, client_id, role, rank, collaboration_id, access_type) AS (
      SELECT g.workspace_id, g.client_id, g.role, g.rank, g.collaboration_id, g.access_type
        FROM grants g JOIN workspaces w ON w.id = g.workspace_id AND w.deleted_at IS NULL
      UNION ALL
      SELECT w.id, w.client_id, t.role, t.rank, t.collaboration_id, t.access_type
        FROM workspaces w JOIN tree t ON w.parent_id = t.workspace_id
        WHERE w.deleted_at IS NULL AND w.client_id = t.client_id
    )
    SELECT DISTINCT ON (workspace_id) workspace_id, client_id, role, collaboration_id, access_type
      FROM tree ORDER BY workspace_id, rank
  )`;
}

/** Every workspace the user may see, by id. */
export async function loadWorkspaceGrants(
  db: Db,
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
): Promise<Map<number, WorkspaceGrant>> {
  const { rows } =
    await sql<WorkspaceGrant>`SELECT * FROM ${accessibleWorkspacesSql(auth)} AS access`.execute(db);
  return new Map(rows.map((row) => [row.workspace_id, row]));
}

/** The user's grant on one workspace, or undefined when they may not see it. */
export async function findWorkspaceGrant(
  db: Db,
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
  workspaceId: number,
): Promise<WorkspaceGrant | undefined> {
  const { rows } = await sql<WorkspaceGrant>`
    SELECT * FROM ${accessibleWorkspacesSql(auth)} AS access WHERE access.workspace_id = ${workspaceId}`.execute(
    db,
  );
  return rows[0];
}

/** The grant, or 404 as if the workspace did not exist (no probing for ids of other tenants). */
export async function requireWorkspaceGrant(
  db: Db,
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
  workspaceId: number,
): Promise<WorkspaceGrant> {
  const grant = await findWorkspaceGrant(db, auth, workspaceId);
  if (!grant) throw notFound('Workspace not found');
  return grant;
}

/**
 * Which issues a user may see: those in a visible workspace, except that people of a partner with
 * LIMITED access see only the issues they are assigned to, reported, or watch.
 * A SQL condition on an issues row aliased `i`, joined to the grants aliased `access`.
 */
export function issueVisibleSql(auth: Pick<Auth, 'userId'>): RawBuilder<boolean> {
  return sql<boolean>`(
    i.deleted_at IS NULL AND (
      access.access_type IS DISTINCT FROM 'limited'
      OR i.assignee_id = ${auth.userId}
      OR i.created_by = ${auth.userId}
      OR EXISTS (SELECT 1 FROM issue_watchers iw WHERE iw.issue_id = i.id AND iw.user_id = ${auth.userId})
    )
  )`;
}

/** The user's grant on the workspace of one issue they may see, or undefined. */
export async function findIssueGrant(
  db: Db,
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
  issueId: number,
): Promise<WorkspaceGrant | undefined> {
  const { rows } = await sql<WorkspaceGrant>`
    SELECT access.* FROM issues i
      JOIN ${accessibleWorkspacesSql(auth)} AS access
        ON access.workspace_id = i.workspace_id AND access.client_id = i.client_id
      WHERE i.id = ${issueId} AND ${issueVisibleSql(auth)}`.execute(db);
  return rows[0];
}
