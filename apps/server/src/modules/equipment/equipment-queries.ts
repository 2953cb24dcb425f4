import type {
  EquipmentBufferPosition,
  EquipmentListQuery,
  EquipmentPeriodUnit,
  EquipmentStorage,
} from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { intArray, workspaceSubtreeSql } from '../access/workspace-access.js';
import { containsPattern } from '../users/user-presenter.js';
import type { BookingRow } from './equipment-booking-queries.js';
import type { EquipmentRightsRow } from './equipment-rights.js';
import {
  type EquipmentScope,
  equipmentGroupVisibleSql,
  equipmentVisibleSql,
} from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The reads and writes of equipment items (001 §7 "Equipment"): the list's page and parts, the
 * rows the presenter shows (names joined, the rule inputs of 001 §6 with them), the references of
 * the form, pictures, filter options and the scan log. Bookings are read by
 * equipment-booking-queries.ts.
 */

/** One item as the list and the detail show it, with its type's defaults and the rule inputs. */
export type EquipmentRow = EquipmentRightsRow & {
  workspace_name: string;
  type_id: number;
  type_name: string;
  group_name: string | null;
  serial_number: string | null;
  reference_number: string | null;
  description: string | null;
  storage: EquipmentStorage;
  storage_workspace_id: number | null;
  storage_workspace_name: string | null;
  location: string | null;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  location_is_coordinates: boolean;
  links: Array<{ title: string; url: string }>;
  public_code: string;
  created_by: number | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_email: string | null;
  creator_profile_image: string | null;
  created_at: Date;
  updated_at: Date;
  set_default_return_period: boolean;
  default_return_period_value: number;
  default_return_period_type: EquipmentPeriodUnit;
  set_max_reservation_duration: boolean;
  max_reservation_duration_value: number;
  max_reservation_duration_type: EquipmentPeriodUnit;
  set_buffer_days_reservations: boolean;
  buffer_days_reservations_value: number;
  buffer_days_reservations_type: EquipmentBufferPosition;
};

export type PersonRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
};

/** The holder columns of a booking (equipment-booking-presenter.ts presentHolder reads these). */
export type HolderRow = Pick<
  BookingRow,
  | 'holder_user_id'
  | 'holder_external_id'
  | 'holder_first_name'
  | 'holder_last_name'
  | 'holder_email'
  | 'holder_phone'
  | 'holder_company'
>;

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** An active handout of the item `e` (at most one: the exclusion constraint). */
const activeHandout = sql`b.client_id = e.client_id AND b.equipment_id = e.id AND b.kind = 'handout' AND b.state = 'active'`;

/**
 * packages/domain actionRequiredRank in SQL: 0 an overdue handout (its return date before today),
 * 1 requests waiting for a decision, 2 the rest.
 */
function rankSql(today: string): RawBuilder<number> {
  return sql<number>`(CASE
    WHEN EXISTS (SELECT 1 FROM equipment_bookings b WHERE ${activeHandout} AND b.ends_on < ${today}::date) THEN 0
    WHEN EXISTS (SELECT 1 FROM equipment_bookings b
      WHERE b.client_id = e.client_id AND b.equipment_id = e.id AND b.state = 'pending') THEN 1
    ELSE 2 END)`;
}

/** The start of the item's next reservation holding days from today on (pending or active). */
function nextReservationSql(today: string): RawBuilder<string | null> {
  return sql`(SELECT min(b.starts_on) FROM equipment_bookings b
    WHERE b.client_id = e.client_id AND b.equipment_id = e.id AND b.kind = 'reservation' AND b.state IN ('pending', 'active')
      AND b.ends_on >= ${today}::date)`;
}

/** Every condition of the list query on `equipment e`, visibility first. */
function listConditions(
  scope: EquipmentScope,
  query: EquipmentListQuery,
  today: string,
): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [equipmentVisibleSql(scope, 'e')];
  if (query.status === 'active') where.push(sql<boolean>`e.status <> 'archived'`);
  if (query.status === 'archived') where.push(sql<boolean>`e.status = 'archived'`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(sql<boolean>`(e.title ILIKE ${pattern} OR e.serial_number ILIKE ${pattern}
      OR e.reference_number ILIKE ${pattern})`);
  }
  if (query.workspaces.length) {
    where.push(
      query.include_sub_ws
        ? sql<boolean>`e.workspace_id IN (SELECT s.workspace_id
            FROM ${workspaceSubtreeSql(sql`${sql.join(query.workspaces)}`)} AS s)`
        : sql<boolean>`e.workspace_id = ANY(${intArray(query.workspaces)})`,
    );
  }
  if (query.groups.length) where.push(sql<boolean>`e.group_id = ANY(${intArray(query.groups)})`);
  if (query.types.length) where.push(sql<boolean>`e.type_id = ANY(${intArray(query.types)})`);
  if (query.holder.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM equipment_bookings b
      WHERE ${activeHandout} AND b.holder_user_id = ANY(${intArray(query.holder)}))`);
  }
  if (query.external_holder.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM equipment_bookings b
      WHERE ${activeHandout} AND b.holder_external_id = ANY(${intArray(query.external_holder)}))`);
  }
  if (query.reserved_for.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM equipment_bookings b
      WHERE b.client_id = e.client_id AND b.equipment_id = e.id AND b.kind = 'reservation' AND b.state IN ('pending', 'active')
        AND b.ends_on >= ${today}::date AND b.holder_user_id = ANY(${intArray(query.reserved_for)}))`);
  }
  if (query.managers.length) {
    // Managed directly or through its group: both may edit it (001 §6).
    const managers = intArray(query.managers);
    where.push(sql<boolean>`(EXISTS (SELECT 1 FROM equipment_managers m
        WHERE m.client_id = e.client_id AND m.equipment_id = e.id AND m.user_id = ANY(${managers}))
      OR EXISTS (SELECT 1 FROM equipment_group_managers gm
          JOIN equipment_groups mg ON mg.id = gm.group_id AND mg.client_id = gm.client_id
        WHERE gm.client_id = e.client_id AND gm.group_id = e.group_id AND mg.deleted_at IS NULL AND gm.user_id = ANY(${managers})))`);
  }
  return where;
}

export type EquipmentParts = { overdue: number; pending: number; regular: number };

/**
 * One page of the items the caller sees, filtered and sorted: their ids in order, the total and
 * how many of all matches are overdue, pending and regular (two statements).
 */
export async function findEquipmentPage(
  db: Db,
  scope: EquipmentScope,
  query: EquipmentListQuery,
  today: string,
): Promise<{ ids: number[]; total: number; parts: EquipmentParts }> {
  const where = sql.join(listConditions(scope, query, today), sql` AND `);
  const direction = query.sort_direction === 'desc' ? sql`DESC` : sql`ASC`;
  const byTitle = sql`lower(e.title) ASC, e.id ASC`;
  const order = {
    name: sql`lower(e.title) ${direction}, e.id ${direction}`,
    created: sql`e.created_at ${direction}, e.id ${direction}`,
    updated: sql`e.updated_at ${direction}, e.id ${direction}`,
    // Items without a handout (or reservation) come last either way.
    overdue: sql`(SELECT max(b.ends_on) FROM equipment_bookings b WHERE ${activeHandout})
      ${direction} NULLS LAST, ${byTitle}`,
    reserved: sql`${nextReservationSql(today)} ${direction} NULLS LAST, ${byTitle}`,
    action_required: sql`${rankSql(today)} ${direction}, ${byTitle}`,
  }[query.sort_by];
  const [page, counts] = await Promise.all([
    sql<{ id: number }>`SELECT e.id FROM equipment e WHERE ${where}
      ORDER BY ${order}
      LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db),
    sql<{ overdue: number; pending: number; regular: number }>`
      SELECT count(*) FILTER (WHERE m.rank = 0)::int AS overdue,
        count(*) FILTER (WHERE m.rank = 1)::int AS pending,
        count(*) FILTER (WHERE m.rank = 2)::int AS regular
      FROM (SELECT ${rankSql(today)} AS rank FROM equipment e WHERE ${where}) AS m`.execute(db),
  ]);
  const c = counts.rows[0] ?? { overdue: 0, pending: 0, regular: 0 };
  const parts = { overdue: Number(c.overdue), pending: Number(c.pending), regular: Number(c.regular) };
  return { ids: page.rows.map((r) => r.id), total: parts.overdue + parts.pending + parts.regular, parts };
}

/**
 * The items of these ids the caller sees, with the names, type defaults and rule inputs the
 * presenter needs, in the order of `ids` (one statement).
 */
export async function findEquipmentRows(
  db: Db,
  scope: EquipmentScope,
  ids: readonly number[],
): Promise<EquipmentRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<EquipmentRow>`
    SELECT e.id, e.client_id, e.workspace_id, w.name AS workspace_name, e.type_id, t.name AS type_name,
      t.workspace_id AS type_workspace_id, e.group_id, g.name AS group_name, e.status, e.title,
      e.serial_number, e.reference_number, e.description, e.storage, e.storage_workspace_id,
      sw.name AS storage_workspace_name, e.location, e.links, e.public_code,
      e.location_name, e.location_lat, e.location_lng, e.location_is_coordinates,
      e.handout_requires_approval AS item_requires_approval,
      t.handout_requires_approval AS type_requires_approval,
      coalesce((SELECT array_agg(m.user_id ORDER BY m.user_id) FROM equipment_managers m
        WHERE m.client_id = e.client_id AND m.equipment_id = e.id), '{}') AS manager_ids,
      coalesce((SELECT array_agg(gm.user_id ORDER BY gm.user_id) FROM equipment_group_managers gm
        WHERE gm.client_id = e.client_id AND gm.group_id = g.id), '{}') AS group_manager_ids,
      e.created_by, u.first_name AS creator_first_name, u.last_name AS creator_last_name,
      u.email AS creator_email, u.profile_image AS creator_profile_image, e.created_at, e.updated_at,
      t.set_default_return_period, t.default_return_period_value, t.default_return_period_type,
      t.set_max_reservation_duration, t.max_reservation_duration_value, t.max_reservation_duration_type,
      t.set_buffer_days_reservations, t.buffer_days_reservations_value, t.buffer_days_reservations_type
    FROM equipment e
    JOIN workspaces w ON w.id = e.workspace_id AND w.client_id = e.client_id
    JOIN equipment_types t ON t.id = e.type_id AND t.client_id = e.client_id
    LEFT JOIN equipment_groups g ON g.id = e.group_id AND g.client_id = e.client_id AND g.deleted_at IS NULL
    LEFT JOIN workspaces sw
      ON sw.id = e.storage_workspace_id AND sw.client_id = e.client_id AND sw.deleted_at IS NULL
    LEFT JOIN users u ON u.id = e.created_by AND u.deleted_at IS NULL
    WHERE e.id = ANY(${intArray(ids)}) AND ${equipmentVisibleSql(scope, 'e')}`.execute(db);
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        ...r,
        manager_ids: r.manager_ids.map(Number),
        group_manager_ids: r.group_manager_ids.map(Number),
        default_return_period_value: Number(r.default_return_period_value),
        max_reservation_duration_value: Number(r.max_reservation_duration_value),
        buffer_days_reservations_value: Number(r.buffer_days_reservations_value),
        links: Array.isArray(r.links) ? r.links : [],
        created_at: new Date(r.created_at),
        updated_at: new Date(r.updated_at),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of `ids` are items the caller sees. */
export async function findVisibleEquipmentIds(
  db: Db,
  scope: EquipmentScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ id: number }>`SELECT e.id FROM equipment e
    WHERE e.id = ANY(${intArray(ids)}) AND ${equipmentVisibleSql(scope, 'e')}`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** The managers of each item of the organisation by name, for a page at once. */
export async function findEquipmentManagers(
  db: Db,
  clientId: number,
  ids: readonly number[],
): Promise<Map<number, PersonRow[]>> {
  const out = new Map<number, PersonRow[]>();
  if (!ids.length) return out;
  const { rows } = await sql<PersonRow & { equipment_id: number }>`
    SELECT m.equipment_id, u.id, u.first_name, u.last_name, u.email, u.profile_image
      FROM equipment_managers m JOIN users u ON u.id = m.user_id
      WHERE m.client_id = ${clientId} AND m.equipment_id = ANY(${intArray(ids)}) AND u.deleted_at IS NULL
      ORDER BY u.first_name, u.last_name, u.id`.execute(db);
  for (const { equipment_id, ...person } of rows)
    out.set(equipment_id, [...(out.get(equipment_id) ?? []), person]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// References of the form
// ---------------------------------------------------------------------------------------------

export type EquipmentTypeRef = {
  id: number;
  client_id: number;
  storage: EquipmentStorage;
  status: 'active' | 'archived';
};

/** A live type of the organisation. */
export async function findLiveType(
  db: Db,
  clientId: number,
  typeId: number,
): Promise<EquipmentTypeRef | undefined> {
  return db
    .selectFrom('equipment_types')
    .select(['id', 'client_id', 'storage', 'status'])
    .where('id', '=', typeId)
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A group the caller sees, with its binding. */
export async function findVisibleGroup(
  db: Db,
  scope: EquipmentScope,
  groupId: number,
): Promise<
  { id: number; client_id: number; workspace_id: number | null; bind_group_to_workspace: boolean } | undefined
> {
  const { rows } = await sql<{
    id: number;
    client_id: number;
    workspace_id: number | null;
    bind_group_to_workspace: boolean;
  }>`SELECT g.id, g.client_id, g.workspace_id, g.bind_group_to_workspace FROM equipment_groups g
      WHERE g.id = ${groupId} AND ${equipmentGroupVisibleSql(scope, 'g')}`.execute(db);
  return rows[0];
}

/** Which of `workspaceIds` are `ancestorId` or lie below it (live workspaces). */
export async function findWorkspacesWithin(
  db: Db,
  workspaceIds: readonly number[],
  ancestorId: number,
): Promise<Set<number>> {
  if (!workspaceIds.length) return new Set();
  const { rows } = await sql<{ workspace_id: number }>`SELECT s.workspace_id
    FROM ${workspaceSubtreeSql(sql`${ancestorId}`)} AS s
    WHERE s.workspace_id = ANY(${intArray(workspaceIds)})`.execute(db);
  return new Set(rows.map((r) => r.workspace_id));
}

/** Which of `userIds` are people of the organisation (its own, active or invited, not deleted). */
export async function findPeopleOfOrganisation(
  db: Db,
  clientId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const { rows } = await sql<{ id: number }>`SELECT u.id FROM users u
    WHERE u.id = ANY(${intArray(userIds)}) AND u.deleted_at IS NULL AND u.status IN ('active', 'invited')
      AND EXISTS (SELECT 1 FROM user_clients uc WHERE uc.user_id = u.id AND uc.client_id = ${clientId})`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/** Replaces an item's managers. */
export async function setEquipmentManagers(
  db: Db,
  clientId: number,
  id: number,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('equipment_managers').where('equipment_id', '=', id).execute();
  if (userIds.length)
    await db
      .insertInto('equipment_managers')
      .values(userIds.map((user_id) => ({ client_id: clientId, equipment_id: id, user_id })))
      .execute();
}

/** The item's columns as stored (for changes and copies). */
export async function findEquipmentColumns(db: Db, clientId: number, id: number) {
  return db
    .selectFrom('equipment')
    .selectAll()
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** What of its bookings keeps an item from being archived or deleted: an active handout, bookings holding days ahead. */
export async function findBookingHolds(
  db: Db,
  ids: readonly number[],
  today: string,
): Promise<Map<number, { handedOut: boolean; heldAhead: boolean }>> {
  const out = new Map<number, { handedOut: boolean; heldAhead: boolean }>();
  if (!ids.length) return out;
  const { rows } = await sql<{ equipment_id: number; handed_out: boolean; held_ahead: boolean }>`
    SELECT b.equipment_id,
      bool_or(b.kind = 'handout' AND b.state = 'active') AS handed_out,
      bool_or(NOT (b.kind = 'handout' AND b.state = 'active') AND b.ends_on >= ${today}::date) AS held_ahead
    FROM equipment_bookings b
    WHERE b.equipment_id = ANY(${intArray(ids)}) AND b.state IN ('pending', 'active')
    GROUP BY b.equipment_id`.execute(db);
  for (const r of rows) out.set(r.equipment_id, { handedOut: !!r.handed_out, heldAhead: !!r.held_ahead });
  return out;
}

/**
 * Deletes items (soft): their pending and active bookings are cancelled (a deleted item holds no
 * days), and issues and schedules no longer name them.
 */
export async function softDeleteEquipment(
  db: Db,
  clientId: number,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  if (!ids.length) return;
  const list = intArray(ids);
  await sql`UPDATE equipment_bookings SET state = 'cancelled', updated_at = ${now}
    WHERE client_id = ${clientId} AND equipment_id = ANY(${list}) AND state IN ('pending', 'active')`.execute(
    db,
  );
  await sql`UPDATE equipment SET deleted_at = ${now}, updated_at = ${now}
    WHERE client_id = ${clientId} AND id = ANY(${list})`.execute(db);
  await sql`UPDATE issues SET equipment_ids = ARRAY(
      SELECT x FROM unnest(equipment_ids) AS x WHERE NOT (x = ANY(${list})))
    WHERE client_id = ${clientId} AND equipment_ids && ${list}`.execute(db);
  await sql`DELETE FROM schedule_equipment WHERE client_id = ${clientId} AND equipment_id = ANY(${list})`.execute(
    db,
  );
}

// ---------------------------------------------------------------------------------------------
// Filter options and the scan log
// ---------------------------------------------------------------------------------------------

/** The groups, types, managers and current holders of the items the caller sees. */
export async function findEquipmentFilterOptions(db: Db, scope: EquipmentScope) {
  const visible = equipmentVisibleSql(scope, 'e');
  const [groups, types, managers, holders] = await Promise.all([
    sql<{ id: number; name: string }>`
      SELECT g.id, g.name FROM equipment_groups g
        WHERE g.deleted_at IS NULL AND g.id IN (SELECT e.group_id FROM equipment e WHERE ${visible})
        ORDER BY lower(g.name), g.id`.execute(db),
    sql<{ id: number; name: string }>`
      SELECT t.id, t.name FROM equipment_types t
        WHERE t.deleted_at IS NULL AND t.id IN (SELECT e.type_id FROM equipment e WHERE ${visible})
        ORDER BY lower(t.name), t.id`.execute(db),
    sql<PersonRow>`
      SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image FROM users u
        WHERE u.deleted_at IS NULL AND u.id IN (
          SELECT m.user_id FROM equipment_managers m JOIN equipment e ON e.id = m.equipment_id WHERE ${visible}
          UNION
          SELECT gm.user_id FROM equipment_group_managers gm JOIN equipment e ON e.group_id = gm.group_id
            JOIN equipment_groups g ON g.id = gm.group_id AND g.deleted_at IS NULL
            WHERE ${visible})
        ORDER BY u.first_name, u.last_name, u.id`.execute(db),
    sql<HolderRow>`
      SELECT DISTINCT b.holder_user_id, b.holder_external_id,
        coalesce(hu.first_name, hx.full_name) AS holder_first_name,
        CASE WHEN hu.id IS NOT NULL THEN hu.last_name END AS holder_last_name,
        coalesce(hu.email, hx.email) AS holder_email,
        hx.phone AS holder_phone, hx.company AS holder_company
      FROM equipment_bookings b
      JOIN equipment e ON e.id = b.equipment_id
      LEFT JOIN users hu ON hu.id = b.holder_user_id AND hu.deleted_at IS NULL
      LEFT JOIN external_holders hx ON hx.id = b.holder_external_id AND hx.deleted_at IS NULL
      WHERE b.kind = 'handout' AND b.state = 'active' AND ${visible}
        AND (hu.id IS NOT NULL OR hx.id IS NOT NULL)
      ORDER BY holder_first_name, holder_last_name, b.holder_user_id, b.holder_external_id`.execute(db),
  ]);
  return { groups: groups.rows, types: types.rows, managers: managers.rows, holders: holders.rows };
}

export type ScanRow = {
  id: number;
  kind: 'scan' | 'found';
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  finder_name: string | null;
  finder_contact: string | null;
  message: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
};

/** A page of an item's QR scans and finders' reports, newest first, and the total (two statements). */
export async function findScanPage(
  db: Db,
  item: { clientId: number; id: number },
  paging: { page: number; paginate_by: number },
): Promise<{ rows: ScanRow[]; total: number }> {
  const entries = sql`(
    SELECT l.id, 'scan' AS kind, l.user_id, NULL::text AS finder_name, NULL::text AS finder_contact,
        NULL::text AS message, l.latitude, l.longitude, l.created_at
      FROM qr_scan_logs l
      WHERE l.client_id = ${item.clientId} AND l.entity_type = 'equipment' AND l.entity_id = ${item.id}
    UNION ALL
    SELECT f.id, 'found' AS kind, NULL::int AS user_id, f.finder_name, f.finder_contact, f.message,
        f.latitude, f.longitude, f.created_at
      FROM equipment_found_reports f
      WHERE f.client_id = ${item.clientId} AND f.equipment_id = ${item.id}
  )`;
  const [page, count] = await Promise.all([
    sql<ScanRow>`SELECT x.*, u.first_name, u.last_name, u.email FROM ${entries} AS x
      LEFT JOIN users u ON u.id = x.user_id AND u.deleted_at IS NULL
      ORDER BY x.created_at DESC, x.kind, x.id DESC
      LIMIT ${paging.paginate_by} OFFSET ${(paging.page - 1) * paging.paginate_by}`.execute(db),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM ${entries} AS x`.execute(db),
  ]);
  return {
    rows: page.rows.map((r) => ({
      ...r,
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
      created_at: new Date(r.created_at),
    })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}
