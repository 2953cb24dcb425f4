import type {
  EquipmentBufferPosition,
  EquipmentPeriodUnit,
  EquipmentSetStatus,
  EquipmentStorage,
  EquipmentTypeListQuery,
} from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { intArray } from '../access/workspace-access.js';
import { containsPattern } from '../users/user-presenter.js';
import { ownLiveSql } from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An equipment type as the presenter needs it: its workspace's name and how many items use it. */
export type EquipmentTypeRow = {
  id: number;
  client_id: number;
  name: string;
  description: string | null;
  status: EquipmentSetStatus;
  storage: EquipmentStorage;
  workspace_id: number | null;
  workspace_name: string | null;
  location: string | null;
  handout_requires_approval: boolean;
  set_default_return_period: boolean;
  default_return_period_value: number;
  default_return_period_type: EquipmentPeriodUnit;
  set_max_reservation_duration: boolean;
  max_reservation_duration_value: number;
  max_reservation_duration_type: EquipmentPeriodUnit;
  set_buffer_days_reservations: boolean;
  buffer_days_reservations_value: number;
  buffer_days_reservations_type: EquipmentBufferPosition;
  equipment_count: number;
  created_at: Date;
  updated_at: Date;
};

/** The columns a type's form writes. */
export type EquipmentTypeValues = Omit<
  EquipmentTypeRow,
  'id' | 'client_id' | 'workspace_name' | 'equipment_count' | 'created_at' | 'updated_at'
>;

export const EQUIPMENT_TYPE_COLUMNS = [
  'name',
  'description',
  'status',
  'storage',
  'workspace_id',
  'location',
  'handout_requires_approval',
  'set_default_return_period',
  'default_return_period_value',
  'default_return_period_type',
  'set_max_reservation_duration',
  'max_reservation_duration_value',
  'max_reservation_duration_type',
  'set_buffer_days_reservations',
  'buffer_days_reservations_value',
  'buffer_days_reservations_type',
] as const satisfies readonly (keyof EquipmentTypeValues)[];

const SORT_COLUMNS = {
  name: sql`lower(t.name)`,
  created: sql`t.created_at`,
  updated: sql`t.updated_at`,
} as const;

/** The status filter of the type, group and holder lists: all, active or archived. */
export function setStatusSql(alias: string, status: 'all' | EquipmentSetStatus): RawBuilder<boolean> {
  return status === 'all' ? sql<boolean>`TRUE` : sql<boolean>`${sql.ref(`${alias}.status`)} = ${status}`;
}

/** One page of the organisation's types: their ids in order, and how many match. */
export async function findEquipmentTypePage(
  db: Db,
  clientId: number,
  query: EquipmentTypeListQuery,
): Promise<{ ids: number[]; total: number }> {
  const conditions: RawBuilder<boolean>[] = [ownLiveSql(clientId, 't'), setStatusSql('t', query.status)];
  if (query.search) conditions.push(sql`lower(t.name) LIKE ${containsPattern(query.search)}`);
  const where = sql.join(conditions, sql` AND `);
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<{ id: number; total: string | number }>`
    SELECT t.id, count(*) OVER () AS total FROM equipment_types t WHERE ${where}
      ORDER BY ${SORT_COLUMNS[query.sort_by]} ${direction}, t.id ${direction}
      LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db);
  if (rows.length || query.page === 1)
    return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  const { rows: count } = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM equipment_types t WHERE ${where}`.execute(db);
  return { ids: [], total: Number(count[0]?.total ?? 0) };
}

/** The live types of these ids of the organisation, in the order of `ids`, with their item counts. */
export async function findEquipmentTypeRows(
  db: Db,
  clientId: number,
  ids: readonly number[],
): Promise<EquipmentTypeRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<EquipmentTypeRow & { equipment_count: string | number }>`
    SELECT t.id, t.client_id, t.name, t.description, t.status, t.storage, t.workspace_id,
      w.name AS workspace_name, t.location, t.handout_requires_approval,
      t.set_default_return_period, t.default_return_period_value, t.default_return_period_type,
      t.set_max_reservation_duration, t.max_reservation_duration_value, t.max_reservation_duration_type,
      t.set_buffer_days_reservations, t.buffer_days_reservations_value, t.buffer_days_reservations_type,
      (SELECT count(*) FROM equipment e WHERE e.type_id = t.id AND e.deleted_at IS NULL) AS equipment_count,
      t.created_at, t.updated_at
    FROM equipment_types t LEFT JOIN workspaces w ON w.id = t.workspace_id
    WHERE t.id = ANY(${intArray(ids)}) AND ${ownLiveSql(clientId, 't')}`.execute(db);
  const byId = new Map(
    rows.map((r) => [r.id, { ...r, equipment_count: Number(r.equipment_count) } as EquipmentTypeRow]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Locks the type's row for a change (the caller's transaction). */
export async function lockEquipmentType(db: Db, clientId: number, id: number): Promise<void> {
  await db
    .selectFrom('equipment_types')
    .select('id')
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .forUpdate()
    .execute();
}

export async function insertEquipmentType(
  db: Db,
  clientId: number,
  userId: number,
  values: EquipmentTypeValues,
): Promise<number> {
  const row = await db
    .insertInto('equipment_types')
    .values({ ...values, client_id: clientId, created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEquipmentTypeRow(
  db: Db,
  clientId: number,
  id: number,
  values: Partial<EquipmentTypeValues>,
): Promise<void> {
  await db
    .updateTable('equipment_types')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .execute();
}

/** Soft-deletes the type. */
export async function deleteEquipmentTypeRow(db: Db, clientId: number, id: number): Promise<void> {
  const now = new Date();
  await db
    .updateTable('equipment_types')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .execute();
}
