import {
  type BookingCheck,
  bookingCheckField,
  type EquipmentBooking,
  type EquipmentBulkResult,
  type ErrorKey,
  extendHandoutPath,
  readClientSettings,
  todayIn,
} from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { enqueueMail } from '../mail/outbox.js';
import { handoutMail } from './equipment-booking-mail.js';
import { presentBooking } from './equipment-booking-presenter.js';
import {
  type BookingCore,
  findActiveExternalHolder,
  findActivePerson,
  findBookingClient,
  findBookingRows,
  findHeldRanges,
  updateBookings,
} from './equipment-booking-queries.js';
import { canManageEquipmentRow, type EquipmentRightsRow, findEquipmentRights } from './equipment-rights.js';
import { type EquipmentScope, equipmentScope } from './equipment-visibility.js';
import { hashExtendToken, newExtendToken } from './extend-token.js';

export type Caller = NonNullable<Auth>;
export type Db = Kysely<Database> | Transaction<Database>;

/** What every booking call reads first: who sees what, the organisation's day and settings. */
export type BookingSession = {
  auth: Caller;
  scope: EquipmentScope;
  /** The organisation's day (its time zone). */
  today: string;
  /** 000 §3 is_equipment_return_strict. */
  strict: boolean;
  organisation: string;
};

export async function bookingSession(ctx: AppContext, auth: Caller): Promise<BookingSession> {
  const [scope, client] = await Promise.all([
    equipmentScope(ctx.db, auth),
    findBookingClient(ctx.db, auth.clientId),
  ]);
  const settings = readClientSettings(client.settings);
  return {
    auth,
    scope,
    today: todayIn(settings.time_zone),
    strict: settings.is_equipment_return_strict,
    organisation: client.name,
  };
}

/** An item's rule inputs and whether the caller manages it (001 §6). */
export type ItemRights = EquipmentRightsRow & { canManage: boolean };

/** The rule inputs of the items, locked (FOR UPDATE) when a write is about to change them. */
export async function itemRights(
  db: Db,
  s: BookingSession,
  ids: readonly number[],
  options: { forUpdate?: boolean } = {},
): Promise<Map<number, ItemRights>> {
  const rows = await findEquipmentRights(db, s.auth.clientId, [...new Set(ids)], options);
  const out = new Map<number, ItemRights>();
  for (const [id, row] of rows)
    out.set(id, { ...row, canManage: canManageEquipmentRow(s.auth, s.scope, row) });
  return out;
}

export function requireItem(rights: Map<number, ItemRights>, id: number): ItemRights {
  const row = rights.get(id);
  if (!row) throw notFound('Equipment not found');
  return row;
}

/** SQLSTATE 23P01 of equipment_bookings_no_overlap: another booking took the days meanwhile. */
export function isOverlapError(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23P01';
}

export function notAvailable(title: string, field?: string): AppError {
  return new AppError(
    409,
    'equipment_not_available',
    `"${title}" is booked on some of these days`,
    field ? { [field]: 'equipment_not_available' } : undefined,
  );
}

/**
 * One transaction for a booking write. The code checks overlaps first for a readable answer;
 * the exclusion constraint is what decides between requests arriving at the same moment.
 */
export async function inBookingTransaction<T>(
  ctx: AppContext,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (err) {
    if (isOverlapError(err))
      throw new AppError(409, 'equipment_not_available', 'The equipment is booked on some of these days');
    throw err;
  }
}

let savepoints = 0;
/** Runs one part of a bulk call so its failure undoes only that part (the rest goes on). */
export async function inSavepoint<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  savepoints = (savepoints + 1) % 1_000_000;
  const name = sql.raw(`booking_${savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(trx);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
    return result;
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
    throw err;
  }
}

/** The error key of a refused part of a bulk call (an AppError's key; a lost race is a conflict). */
export function refusalKey(err: unknown): string {
  if (err instanceof AppError) return err.key;
  if (isOverlapError(err)) return 'equipment_not_available';
  throw err;
}

/**
 * A bulk call's parts, one savepoint each: a refused id is undone alone and answered with its
 * error key, the others go on.
 */
export async function eachInSavepoint(
  trx: Transaction<Database>,
  ids: readonly number[],
  work: (id: number) => Promise<unknown>,
): Promise<EquipmentBulkResult> {
  const result: EquipmentBulkResult = { done: [], not_done: [] };
  for (const id of ids) {
    try {
      await inSavepoint(trx, () => work(id));
      result.done.push(id);
    } catch (err) {
      result.not_done.push({ id, error: refusalKey(err) });
    }
  }
  return result;
}

/** Refuses the items' days when another pending or active booking holds any of them. */
export async function requireFree(
  db: Db,
  s: BookingSession,
  item: { id: number; title: string },
  days: { from: string; to: string },
  options: { exclude?: readonly number[]; field?: string } = {},
): Promise<void> {
  const held = await findHeldRanges(db, s.auth.clientId, [item.id], days, options.exclude ?? []);
  if (held.length) throw notAvailable(item.title, options.field);
}

/** A refused date check as a field error (422) naming the field, or the item in a bulk call. */
export function requireDates(check: BookingCheck, field?: string): void {
  if (check.ok) return;
  throw fieldError(field ?? bookingCheckField(check.key), check.key as ErrorKey, 'The dates are not allowed');
}

// ---------------------------------------------------------------------------------------------
// Holders
// ---------------------------------------------------------------------------------------------

export type Holder = {
  userId: number | null;
  externalId: number | null;
  name: string;
  email: string | null;
  /** The caller themself. */
  self: boolean;
};

/**
 * The holder a request names: a person of the organisation who is active (holder_id), an active
 * external holder (external_holder_id), or none given: the caller themself.
 */
export async function resolveHolder(
  db: Db,
  auth: Caller,
  body: { holder_id?: number | null; external_holder_id?: number | null },
): Promise<Holder> {
  if (body.external_holder_id) {
    const holder = await findActiveExternalHolder(db, auth.clientId, body.external_holder_id);
    if (!holder) throw fieldError('external_holder_id', 'holder_required', 'No such active external holder');
    return { userId: null, externalId: holder.id, name: holder.full_name, email: holder.email, self: false };
  }
  const userId = body.holder_id ?? auth.userId;
  const person = await findActivePerson(db, auth.clientId, userId);
  if (!person) throw fieldError('holder_id', 'holder_required', 'No such active person of the organisation');
  return {
    userId: person.id,
    externalId: null,
    name: person.first_name,
    email: person.email,
    self: person.id === auth.userId,
  };
}

/** The holder of a booking already made. */
export async function holderOfBooking(db: Db, auth: Caller, booking: BookingCore): Promise<Holder> {
  if (booking.holder_external_id !== null) {
    const row = await db
      .selectFrom('external_holders')
      .select(['id', 'full_name', 'email'])
      .where('id', '=', booking.holder_external_id)
      .executeTakeFirst();
    return {
      userId: null,
      externalId: booking.holder_external_id,
      name: row?.full_name ?? '',
      email: row?.email ?? null,
      self: false,
    };
  }
  if (booking.holder_user_id === null)
    return { userId: null, externalId: null, name: '', email: null, self: false };
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'email'])
    .where('id', '=', booking.holder_user_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return {
    userId: booking.holder_user_id,
    externalId: null,
    name: row?.first_name ?? '',
    email: row?.email ?? null,
    self: booking.holder_user_id === auth.userId,
  };
}

export const sameHolder = (a: Holder, b: BookingCore) =>
  a.userId === b.holder_user_id && a.externalId === b.holder_external_id;

/** Only managers of the item book it for someone else; anyone who sees it may for themselves. */
export function requireMayBookFor(item: ItemRights, holder: Holder): void {
  if (!holder.self && !item.canManage)
    throw forbidden('Only managers of the item hand it out or reserve it for someone else');
}

// ---------------------------------------------------------------------------------------------
// The extend link and the activity log
// ---------------------------------------------------------------------------------------------

/**
 * A handout starts: a random extend token for it, stored only as its SHA-256 hash on the
 * booking (a group's on the batch's first booking), and the holder's e-mail with the link.
 */
export async function issueExtendLink(
  ctx: AppContext,
  trx: Transaction<Database>,
  s: BookingSession,
  input: {
    tokenBookingId: number;
    holder: Holder;
    items: ReadonlyArray<{ title: string; return_at: string }>;
    group: boolean;
  },
): Promise<void> {
  const token = newExtendToken();
  await updateBookings(trx, s.auth.clientId, [input.tokenBookingId], {
    extend_token_hash: hashExtendToken(token),
  });
  if (!input.holder.email) return;
  const url = `${ctx.config.appUrl}${extendHandoutPath(token, input.group)}`;
  await enqueueMail(trx, {
    clientId: s.auth.clientId,
    to: input.holder.email,
    kind: 'equipment_handout',
    ...handoutMail({ holderName: input.holder.name, organisation: s.organisation, items: input.items, url }),
  });
}

/** Every booking write is logged on its item (entity 'equipment'). */
export async function logBooking(
  db: Db,
  s: BookingSession,
  equipmentId: number,
  action: string,
  changes: Record<string, unknown>,
): Promise<void> {
  await logActivity(db, {
    clientId: s.auth.clientId,
    userId: s.auth.userId,
    entityType: 'equipment',
    entityId: equipmentId,
    action,
    changes,
  });
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** The bookings as the API answers them, in the order of `ids`. */
export async function presentBookingsById(
  db: Db,
  s: BookingSession,
  ids: readonly number[],
  rights?: Map<number, ItemRights>,
): Promise<EquipmentBooking[]> {
  if (!ids.length) return [];
  const rows = await findBookingRows(db, s.auth.clientId, { ids });
  const byId = new Map((await presentRows(db, s, rows, rights)).map((b) => [b.id, b]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Rows as presented bookings; the caller's rights on their items are read when not given. */
export async function presentRows(
  db: Db,
  s: BookingSession,
  rows: Awaited<ReturnType<typeof findBookingRows>>,
  rights?: Map<number, ItemRights>,
): Promise<EquipmentBooking[]> {
  const known = rights ?? (await itemRights(db, s, [...new Set(rows.map((r) => r.equipment_id))]));
  return rows.map((row) =>
    presentBooking(row, {
      today: s.today,
      userId: s.auth.userId,
      canManage: known.get(row.equipment_id)?.canManage ?? false,
    }),
  );
}

export async function presentOne(
  db: Db,
  s: BookingSession,
  id: number,
  rights?: Map<number, ItemRights>,
): Promise<EquipmentBooking> {
  const [booking] = await presentBookingsById(db, s, [id], rights);
  if (!booking) throw notFound('Booking not found');
  return booking;
}
