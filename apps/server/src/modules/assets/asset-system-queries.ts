import { ASSET_STATUS, type AssetSystemListQuery } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { intArray } from '../access/workspace-access.js';
import { containsPattern } from '../users/user-presenter.js';
import { statusFilterSql } from './asset-group-queries.js';
import { type AssetScope, assetSystemVisibleSql, assetVisibleSql } from './asset-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = NonNullable<Auth>;

export type AssetSystemRow = {
  id: number;
  client_id: number;
  name: string;
  description: string | null;
  status: number;
  created_at: Date;
  updated_at: Date;
};

const SYSTEM_SORT_COLUMNS = {
  name: sql`lower(s.name)`,
  created: sql`s.created_at`,
  updated: sql`s.updated_at`,
} as const;

/** One page of the systems the caller sees, filtered and sorted, with the total. */
export async function findAssetSystemPage(
  db: Db,
  auth: Caller,
  query: AssetSystemListQuery,
): Promise<{ rows: AssetSystemRow[]; total: number }> {
  const conditions: RawBuilder<boolean>[] = [
    assetSystemVisibleSql(auth, 's'),
    statusFilterSql('s', query.status),
  ];
  if (query.search) conditions.push(sql`lower(s.name) LIKE ${containsPattern(query.search)}`);
  const where = sql.join(conditions, sql` AND `);
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<AssetSystemRow & { total: string | number }>`
    SELECT s.id, s.client_id, s.name, s.description, s.status, s.created_at, s.updated_at,
        count(*) OVER () AS total
      FROM asset_systems s WHERE ${where}
      ORDER BY ${SYSTEM_SORT_COLUMNS[query.sort_by]} ${direction}, s.id ${direction}
      LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db);
  if (rows.length || query.page === 1)
    return { rows: rows.map(({ total: _, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
  const { rows: count } = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM asset_systems s WHERE ${where}`.execute(db);
  return { rows: [], total: Number(count[0]?.total ?? 0) };
}

/** One system the caller sees (not deleted), or undefined. */
export async function findAssetSystemRow(
  db: Db,
  auth: Caller,
  id: number,
): Promise<AssetSystemRow | undefined> {
  const { rows } = await sql<AssetSystemRow>`
    SELECT s.id, s.client_id, s.name, s.description, s.status, s.created_at, s.updated_at
      FROM asset_systems s WHERE s.id = ${id} AND ${assetSystemVisibleSql(auth, 's')}`.execute(db);
  return rows[0];
}

/** Per system: its live assets (not archived, not deleted) the caller sees. */
export async function countAssetsInSystems(
  db: Db,
  scope: AssetScope,
  systemIds: number[],
): Promise<Map<number, number>> {
  if (!systemIds.length) return new Map();
  const { rows } = await sql<{ system_id: number; n: string | number }>`
    SELECT a.system_id, count(*) AS n FROM assets a
      WHERE a.system_id = ANY(${intArray(systemIds)}) AND a.status <> ${ASSET_STATUS.ARCHIVED}
        AND ${assetVisibleSql(scope, 'a')}
      GROUP BY a.system_id`.execute(db);
  return new Map(rows.map((r) => [r.system_id, Number(r.n)]));
}
