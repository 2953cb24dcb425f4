import {
  availabilityWindow,
  blockedDays,
  bookingNeedsApproval,
  bufferDaysOf,
  checkReservationDates,
  daysOverlap,
  type EquipmentAvailability,
  type EquipmentBooking,
  type EquipmentBookingList,
  type EquipmentBulkResult,
  type EquipmentStatus,
  isAvailableNow,
  maxReservationDays,
  type ZCreateReservationRequestSchema,
  type ZMultipleReservationRequestSchema,
  type ZUpdateBookingRequestSchema,
} from '@workbench/domain';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import {
  type BookingSession,
  bookingSession,
  type Caller,
  type Db,
  eachInSavepoint,
  type Holder,
  type ItemRights,
  inBookingTransaction,
  itemRights,
  logBooking,
  presentBookingsById,
  presentOne,
  presentRows,
  requireDates,
  requireFree,
  requireItem,
  requireMayBookFor,
  resolveHolder,
} from './equipment-booking-common.js';
import {
  type BookingCore,
  findBookingCores,
  findBookingRows,
  findBookingTypeRules,
  findHeldRanges,
  findVisibleEquipmentIds,
  insertBooking,
  updateBookings,
} from './equipment-booking-queries.js';
import { changeItemBooking, mayChange, requireBooking, requireHolding } from './equipment-booking-service.js';

type ReserveInput = z.output<typeof ZCreateReservationRequestSchema>;
type MultipleInput = z.output<typeof ZMultipleReservationRequestSchema>;
type UpdateInput = z.output<typeof ZUpdateBookingRequestSchema>;

export type ReservationPlan = {
  holder: Holder;
  starts_on: string;
  ends_on: string;
  note: string | null;
  group_id: number | null;
  batch_id: number | null;
  /** Where a refusal points in a call on several items (`equipment.<id>`). */
  field?: string;
};

/**
 * Reserves one locked item (001 §4): not archived, for the caller or (managers) anyone, dates
 * within the type's rules, the type's buffer days copied onto the row, no other booking on those
 * days; pending when it needs approval.
 */
export async function reserveOne(
  trx: Transaction<Database>,
  s: BookingSession,
  item: ItemRights,
  plan: ReservationPlan,
): Promise<{ id: number; state: 'pending' | 'active' }> {
  requireMayBookFor(item, plan.holder);
  if (item.status === 'archived')
    throw new AppError(
      422,
      'equipment_archived',
      `"${item.title}" is archived`,
      plan.field ? { [plan.field]: 'equipment_archived' } : undefined,
    );
  const type = (await findBookingTypeRules(trx, s.auth.clientId, [item.id])).get(item.id);
  if (!type) throw notFound('Equipment not found');
  requireDates(
    checkReservationDates({
      starts_on: plan.starts_on,
      ends_on: plan.ends_on,
      today: s.today,
      maxDays: maxReservationDays(type),
    }),
    plan.field,
  );
  const buffer = bufferDaysOf(type);
  const booking = {
    starts_on: plan.starts_on,
    ends_on: plan.ends_on,
    buffer_before: buffer.before,
    buffer_after: buffer.after,
  };
  await requireFree(trx, s, item, blockedDays(booking), { field: plan.field ?? 'reservation_start_date' });
  const pending = bookingNeedsApproval({
    canManage: item.canManage,
    itemRequiresApproval: item.item_requires_approval,
    typeRequiresApproval: item.type_requires_approval,
  });
  const state = pending ? 'pending' : 'active';
  const id = await insertBooking(trx, {
    client_id: s.auth.clientId,
    equipment_id: item.id,
    group_id: plan.group_id,
    batch_id: plan.batch_id,
    kind: 'reservation',
    state,
    holder_user_id: plan.holder.userId,
    holder_external_id: plan.holder.externalId,
    note: plan.note,
    ...booking,
    requested_by: s.auth.userId,
    decided_by: null,
    decided_at: null,
  });
  await logBooking(trx, s, item.id, pending ? 'reservation_requested' : 'reserved', {
    booking_id: id,
    holder: plan.holder.name,
    reservation_start_date: plan.starts_on,
    return_at: plan.ends_on,
  });
  return { id, state };
}

/**
 * New dates or note for a locked item's reservation. A start left as it is may lie in the past
 * (a reservation under way); the days it moves to must be free of other bookings.
 */
export async function changeReservation(
  trx: Transaction<Database>,
  s: BookingSession,
  item: ItemRights,
  booking: BookingCore,
  body: UpdateInput,
  field?: string,
): Promise<void> {
  const startsOn = body.reservation_start_date ?? booking.starts_on;
  const endsOn = body.return_at ?? booking.ends_on;
  const changes: Record<string, unknown> = { booking_id: booking.id };
  if (startsOn !== booking.starts_on || endsOn !== booking.ends_on) {
    const type = (await findBookingTypeRules(trx, s.auth.clientId, [item.id])).get(item.id);
    if (!type) throw notFound('Equipment not found');
    const keptStart = startsOn === booking.starts_on && startsOn < s.today;
    requireDates(
      checkReservationDates({
        starts_on: startsOn,
        ends_on: endsOn,
        today: keptStart ? startsOn : s.today,
        maxDays: maxReservationDays(type),
      }),
      field,
    );
    if (endsOn < s.today)
      throw fieldError(field ?? 'return_at', 'date_in_past', 'The reservation would be over');
    const days = blockedDays({ ...booking, starts_on: startsOn, ends_on: endsOn });
    await requireFree(trx, s, item, days, {
      exclude: [booking.id],
      field: field ?? 'reservation_start_date',
    });
    await updateBookings(trx, s.auth.clientId, [booking.id], { starts_on: startsOn, ends_on: endsOn });
    changes.reservation_start_date = [booking.starts_on, startsOn];
    changes.return_at = [booking.ends_on, endsOn];
  }
  if (body.note !== undefined) {
    await updateBookings(trx, s.auth.clientId, [booking.id], { note: body.note });
    changes.note = body.note;
  }
  await logBooking(trx, s, item.id, 'reservation_changed', changes);
}

export async function cancelOne(
  trx: Transaction<Database>,
  s: BookingSession,
  item: ItemRights,
  booking: BookingCore,
): Promise<void> {
  if (!mayChange(s, item, booking)) throw forbidden('Only the holder or a manager cancels this reservation');
  requireHolding(booking);
  await updateBookings(trx, s.auth.clientId, [booking.id], { state: 'cancelled' });
  await logBooking(trx, s, item.id, 'reservation_cancelled', {
    booking_id: booking.id,
    reservation_start_date: booking.starts_on,
    return_at: booking.ends_on,
  });
}

/** GET equipment/{id}/reservation: pending and active reservations ending today or later. */
export async function listReservations(
  ctx: AppContext,
  auth: Caller,
  id: number,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  const rows = await findBookingRows(ctx.db, auth.clientId, {
    equipmentIds: [id],
    kinds: ['reservation'],
    states: ['pending', 'active'],
    endingFrom: s.today,
    limit: 500,
  });
  return { data: await presentRows(ctx.db, s, rows) };
}

/** GET equipment/{id}/pending_requests: handouts and reservations waiting for a decision. */
export async function listPendingRequests(
  ctx: AppContext,
  auth: Caller,
  id: number,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  const rows = await findBookingRows(ctx.db, auth.clientId, {
    equipmentIds: [id],
    states: ['pending'],
    limit: 500,
  });
  return { data: await presentRows(ctx.db, s, rows) };
}

/** POST equipment/{id}/reservation. */
export async function reserve(
  ctx: AppContext,
  auth: Caller,
  id: number,
  body: ReserveInput,
): Promise<EquipmentBooking> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const rights = await itemRights(trx, s, [id], { forUpdate: true });
    const item = requireItem(rights, id);
    const holder = await resolveHolder(trx, auth, body);
    const done = await reserveOne(trx, s, item, {
      holder,
      starts_on: body.reservation_start_date,
      ends_on: body.return_at,
      note: body.note,
      group_id: null,
      batch_id: null,
    });
    return presentOne(trx, s, done.id, rights);
  });
}

/** PUT equipment/{id}/reservation/{reservationId}: new dates or note (holder or manager). */
export async function updateReservation(
  ctx: AppContext,
  auth: Caller,
  id: number,
  reservationId: number,
  body: UpdateInput,
): Promise<EquipmentBooking> {
  return changeItemBooking(ctx, auth, id, reservationId, 'reservation', async (trx, s, item, booking) => {
    if (!mayChange(s, item, booking))
      throw forbidden('Only the holder or a manager changes this reservation');
    requireHolding(booking);
    await changeReservation(trx, s, item, booking, body);
  });
}

/** DELETE equipment/{id}/reservation/{reservationId}. */
export async function cancelReservation(
  ctx: AppContext,
  auth: Caller,
  id: number,
  reservationId: number,
): Promise<EquipmentBooking> {
  return changeItemBooking(ctx, auth, id, reservationId, 'reservation', async (trx, s, item, booking) => {
    await cancelOne(trx, s, item, booking);
  });
}

/** POST equipment/reservation/{id}/buffer_accept | buffer_decline: managers decide a request. */
export async function decideReservation(
  ctx: AppContext,
  auth: Caller,
  reservationId: number,
  accept: boolean,
): Promise<EquipmentBooking> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const booking = await requireBooking(trx, s, reservationId, null, 'reservation');
    const rights = await itemRights(trx, s, [booking.equipment_id], { forUpdate: true });
    const item = requireItem(rights, booking.equipment_id);
    if (!item.canManage) throw forbidden('Only managers of the item decide requests');
    if (booking.state !== 'pending')
      throw new AppError(409, 'booking_not_pending', 'This request was decided already');
    await updateBookings(trx, auth.clientId, [booking.id], {
      state: accept ? 'active' : 'declined',
      decided_by: auth.userId,
      decided_at: new Date(),
    });
    await logBooking(trx, s, item.id, accept ? 'request_approved' : 'request_declined', {
      booking_id: booking.id,
      kind: 'reservation',
    });
    return presentOne(trx, s, booking.id, rights);
  });
}

/**
 * Reserves every item for one period, all or none (one transaction): the bookings share the
 * first one's id as batch_id; a refusal names the item (`equipment.<id>`) and nothing is kept.
 */
export async function reserveAll(
  trx: Transaction<Database>,
  s: BookingSession,
  rights: Map<number, ItemRights>,
  ids: readonly number[],
  plan: Omit<ReservationPlan, 'batch_id' | 'field'>,
): Promise<number[]> {
  const created: number[] = [];
  for (const id of ids) {
    const item = rights.get(id);
    if (!item) throw fieldError(`equipment.${id}`, 'not_found', 'Equipment not found', 404);
    const done = await reserveOne(trx, s, item, {
      ...plan,
      batch_id: created[0] ?? null,
      field: `equipment.${id}`,
    });
    created.push(done.id);
  }
  const first = created[0];
  if (first !== undefined) await updateBookings(trx, s.auth.clientId, [first], { batch_id: first });
  return created;
}

/** POST equipment/multiple/multiple_reservation. */
export async function multipleReservation(
  ctx: AppContext,
  auth: Caller,
  body: MultipleInput,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  const ids = [...new Set(body.equipment_ids)];
  return inBookingTransaction(ctx, async (trx) => {
    const visible = await findVisibleEquipmentIds(trx, s.scope, ids);
    const rights = await itemRights(trx, s, [...visible], { forUpdate: true });
    const holder = await resolveHolder(trx, auth, body);
    const created = await reserveAll(trx, s, rights, ids, {
      holder,
      starts_on: body.reservation_start_date,
      ends_on: body.return_at,
      note: body.note,
      group_id: null,
    });
    return { data: await presentBookingsById(trx, s, created, rights) };
  });
}

/** POST equipment/multiple/reservation/cancel-by-ids: each reservation on its own. */
export async function cancelReservations(
  ctx: AppContext,
  auth: Caller,
  reservationIds: readonly number[],
): Promise<EquipmentBulkResult> {
  const s = await bookingSession(ctx, auth);
  const ids = [...new Set(reservationIds)];
  return inBookingTransaction(ctx, async (trx) => {
    const bookings = new Map(
      (await findBookingCores(trx, auth.clientId, { ids, kinds: ['reservation'] })).map((b) => [b.id, b]),
    );
    const visible = await findVisibleEquipmentIds(
      trx,
      s.scope,
      [...bookings.values()].map((b) => b.equipment_id),
    );
    const rights = await itemRights(trx, s, [...visible], { forUpdate: true });
    return eachInSavepoint(trx, ids, async (id) => {
      const booking = bookings.get(id);
      const item = booking && rights.get(booking.equipment_id);
      if (!booking || !item) throw notFound('Reservation not found');
      await cancelOne(trx, s, item, booking);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Availability
// ---------------------------------------------------------------------------------------------

export function requireWindow(s: BookingSession, query: { from?: string; to?: string }) {
  const window = availabilityWindow({ ...query, today: s.today });
  if (!window.ok)
    throw fieldError(window.key === 'end_before_start' ? 'to' : 'from', window.key, 'Not a window');
  return window;
}

/**
 * The days each item is held from `from` to `to` (ranges as stored: buffer days included), and
 * whether it is free for a handout today.
 */
export async function availabilityOf(
  db: Db,
  s: BookingSession,
  items: ReadonlyArray<{ id: number; title: string; status: EquipmentStatus }>,
  window: { from: string; to: string },
): Promise<EquipmentAvailability[]> {
  // Read today too, whatever the window, for available_now.
  const [first, , last] = [window.from, window.to, s.today].sort();
  const around = { from: first ?? window.from, to: last ?? window.to };
  const held = await findHeldRanges(
    db,
    s.auth.clientId,
    items.map((i) => i.id),
    around,
  );
  return items.map((item) => {
    const mine = held.filter((h) => h.equipment_id === item.id);
    return {
      equipment_id: item.id,
      title: item.title,
      status: item.status,
      available_now: isAvailableNow(item.status, mine, s.today),
      busy: mine
        .filter((h) => daysOverlap(h, window))
        .map((h) => ({ from: h.from, to: h.to, kind: h.kind, state: h.state, booking_id: h.booking_id })),
    };
  });
}

/** GET equipment/availability?ids=… */
export async function equipmentAvailability(
  ctx: AppContext,
  auth: Caller,
  query: { ids?: number[]; 'ids[]'?: number[]; from?: string; to?: string },
): Promise<{ data: EquipmentAvailability[] }> {
  const s = await bookingSession(ctx, auth);
  const window = requireWindow(s, query);
  const asked = [...new Set([...(query.ids ?? []), ...(query['ids[]'] ?? [])])];
  const visible = await findVisibleEquipmentIds(ctx.db, s.scope, asked);
  const rights = await itemRights(ctx.db, s, [...visible]);
  const items = asked.flatMap((id) => rights.get(id) ?? []);
  return { data: await availabilityOf(ctx.db, s, items, window) };
}
