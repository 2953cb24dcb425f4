import { ASSET_STATUS, type AssetGroupListQuery, ISSUE_STATUS } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import { intArray, issueVisibleSql, workspaceSubtreeSql } from '../access/workspace-access.js';
import { containsPattern } from '../users/user-presenter.js';
import { type AssetScope, assetGroupVisibleSql, assetVisibleSql } from './asset-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = NonNullable<Auth>;

/** An asset group as the presenter needs it (its workspace's name joined). */
export type AssetGroupRow = {
  id: number;
  client_id: number;
  workspace_id: number;
  workspace_name: string;
  name: string;
  description: string | null;
  status: number;
  created_at: Date;
  updated_at: Date;
};

export type AssetGroupStatistics = { assets_in_group: number; asset_issues: number };

const GROUP_SORT_COLUMNS = {
  name: sql`lower(g.name)`,
  created: sql`g.created_at`,
  updated: sql`g.updated_at`,
} as const;

/** The common-status filter of the asset lists: empty is every status but archived. */
export function statusFilterSql(alias: string, status: readonly number[]): RawBuilder<boolean> {
  const col = sql.ref(`${alias}.status`);
  return status.length
    ? sql<boolean>`${col} = ANY(${intArray(status)})`
    : sql<boolean>`${col} <> ${ASSET_STATUS.ARCHIVED}`;
}

/** One page of the groups the caller sees, filtered and sorted: their ids in order, and the total. */
export async function findAssetGroupPage(
  db: Db,
  scope: AssetScope,
  query: AssetGroupListQuery,
): Promise<{ ids: number[]; total: number }> {
  const conditions: RawBuilder<boolean>[] = [
    assetGroupVisibleSql(scope, 'g'),
    statusFilterSql('g', query.status),
  ];
  if (query.workspaces.length) conditions.push(sql`g.workspace_id = ANY(${intArray(query.workspaces)})`);
  if (query.managers.length)
    conditions.push(sql`EXISTS (SELECT 1 FROM asset_group_managers gm
      WHERE gm.group_id = g.id AND gm.user_id = ANY(${intArray(query.managers)}))`);
  if (query.search) conditions.push(sql`lower(g.name) LIKE ${containsPattern(query.search)}`);
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<{ id: number; total: string | number }>`
    SELECT g.id, count(*) OVER () AS total FROM asset_groups g
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY ${GROUP_SORT_COLUMNS[query.sort_by]} ${direction}, g.id ${direction}
      LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db);
  if (rows.length || query.page === 1)
    return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  // A page past the end: still answer how many there are.
  const { rows: count } = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM asset_groups g WHERE ${sql.join(conditions, sql` AND `)}`.execute(db);
  return { ids: [], total: Number(count[0]?.total ?? 0) };
}

/** Whether the caller sees the group (assetGroupVisibleSql). */
export async function isAssetGroupVisible(db: Db, scope: AssetScope, groupId: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM asset_groups g
    WHERE g.id = ${groupId} AND ${assetGroupVisibleSql(scope, 'g')} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** The groups of these ids (not deleted), in the order of `ids`. */
export async function findAssetGroupRows(
  db: Db,
  clientIds: number[],
  ids: number[],
): Promise<AssetGroupRow[]> {
  if (!ids.length || !clientIds.length) return [];
  const rows = await db
    .selectFrom('asset_groups as g')
    .innerJoin('workspaces as w', 'w.id', 'g.workspace_id')
    .select([
      'g.id',
      'g.client_id',
      'g.workspace_id',
      'w.name as workspace_name',
      'g.name',
      'g.description',
      'g.status',
      'g.created_at',
      'g.updated_at',
    ])
    .where('g.client_id', 'in', clientIds)
    .where('g.id', 'in', ids)
    .where('g.deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r as AssetGroupRow]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Per group: its live assets (not archived, not deleted) the caller sees, and the open issues
 * (not completed, not archived) the caller sees that name one of its assets or the group itself.
 */
export async function countAssetGroupStatistics(
  db: Db,
  auth: Caller,
  scope: AssetScope,
  groupIds: number[],
): Promise<Map<number, AssetGroupStatistics>> {
  const out = new Map<number, AssetGroupStatistics>();
  if (!groupIds.length) return out;
  const visible = await accessOf(auth).visible(db);
  const ids = intArray(groupIds);
  const [assets, issues] = await Promise.all([
    sql<{ group_id: number; n: string | number }>`
      SELECT a.group_id, count(*) AS n FROM assets a
        WHERE a.group_id = ANY(${ids}) AND a.status <> ${ASSET_STATUS.ARCHIVED} AND ${assetVisibleSql(scope, 'a')}
        GROUP BY a.group_id`.execute(db),
    sql<{ group_id: number; n: string | number }>`
      SELECT x.group_id, count(DISTINCT x.issue_id) AS n FROM (
        SELECT i.asset_group_id AS group_id, i.id AS issue_id FROM issues i
          WHERE i.asset_group_id = ANY(${ids}) AND i.status_id <> ${ISSUE_STATUS.completed}
            AND i.archived_at IS NULL AND ${issueVisibleSql(auth, visible)}
        UNION ALL
        SELECT a.group_id, i.id FROM issues i JOIN assets a ON a.id = i.asset_id
          WHERE a.group_id = ANY(${ids}) AND a.deleted_at IS NULL
            AND i.status_id <> ${ISSUE_STATUS.completed} AND i.archived_at IS NULL
            AND ${issueVisibleSql(auth, visible)}
      ) x GROUP BY x.group_id`.execute(db),
  ]);
  for (const id of groupIds) out.set(id, { assets_in_group: 0, asset_issues: 0 });
  for (const row of assets.rows)
    (out.get(row.group_id) as AssetGroupStatistics).assets_in_group = Number(row.n);
  for (const row of issues.rows) (out.get(row.group_id) as AssetGroupStatistics).asset_issues = Number(row.n);
  return out;
}

/** Which of `userIds` are people of the organisation (not deleted). */
export async function findOrganisationPeople(
  db: Db,
  clientId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('user_clients as uc')
    .innerJoin('users as u', 'u.id', 'uc.user_id')
    .select('u.id')
    .where('uc.client_id', '=', clientId)
    .where('u.id', 'in', userIds)
    .where('u.deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Replaces a group's managers. */
export async function setAssetGroupManagers(
  db: Db,
  clientId: number,
  groupId: number,
  userIds: number[],
): Promise<void> {
  await db.deleteFrom('asset_group_managers').where('group_id', '=', groupId).execute();
  if (userIds.length)
    await db
      .insertInto('asset_group_managers')
      .values(userIds.map((user_id) => ({ client_id: clientId, group_id: groupId, user_id })))
      .execute();
}

/** The workspace and everything below it (not deleted). */
export async function findWorkspaceSubtree(db: Db, workspaceId: number): Promise<Set<number>> {
  const { rows } = await sql<{ workspace_id: number }>`
    SELECT workspace_id FROM ${workspaceSubtreeSql(sql`${workspaceId}`)} AS s`.execute(db);
  return new Set(rows.map((r) => r.workspace_id));
}

/** The group's assets (not deleted) that lie outside the workspace's subtree. */
export async function countAssetsOutside(db: Db, groupId: number, workspaceId: number): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM assets a
      WHERE a.group_id = ${groupId} AND a.deleted_at IS NULL
        AND a.workspace_id NOT IN (SELECT workspace_id FROM ${workspaceSubtreeSql(sql`${workspaceId}`)} AS s)`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * What the editing rules (canEditAsset) need of the named assets the caller sees: workspace,
 * status, group, the asset's managers and its (live) group's managers. Assets the caller does not
 * see are left out.
 */
export type AssetRightsRow = {
  id: number;
  client_id: number;
  workspace_id: number;
  group_id: number | null;
  status: number;
  name: string;
  manager_ids: number[];
  group_manager_ids: number[];
};

export async function findVisibleAssetRights(
  db: Db,
  scope: AssetScope,
  assetIds: number[],
): Promise<Map<number, AssetRightsRow>> {
  const out = new Map<number, AssetRightsRow>();
  if (!assetIds.length) return out;
  const { rows } = await sql<Omit<AssetRightsRow, 'manager_ids' | 'group_manager_ids'>>`
    SELECT a.id, a.client_id, a.workspace_id, a.group_id, a.status, a.name FROM assets a
      WHERE a.id = ANY(${intArray(assetIds)}) AND ${assetVisibleSql(scope, 'a')}`.execute(db);
  if (!rows.length) return out;
  const groupIds = [...new Set(rows.flatMap((r) => (r.group_id === null ? [] : [r.group_id])))];
  const [managers, groupManagers] = await Promise.all([
    db
      .selectFrom('asset_managers')
      .select(['asset_id', 'user_id'])
      .where(
        'asset_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute(),
    groupIds.length
      ? db
          .selectFrom('asset_group_managers as gm')
          .innerJoin('asset_groups as g', 'g.id', 'gm.group_id')
          .select(['gm.group_id', 'gm.user_id'])
          .where('gm.group_id', 'in', groupIds)
          .where('g.deleted_at', 'is', null)
          .execute()
      : Promise.resolve([]),
  ]);
  for (const row of rows) {
    out.set(row.id, {
      ...row,
      manager_ids: managers.filter((m) => m.asset_id === row.id).map((m) => m.user_id),
      group_manager_ids: groupManagers.filter((m) => m.group_id === row.group_id).map((m) => m.user_id),
    });
  }
  return out;
}
