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

/**
 * The workspaces a user may see as id lists (the same grants as accessibleWorkspacesSql), for
 * the issue list: `workspace_id = ANY(...)` lets the planner read issues in page order from an
 * index instead of joining the grants to every issue.
 */
export type VisibleWorkspaces = {
  /** The organisations owning the visible workspaces. */
  clientIds: number[];
  /** Workspaces whose issues the user sees in full. */
  full: number[];
  /** Workspaces of a partner with limited access: only issues the user is assigned to, reported or watches. */
  limited: number[];
  /**
   * Every workspace (any state) of the organisations in clientIds, when that is one organisation:
   * the workspaces not visible are those not in `full`, so counts over nearly all workspaces can
   * be read as the organisation's total minus the few others.
   */
  clientWorkspaceIds: number[];
  /** See hiddenClientWorkspaces (computed once per copy). */
  hidden: number[] | undefined;
  /** The tree of those workspaces: children by parent id, and which are deleted. */
  children: Map<number, number[]>;
  deleted: Set<number>;
};

type VisibleCacheEntry = { version: string; value: VisibleWorkspaces };
// Per database handle (tests run several apps in one process); bounded, as a cache.
const visibleCache = new WeakMap<object, Map<string, VisibleCacheEntry>>();
const VISIBLE_CACHE_MAX = 5_000;

/**
 * The access version (migration 0010): every change to the workspace tree, the workspace roles or
 * the collaborations bumps it in its own transaction, so a copy stamped with the version read
 * now is exactly what accessibleWorkspacesSql would answer now.
 */
export function accessVersionSql(): RawBuilder<string> {
  return sql<string>`(SELECT version::text FROM access_version)`;
}

/** The visible workspaces at this access version, from memory when already read at it. */
export async function loadVisibleWorkspaces(
  db: Kysely<Database>,
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
  accessVersion: string,
): Promise<VisibleWorkspaces> {
  let cache = visibleCache.get(db);
  if (!cache) {
    cache = new Map();
    visibleCache.set(db, cache);
  }
  const key = `${auth.userId}:${auth.clientId}:${auth.role}`;
  const cached = cache.get(key);
  if (cached && cached.version === accessVersion) return cached.value;

  const grants = await loadWorkspaceGrants(db, auth);
  const clientIds = [...new Set([...grants.values()].map((g) => g.client_id))];
  const full: number[] = [];
  const limited: number[] = [];
  for (const grant of grants.values())
    (grant.access_type === 'limited' ? limited : full).push(grant.workspace_id);
  let clientWorkspaceIds: number[] = [];
  const children = new Map<number, number[]>();
  const deleted = new Set<number>();
  if (clientIds.length === 1) {
    const rows = await db
      .selectFrom('workspaces')
      .select(['id', 'parent_id', 'deleted_at'])
      .where('client_id', '=', clientIds[0] as number)
      .execute();
    clientWorkspaceIds = rows.map((r) => r.id);
    for (const row of rows) {
      if (row.deleted_at) deleted.add(row.id);
      if (row.parent_id !== null)
        children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
    }
  }
  const value: VisibleWorkspaces = {
    clientIds,
    full,
    limited,
    clientWorkspaceIds,
    hidden: undefined,
    children,
    deleted,
  };
  value.hidden = hiddenClientWorkspaces(value);
  if (cache.size >= VISIBLE_CACHE_MAX) cache.clear();
  // Stamped with the version read before the grants: a change after that read shows as a newer
  // version next time, so this copy is never used past a change.
  cache.set(key, { version: accessVersion, value });
  return value;
}

/**
 * With one organisation and full access only: its workspaces the user may not see (deleted ones,
 * for an admin), so "visible" can be written as "not one of these". undefined otherwise.
 */
export function hiddenClientWorkspaces(
  visible: Pick<VisibleWorkspaces, 'clientIds' | 'limited' | 'full' | 'clientWorkspaceIds'>,
): number[] | undefined {
  if (visible.clientIds.length !== 1 || visible.limited.length) return undefined;
  const full = new Set(visible.full);
  return visible.clientWorkspaceIds.filter((id) => !full.has(id));
}

/**
 * The workspaces and everything below them that is not deleted (as the list's include_sub_ws
 * reads it), from the tree kept with the visible workspaces; undefined when some id is not in
 * that tree (another organisation's), so the caller asks the database.
 */
export function subtreeOf(visible: VisibleWorkspaces, ids: readonly number[]): number[] | undefined {
  const known = new Set(visible.clientWorkspaceIds);
  if (!ids.every((id) => known.has(id))) return undefined;
  const out = new Set<number>();
  const queue = ids.filter((id) => !visible.deleted.has(id));
  while (queue.length) {
    const id = queue.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    for (const child of visible.children.get(id) ?? []) if (!visible.deleted.has(child)) queue.push(child);
  }
  return [...out];
}

/** A Postgres int[] literal: one parameter however many ids (both drivers send it as text). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * issueVisibleSql for an issue row `i` checked against VisibleWorkspaces instead of a join with
 * the grants: the same rule (limited partners see only their own, reported or watched issues).
 */
export function issueInVisibleWorkspacesSql(
  auth: Pick<Auth, 'userId'>,
  visible: VisibleWorkspaces,
  /** Only these workspaces (a filter), as one list with the visible ones. */
  within?: readonly number[],
): RawBuilder<boolean> {
  if (within) {
    const wanted = new Set(within);
    visible = {
      ...visible,
      full: visible.full.filter((id) => wanted.has(id)),
      limited: visible.limited.filter((id) => wanted.has(id)),
      hidden: undefined,
    };
    if (!visible.full.length && !visible.limited.length) return sql<boolean>`false`;
  }
  if (!visible.clientIds.length) return sql<boolean>`false`;
  const clients =
    visible.clientIds.length === 1
      ? sql<boolean>`i.client_id = ${visible.clientIds[0]}`
      : sql<boolean>`i.client_id = ANY(${intArray(visible.clientIds)})`;
  const parts: RawBuilder<boolean>[] = [];
  // The shorter list (an admin sees nearly every workspace): fewer ids to send and plan with.
  const hidden = visible.hidden;
  if (hidden && hidden.length < visible.full.length) {
    parts.push(sql<boolean>`i.workspace_id <> ALL(${intArray(hidden)})`);
  } else if (visible.full.length) {
    parts.push(sql<boolean>`i.workspace_id = ANY(${intArray(visible.full)})`);
  }
  if (visible.limited.length) {
    parts.push(sql<boolean>`(i.workspace_id = ANY(${intArray(visible.limited)}) AND (
      i.assignee_id = ${auth.userId}
      OR i.created_by = ${auth.userId}
      OR EXISTS (SELECT 1 FROM issue_watchers iw WHERE iw.issue_id = i.id AND iw.user_id = ${auth.userId})))`);
  }
  return sql<boolean>`(i.deleted_at IS NULL AND ${clients} AND (${sql.join(parts, sql` OR `)}))`;
}
