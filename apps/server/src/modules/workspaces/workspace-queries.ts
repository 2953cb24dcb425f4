import { type ClientSettings, readClientSettings, type WorkspaceListQuery } from '@workbench/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, WorkspacesTable } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import {
  intArray,
  type WorkspaceGrant,
  workspaceAncestorsSql,
  workspaceSubtreeSql,
} from '../access/workspace-access.js';

export type Db = Kysely<Database> | Transaction<Database>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** An organisation's settings (the defaults for what it has not set). */
export async function readSettings(db: Db, clientId: number): Promise<ClientSettings> {
  const row = await db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  return readClientSettings(row?.settings ?? {});
}

/**
 * One page of the workspace list: the ids (in order) and the total. Only the caller's visible
 * workspaces (`grants`, the request's access), of the caller's own organisation unless
 * include_collabs=1. include_subws=0 keeps the top of each visible subtree among those matching
 * the archived filter; a search looks through every visible workspace.
 */
export async function findWorkspaceListPage(
  db: Db,
  auth: Caller,
  grants: ReadonlyMap<number, WorkspaceGrant>,
  query: WorkspaceListQuery,
): Promise<{ ids: number[]; total: number }> {
  const grantsListed = [...grants.values()].filter(
    (g) => query.include_collabs || g.client_id === auth.clientId,
  );
  const listed = grantsListed.map((g) => g.workspace_id);
  if (!listed.length) return { ids: [], total: 0 };
  const owners = intArray([...new Set(grantsListed.map((g) => g.client_id))]);
  const search = query.search ? `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const archivedCondition = (alias: string) =>
    query.archived
      ? sql`${sql.ref(`${alias}.archived_at`)} IS NOT NULL`
      : sql`${sql.ref(`${alias}.archived_at`)} IS NULL`;
  const from = sql`
    SELECT w.id, w.name, w.created_at, w.updated_at FROM workspaces w
      WHERE w.client_id = ANY(${owners}) AND w.id = ANY(${intArray(listed)})
        AND w.deleted_at IS NULL AND ${archivedCondition('w')}
        AND ${
          search
            ? sql`(lower(w.name) LIKE ${search} OR lower(coalesce(w.reference_number, '')) LIKE ${search})`
            : sql`TRUE`
        }
        AND ${
          query.include_subws || search
            ? sql`TRUE`
            : sql`NOT EXISTS (
                SELECT 1 FROM workspaces p
                WHERE p.id = w.parent_id AND p.client_id = w.client_id AND p.id = ANY(${intArray(listed)})
                  AND p.deleted_at IS NULL
                  AND ${archivedCondition('p')})`
        }`;
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const offset = (query.page - 1) * query.paginate_by;
  const [page, count] = await Promise.all([
    sql<{ id: number }>`SELECT l.id FROM (${from}) AS l
      ORDER BY ${sortOf(query.sort_by)} ${direction}, l.id ${direction}
      LIMIT ${query.paginate_by} OFFSET ${offset}`.execute(db),
    sql<{ total: string | number }>`SELECT count(*) AS total FROM (${from}) AS l`.execute(db),
  ]);
  return { ids: page.rows.map((r) => r.id), total: Number(count.rows[0]?.total ?? 0) };
}

/** The list's sort column (a fixed choice, never the caller's text). */
function sortOf(field: WorkspaceListQuery['sort_by']) {
  return sql.raw(field === 'name' ? 'lower(l.name)' : field === 'created' ? 'l.created_at' : 'l.updated_at');
}

/** Rows of visible workspaces by id (each filtered by the organisation that owns it). */
export async function findWorkspaceRows(
  db: Db,
  grants: ReadonlyArray<WorkspaceGrant>,
): Promise<Map<number, WorkspaceRow>> {
  if (!grants.length) return new Map();
  const clientIds = [...new Set(grants.map((g) => g.client_id))];
  const rows = await db
    .selectFrom('workspaces')
    .selectAll()
    .where('client_id', 'in', clientIds)
    .where(
      'id',
      'in',
      grants.map((g) => g.workspace_id),
    )
    .where('deleted_at', 'is', null)
    .execute();
  const owner = new Map(grants.map((g) => [g.workspace_id, g.client_id]));
  return new Map(rows.filter((r) => owner.get(r.id) === r.client_id).map((r) => [r.id, r]));
}

export type WorkspacePersonRow = {
  workspace_id: number;
  user_id: number;
  role: 'manager' | 'group_manager' | 'member';
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
};

/** The people with a role directly on these workspaces (not deleted). */
export async function findWorkspacePeople(
  db: Db,
  clientIds: number[],
  workspaceIds: number[],
): Promise<WorkspacePersonRow[]> {
  if (!workspaceIds.length) return [];
  return db
    .selectFrom('workspace_users as wu')
    .innerJoin('users as u', 'u.id', 'wu.user_id')
    .select([
      'wu.workspace_id',
      'wu.user_id',
      'wu.role',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.profile_image',
    ])
    .where('wu.client_id', 'in', clientIds)
    .where('wu.workspace_id', 'in', workspaceIds)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
}

/** The admins of these organisations (they see every workspace of theirs). */
export async function findAdminIds(db: Db, clientIds: number[]): Promise<Map<number, number[]>> {
  if (!clientIds.length) return new Map();
  const rows = await db
    .selectFrom('user_clients as uc')
    .innerJoin('users as u', 'u.id', 'uc.user_id')
    .select(['uc.client_id', 'uc.user_id'])
    .where('uc.client_id', 'in', clientIds)
    .where('uc.role', '=', 'admin')
    .where('u.deleted_at', 'is', null)
    .where('u.status', '<>', 'paused')
    .orderBy('uc.user_id')
    .execute();
  const out = new Map<number, number[]>();
  for (const row of rows) out.set(row.client_id, [...(out.get(row.client_id) ?? []), row.user_id]);
  return out;
}

/** Which of these workspaces the person marked as favourites while working in this organisation. */
export async function findFavoriteIds(
  db: Db,
  caller: Pick<Caller, 'userId' | 'clientId'>,
  workspaceIds: number[],
): Promise<Set<number>> {
  if (!workspaceIds.length) return new Set();
  const rows = await db
    .selectFrom('workspace_favorites')
    .select('workspace_id')
    .where('client_id', '=', caller.clientId)
    .where('user_id', '=', caller.userId)
    .where('workspace_id', 'in', workspaceIds)
    .execute();
  return new Set(rows.map((r) => r.workspace_id));
}

/** Direct sub-workspaces (not deleted; not archived when pruning offline ones). */
export async function findChildren(
  db: Db,
  clientIds: number[],
  parentIds: number[],
  pruneOffline: boolean,
): Promise<WorkspaceRow[]> {
  if (!parentIds.length) return [];
  let query = db
    .selectFrom('workspaces')
    .selectAll()
    .where('client_id', 'in', clientIds)
    .where('parent_id', 'in', parentIds)
    .where('deleted_at', 'is', null);
  if (pruneOffline) query = query.where('archived_at', 'is', null);
  return query.orderBy(sql`lower(name)`).orderBy('id').execute();
}

export type SharingRow = {
  workspace_id: number;
  collaboration_id: number;
  client_id: number;
  type: 'client' | 'provider';
  access_type: 'full' | 'limited';
  company_alias: string | null;
  invited_email: string;
  logo: string | null;
  partner_name: string | null;
  partner_logo: string | null;
  owner_name: string;
  owner_logo: string | null;
};

/**
 * The live collaborations sharing each workspace, directly or through an ancestor (a shared
 * workspace is shared with its sub-workspaces), and their people's roles on that branch.
 */
export async function findSharing(
  db: Db,
  clientIds: number[],
  workspaceIds: number[],
): Promise<{
  sharing: SharingRow[];
  people: Array<{ workspace_id: number; collaboration_id: number; user_id: number; role: string }>;
}> {
  if (!workspaceIds.length) return { sharing: [], people: [] };
  const clients = sql.join(clientIds);
  const up = sql`WITH up AS (
      SELECT a.workspace_id, a.ancestor_id FROM ${workspaceAncestorsSql(
        sql`SELECT w.id FROM workspaces w WHERE w.id IN (${sql.join(workspaceIds)}) AND w.client_id IN (${clients})`,
      )} AS a
    )`;
  const [sharing, people] = await Promise.all([
    sql<SharingRow>`${up}
      SELECT DISTINCT up.workspace_id, c.id AS collaboration_id, c.client_id, c.type, c.access_type,
          c.company_alias, c.invited_email, c.logo, pc.name AS partner_name, pc.logo AS partner_logo,
          oc.name AS owner_name, oc.logo AS owner_logo
        FROM up
        JOIN collaboration_workspaces cw ON cw.workspace_id = up.ancestor_id AND cw.client_id IN (${clients})
        JOIN collaborations c ON c.id = cw.collaboration_id AND c.client_id = cw.client_id
        LEFT JOIN clients pc ON pc.id = c.partner_client_id
        JOIN clients oc ON oc.id = c.client_id
        WHERE c.deleted_at IS NULL AND c.invitation_status <> 'declined'
        ORDER BY up.workspace_id, c.id`.execute(db),
    sql<{ workspace_id: number; collaboration_id: number; user_id: number; role: string }>`${up}
      SELECT DISTINCT up.workspace_id, cu.collaboration_id, cu.user_id, cu.role
        FROM up
        JOIN collaboration_users cu ON cu.workspace_id = up.ancestor_id AND cu.client_id IN (${clients})
        JOIN users u ON u.id = cu.user_id AND u.deleted_at IS NULL
        ORDER BY cu.user_id`.execute(db),
  ]);
  return { sharing: sharing.rows, people: people.rows };
}

/** The ancestors of a workspace, top first (not the workspace itself). */
export async function findAncestors(
  db: Db,
  clientId: number,
  workspaceId: number,
): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT p.id, p.name
      FROM ${workspaceAncestorsSql(
        sql`SELECT w.id FROM workspaces w WHERE w.id = ${workspaceId} AND w.client_id = ${clientId}`,
      )} AS a
      JOIN workspaces p ON p.id = a.ancestor_id
      WHERE a.depth > 0
      ORDER BY a.depth DESC`.execute(db);
  return rows;
}

/** Every workspace of an organisation as a tree node (for parent checks). */
export function findOrganisationTree(db: Db, clientId: number) {
  return db
    .selectFrom('workspaces')
    .select(['id', 'parent_id', 'name'])
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** The ids of a workspace and everything below it (deleted ones included: they go together). */
export async function findSubtreeIds(db: Db, clientId: number, workspaceId: number): Promise<number[]> {
  const { rows } = await sql<{ workspace_id: number }>`
    SELECT s.workspace_id FROM ${workspaceSubtreeSql(sql`${workspaceId}`, { withDeleted: true })} AS s
      WHERE s.client_id = ${clientId}`.execute(db);
  return rows.map((r) => r.workspace_id);
}

/** What the workspace presenter shows of some visible workspaces beyond the grants. */
export type WorkspaceItemData = {
  rows: Map<number, WorkspaceRow>;
  people: WorkspacePersonRow[];
  admins: Map<number, number[]>;
  favorites: Set<number>;
  childCounts: Map<number, number>;
  sharing: Awaited<ReturnType<typeof findSharing>>;
  settings: ClientSettings;
};

/** Everything the workspace presenter shows of these workspaces, read together. */
export async function findWorkspaceItemData(
  db: Db,
  caller: Caller,
  grants: WorkspaceGrant[],
  pruneOffline: boolean,
): Promise<WorkspaceItemData> {
  const ids = grants.map((g) => g.workspace_id);
  const clientIds = [...new Set(grants.map((g) => g.client_id))];
  const [rows, people, admins, favorites, children, sharing, settings] = await Promise.all([
    findWorkspaceRows(db, grants),
    findWorkspacePeople(db, clientIds, ids),
    findAdminIds(db, clientIds),
    findFavoriteIds(db, caller, ids),
    findChildren(db, clientIds, ids, pruneOffline),
    findSharing(db, clientIds, ids),
    readSettings(db, caller.clientId),
  ]);
  const childCounts = new Map<number, number>();
  for (const child of children) {
    if (child.parent_id !== null)
      childCounts.set(child.parent_id, (childCounts.get(child.parent_id) ?? 0) + 1);
  }
  return { rows, people, admins, favorites, childCounts, sharing, settings };
}
