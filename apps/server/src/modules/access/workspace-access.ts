import type { AccessRole } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { versionStampedCache } from './version-stamped-cache.js';

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
 * THE walk down the workspace tree: a query of (root_id, workspace_id, client_id), one row for
 * each root and for every workspace below it in the root's organisation. `roots` is what goes in
 * `id IN (...)`: a list of ids or a query of them. A deleted workspace ends its branch (it and
 * everything below it are left out) unless `withDeleted` (a delete takes the whole branch along).
 */
export function workspaceSubtreeSql(
  roots: RawBuilder<unknown>,
  options: { withDeleted?: boolean } = {},
): RawBuilder<{ root_id: number; workspace_id: number; client_id: number }> {
  const alive = options.withDeleted ? sql`TRUE` : sql`w.deleted_at IS NULL`;
  return sql`(
    WITH RECURSIVE subtree (root_id, workspace_id, client_id) AS (
      SELECT w.id, w.id, w.client_id FROM workspaces w WHERE w.id IN (${roots}) AND ${alive}
      UNION
      SELECT s.root_id, w.id, w.client_id
        FROM workspaces w JOIN subtree s ON w.parent_id = s.workspace_id AND w.client_id = s.client_id
        WHERE ${alive}
    )
    SELECT root_id, workspace_id, client_id FROM subtree
  )`;
}

/**
 * THE walk up the workspace tree: a query of (workspace_id, ancestor_id, depth, deleted), one row
 * for each workspace of `ids` (depth 0, itself) and for every workspace above it (depth 1 its
 * parent...) in its organisation, deleted ones included (`deleted` says which).
 */
export function workspaceAncestorsSql(
  ids: RawBuilder<unknown>,
): RawBuilder<{ workspace_id: number; ancestor_id: number; depth: number; deleted: boolean }> {
  return sql`(
    WITH RECURSIVE up (workspace_id, ancestor_id, parent_id, client_id, depth, deleted) AS (
      SELECT w.id, w.id, w.parent_id, w.client_id, 0, w.deleted_at IS NOT NULL
        FROM workspaces w WHERE w.id IN (${ids})
      UNION ALL
      SELECT up.workspace_id, p.id, p.parent_id, p.client_id, up.depth + 1, p.deleted_at IS NOT NULL
        FROM up JOIN workspaces p ON p.id = up.parent_id AND p.client_id = up.client_id
        WHERE up.depth < 100
    )
    SELECT workspace_id, ancestor_id, depth, deleted FROM up
  )`;
}

/**
 * THE ONE PLACE that says which workspaces a user may see (ARCHITECTURE: tenant boundary).
 * A SQL query of (workspace_id, client_id, role, collaboration_id, access_type), one row per
 * visible workspace, for use as a subquery in any query of tenant data:
 *  - own organisation: an admin sees every workspace; anybody else the workspaces where they
 *    have a role (manager, group manager, member) and all their sub-workspaces, with that role;
 *  - partner organisations: through an accepted collaboration with the user's organisation, the
 *    shared workspaces (and their sub-workspaces): all of them for the partner's admins (as
 *    collab_admin), else those where the user was given a collaboration role.
 * Deleted workspaces, and those below them, are never visible; archived ones are (lists filter them).
 * Where a user has several grants on a workspace, the strongest (lowest rank) wins.
 * Services ask through the request's access (request-access.ts), which reads this once.
 */
export function accessibleWorkspacesSql(
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
): RawBuilder<WorkspaceGrant> {
  const isAdmin = auth.role === 'admin';
  return sql<WorkspaceGrant>`(
    WITH shared_roots (collaboration_id, workspace_id, access_type) AS (
      -- Partner side: workspaces shared with the user's organisation.
      SELECT c.id, cw.workspace_id, c.access_type
        FROM collaborations c
        JOIN collaboration_workspaces cw ON cw.collaboration_id = c.id AND cw.client_id = c.client_id
        WHERE c.partner_client_id = ${auth.clientId} AND c.invitation_status = 'accepted' AND c.deleted_at IS NULL
    ),
    shared (collaboration_id, workspace_id, client_id, access_type) AS (
      SELECT r.collaboration_id, s.workspace_id, s.client_id, r.access_type
        FROM shared_roots r
        JOIN ${workspaceSubtreeSql(sql`SELECT workspace_id FROM shared_roots`)} AS s ON s.root_id = r.workspace_id
    ),
    grants (workspace_id, role, rank, collaboration_id, access_type) AS (
      SELECT w.id, 'admin'::text, 0, NULL::integer, NULL::text
        FROM workspaces w
        WHERE ${isAdmin} AND w.client_id = ${auth.clientId} AND w.parent_id IS NULL AND w.deleted_at IS NULL
      UNION ALL
      SELECT wu.workspace_id, wu.role,
          CASE wu.role WHEN 'manager' THEN 1 WHEN 'group_manager' THEN 2 ELSE 3 END,
          NULL::integer, NULL::text
        FROM workspace_users wu
        WHERE wu.client_id = ${auth.clientId} AND wu.user_id = ${auth.userId}
      UNION ALL
      SELECT s.workspace_id, 'collab_admin'::text, 4, s.collaboration_id, s.access_type
        FROM shared s WHERE ${isAdmin}
      UNION ALL
      SELECT s.workspace_id,
          CASE cu.role WHEN 'member' THEN 'collab_member' ELSE cu.role END,
          CASE cu.role WHEN 'collab_admin' THEN 4 WHEN 'collab_manager' THEN 5 ELSE 6 END,
          s.collaboration_id, s.access_type
        FROM collaboration_users cu
        JOIN shared s ON s.collaboration_id = cu.collaboration_id AND s.workspace_id = cu.workspace_id
        WHERE cu.user_id = ${auth.userId}
    )
    SELECT DISTINCT ON (t.workspace_id) t.workspace_id, t.client_id, g.role, g.collaboration_id, g.access_type
      FROM grants g
      JOIN ${workspaceSubtreeSql(sql`SELECT workspace_id FROM grants`)} AS t ON t.root_id = g.workspace_id
      ORDER BY t.workspace_id, g.rank
  )`;
}

/**
 * THE ONE PLACE that says who can work in a workspace (000 §3 available_assignees_ids): a query
 * of (user_id, client_id): the owner organisation's admins and its people with a role on the
 * workspace or above it; the admins of partners with an accepted collaboration sharing it or a
 * workspace above it, and the people those collaborations give a role on it or above it (with
 * their own organisation). Active or invited people, not deleted. A workspace that is deleted or
 * lies under a deleted one is nobody's to work in (as nobody sees it, accessibleWorkspacesSql).
 * The workspace may be a column of an outer query (`i.workspace_id`).
 */
export function workspaceWorkersSql(
  ownerClientId: RawBuilder<unknown> | number,
  workspaceId: RawBuilder<unknown> | number,
): RawBuilder<{ user_id: number; client_id: number }> {
  return sql`(
    WITH chain AS (
      SELECT a.ancestor_id AS id, a.deleted
        FROM ${workspaceAncestorsSql(
          sql`SELECT w.id FROM workspaces w WHERE w.id = ${workspaceId} AND w.client_id = ${ownerClientId}`,
        )} AS a
    ),
    up AS (SELECT id FROM chain WHERE NOT EXISTS (SELECT 1 FROM chain WHERE deleted)),
    sharing AS (
      SELECT DISTINCT c.id, c.partner_client_id FROM collaborations c
        JOIN collaboration_workspaces cw ON cw.collaboration_id = c.id AND cw.client_id = c.client_id
        WHERE c.client_id = ${ownerClientId} AND c.invitation_status = 'accepted' AND c.deleted_at IS NULL
          AND cw.workspace_id IN (SELECT id FROM up)
    ),
    candidates (user_id, client_id) AS (
      SELECT wu.user_id, wu.client_id FROM workspace_users wu
        WHERE wu.client_id = ${ownerClientId} AND wu.workspace_id IN (SELECT id FROM up)
      UNION
      SELECT uc.user_id, uc.client_id FROM user_clients uc
        WHERE uc.client_id = ${ownerClientId} AND uc.role = 'admin' AND EXISTS (SELECT 1 FROM up)
      UNION
      SELECT uc.user_id, uc.client_id FROM user_clients uc JOIN sharing s ON s.partner_client_id = uc.client_id
        WHERE uc.role = 'admin'
      UNION
      SELECT cu.user_id, s.partner_client_id FROM collaboration_users cu JOIN sharing s ON s.id = cu.collaboration_id
        WHERE cu.client_id = ${ownerClientId} AND cu.workspace_id IN (SELECT id FROM up)
    )
    SELECT c.user_id, c.client_id FROM candidates c JOIN users u ON u.id = c.user_id
      WHERE u.deleted_at IS NULL AND u.status IN ('active', 'invited')
  )`;
}

/**
 * workspaceWorkersSql for many workspaces at once (the calendar's items name hundreds): a query of
 * (workspace_id, user_id, client_id), the same rule set-wise, each workspace with its own owner
 * organisation. Kept beside it so the two change together; a test compares them.
 */
export function workspacesWorkersSql(
  workspaceIds: RawBuilder<unknown>,
): RawBuilder<{ workspace_id: number; user_id: number; client_id: number }> {
  return sql`(
    WITH chain AS (
      SELECT a.workspace_id, a.ancestor_id AS id, a.deleted, w.client_id
        FROM ${workspaceAncestorsSql(sql`SELECT w.id FROM workspaces w WHERE w.id IN (${workspaceIds})`)} AS a
        JOIN workspaces w ON w.id = a.workspace_id
    ),
    live AS (SELECT workspace_id, client_id FROM chain GROUP BY workspace_id, client_id HAVING NOT bool_or(deleted)),
    up AS (SELECT c.workspace_id, c.id, c.client_id FROM chain c JOIN live l ON l.workspace_id = c.workspace_id),
    sharing AS (
      SELECT DISTINCT up.workspace_id, c.id, c.client_id, c.partner_client_id FROM collaborations c
        JOIN collaboration_workspaces cw ON cw.collaboration_id = c.id AND cw.client_id = c.client_id
        JOIN up ON up.id = cw.workspace_id AND up.client_id = c.client_id
        WHERE c.invitation_status = 'accepted' AND c.deleted_at IS NULL
    ),
    candidates (workspace_id, user_id, client_id) AS (
      SELECT up.workspace_id, wu.user_id, wu.client_id FROM workspace_users wu
        JOIN up ON wu.workspace_id = up.id AND wu.client_id = up.client_id
      UNION
      SELECT l.workspace_id, uc.user_id, uc.client_id FROM user_clients uc
        JOIN live l ON uc.client_id = l.client_id WHERE uc.role = 'admin'
      UNION
      SELECT s.workspace_id, uc.user_id, uc.client_id FROM user_clients uc
        JOIN sharing s ON s.partner_client_id = uc.client_id WHERE uc.role = 'admin'
      UNION
      SELECT s.workspace_id, cu.user_id, s.partner_client_id FROM collaboration_users cu
        JOIN sharing s ON s.id = cu.collaboration_id AND cu.client_id = s.client_id
        JOIN up ON up.workspace_id = s.workspace_id AND up.id = cu.workspace_id
    )
    SELECT c.workspace_id, c.user_id, c.client_id FROM candidates c JOIN users u ON u.id = c.user_id
      WHERE u.deleted_at IS NULL AND u.status IN ('active', 'invited')
  )`;
}

/** The grants of a user as SQL reads them now (the request's access keeps them; see request-access.ts). */
export async function readWorkspaceGrants(
  db: Db,
  auth: Pick<Auth, 'userId' | 'clientId' | 'role'>,
  workspaceId?: number,
): Promise<Map<number, WorkspaceGrant>> {
  const { rows } = await sql<WorkspaceGrant>`
    SELECT * FROM ${accessibleWorkspacesSql(auth)} AS access
      ${workspaceId === undefined ? sql`` : sql`WHERE access.workspace_id = ${workspaceId}`}`.execute(db);
  return new Map(rows.map((row) => [row.workspace_id, row]));
}

/**
 * The workspaces a user may see (the same grants as accessibleWorkspacesSql) as id lists, for
 * issue visibility: `workspace_id = ANY(...)` lets the planner read issues in page order from an
 * index instead of joining the grants to every issue.
 */
export type VisibleWorkspaces = {
  /** The caller's grant on each visible workspace. */
  grants: Map<number, WorkspaceGrant>;
  /** The organisations owning the visible workspaces. */
  clientIds: number[];
  /** Workspaces whose issues the user sees in full. */
  full: number[];
  /** Workspaces of a partner with limited access: only issues the user is assigned to, reported or watches. */
  limited: number[];
  /**
   * Every workspace (any state) of the organisations in clientIds, when that is one organisation
   * and the tree was read: the workspaces not visible are those not in `full`, so counts over
   * nearly all workspaces can be read as the organisation's total minus the few others.
   */
  clientWorkspaceIds: number[];
  /** See hiddenClientWorkspaces (computed once per copy). */
  hidden: number[] | undefined;
  /** The tree of those workspaces: children by parent id, parents by id, and which are deleted. */
  children: Map<number, number[]>;
  parents: Map<number, number>;
  deleted: Set<number>;
};

/** The visible workspaces of some grants, without the organisation's tree (empty). */
export function visibleFromGrants(grants: Map<number, WorkspaceGrant>): VisibleWorkspaces {
  const clientIds = [...new Set([...grants.values()].map((g) => g.client_id))];
  const full: number[] = [];
  const limited: number[] = [];
  for (const grant of grants.values())
    (grant.access_type === 'limited' ? limited : full).push(grant.workspace_id);
  return {
    grants,
    clientIds,
    full,
    limited,
    clientWorkspaceIds: [],
    hidden: undefined,
    children: new Map(),
    parents: new Map(),
    deleted: new Set(),
  };
}

const visibleCache = versionStampedCache<string, VisibleWorkspaces>(5_000);

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
  const key = `${auth.userId}:${auth.clientId}:${auth.role}`;
  const cached = visibleCache.get(db, key, accessVersion);
  if (cached) return cached;

  const value = visibleFromGrants(await readWorkspaceGrants(db, auth));
  if (value.clientIds.length === 1) {
    const rows = await db
      .selectFrom('workspaces')
      .select(['id', 'parent_id', 'deleted_at'])
      .where('client_id', '=', value.clientIds[0] as number)
      .execute();
    value.clientWorkspaceIds = rows.map((r) => r.id);
    for (const row of rows) {
      if (row.deleted_at) value.deleted.add(row.id);
      if (row.parent_id !== null) {
        value.children.set(row.parent_id, [...(value.children.get(row.parent_id) ?? []), row.id]);
        value.parents.set(row.id, row.parent_id);
      }
    }
  }
  value.hidden = hiddenClientWorkspaces(value);
  // Stamped with the version read before the grants.
  visibleCache.set(db, key, accessVersion, value);
  return value;
}

/**
 * With one organisation and full access only: its workspaces the user may not see (deleted ones,
 * for an admin), so "visible" can be written as "not one of these". undefined otherwise.
 */
export function hiddenClientWorkspaces(
  visible: Pick<VisibleWorkspaces, 'clientIds' | 'limited' | 'full' | 'clientWorkspaceIds'>,
): number[] | undefined {
  if (visible.clientIds.length !== 1 || visible.limited.length || !visible.clientWorkspaceIds.length)
    return undefined;
  const full = new Set(visible.full);
  return visible.clientWorkspaceIds.filter((id) => !full.has(id));
}

/**
 * The workspaces and everything below them that is not deleted (workspaceSubtreeSql's rule), from
 * the tree kept with the visible workspaces; undefined when some id is not in that tree (another
 * organisation's, or the tree was not read), so the caller asks the database.
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

export type SubtreePathRanges = { ranges: Array<{ from: number[]; to: number[] }>; deleted: number[] };

/**
 * The subtrees of some workspaces as ranges of stored paths (workspaces.path, migration 0033:
 * the ids from the root down): every path that starts with a root's path sorts between that path
 * and the same path with its last id plus one, so a subtree is one index range. With the
 * workspaces below the roots that are deleted, which the ranges hold and the list must not
 * (subtreeOf's rule). undefined when the tree is not in memory or some id is not in it.
 */
export function subtreePathRanges(
  visible: VisibleWorkspaces,
  roots: readonly number[],
): { ranges: Array<{ from: number[]; to: number[] }>; deleted: number[] } | undefined {
  const known = new Set(visible.clientWorkspaceIds);
  if (!roots.length || !roots.every((id) => known.has(id))) return undefined;
  const pathOf = (id: number): number[] => {
    const path = [id];
    for (let at = visible.parents.get(id); at !== undefined; at = visible.parents.get(at)) path.unshift(at);
    return path;
  };
  // A root inside another root's subtree adds nothing.
  const rootSet = new Set(roots);
  const outer = [...rootSet].filter(
    (id) =>
      !pathOf(id)
        .slice(0, -1)
        .some((up) => rootSet.has(up)),
  );
  const ranges = outer.map((id) => {
    const from = pathOf(id);
    return { from, to: [...from.slice(0, -1), id + 1] };
  });
  // The deleted ones and everything below them (subtreeOf stops at a deleted workspace).
  const deleted: number[] = [];
  const queue = outer.map((id) => ({ id, gone: false }));
  while (queue.length) {
    const { id, gone } = queue.pop() as { id: number; gone: boolean };
    const below = gone || visible.deleted.has(id);
    if (below) deleted.push(id);
    for (const child of visible.children.get(id) ?? []) queue.push({ id: child, gone: below });
  }
  return { ranges, deleted };
}

/** A Postgres int[] literal: one parameter however many ids (both drivers send it as text). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * THE ONE PLACE that says which issues a user may see: those (not deleted) in a visible
 * workspace, except that people of a partner with LIMITED access see only the issues they are
 * assigned to, reported, or watch. A SQL condition on an issues row aliased `alias` (default
 * `i`), checked against the visible workspaces as id lists (no join with the grants).
 */
export function issueVisibleSql(
  auth: Pick<Auth, 'userId'>,
  visible: VisibleWorkspaces,
  options: {
    /** Only these workspaces (a filter), as one list with the visible ones. */
    within?: readonly number[];
    /**
     * `within` as ranges of issues.workspace_path (subtreePathRanges of the filter's workspaces),
     * used when the caller sees all of it in full: one index range per subtree instead of one
     * per workspace (issues_list_assignee_path).
     */
    paths?: SubtreePathRanges;
    alias?: 'i' | 'c';
  } = {},
): RawBuilder<boolean> {
  const col = (name: string) => sql.raw(`${options.alias ?? 'i'}.${name}`);
  if (options.within) {
    const wanted = new Set(options.within);
    visible = {
      ...visible,
      full: visible.full.filter((id) => wanted.has(id)),
      limited: visible.limited.filter((id) => wanted.has(id)),
      hidden: undefined,
    };
    if (!visible.full.length && !visible.limited.length) return sql<boolean>`false`;
    const paths = options.paths;
    if (
      paths &&
      !visible.limited.length &&
      visible.full.length === wanted.size &&
      visible.clientIds.length === 1
    ) {
      const ranges = paths.ranges.map(
        ({ from, to }) =>
          sql<boolean>`(${col('workspace_path')} >= ${intArray(from)} AND ${col('workspace_path')} < ${intArray(to)})`,
      );
      const parts = [sql<boolean>`(${sql.join(ranges, sql` OR `)})`];
      if (paths.deleted.length)
        parts.push(sql<boolean>`${col('workspace_id')} <> ALL(${intArray(paths.deleted)})`);
      // The tree (so the ranges) is of one organisation only (loadVisibleWorkspaces).
      return sql<boolean>`(${col('deleted_at')} IS NULL AND ${col('client_id')} = ${visible.clientIds[0]}
        AND ${sql.join(parts, sql` AND `)})`;
    }
  }
  if (!visible.clientIds.length) return sql<boolean>`false`;
  const clients =
    visible.clientIds.length === 1
      ? sql<boolean>`${col('client_id')} = ${visible.clientIds[0]}`
      : sql<boolean>`${col('client_id')} = ANY(${intArray(visible.clientIds)})`;
  const parts: RawBuilder<boolean>[] = [];
  // The shorter list (an admin sees nearly every workspace): fewer ids to send and plan with.
  const hidden = visible.hidden;
  if (hidden && hidden.length < visible.full.length) {
    parts.push(sql<boolean>`${col('workspace_id')} <> ALL(${intArray(hidden)})`);
  } else if (visible.full.length) {
    parts.push(sql<boolean>`${col('workspace_id')} = ANY(${intArray(visible.full)})`);
  }
  if (visible.limited.length) {
    parts.push(sql<boolean>`(${col('workspace_id')} = ANY(${intArray(visible.limited)}) AND (
      ${col('assignee_id')} = ${auth.userId}
      OR ${col('created_by')} = ${auth.userId}
      OR EXISTS (SELECT 1 FROM issue_watchers iw WHERE iw.issue_id = ${col('id')} AND iw.user_id = ${auth.userId})))`);
  }
  return sql<boolean>`(${col('deleted_at')} IS NULL AND ${clients} AND (${sql.join(parts, sql` OR `)}))`;
}
