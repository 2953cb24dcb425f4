import type { EquipmentSetStatus, ExternalHolderListQuery } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { intArray } from '../access/workspace-access.js';
import { containsPattern } from '../users/user-presenter.js';
import { setStatusSql } from './equipment-type-queries.js';
import { ownLiveSql } from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An external holder as the presenter needs them, with how many bookings they hold now. */
export type ExternalHolderRow = {
  id: number;
  client_id: number;
  full_name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  status: EquipmentSetStatus;
  /** Their pending and active handouts and reservations. */
  holding_count: number;
  created_at: Date;
  updated_at: Date;
};

export type ExternalHolderValues = Pick<
  ExternalHolderRow,
  'full_name' | 'company' | 'email' | 'phone' | 'status'
>;
export const EXTERNAL_HOLDER_COLUMNS = [
  'full_name',
  'company',
  'email',
  'phone',
  'status',
] as const satisfies readonly (keyof ExternalHolderValues)[];

const SORT_COLUMNS = {
  name: sql`lower(h.full_name)`,
  created: sql`h.created_at`,
  updated: sql`h.updated_at`,
} as const;

/** One page of the organisation's external holders (001 §2): ids in order, and how many match. */
export async function findExternalHolderPage(
  db: Db,
  clientId: number,
  query: ExternalHolderListQuery,
): Promise<{ ids: number[]; total: number }> {
  const conditions: RawBuilder<boolean>[] = [ownLiveSql(clientId, 'h'), setStatusSql('h', query.status)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(lower(h.full_name) LIKE ${pattern} OR lower(coalesce(h.company, '')) LIKE ${pattern}
      OR lower(coalesce(h.email, '')) LIKE ${pattern} OR lower(coalesce(h.phone, '')) LIKE ${pattern})`);
  }
  const where = sql.join(conditions, sql` AND `);
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<{ id: number; total: string | number }>`
    SELECT h.id, count(*) OVER () AS total FROM external_holders h WHERE ${where}
      ORDER BY ${SORT_COLUMNS[query.sort_by]} ${direction}, h.id ${direction}
      LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db);
  if (rows.length || query.page === 1)
    return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  const { rows: count } = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM external_holders h WHERE ${where}`.execute(db);
  return { ids: [], total: Number(count[0]?.total ?? 0) };
}

/** The live holders of these ids of the organisation, in the order of `ids`. */
export async function findExternalHolderRows(
  db: Db,
  clientId: number,
  ids: readonly number[],
): Promise<ExternalHolderRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<ExternalHolderRow & { holding_count: string | number }>`
    SELECT h.id, h.client_id, h.full_name, h.company, h.email, h.phone, h.status,
      (SELECT count(*) FROM equipment_bookings b
        WHERE b.holder_external_id = h.id AND b.state IN ('pending', 'active')) AS holding_count,
      h.created_at, h.updated_at
    FROM external_holders h
    WHERE h.id = ANY(${intArray(ids)}) AND ${ownLiveSql(clientId, 'h')}`.execute(db);
  const byId = new Map(
    rows.map((r) => [r.id, { ...r, holding_count: Number(r.holding_count) } as ExternalHolderRow]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Locks the holder's row for a change (the caller's transaction). */
export async function lockExternalHolder(db: Db, clientId: number, id: number): Promise<void> {
  await db
    .selectFrom('external_holders')
    .select('id')
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .forUpdate()
    .execute();
}

export async function insertExternalHolder(
  db: Db,
  clientId: number,
  userId: number,
  values: ExternalHolderValues,
): Promise<number> {
  const row = await db
    .insertInto('external_holders')
    .values({ ...values, client_id: clientId, language: null, created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateExternalHolderRow(
  db: Db,
  clientId: number,
  id: number,
  values: Partial<ExternalHolderValues>,
): Promise<void> {
  await db
    .updateTable('external_holders')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .execute();
}

/** Soft-deletes the holder. */
export async function deleteExternalHolderRow(db: Db, clientId: number, id: number): Promise<void> {
  const now = new Date();
  await db
    .updateTable('external_holders')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .execute();
}
