import {
  addDays,
  type EquipmentAvailability,
  type EquipmentBookingList,
  type EquipmentBulkResult,
  type ZCreateHandoutRequestSchema,
  type ZCreateReservationRequestSchema,
  type ZGroupExtendRequestSchema,
  type ZGroupMultipleReservationRequestSchema,
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
  type ItemRights,
  inBookingTransaction,
  issueExtendLink,
  itemRights,
  presentBookingsById,
  presentRows,
  resolveHolder,
} from './equipment-booking-common.js';
import {
  type BookingCore,
  findBookingCores,
  findBookingRows,
  findGroupEquipment,
  findHeldRanges,
  findVisibleGroupIds,
} from './equipment-booking-queries.js';
import {
  endHandout,
  type HandoutDone,
  handOut,
  mayChange,
  moveReturnDate,
  requireBooking,
  requireHolding,
  returnItems,
} from './equipment-booking-service.js';
import {
  availabilityOf,
  cancelOne,
  changeReservation,
  requireWindow,
  reserveAll,
} from './equipment-reservation-service.js';

type HandoutInput = z.output<typeof ZCreateHandoutRequestSchema>;
type ReserveInput = z.output<typeof ZCreateReservationRequestSchema>;
type ExtendInput = z.output<typeof ZGroupExtendRequestSchema>;
type UpdateInput = z.output<typeof ZUpdateBookingRequestSchema>;
type MultipleInput = z.output<typeof ZGroupMultipleReservationRequestSchema>;

/** The group's live items the caller sees, with their rights (locked for a write). */
async function groupItems(
  db: Db,
  s: BookingSession,
  groupId: number,
  options: { forUpdate?: boolean } = {},
): Promise<{ ids: number[]; rights: Map<number, ItemRights> }> {
  const items = await findGroupEquipment(db, s.scope, [groupId]);
  const ids = items.map((i) => i.id);
  return { ids, rights: await itemRights(db, s, ids, options) };
}

/** The items a group lends: its items that are not archived (at least one). */
function lendable(ids: number[], rights: Map<number, ItemRights>): number[] {
  const out = ids.filter((id) => rights.get(id)?.status !== 'archived');
  if (!out.length) throw fieldError('equipment', 'required', 'The group has no equipment to lend');
  return out;
}

/** The group's bookings of one batch (a group reservation), holding their days. */
async function batchOf(
  db: Db,
  s: BookingSession,
  groupId: number,
  bookingId: number,
): Promise<BookingCore[]> {
  const booking = await requireBooking(db, s, bookingId, null, 'reservation');
  if (booking.group_id !== groupId) throw notFound('Reservation not found');
  const batch = await findBookingCores(db, s.auth.clientId, {
    batchIds: [booking.batch_id ?? booking.id],
    kinds: ['reservation'],
    states: ['pending', 'active'],
  });
  if (!batch.some((b) => b.id === booking.id)) batch.unshift(booking);
  return batch;
}

/** POST equipment/group/{id}/handout: every item to one holder, all or none. */
export async function groupHandout(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
  body: HandoutInput,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const { ids, rights } = await groupItems(trx, s, groupId, { forUpdate: true });
    const holder = await resolveHolder(trx, auth, body);
    // A group reservation handed out: each item's booking of that batch.
    let plan: Array<{ id: number; reservationId: number | null }>;
    if (body.reservation_id) {
      const batch = await batchOf(trx, s, groupId, body.reservation_id);
      plan = batch.map((b) => ({ id: b.equipment_id, reservationId: b.id }));
    } else plan = lendable(ids, rights).map((id) => ({ id, reservationId: null }));
    const done: HandoutDone[] = [];
    for (const { id, reservationId } of plan) {
      const item = rights.get(id);
      if (!item) throw fieldError(`equipment.${id}`, 'not_found', 'Equipment not found', 404);
      done.push(
        await handOut(trx, s, item, {
          holder,
          explicitHolder: !!(body.holder_id || body.external_holder_id),
          return_at: body.return_at,
          note: body.note,
          reservation_id: reservationId,
          group_id: groupId,
          batch_id: done[0]?.id ?? null,
          field: `equipment.${id}`,
        }),
      );
    }
    const created = done.map((d) => d.id);
    const first = created[0];
    if (first !== undefined)
      await trx
        .updateTable('equipment_bookings')
        .set({ batch_id: first, group_id: groupId })
        .where('client_id', '=', auth.clientId)
        .where('id', 'in', created)
        .execute();
    const active = done.filter((d) => d.state === 'active');
    const head = active[0];
    if (head)
      await issueExtendLink(ctx, trx, s, {
        tokenBookingId: head.id,
        holder: head.holder,
        items: active.map((d) => ({ title: d.title, return_at: d.ends_on })),
        group: true,
      });
    return { data: await presentBookingsById(trx, s, created, rights) };
  });
}

/** The group items' active handouts. */
async function activeHandouts(db: Db, s: BookingSession, ids: readonly number[]): Promise<BookingCore[]> {
  if (!ids.length) return [];
  return findBookingCores(db, s.auth.clientId, { equipmentIds: ids, kinds: ['handout'], states: ['active'] });
}

/** PUT equipment/group/{id}/handout: a later return date for the group's handouts, all or none. */
export async function extendGroupHandout(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
  body: ExtendInput,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const { ids, rights } = await groupItems(trx, s, groupId, { forUpdate: true });
    const handouts = await activeHandouts(trx, s, ids);
    if (!handouts.length)
      throw new AppError(422, 'equipment_not_issued', 'Nothing of the group is handed out');
    for (const booking of handouts) {
      const item = rights.get(booking.equipment_id);
      if (!item) throw notFound('Equipment not found');
      if (!mayChange(s, item, booking))
        throw forbidden('Only the holder or a manager extends these handouts');
      await moveReturnDate(trx, s, item, booking, body.return_at, `equipment.${item.id}`);
    }
    return {
      data: await presentBookingsById(
        trx,
        s,
        handouts.map((b) => b.id),
        rights,
      ),
    };
  });
}

/** POST equipment/group/{id}/return: the group's handed-out items, each on its own. */
export async function returnGroup(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
): Promise<EquipmentBulkResult> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const { ids, rights } = await groupItems(trx, s, groupId, { forUpdate: true });
    const out = new Set((await activeHandouts(trx, s, ids)).map((b) => b.equipment_id));
    if (!out.size) throw new AppError(422, 'equipment_not_issued', 'Nothing of the group is handed out');
    return returnItems(
      trx,
      s,
      ids.filter((id) => out.has(id)),
      rights,
    );
  });
}

/** POST equipment/group/multiple/return: each group returned whole, or listed with the reason. */
export async function returnGroups(
  ctx: AppContext,
  auth: Caller,
  groupIds: readonly number[],
): Promise<EquipmentBulkResult> {
  const s = await bookingSession(ctx, auth);
  const ids = [...new Set(groupIds)];
  return inBookingTransaction(ctx, async (trx) => {
    const visible = await findVisibleGroupIds(trx, s.scope, ids);
    return eachInSavepoint(trx, ids, async (groupId) => {
      if (!visible.has(groupId)) throw notFound('Group not found');
      const { ids: items, rights } = await groupItems(trx, s, groupId, { forUpdate: true });
      const handouts = await activeHandouts(trx, s, items);
      if (!handouts.length) throw new AppError(422, 'equipment_not_issued', 'Nothing is handed out');
      for (const booking of handouts) {
        const item = rights.get(booking.equipment_id);
        if (!item) throw notFound('Equipment not found');
        await endHandout(trx, s, item, booking);
      }
    });
  });
}

/** GET equipment/group/{id}/availability and /reservation_availability. */
export async function groupAvailability(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
  query: { from?: string; to?: string },
): Promise<{ data: EquipmentAvailability[] }> {
  const s = await bookingSession(ctx, auth);
  const window = requireWindow(s, query);
  const { ids, rights } = await groupItems(ctx.db, s, groupId);
  return {
    data: await availabilityOf(
      ctx.db,
      s,
      ids.flatMap((id) => rights.get(id) ?? []),
      window,
    ),
  };
}

/**
 * GET equipment/group/{id}/extend_availability: for each handed-out item, the days after its
 * handout's end held by other bookings (how far an extension can go).
 */
export async function groupExtendAvailability(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
  query: { from?: string; to?: string },
): Promise<{ data: EquipmentAvailability[] }> {
  const s = await bookingSession(ctx, auth);
  const window = requireWindow(s, query);
  const { ids, rights } = await groupItems(ctx.db, s, groupId);
  const handouts = await activeHandouts(ctx.db, s, ids);
  const held = await findHeldRanges(
    ctx.db,
    auth.clientId,
    handouts.map((h) => h.equipment_id),
    window,
    handouts.map((h) => h.id),
  );
  return {
    data: handouts.flatMap((handout) => {
      const item = rights.get(handout.equipment_id);
      if (!item) return [];
      const after = addDays(handout.ends_on, 1);
      return [
        {
          equipment_id: item.id,
          title: item.title,
          status: item.status,
          available_now: false,
          busy: held
            .filter((h) => h.equipment_id === item.id && h.to >= after)
            .map((h) => ({ from: h.from, to: h.to, kind: h.kind, state: h.state, booking_id: h.booking_id })),
        },
      ];
    }),
  };
}

/** GET equipment/group/{id}/reservation: the group's reservations ending today or later. */
export async function groupReservations(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  const { ids } = await groupItems(ctx.db, s, groupId);
  if (!ids.length) return { data: [] };
  const rows = await findBookingRows(ctx.db, auth.clientId, {
    groupIds: [groupId],
    equipmentIds: ids,
    kinds: ['reservation'],
    states: ['pending', 'active'],
    endingFrom: s.today,
    limit: 500,
  });
  return { data: await presentRows(ctx.db, s, rows) };
}

/** Reserves a locked group's lendable items for one period (one batch). */
async function reserveGroup(
  trx: Transaction<Database>,
  s: BookingSession,
  groupId: number,
  plan: Parameters<typeof reserveAll>[4],
): Promise<{ created: number[]; rights: Map<number, ItemRights> }> {
  const { ids, rights } = await groupItems(trx, s, groupId, { forUpdate: true });
  const created = await reserveAll(trx, s, rights, lendable(ids, rights), { ...plan, group_id: groupId });
  return { created, rights };
}

/** POST equipment/group/{id}/reservation: all or none. */
export async function groupReserve(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
  body: ReserveInput,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const holder = await resolveHolder(trx, auth, body);
    const { created, rights } = await reserveGroup(trx, s, groupId, {
      holder,
      starts_on: body.reservation_start_date,
      ends_on: body.return_at,
      note: body.note,
      group_id: groupId,
    });
    return { data: await presentBookingsById(trx, s, created, rights) };
  });
}

/** POST equipment/group/multiple/reservation: several groups for one period, all or none. */
export async function groupMultipleReservation(
  ctx: AppContext,
  auth: Caller,
  body: MultipleInput,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  const groupIds = [...new Set(body.group_ids)];
  return inBookingTransaction(ctx, async (trx) => {
    const visible = await findVisibleGroupIds(trx, s.scope, groupIds);
    const holder = await resolveHolder(trx, auth, body);
    const created: number[] = [];
    const rights = new Map<number, ItemRights>();
    for (const groupId of groupIds) {
      if (!visible.has(groupId)) throw fieldError(`group.${groupId}`, 'not_found', 'Group not found', 404);
      const done = await reserveGroup(trx, s, groupId, {
        holder,
        starts_on: body.reservation_start_date,
        ends_on: body.return_at,
        note: body.note ?? null,
        group_id: groupId,
      });
      created.push(...done.created);
      for (const [id, row] of done.rights) rights.set(id, row);
    }
    return { data: await presentBookingsById(trx, s, created, rights) };
  });
}

/** PUT equipment/group/{id}/reservation/{reservationId}: the whole batch moves, all or none. */
export async function updateGroupReservation(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
  reservationId: number,
  body: UpdateInput,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const { rights } = await groupItems(trx, s, groupId, { forUpdate: true });
    const batch = await batchOf(trx, s, groupId, reservationId);
    const extra = batch.map((b) => b.equipment_id).filter((id) => !rights.has(id));
    for (const [id, row] of await itemRights(trx, s, extra, { forUpdate: true })) rights.set(id, row);
    for (const booking of batch) {
      const item = rights.get(booking.equipment_id);
      if (!item) throw notFound('Equipment not found');
      if (!mayChange(s, item, booking))
        throw forbidden('Only the holder or a manager changes this reservation');
      requireHolding(booking);
      await changeReservation(trx, s, item, booking, body, `equipment.${item.id}`);
    }
    return {
      data: await presentBookingsById(
        trx,
        s,
        batch.map((b) => b.id),
        rights,
      ),
    };
  });
}

/** DELETE equipment/group/{id}/reservation/{reservationId}: the whole batch is cancelled. */
export async function cancelGroupReservation(
  ctx: AppContext,
  auth: Caller,
  groupId: number,
  reservationId: number,
): Promise<EquipmentBookingList> {
  const s = await bookingSession(ctx, auth);
  return inBookingTransaction(ctx, async (trx) => {
    const { rights } = await groupItems(trx, s, groupId, { forUpdate: true });
    const batch = await batchOf(trx, s, groupId, reservationId);
    const extra = batch.map((b) => b.equipment_id).filter((id) => !rights.has(id));
    for (const [id, row] of await itemRights(trx, s, extra, { forUpdate: true })) rights.set(id, row);
    for (const booking of batch) {
      const item = rights.get(booking.equipment_id);
      if (!item) throw notFound('Equipment not found');
      await cancelOne(trx, s, item, booking);
    }
    return {
      data: await presentBookingsById(
        trx,
        s,
        batch.map((b) => b.id),
        rights,
      ),
    };
  });
}
