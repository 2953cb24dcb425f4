import {
  ASSET_STATUS,
  type AssetListQuery,
  ISSUE_STATUS,
  type LegalRequirementState,
  REGULATORY_EXPIRY_WARNING_DAYS,
} from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import {
  intArray,
  issueVisibleSql,
  type VisibleWorkspaces,
  workspaceSubtreeSql,
  workspaceWorkersSql,
} from '../access/workspace-access.js';
import { containsPattern } from '../users/user-presenter.js';
import {
  type AssetScope,
  assetGroupVisibleSql,
  assetSystemVisibleSql,
  assetVisibleSql,
} from './asset-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/**
 * One asset as the list and the detail show it: its own columns, the names of its workspace,
 * group, system and creator joined, its statistics and legal state computed (times as Date).
 */
export type AssetRow = {
  id: number;
  client_id: number;
  name: string;
  status: number;
  workspace_id: number;
  workspace_name: string;
  group_id: number | null;
  group_name: string | null;
  system_id: number | null;
  system_name: string | null;
  manufacturer: string | null;
  model: string | null;
  serial_number: string | null;
  reference_number: string | null;
  description: string | null;
  location_required: boolean;
  auth_maintenance_required: boolean;
  auth_inspection_required: boolean;
  public_code: string;
  created_by: number | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_email: string | null;
  creator_profile_image: string | null;
  created_at: Date;
  updated_at: Date;
  asset_issues: number;
  asset_tasks: number;
  legal_state: LegalRequirementState;
};

export type PersonRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
};

/**
 * The legal-requirements state of the asset `a` (packages/domain assetLegalState, in SQL): the
 * worst of its regulatory files on the database's today, 'missing' without any.
 */
const legalStateSql = sql<LegalRequirementState>`(
  SELECT CASE
      WHEN count(*) = 0 THEN 'missing'
      WHEN bool_or(f.valid_until < current_date) THEN 'expired'
      WHEN bool_or(f.valid_until <= current_date + ${REGULATORY_EXPIRY_WARNING_DAYS}::int) THEN 'expiring'
      ELSE 'valid' END
    FROM regulatory_file_assets fa
    JOIN regulatory_files f ON f.id = fa.file_id AND f.client_id = fa.client_id AND f.deleted_at IS NULL
    WHERE fa.client_id = a.client_id AND fa.asset_id = a.id)`;

/** Open issues (not completed, not archived, visible) of the asset `a`: issues or sub-issues (tasks). */
function openIssuesSql(auth: Caller, visible: VisibleWorkspaces, type: 'issue' | 'task'): RawBuilder<number> {
  const parent = type === 'issue' ? sql`i.parent_id IS NULL` : sql`i.parent_id IS NOT NULL`;
  return sql<number>`(SELECT count(*)::int FROM issues i
    WHERE i.asset_id = a.id AND ${parent}
      AND i.status_id BETWEEN ${ISSUE_STATUS.draft} AND ${ISSUE_STATUS.inReview}
      AND i.archived_at IS NULL AND ${issueVisibleSql(auth, visible)})`;
}

/** Every condition of the list query on `assets a`, visibility first. */
function listConditions(scope: AssetScope, query: AssetListQuery): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [assetVisibleSql(scope, 'a')];
  where.push(
    query.status.length
      ? sql<boolean>`a.status = ANY(${intArray(query.status)})`
      : sql<boolean>`a.status <> ${ASSET_STATUS.ARCHIVED}`,
  );
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(sql<boolean>`(a.name ILIKE ${pattern} OR a.serial_number ILIKE ${pattern}
      OR a.reference_number ILIKE ${pattern} OR a.model ILIKE ${pattern} OR a.manufacturer ILIKE ${pattern})`);
  }
  if (query.workspaces.length) {
    where.push(
      query.include_sub_ws
        ? sql<boolean>`a.workspace_id IN (SELECT s.workspace_id
            FROM ${workspaceSubtreeSql(sql`${sql.join(query.workspaces)}`)} AS s)`
        : sql<boolean>`a.workspace_id = ANY(${intArray(query.workspaces)})`,
    );
  }
  if (query.groups.length) where.push(sql<boolean>`a.group_id = ANY(${intArray(query.groups)})`);
  if (query.systems.length) where.push(sql<boolean>`a.system_id = ANY(${intArray(query.systems)})`);
  if (query.models.length) where.push(sql<boolean>`a.model IN (${sql.join(query.models)})`);
  if (query.manufacturers.length)
    where.push(sql<boolean>`a.manufacturer IN (${sql.join(query.manufacturers)})`);
  if (query.managers.length) {
    // Managed directly or through its group: both may edit it.
    const managers = intArray(query.managers);
    where.push(sql<boolean>`(EXISTS (SELECT 1 FROM asset_managers am
        WHERE am.asset_id = a.id AND am.user_id = ANY(${managers}))
      OR EXISTS (SELECT 1 FROM asset_group_managers gm JOIN asset_groups mg ON mg.id = gm.group_id
        WHERE gm.group_id = a.group_id AND mg.deleted_at IS NULL AND gm.user_id = ANY(${managers})))`);
  }
  if (query.legal_requirements.length) {
    where.push(sql<boolean>`${legalStateSql} IN (${sql.join(query.legal_requirements)})`);
  }
  return where;
}

/**
 * One page of the assets the caller sees, filtered and sorted: their ids in order and the total.
 * Only the sort key is computed for every match; the rows of the page are read by id after.
 */
export async function findAssetPage(
  db: Db,
  auth: Caller,
  scope: AssetScope,
  query: AssetListQuery,
): Promise<{ ids: number[]; total: number }> {
  const where = sql.join(listConditions(scope, query), sql` AND `);
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const visible = await accessOf(auth).visible(db);
  const sortKey = {
    name: sql`lower(a.name)`,
    created: sql`a.created_at`,
    updated: sql`a.updated_at`,
    asset_issues: openIssuesSql(auth, visible, 'issue'),
    asset_tasks: openIssuesSql(auth, visible, 'task'),
  }[query.sort_by];
  const limit = sql`LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`;
  if (query.search || query.legal_requirements.length || query.managers.length) {
    // Costly conditions (text search, the state of the files, managers) are worked out once for
    // every asset: the matches are kept, then counted and the page taken from them (top-N).
    const { rows } = await sql<{ id: number; total: string | number }>`
      WITH matched AS MATERIALIZED (
        SELECT a.id, ${sortKey} AS sort_key FROM assets a WHERE ${where})
      SELECT id, (SELECT count(*) FROM matched) AS total FROM matched
        ORDER BY sort_key ${direction}, id ${direction} ${limit}`.execute(db);
    if (rows.length || query.page === 1)
      return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  } else {
    // Two cheap statements, not count(*) OVER (): a window over every matching row makes
    // PostgreSQL sort them all, where a plain LIMIT reads the page in index order or keeps only
    // its rows while it reads (top-N).
    const { rows } = await sql<{ id: number }>`
      SELECT a.id FROM assets a WHERE ${where}
        ORDER BY ${sortKey} ${direction}, a.id ${direction} ${limit}`.execute(db);
    if (!rows.length && query.page === 1) return { ids: [], total: 0 };
    if (rows.length) {
      const { rows: count } = await sql<{ total: string | number }>`
        SELECT count(*) AS total FROM assets a WHERE ${where}`.execute(db);
      return { ids: rows.map((r) => r.id), total: Number(count[0]?.total ?? 0) };
    }
  }
  // A page past the end still says how many there are.
  const { rows: count } = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM assets a WHERE ${where}`.execute(db);
  return { ids: [], total: Number(count[0]?.total ?? 0) };
}

/** The assets of these ids the caller sees, with names, statistics and legal state, in the order of `ids`. */
export async function findAssetRows(
  db: Db,
  auth: Caller,
  scope: AssetScope,
  ids: number[],
): Promise<AssetRow[]> {
  if (!ids.length) return [];
  const visible = await accessOf(auth).visible(db);
  const { rows } = await sql<AssetRow>`
    SELECT a.id, a.client_id, a.name, a.status, a.workspace_id, w.name AS workspace_name,
        g.id AS group_id, g.name AS group_name, s.id AS system_id, s.name AS system_name,
        a.manufacturer, a.model, a.serial_number, a.reference_number, a.description,
        a.location_required, a.auth_maintenance_required, a.auth_inspection_required, a.public_code,
        a.created_by, u.first_name AS creator_first_name, u.last_name AS creator_last_name,
        u.email AS creator_email, u.profile_image AS creator_profile_image,
        a.created_at, a.updated_at,
        ${openIssuesSql(auth, visible, 'issue')} AS asset_issues,
        ${openIssuesSql(auth, visible, 'task')} AS asset_tasks,
        ${legalStateSql} AS legal_state
      FROM assets a
      JOIN workspaces w ON w.id = a.workspace_id AND w.client_id = a.client_id
      LEFT JOIN asset_groups g ON g.id = a.group_id AND g.client_id = a.client_id AND g.deleted_at IS NULL
      LEFT JOIN asset_systems s ON s.id = a.system_id AND s.client_id = a.client_id AND s.deleted_at IS NULL
      LEFT JOIN users u ON u.id = a.created_by AND u.deleted_at IS NULL
      WHERE a.id = ANY(${intArray(ids)}) AND ${assetVisibleSql(scope, 'a')}`.execute(db);
  const byId = new Map(
    rows.map((r) => [r.id, { ...r, created_at: new Date(r.created_at), updated_at: new Date(r.updated_at) }]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Per group: its live assets (not archived) the caller sees, one count for the page's groups. */
export async function countLiveAssetsByGroup(
  db: Db,
  scope: AssetScope,
  groupIds: number[],
): Promise<Map<number, number>> {
  if (!groupIds.length) return new Map();
  const { rows } = await sql<{ group_id: number; n: number }>`
    SELECT a.group_id, count(*)::int AS n FROM assets a
      WHERE a.group_id = ANY(${intArray(groupIds)}) AND a.status <> ${ASSET_STATUS.ARCHIVED}
        AND ${assetVisibleSql(scope, 'a')}
      GROUP BY a.group_id`.execute(db);
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

/**
 * The managers of each asset (asset_managers) or group (asset_group_managers), by name: one read
 * for a whole page. `clientIds`: the organisations of those assets or groups.
 */
export async function findManagersOf(
  db: Db,
  owner: 'asset' | 'group',
  clientIds: readonly number[],
  ownerIds: number[],
): Promise<Map<number, PersonRow[]>> {
  const out = new Map<number, PersonRow[]>();
  if (!ownerIds.length) return out;
  const [table, column] =
    owner === 'asset' ? ['asset_managers', 'asset_id'] : ['asset_group_managers', 'group_id'];
  const { rows } = await sql<PersonRow & { owner_id: number }>`
    SELECT m.${sql.ref(column)} AS owner_id, u.id, u.first_name, u.last_name, u.email, u.profile_image
      FROM ${sql.table(table)} m JOIN users u ON u.id = m.user_id
      WHERE m.client_id = ANY(${intArray(clientIds)}) AND m.${sql.ref(column)} = ANY(${intArray(ownerIds)})
        AND u.deleted_at IS NULL
      ORDER BY u.first_name, u.last_name, u.id`.execute(db);
  for (const { owner_id, ...person } of rows) out.set(owner_id, [...(out.get(owner_id) ?? []), person]);
  return out;
}

/** The manager ids of each (live) group; `clientIds`: the groups' organisations. */
export async function findGroupManagerIds(
  db: Db,
  clientIds: readonly number[],
  groupIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!groupIds.length) return out;
  const rows = await db
    .selectFrom('asset_group_managers')
    .select(['group_id', 'user_id'])
    .where('client_id', 'in', clientIds)
    .where('group_id', 'in', groupIds)
    .execute();
  for (const row of rows) out.set(row.group_id, [...(out.get(row.group_id) ?? []), row.user_id]);
  return out;
}

/** Locks the asset row for the rest of the transaction (writes to one asset take turns). */
export async function lockAssets(trx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await sql`SELECT id FROM assets WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR UPDATE`.execute(trx);
}

// ---------------------------------------------------------------------------------------------
// References of the asset form
// ---------------------------------------------------------------------------------------------

/** A group the caller sees, with its organisation and workspace. */
export async function findVisibleGroup(
  db: Db,
  scope: AssetScope,
  groupId: number,
): Promise<{ id: number; client_id: number; workspace_id: number } | undefined> {
  const { rows } = await sql<{ id: number; client_id: number; workspace_id: number }>`
    SELECT g.id, g.client_id, g.workspace_id FROM asset_groups g
      WHERE g.id = ${groupId} AND ${assetGroupVisibleSql(scope, 'g')}`.execute(db);
  return rows[0];
}

/** A system the caller sees, with its organisation. */
export async function findVisibleSystem(
  db: Db,
  auth: Caller,
  systemId: number,
): Promise<{ id: number; client_id: number } | undefined> {
  const { rows } = await sql<{ id: number; client_id: number }>`
    SELECT s.id, s.client_id FROM asset_systems s
      WHERE s.id = ${systemId} AND ${assetSystemVisibleSql(auth, 's')}`.execute(db);
  return rows[0];
}

/** Whether `workspaceId` is `ancestorId` or lies below it (live workspaces). */
export async function isWorkspaceWithin(db: Db, workspaceId: number, ancestorId: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM ${workspaceSubtreeSql(sql`${ancestorId}`)} AS s
    WHERE s.workspace_id = ${workspaceId}`.execute(db);
  return rows.length > 0;
}

/**
 * Which of `userIds` may manage assets of the workspace: people of its organisation (not a
 * partner's) who can work in it (workspaceWorkersSql).
 */
export async function findWorkspaceManagersAmong(
  db: Db,
  clientId: number,
  workspaceId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const { rows } = await sql<{ user_id: number }>`
    SELECT ww.user_id FROM ${workspaceWorkersSql(clientId, workspaceId)} AS ww
      WHERE ww.client_id = ${clientId} AND ww.user_id = ANY(${intArray(userIds)})`.execute(db);
  return new Set(rows.map((r) => r.user_id));
}

/** Replaces an asset's managers. */
export async function setAssetManagers(
  db: Db,
  clientId: number,
  assetId: number,
  userIds: number[],
): Promise<void> {
  await db.deleteFrom('asset_managers').where('asset_id', '=', assetId).execute();
  if (userIds.length)
    await db
      .insertInto('asset_managers')
      .values(userIds.map((user_id) => ({ client_id: clientId, asset_id: assetId, user_id })))
      .execute();
}

// ---------------------------------------------------------------------------------------------
// Filter options and the activity log
// ---------------------------------------------------------------------------------------------

/** The groups, systems, models, manufacturers and managers of what the caller sees. */
export async function findAssetFilterOptions(db: Db, auth: Caller, scope: AssetScope) {
  const visibleAssets = assetVisibleSql(scope, 'a');
  const [groups, systems, models, manufacturers, managers] = await Promise.all([
    sql<{ id: number; name: string; workspace_id: number }>`
      SELECT g.id, g.name, g.workspace_id FROM asset_groups g
        WHERE ${assetGroupVisibleSql(scope, 'g')} ORDER BY lower(g.name), g.id`.execute(db),
    sql<{ id: number; name: string }>`
      SELECT s.id, s.name FROM asset_systems s
        WHERE ${assetSystemVisibleSql(auth, 's')} ORDER BY lower(s.name), s.id`.execute(db),
    sql<{ value: string }>`
      SELECT DISTINCT a.model AS value FROM assets a
        WHERE ${visibleAssets} AND a.model IS NOT NULL AND a.model <> '' ORDER BY value`.execute(db),
    sql<{ value: string }>`
      SELECT DISTINCT a.manufacturer AS value FROM assets a
        WHERE ${visibleAssets} AND a.manufacturer IS NOT NULL AND a.manufacturer <> ''
        ORDER BY value`.execute(db),
    sql<PersonRow>`
      SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image FROM users u
        WHERE u.deleted_at IS NULL AND u.id IN (
          SELECT am.user_id FROM asset_managers am JOIN assets a ON a.id = am.asset_id WHERE ${visibleAssets}
          UNION
          SELECT gm.user_id FROM asset_group_managers gm JOIN asset_groups g ON g.id = gm.group_id
            WHERE ${assetGroupVisibleSql(scope, 'g')})
        ORDER BY u.first_name, u.last_name, u.id`.execute(db),
  ]);
  return {
    groups: groups.rows,
    systems: systems.rows,
    models: models.rows.map((r) => r.value),
    manufacturers: manufacturers.rows.map((r) => r.value),
    managers: managers.rows,
  };
}
