import {
  bookingNeedsApproval,
  canChangeBooking,
  canReturnEquipment,
  checkHandoutReturnDate,
  type EquipmentBooking,
  type EquipmentBookingKind,
  type EquipmentBookingList,
  type EquipmentBulkResult,
  handoutReturnDate,
  returnedEndsOn,
  type ZCreateHandoutRequestSchema,
  type ZExtendHandoutsRequestSchema,
  type ZMixHandoutRequestSchema,
  type ZReturnAvailabilityResponseSchema,
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
  holderOfBooking,
  type ItemRights,
  inBookingTransaction,
  inSavepoint,
  issueExtendLink,
  itemRights,
  logBooking,
  presentBookingsById,
  presentOne,
  presentRows,
  refusalKey,
  requireDates,
  requireFree,
  requireItem,
  requireMayBookFor,
  resolveHolder,
  sameHolder,
} from './equipment-booking-common.js';
import {
  type BookingCore,
  findBookingCores,
  findBookingRows,
  findBookingTypeRules,
  findVisibleEquipmentIds,
  insertBooking,
  setEquipmentStatus,
  updateBookings,
} from './equipment-booking-queries.js';

type HandoutInput = z.output<typeof ZCreateHandoutRequestSchema>;
type UpdateInput = z.output<typeof ZUpdateBookingRequestSchema>;
type ExtendInput = z.output<typeof ZExtendHandoutsRequestSchema>;
type MixInput = z.output<typeof ZMixHandoutRequestSchema>;
type ReturnAvailability = z.infer<typeof ZReturnAvailabilityResponseSchema>;

const HOLDING = ['pending', 'active'] as const;

/** A booking of this item and kind (404 otherwise: another item's booking is not this one's). */
export async function requireBooking(
  db: Db,
  s: BookingSession,
  bookingId: number,
  equipmentId: number | null,
  kind: EquipmentBookingKind,
): Promise<BookingCore> {
  const [booking] = await findBookingCores(db, s.auth.clientId, { ids: [bookingId] });
  if (!booking || booking.kind !== kind || (equipmentId !== null && booking.equipment_id !== equipmentId))
    throw notFound(kind === 'handout' ? 'Handout not found' : 'Reservation not found');
  return booking;
}

/**
 * A change of one booking of one item, in one transaction: the item locked (404 when it is not
 * seen), the booking of this item and kind (404 otherwise). Answers the booking as it is after.
 */
export async function changeItemBooking(
  ctx: AppContext,
  auth: Caller,
  id: number,
  bookingId: number,
  kind: EquipmentBookingKind,
  change: (
    trx: Transaction<Database>,
    s: BookingSession,
    item: ItemRights,
    booking: BookingCore,
  ) => Promise<void>,
): Promise<EquipmentBooking> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const rights = await itemRights(trx, s, [id], { forUpdate: true });
    const item = requireItem(rights, id);
    const booking = await requireBooking(trx, s, bookingId, id, kind);
    await change(trx, s, item, booking);
    return presentOne(trx, s, booking.id, rights);
  });
}

/** A booking that no longer holds its days (returned, declined, cancelled) is not changed. */
export function requireHolding(booking: BookingCore): void {
  if (booking.state !== 'pending' && booking.state !== 'active')
    throw new AppError(409, 'booking_closed', 'This booking is already closed');
}

/** 001 §6: admin, a manager of the item, or the holder changes a booking. */
export function mayChange(s: BookingSession, item: ItemRights, booking: BookingCore): boolean {
  return canChangeBooking({
    canManage: item.canManage,
    userId: s.auth.userId,
    holderUserId: booking.holder_user_id,
  });
}

// ---------------------------------------------------------------------------------------------
// Handing out
// ---------------------------------------------------------------------------------------------

export type HandoutPlan = {
  holder: Holder;
  /** The holder came from the request (not the caller by default). */
  explicitHolder: boolean;
  return_at: string | null | undefined;
  note: string | null;
  reservation_id?: number | null;
  group_id: number | null;
  batch_id: number | null;
  /** Where a refusal points: the request's field, or the item in a call on several. */
  field?: string;
};

export type HandoutDone = {
  id: number;
  state: 'pending' | 'active';
  ends_on: string;
  holder: Holder;
  title: string;
};

/**
 * Hands one locked item out (001 §4): checks it is not archived nor out, who it goes to, the
 * return date (given, the type's default, or required) and that no booking holds those days;
 * writes the booking (a converted reservation or a new row), the item's status and the log.
 */
export async function handOut(
  trx: Transaction<Database>,
  s: BookingSession,
  item: ItemRights,
  plan: HandoutPlan,
): Promise<HandoutDone> {
  let holder = plan.holder;
  let reservation: BookingCore | undefined;
  if (plan.reservation_id) {
    reservation = await requireBooking(trx, s, plan.reservation_id, item.id, 'reservation');
    requireHolding(reservation);
    if (!plan.explicitHolder) holder = await holderOfBooking(trx, s.auth, reservation);
    else if (!sameHolder(holder, reservation))
      throw fieldError('reservation_id', 'holder_required', 'The reservation is for someone else');
  }
  requireMayBookFor(item, holder);
  if (item.status === 'archived')
    throw new AppError(
      422,
      'equipment_archived',
      `"${item.title}" is archived`,
      plan.field ? { [plan.field]: 'equipment_archived' } : undefined,
    );
  if (item.status !== 'stored')
    throw new AppError(
      409,
      'equipment_issued',
      `"${item.title}" is handed out already`,
      plan.field ? { [plan.field]: 'equipment_issued' } : undefined,
    );
  let endsOn: string;
  if (plan.return_at) {
    requireDates(checkHandoutReturnDate(plan.return_at, s.today), plan.field ?? 'return_at');
    endsOn = plan.return_at;
  } else if (reservation) {
    requireDates(checkHandoutReturnDate(reservation.ends_on, s.today), plan.field ?? 'return_at');
    endsOn = reservation.ends_on;
  } else {
    const type = (await findBookingTypeRules(trx, s.auth.clientId, [item.id])).get(item.id);
    if (!type?.set_default_return_period)
      throw fieldError(plan.field ?? 'return_at', 'return_date_required', 'Give a return date');
    endsOn = handoutReturnDate(s.today, type.default_return_period_value, type.default_return_period_type);
  }
  await requireFree(
    trx,
    s,
    item,
    { from: s.today, to: endsOn },
    {
      exclude: reservation ? [reservation.id] : [],
      field: plan.field ?? 'return_at',
    },
  );
  const pending = bookingNeedsApproval({
    canManage: item.canManage,
    itemRequiresApproval: item.item_requires_approval,
    typeRequiresApproval: item.type_requires_approval,
  });
  const state = pending ? 'pending' : 'active';
  let id: number;
  if (reservation) {
    id = reservation.id;
    await updateBookings(trx, s.auth.clientId, [id], {
      kind: 'handout',
      state,
      starts_on: s.today,
      ends_on: endsOn,
      buffer_before: 0,
      buffer_after: 0,
      ...(plan.note !== null ? { note: plan.note } : {}),
    });
  } else {
    id = await insertBooking(trx, {
      client_id: s.auth.clientId,
      equipment_id: item.id,
      group_id: plan.group_id,
      batch_id: plan.batch_id,
      kind: 'handout',
      state,
      holder_user_id: holder.userId,
      holder_external_id: holder.externalId,
      note: plan.note,
      starts_on: s.today,
      ends_on: endsOn,
      buffer_before: 0,
      buffer_after: 0,
      requested_by: s.auth.userId,
      decided_by: null,
      decided_at: null,
    });
  }
  await setEquipmentStatus(trx, s.auth.clientId, [item.id], pending ? 'in_transition' : 'issued');
  await logBooking(trx, s, item.id, pending ? 'handout_requested' : 'handed_out', {
    booking_id: id,
    holder: holder.name,
    return_at: endsOn,
    ...(reservation ? { reservation_id: reservation.id } : {}),
  });
  return { id, state, ends_on: endsOn, holder, title: item.title };
}

/** GET equipment/{id}/handout: the item's handouts, newest first. */
export async function listHandouts(ctx: AppContext, auth: Caller, id: number): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  const rows = await findBookingRows(ctx.db, auth.clientId, {
    equipmentIds: [id],
    kinds: ['handout'],
    order: 'created_desc',
    limit: 200,
  });
  return { data: await presentRows(ctx.db, s, rows) };
}

/** POST equipment/{id}/handout. */
export async function createHandout(
  ctx: AppContext,
  auth: Caller,
  id: number,
  body: HandoutInput,
): Promise<EquipmentBooking> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const rights = await itemRights(trx, s, [id], { forUpdate: true });
    const item = requireItem(rights, id);
    const holder = await resolveHolder(trx, auth, body);
    const done = await handOut(trx, s, item, {
      holder,
      explicitHolder: !!(body.holder_id || body.external_holder_id),
      return_at: body.return_at,
      note: body.note,
      reservation_id: body.reservation_id,
      group_id: null,
      batch_id: null,
    });
    if (done.state === 'active')
      await issueExtendLink(ctx, trx, s, {
        tokenBookingId: done.id,
        holder: done.holder,
        items: [{ title: done.title, return_at: done.ends_on }],
        group: false,
      });
    return presentOne(trx, s, done.id, rights);
  });
}

/**
 * A new return date for a locked item's handout (its days after today must be free), checked
 * as a handout's return date; `field` names the item in a call on several.
 */
export async function moveReturnDate(
  trx: Transaction<Database>,
  s: BookingSession,
  item: ItemRights,
  booking: BookingCore,
  returnAt: string,
  field?: string,
): Promise<void> {
  requireDates(checkHandoutReturnDate(returnAt, s.today), field ?? 'return_at');
  if (returnAt === booking.ends_on) return;
  if (returnAt > booking.ends_on)
    await requireFree(
      trx,
      s,
      item,
      { from: booking.starts_on, to: returnAt },
      {
        exclude: [booking.id],
        field: field ?? 'return_at',
      },
    );
  await updateBookings(trx, s.auth.clientId, [booking.id], { ends_on: returnAt });
  await logBooking(trx, s, item.id, 'extended', {
    booking_id: booking.id,
    return_at: [booking.ends_on, returnAt],
  });
}

/** PUT equipment/{id}/handout/{handoutId}: a new return date or note (admin, manager or holder). */
export async function updateHandout(
  ctx: AppContext,
  auth: Caller,
  id: number,
  handoutId: number,
  body: UpdateInput,
): Promise<EquipmentBooking> {
  return changeItemBooking(ctx, auth, id, handoutId, 'handout', async (trx, s, item, booking) => {
    if (!mayChange(s, item, booking)) throw forbidden('Only the holder or a manager changes this handout');
    requireHolding(booking);
    if (body.return_at !== undefined) await moveReturnDate(trx, s, item, booking, body.return_at);
    if (body.note !== undefined) {
      await updateBookings(trx, auth.clientId, [booking.id], { note: body.note });
      await logBooking(trx, s, item.id, 'handout_changed', { booking_id: booking.id, note: body.note });
    }
  });
}

/**
 * Ends a locked item's handout: an active one is returned (its days after today free again,
 * the item stored), a pending request is withdrawn.
 */
export async function endHandout(
  trx: Transaction<Database>,
  s: BookingSession,
  item: ItemRights,
  booking: BookingCore,
): Promise<void> {
  requireHolding(booking);
  if (booking.state === 'pending') {
    if (!mayChange(s, item, booking)) throw forbidden('Only the holder or a manager withdraws this request');
    await updateBookings(trx, s.auth.clientId, [booking.id], { state: 'cancelled', extend_token_hash: null });
    await logBooking(trx, s, item.id, 'handout_withdrawn', { booking_id: booking.id });
  } else {
    if (
      !canReturnEquipment({
        strict: s.strict,
        canManage: item.canManage,
        userId: s.auth.userId,
        holderUserId: booking.holder_user_id,
      })
    )
      throw forbidden('Only the holder or a manager confirms this return');
    // A handout starts on or before today, so it never ends before it starts.
    const endsOn = returnedEndsOn(booking.ends_on, s.today);
    await updateBookings(trx, s.auth.clientId, [booking.id], {
      state: 'returned',
      returned_at: new Date(),
      returned_by: s.auth.userId,
      ends_on: endsOn,
      extend_token_hash: null,
    });
    await logBooking(trx, s, item.id, 'returned', { booking_id: booking.id, return_at: booking.ends_on });
  }
  if (item.status !== 'archived') await setEquipmentStatus(trx, s.auth.clientId, [item.id], 'stored');
}

/** DELETE equipment/{id}/handout/{handoutId}. */
export async function returnHandout(
  ctx: AppContext,
  auth: Caller,
  id: number,
  handoutId: number,
): Promise<EquipmentBooking> {
  return changeItemBooking(ctx, auth, id, handoutId, 'handout', async (trx, s, item, booking) => {
    await endHandout(trx, s, item, booking);
  });
}

/** POST equipment/{equipmentId}/handout/{handoutId}/{approve|decline}: managers decide a request. */
export async function decideHandout(
  ctx: AppContext,
  auth: Caller,
  id: number,
  handoutId: number,
  action: 'approve' | 'decline',
): Promise<EquipmentBooking> {
  return changeItemBooking(ctx, auth, id, handoutId, 'handout', async (trx, s, item, booking) => {
    if (!item.canManage) throw forbidden('Only managers of the item decide requests');
    if (booking.state !== 'pending')
      throw new AppError(409, 'booking_not_pending', 'This request was decided already');
    const decided = { decided_by: auth.userId, decided_at: new Date() };
    if (action === 'approve') {
      await updateBookings(trx, auth.clientId, [booking.id], { state: 'active', ...decided });
      await setEquipmentStatus(trx, auth.clientId, [item.id], 'issued');
      await logBooking(trx, s, item.id, 'request_approved', { booking_id: booking.id, kind: 'handout' });
      await issueExtendLink(ctx, trx, s, {
        tokenBookingId: booking.id,
        holder: await holderOfBooking(trx, auth, booking),
        items: [{ title: item.title, return_at: booking.ends_on }],
        group: false,
      });
    } else {
      await updateBookings(trx, auth.clientId, [booking.id], { state: 'declined', ...decided });
      if (item.status !== 'archived') await setEquipmentStatus(trx, auth.clientId, [item.id], 'stored');
      await logBooking(trx, s, item.id, 'request_declined', { booking_id: booking.id, kind: 'handout' });
    }
  });
}

/** The caller's visible items among the bookings' items, locked. */
async function lockVisibleItems(
  trx: Transaction<Database>,
  s: BookingSession,
  equipmentIds: readonly number[],
): Promise<Map<number, ItemRights>> {
  const visible = await findVisibleEquipmentIds(trx, s.scope, equipmentIds);
  return itemRights(trx, s, [...visible], { forUpdate: true });
}

/** PUT equipment/handout/extend: a later return date for several handouts, each on its own. */
export async function extendHandouts(
  ctx: AppContext,
  auth: Caller,
  body: ExtendInput,
): Promise<EquipmentBulkResult> {
  const s = await bookingSession(ctx, auth);
  const ids = [...new Set(body.handout_ids)];
  return inBookingTransaction(ctx, async (trx) => {
    const bookings = new Map(
      (await findBookingCores(trx, auth.clientId, { ids, kinds: ['handout'] })).map((b) => [b.id, b]),
    );
    const rights = await lockVisibleItems(
      trx,
      s,
      [...bookings.values()].map((b) => b.equipment_id),
    );
    return eachInSavepoint(trx, ids, async (id) => {
      const booking = bookings.get(id);
      const item = booking && rights.get(booking.equipment_id);
      if (!booking || !item) throw notFound('Handout not found');
      if (!mayChange(s, item, booking)) throw forbidden();
      if (booking.state !== 'active') throw new AppError(409, 'booking_closed', 'Not handed out');
      await moveReturnDate(trx, s, item, booking, body.return_at);
    });
  });
}

/** POST equipment/multiple/mix_handout: several items to one holder, each on its own. */
export async function mixHandout(
  ctx: AppContext,
  auth: Caller,
  body: MixInput,
): Promise<EquipmentBulkResult> {
  const s = await bookingSession(ctx, auth);
  const ids = [...new Set(body.equipment_ids)];
  return inBookingTransaction(ctx, async (trx) => {
    const holder = await resolveHolder(trx, auth, body);
    const rights = await lockVisibleItems(trx, s, ids);
    const result: EquipmentBulkResult = { done: [], not_done: [] };
    const handedOut: HandoutDone[] = [];
    let batchId: number | null = null;
    for (const id of ids) {
      try {
        const done = await inSavepoint(trx, async () => {
          const item = rights.get(id);
          if (!item) throw notFound('Equipment not found');
          return handOut(trx, s, item, {
            holder,
            explicitHolder: true,
            return_at: body.return_at,
            note: body.note,
            group_id: null,
            batch_id: batchId,
          });
        });
        if (batchId === null) {
          batchId = done.id;
          await updateBookings(trx, auth.clientId, [done.id], { batch_id: done.id });
        }
        if (done.state === 'active') handedOut.push(done);
        result.done.push(id);
      } catch (err) {
        result.not_done.push({ id, error: refusalKey(err) });
      }
    }
    for (const done of handedOut)
      await issueExtendLink(ctx, trx, s, {
        tokenBookingId: done.id,
        holder: done.holder,
        items: [{ title: done.title, return_at: done.ends_on }],
        group: false,
      });
    return result;
  });
}

// ---------------------------------------------------------------------------------------------
// Returns
// ---------------------------------------------------------------------------------------------

/** The active or pending handout of each item. */
async function currentHandouts(db: Db, s: BookingSession, equipmentIds: readonly number[]) {
  const rows = await findBookingCores(db, s.auth.clientId, {
    equipmentIds,
    kinds: ['handout'],
    states: [...HOLDING],
  });
  return new Map(rows.map((b) => [b.equipment_id, b]));
}

/** GET equipment/multiple/return_availability: whether the caller may confirm each item's return. */
export async function returnAvailability(
  ctx: AppContext,
  auth: Caller,
  equipmentIds: readonly number[],
): Promise<ReturnAvailability> {
  const s = await bookingSession(ctx, auth);
  const visible = await findVisibleEquipmentIds(ctx.db, s.scope, [...new Set(equipmentIds)]);
  const ids = [...visible];
  const [rights, handouts] = await Promise.all([itemRights(ctx.db, s, ids), currentHandouts(ctx.db, s, ids)]);
  const active = [...handouts.values()].filter((b) => b.state === 'active');
  const presented = new Map(
    (
      await presentBookingsById(
        ctx.db,
        s,
        active.map((b) => b.id),
        rights,
      )
    ).map((b) => [b.equipment_id, b]),
  );
  const data = equipmentIds.flatMap((id) => {
    const item = rights.get(id);
    if (!item) return [];
    const handout = handouts.get(id);
    if (handout?.state !== 'active')
      return [
        {
          equipment_id: id,
          title: item.title,
          can_return: false,
          reason: 'equipment_not_issued',
          handout: null,
        },
      ];
    const may = canReturnEquipment({
      strict: s.strict,
      canManage: item.canManage,
      userId: auth.userId,
      holderUserId: handout.holder_user_id,
    });
    return [
      {
        equipment_id: id,
        title: item.title,
        can_return: may,
        reason: may ? null : 'forbidden',
        handout: presented.get(id) ?? null,
      },
    ];
  });
  return { data: [...new Map(data.map((d) => [d.equipment_id, d])).values()] };
}

/**
 * Returns the active handouts of locked items, each on its own (savepoints); answers the done
 * item ids and each refused one with its key.
 */
export async function returnItems(
  trx: Transaction<Database>,
  s: BookingSession,
  ids: readonly number[],
  rights: Map<number, ItemRights>,
): Promise<EquipmentBulkResult> {
  const handouts = await currentHandouts(trx, s, [...rights.keys()]);
  return eachInSavepoint(trx, ids, async (id) => {
    const item = rights.get(id);
    if (!item) throw notFound('Equipment not found');
    const handout = handouts.get(id);
    if (handout?.state !== 'active')
      throw new AppError(422, 'equipment_not_issued', `"${item.title}" is not handed out`);
    await endHandout(trx, s, item, handout);
  });
}

/** POST equipment/multiple/return. */
export async function multipleReturn(
  ctx: AppContext,
  auth: Caller,
  equipmentIds: readonly number[],
): Promise<EquipmentBulkResult> {
  const s = await bookingSession(ctx, auth);
  const ids = [...new Set(equipmentIds)];
  return inBookingTransaction(ctx, async (trx) => {
    const rights = await lockVisibleItems(trx, s, ids);
    return returnItems(trx, s, ids, rights);
  });
}
