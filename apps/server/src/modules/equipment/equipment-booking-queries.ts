import type {
  EquipmentBookingKind,
  EquipmentBookingState,
  EquipmentBufferPosition,
  EquipmentPeriodUnit,
  EquipmentStatus,
} from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { intArray } from '../access/workspace-access.js';
import {
  type EquipmentScope,
  equipmentGroupVisibleSql,
  equipmentVisibleSql,
} from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A handout or reservation with its holder and the people who asked and decided, as presented. */
export type BookingRow = {
  id: number;
  client_id: number;
  equipment_id: number;
  equipment_title: string;
  group_id: number | null;
  batch_id: number | null;
  kind: EquipmentBookingKind;
  state: EquipmentBookingState;
  holder_user_id: number | null;
  holder_external_id: number | null;
  /** The holder's name, e-mail, phone and company (a person's or an external holder's). */
  holder_first_name: string | null;
  holder_last_name: string | null;
  holder_email: string | null;
  holder_phone: string | null;
  holder_company: string | null;
  note: string | null;
  starts_on: string;
  ends_on: string;
  buffer_before: number;
  buffer_after: number;
  requested_by_id: number | null;
  requested_by_first_name: string | null;
  requested_by_last_name: string | null;
  requested_by_email: string | null;
  requested_by_profile_image: string | null;
  decided_by_id: number | null;
  decided_by_first_name: string | null;
  decided_by_last_name: string | null;
  decided_by_email: string | null;
  decided_by_profile_image: string | null;
  returned_at: Date | null;
  created_at: Date;
};

export type BookingFilter = {
  ids?: readonly number[];
  equipmentIds?: readonly number[];
  batchIds?: readonly number[];
  groupIds?: readonly number[];
  kinds?: readonly EquipmentBookingKind[];
  states?: readonly EquipmentBookingState[];
  /** Only bookings ending on this day or later. */
  endingFrom?: string;
  order?: 'start_asc' | 'created_desc';
  limit?: number;
};

/**
 * Bookings of the caller's organisation with their people, in one statement. Visibility is the
 * caller's to have checked (the id guard, or the items they were asked for).
 */
export async function findBookingRows(
  db: Db,
  clientId: number,
  filter: BookingFilter,
): Promise<BookingRow[]> {
  const where: RawBuilder<unknown>[] = [sql`b.client_id = ${clientId}`];
  if (filter.ids) where.push(sql`b.id = ANY(${intArray(filter.ids)})`);
  if (filter.equipmentIds) where.push(sql`b.equipment_id = ANY(${intArray(filter.equipmentIds)})`);
  if (filter.batchIds) where.push(sql`b.batch_id = ANY(${intArray(filter.batchIds)})`);
  if (filter.groupIds) where.push(sql`b.group_id = ANY(${intArray(filter.groupIds)})`);
  if (filter.kinds) where.push(sql`b.kind = ANY(${`{${filter.kinds.join(',')}}`}::text[])`);
  if (filter.states) where.push(sql`b.state = ANY(${`{${filter.states.join(',')}}`}::text[])`);
  if (filter.endingFrom) where.push(sql`b.ends_on >= ${filter.endingFrom}::date`);
  const order = filter.order === 'created_desc' ? sql`b.created_at DESC, b.id DESC` : sql`b.starts_on, b.id`;
  const limit = filter.limit ? sql`LIMIT ${filter.limit}` : sql``;
  const { rows } = await sql<BookingRow>`
    SELECT b.id, b.client_id, b.equipment_id, e.title AS equipment_title, b.group_id, b.batch_id, b.kind,
      b.state, b.holder_user_id, b.holder_external_id,
      coalesce(hu.first_name, hx.full_name) AS holder_first_name,
      CASE WHEN hu.id IS NOT NULL THEN hu.last_name END AS holder_last_name,
      coalesce(hu.email, hx.email) AS holder_email,
      hx.phone AS holder_phone, hx.company AS holder_company,
      b.note, b.starts_on::text AS starts_on, b.ends_on::text AS ends_on, b.buffer_before, b.buffer_after,
      rq.id AS requested_by_id, rq.first_name AS requested_by_first_name, rq.last_name AS requested_by_last_name,
      rq.email AS requested_by_email, rq.profile_image AS requested_by_profile_image,
      dc.id AS decided_by_id, dc.first_name AS decided_by_first_name, dc.last_name AS decided_by_last_name,
      dc.email AS decided_by_email, dc.profile_image AS decided_by_profile_image,
      b.returned_at, b.created_at
    FROM equipment_bookings b
    JOIN equipment e ON e.id = b.equipment_id AND e.client_id = b.client_id
    LEFT JOIN users hu ON hu.id = b.holder_user_id
    LEFT JOIN external_holders hx ON hx.id = b.holder_external_id AND hx.client_id = b.client_id
    LEFT JOIN users rq ON rq.id = b.requested_by
    LEFT JOIN users dc ON dc.id = b.decided_by
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${order}
    ${limit}`.execute(db);
  return rows;
}

/** The booking columns the booking rules read (no people). */
export type BookingCore = {
  id: number;
  client_id: number;
  equipment_id: number;
  group_id: number | null;
  batch_id: number | null;
  kind: EquipmentBookingKind;
  state: EquipmentBookingState;
  holder_user_id: number | null;
  holder_external_id: number | null;
  starts_on: string;
  ends_on: string;
  buffer_before: number;
  buffer_after: number;
};

const CORE_COLUMNS = sql`b.id, b.client_id, b.equipment_id, b.group_id, b.batch_id, b.kind, b.state,
  b.holder_user_id, b.holder_external_id, b.starts_on::text AS starts_on, b.ends_on::text AS ends_on,
  b.buffer_before, b.buffer_after`;

/** Bookings by id, or of a batch, or of a group (of the organisation). */
export async function findBookingCores(
  db: Db,
  clientId: number,
  filter: {
    ids?: readonly number[];
    batchIds?: readonly number[];
    groupIds?: readonly number[];
    equipmentIds?: readonly number[];
    kinds?: readonly EquipmentBookingKind[];
    states?: readonly EquipmentBookingState[];
  },
): Promise<BookingCore[]> {
  const where: RawBuilder<unknown>[] = [sql`b.client_id = ${clientId}`];
  if (filter.ids) where.push(sql`b.id = ANY(${intArray(filter.ids)})`);
  if (filter.batchIds) where.push(sql`b.batch_id = ANY(${intArray(filter.batchIds)})`);
  if (filter.groupIds) where.push(sql`b.group_id = ANY(${intArray(filter.groupIds)})`);
  if (filter.equipmentIds) where.push(sql`b.equipment_id = ANY(${intArray(filter.equipmentIds)})`);
  if (filter.kinds) where.push(sql`b.kind = ANY(${`{${filter.kinds.join(',')}}`}::text[])`);
  if (filter.states) where.push(sql`b.state = ANY(${`{${filter.states.join(',')}}`}::text[])`);
  const { rows } = await sql<BookingCore>`
    SELECT ${CORE_COLUMNS} FROM equipment_bookings b
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY b.id`.execute(db);
  return rows;
}

/** A held day range of an item: a pending or active booking's days, buffer days included. */
export type HeldRange = {
  booking_id: number;
  equipment_id: number;
  kind: EquipmentBookingKind;
  state: EquipmentBookingState;
  from: string;
  to: string;
};

/**
 * The pending and active bookings of these items holding any day from `from` to `to` (both
 * included; the generated column `blocked` carries the buffer days), soonest first.
 */
export async function findHeldRanges(
  db: Db,
  clientId: number,
  equipmentIds: readonly number[],
  window: { from: string; to: string },
  excludeIds: readonly number[] = [],
): Promise<HeldRange[]> {
  if (!equipmentIds.length) return [];
  const { rows } = await sql<HeldRange>`
    SELECT b.id AS booking_id, b.equipment_id, b.kind, b.state,
      lower(b.blocked)::text AS "from", (upper(b.blocked) - 1)::text AS "to"
    FROM equipment_bookings b
    WHERE b.client_id = ${clientId} AND b.equipment_id = ANY(${intArray(equipmentIds)})
      AND b.state IN ('pending', 'active')
      AND b.blocked && daterange(${window.from}::date, ${window.to}::date, '[]')
      AND NOT (b.id = ANY(${intArray(excludeIds)}))
    ORDER BY lower(b.blocked), b.id`.execute(db);
  return rows;
}

/** What an item's type says about its bookings (001 §3 "Equipment type"). */
export type BookingTypeRules = {
  equipment_id: number;
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

export async function findBookingTypeRules(
  db: Db,
  clientId: number,
  equipmentIds: readonly number[],
): Promise<Map<number, BookingTypeRules>> {
  if (!equipmentIds.length) return new Map();
  const { rows } = await sql<BookingTypeRules>`
    SELECT e.id AS equipment_id, t.set_default_return_period, t.default_return_period_value,
      t.default_return_period_type, t.set_max_reservation_duration, t.max_reservation_duration_value,
      t.max_reservation_duration_type, t.set_buffer_days_reservations, t.buffer_days_reservations_value,
      t.buffer_days_reservations_type
    FROM equipment e JOIN equipment_types t ON t.id = e.type_id
    WHERE e.id = ANY(${intArray(equipmentIds)}) AND e.client_id = ${clientId}`.execute(db);
  return new Map(rows.map((row) => [row.equipment_id, row]));
}

/** The live items among `ids` the caller sees (their ids, as asked). */
export async function findVisibleEquipmentIds(
  db: Db,
  scope: EquipmentScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ id: number }>`
    SELECT e.id FROM equipment e
    WHERE e.id = ANY(${intArray(ids)}) AND ${equipmentVisibleSql(scope)}`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** The live items of a group that the caller sees, by id. */
export async function findGroupEquipment(
  db: Db,
  scope: EquipmentScope,
  groupIds: readonly number[],
): Promise<Array<{ id: number; group_id: number; status: EquipmentStatus; title: string }>> {
  if (!groupIds.length) return [];
  const { rows } = await sql<{ id: number; group_id: number; status: EquipmentStatus; title: string }>`
    SELECT e.id, e.group_id, e.status, e.title FROM equipment e
    WHERE e.group_id = ANY(${intArray(groupIds)}) AND ${equipmentVisibleSql(scope)}
    ORDER BY e.id`.execute(db);
  return rows;
}

/** The visible, live groups among `ids` (their ids). */
export async function findVisibleGroupIds(
  db: Db,
  scope: EquipmentScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ id: number }>`
    SELECT g.id FROM equipment_groups g
    WHERE g.id = ANY(${intArray(ids)}) AND ${equipmentGroupVisibleSql(scope)}`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** An active person of the organisation (a holder), with the e-mail and name a mail needs. */
export async function findActivePerson(
  db: Db,
  clientId: number,
  userId: number,
): Promise<{ id: number; first_name: string; email: string; language: string | null } | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('user_clients as uc', (join) =>
      join.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', clientId),
    )
    .select(['u.id', 'u.first_name', 'u.email', 'u.language'])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

/** An active external holder of the organisation. */
export async function findActiveExternalHolder(
  db: Db,
  clientId: number,
  id: number,
): Promise<{ id: number; full_name: string; email: string | null } | undefined> {
  return db
    .selectFrom('external_holders')
    .select(['id', 'full_name', 'email'])
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** The organisation's name and settings (bookings read its time zone and is_equipment_return_strict). */
export async function findBookingClient(
  db: Db,
  clientId: number,
): Promise<{ name: string; settings: unknown }> {
  const row = await db
    .selectFrom('clients')
    .select(['name', 'settings'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return { name: row?.name ?? '', settings: row?.settings ?? {} };
}

export type NewBooking = {
  client_id: number;
  equipment_id: number;
  group_id: number | null;
  batch_id: number | null;
  kind: EquipmentBookingKind;
  state: EquipmentBookingState;
  holder_user_id: number | null;
  holder_external_id: number | null;
  note: string | null;
  starts_on: string;
  ends_on: string;
  buffer_before: number;
  buffer_after: number;
  requested_by: number;
  decided_by: number | null;
  decided_at: Date | null;
};

export async function insertBooking(db: Db, values: NewBooking): Promise<number> {
  const row = await db
    .insertInto('equipment_bookings')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type BookingChange = Partial<{
  kind: EquipmentBookingKind;
  state: EquipmentBookingState;
  note: string | null;
  batch_id: number | null;
  group_id: number | null;
  extend_token_hash: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  returned_by: number | null;
  returned_at: Date | null;
  starts_on: string;
  ends_on: string;
  buffer_before: number;
  buffer_after: number;
}>;

export async function updateBookings(
  db: Db,
  clientId: number,
  ids: readonly number[],
  change: BookingChange,
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('equipment_bookings')
    .set({ ...change, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function setEquipmentStatus(
  db: Db,
  clientId: number,
  ids: readonly number[],
  status: EquipmentStatus,
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('equipment')
    .set({ status, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', 'in', [...ids])
    .execute();
}
