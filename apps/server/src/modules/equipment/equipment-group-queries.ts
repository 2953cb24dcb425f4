import type { EquipmentGroupListQuery, EquipmentSetStatus } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { intArray, workspaceSubtreeSql } from '../access/workspace-access.js';
import type { PersonRow } from '../assets/asset-queries.js';
import { containsPattern } from '../users/user-presenter.js';
import { setStatusSql } from './equipment-type-queries.js';
import {
  type EquipmentScope,
  equipmentGroupVisibleSql,
  equipmentVisibleSql,
} from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An equipment group as the presenter needs it (its workspace's name joined). */
export type EquipmentGroupRow = {
  id: number;
  client_id: number;
  workspace_id: number | null;
  workspace_name: string | null;
  bind_group_to_workspace: boolean;
  name: string;
  description: string | null;
  status: EquipmentSetStatus;
  public_code: string;
  created_at: Date;
  updated_at: Date;
};

/**
 * Who holds or reserved something, as a LEFT JOIN brings them (a person of the organisation or
 * an external holder; all null when nobody).
 */
export type HolderColumns = {
  holder_user_id: number | null;
  holder_external_id: number | null;
  holder_first_name: string | null;
  holder_last_name: string | null;
  holder_email: string | null;
  holder_phone: string | null;
  holder_company: string | null;
};

/** The holder columns of the booking `b` (users `hu`, external holders `hx` joined). */
const HOLDER_SELECT = sql`b.holder_user_id, b.holder_external_id,
  coalesce(hu.first_name, hx.full_name) AS holder_first_name,
  CASE WHEN hu.id IS NOT NULL THEN hu.last_name END AS holder_last_name,
  coalesce(hu.email, hx.email) AS holder_email, hx.phone AS holder_phone, hx.company AS holder_company`;
const HOLDER_JOINS = sql`LEFT JOIN users hu ON hu.id = b.holder_user_id
  LEFT JOIN external_holders hx ON hx.id = b.holder_external_id`;

/** A reservation that still holds days from `today` on (pending or active). */
const upcomingReservationSql = (today: string) =>
  sql`b.kind = 'reservation' AND b.state IN ('pending', 'active') AND b.ends_on >= ${today}::date`;

const SORT_COLUMNS = {
  name: sql`lower(g.name)`,
  created: sql`g.created_at`,
  updated: sql`g.updated_at`,
} as const;

/** One page of the groups the caller sees, filtered and sorted: their ids in order, and the total. */
export async function findEquipmentGroupPage(
  db: Db,
  scope: EquipmentScope,
  query: EquipmentGroupListQuery,
  today: string,
): Promise<{ ids: number[]; total: number }> {
  const conditions: RawBuilder<boolean>[] = [
    equipmentGroupVisibleSql(scope, 'g'),
    setStatusSql('g', query.status),
  ];
  if (query.workspaces.length) conditions.push(sql`g.workspace_id = ANY(${intArray(query.workspaces)})`);
  if (query.managers.length)
    conditions.push(sql`EXISTS (SELECT 1 FROM equipment_group_managers gm
      WHERE gm.group_id = g.id AND gm.user_id = ANY(${intArray(query.managers)}))`);
  if (query.reserved_for.length)
    conditions.push(sql`EXISTS (SELECT 1 FROM equipment_bookings b
      WHERE b.group_id = g.id AND ${upcomingReservationSql(today)}
        AND b.holder_user_id = ANY(${intArray(query.reserved_for)}))`);
  if (query.search) conditions.push(sql`lower(g.name) LIKE ${containsPattern(query.search)}`);
  const where = sql.join(conditions, sql` AND `);
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<{ id: number; total: string | number }>`
    SELECT g.id, count(*) OVER () AS total FROM equipment_groups g WHERE ${where}
      ORDER BY ${SORT_COLUMNS[query.sort_by]} ${direction}, g.id ${direction}
      LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db);
  if (rows.length || query.page === 1)
    return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  const { rows: count } = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM equipment_groups g WHERE ${where}`.execute(db);
  return { ids: [], total: Number(count[0]?.total ?? 0) };
}

/** The live groups of these ids of the organisation, in the order of `ids`. */
export async function findEquipmentGroupRows(
  db: Db,
  clientId: number,
  ids: readonly number[],
): Promise<EquipmentGroupRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<EquipmentGroupRow>`
    SELECT g.id, g.client_id, g.workspace_id, w.name AS workspace_name, g.bind_group_to_workspace, g.name,
      g.description, g.status, g.public_code, g.created_at, g.updated_at
    FROM equipment_groups g LEFT JOIN workspaces w ON w.id = g.workspace_id
    WHERE g.id = ANY(${intArray(ids)}) AND g.client_id = ${clientId} AND g.deleted_at IS NULL`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Locks the group's row for a change (the caller's transaction). */
export async function lockEquipmentGroup(db: Db, clientId: number, id: number): Promise<void> {
  await db
    .selectFrom('equipment_groups')
    .select('id')
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .forUpdate()
    .execute();
}

/** The managers of each group (people not deleted), by name. */
export async function findEquipmentGroupManagers(
  db: Db,
  groupIds: readonly number[],
): Promise<Map<number, PersonRow[]>> {
  const out = new Map<number, PersonRow[]>();
  if (!groupIds.length) return out;
  const { rows } = await sql<PersonRow & { group_id: number }>`
    SELECT m.group_id, u.id, u.first_name, u.last_name, u.email, u.profile_image
      FROM equipment_group_managers m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ANY(${intArray(groupIds)}) AND u.deleted_at IS NULL
      ORDER BY u.first_name, u.last_name, u.id`.execute(db);
  for (const { group_id, ...person } of rows) out.set(group_id, [...(out.get(group_id) ?? []), person]);
  return out;
}

export type EquipmentGroupCounts = { equipment_count: number; issued_count: number };

/** Per group: its live items the caller sees, and how many of them are issued. */
export async function countEquipmentGroupItems(
  db: Db,
  scope: EquipmentScope,
  groupIds: readonly number[],
): Promise<Map<number, EquipmentGroupCounts>> {
  const out = new Map<number, EquipmentGroupCounts>();
  for (const id of groupIds) out.set(id, { equipment_count: 0, issued_count: 0 });
  if (!groupIds.length) return out;
  const { rows } = await sql<{ group_id: number; n: string | number; issued: string | number }>`
    SELECT e.group_id, count(*) AS n, count(*) FILTER (WHERE e.status = 'issued') AS issued
      FROM equipment e
      WHERE e.group_id = ANY(${intArray(groupIds)}) AND ${equipmentVisibleSql(scope, 'e')}
      GROUP BY e.group_id`.execute(db);
  for (const row of rows)
    out.set(row.group_id, { equipment_count: Number(row.n), issued_count: Number(row.issued) });
  return out;
}

/** Per group: the holder of its next reservation from today on (pending or active), if any. */
export async function findEquipmentGroupReservedFor(
  db: Db,
  groupIds: readonly number[],
  today: string,
): Promise<Map<number, HolderColumns>> {
  if (!groupIds.length) return new Map();
  const { rows } = await sql<HolderColumns & { group_id: number }>`
    SELECT DISTINCT ON (b.group_id) b.group_id, ${HOLDER_SELECT}
      FROM equipment_bookings b ${HOLDER_JOINS}
      WHERE b.group_id = ANY(${intArray(groupIds)}) AND ${upcomingReservationSql(today)}
      ORDER BY b.group_id, b.starts_on, b.id`.execute(db);
  return new Map(rows.map(({ group_id, ...holder }) => [group_id, holder]));
}

/** The live items of the group that the caller sees, by title. */
export async function findEquipmentGroupItemIds(
  db: Db,
  scope: EquipmentScope,
  groupId: number,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT e.id FROM equipment e
      WHERE e.group_id = ${groupId} AND ${equipmentVisibleSql(scope, 'e')}
      ORDER BY lower(e.title), e.id`.execute(db);
  return rows.map((r) => r.id);
}

/** Which of these items the caller sees (live, of a workspace they see), with their workspace. */
export async function findVisibleEquipmentWorkspaces(
  db: Db,
  scope: EquipmentScope,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<{ id: number; workspace_id: number }>`
    SELECT e.id, e.workspace_id FROM equipment e
      WHERE e.id = ANY(${intArray(ids)}) AND ${equipmentVisibleSql(scope, 'e')}`.execute(db);
  return new Map(rows.map((r) => [r.id, r.workspace_id]));
}

/** The workspace and everything below it (not deleted). */
export async function findWorkspaceSubtreeOf(db: Db, workspaceId: number): Promise<Set<number>> {
  const { rows } = await sql<{ workspace_id: number }>`
    SELECT workspace_id FROM ${workspaceSubtreeSql(sql`${workspaceId}`)} AS s`.execute(db);
  return new Set(rows.map((r) => r.workspace_id));
}

/** How many live items of the group lie outside the workspace's subtree. */
export async function countGroupItemsOutside(db: Db, groupId: number, workspaceId: number): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM equipment e
      WHERE e.group_id = ${groupId} AND e.deleted_at IS NULL
        AND e.workspace_id NOT IN (SELECT workspace_id FROM ${workspaceSubtreeSql(sql`${workspaceId}`)} AS s)`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The live items of the group (any workspace), locked, with the group they are in. */
export async function lockGroupItems(db: Db, clientId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('equipment')
    .select('id')
    .where('client_id', '=', clientId)
    .where('group_id', '=', groupId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** Puts the items into the group, or takes them out of any (null). */
export async function setItemsGroup(
  db: Db,
  clientId: number,
  itemIds: readonly number[],
  groupId: number | null,
): Promise<void> {
  if (!itemIds.length) return;
  await db
    .updateTable('equipment')
    .set({ group_id: groupId, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', 'in', [...itemIds])
    .execute();
}

/** Replaces a group's managers. */
export async function setEquipmentGroupManagers(
  db: Db,
  clientId: number,
  groupId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('equipment_group_managers').where('group_id', '=', groupId).execute();
  if (userIds.length)
    await db
      .insertInto('equipment_group_managers')
      .values(userIds.map((user_id) => ({ client_id: clientId, group_id: groupId, user_id })))
      .execute();
}

export async function insertEquipmentGroup(
  db: Db,
  values: {
    client_id: number;
    workspace_id: number | null;
    bind_group_to_workspace: boolean;
    name: string;
    description: string | null;
    created_by: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('equipment_groups')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEquipmentGroupRow(
  db: Db,
  clientId: number,
  id: number,
  values: Partial<{
    workspace_id: number | null;
    bind_group_to_workspace: boolean;
    name: string;
    description: string | null;
    status: EquipmentSetStatus;
    deleted_at: Date;
  }>,
): Promise<void> {
  await db
    .updateTable('equipment_groups')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .execute();
}
