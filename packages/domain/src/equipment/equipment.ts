import { addDays } from '../assets/asset.js';
import type { AccessRole } from '../permissions/access.js';

/**
 * Equipment (001 §3 "Equipment", "Equipment type", §4 "Equipment", §6, §9): statuses, period
 * units, limits and the rules of availability, buffer days, overdue and return dates. Server
 * and web both ask these; the database's exclusion constraint (migration 0020) is the last word
 * on overlaps.
 */

/** 001 §9. A new item is stored; a handout makes it issued; a handout awaiting approval in_transition. */
export const EQUIPMENT_STATUSES = ['issued', 'stored', 'archived', 'in_transition'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];
/** The list's status filter (001 §2): all, active (not archived) or archived. */
export const EQUIPMENT_STATUS_FILTERS = ['all', 'active', 'archived'] as const;
export type EquipmentStatusFilter = (typeof EQUIPMENT_STATUS_FILTERS)[number];
/** Types, groups and external holders are active or archived. */
export const EQUIPMENT_SET_STATUSES = ['active', 'archived'] as const;
export type EquipmentSetStatus = (typeof EQUIPMENT_SET_STATUSES)[number];

export const EQUIPMENT_STORAGES = ['NONE', 'WORKSPACE', 'CUSTOM'] as const;
export type EquipmentStorage = (typeof EQUIPMENT_STORAGES)[number];

export const EQUIPMENT_PERIOD_UNITS = ['DAYS', 'WEEKS', 'MONTHS'] as const;
export type EquipmentPeriodUnit = (typeof EQUIPMENT_PERIOD_UNITS)[number];
/** 001 §9 conversions: days ×1, weeks ×7, months ×30. */
export const EQUIPMENT_PERIOD_DAYS: Record<EquipmentPeriodUnit, number> = { DAYS: 1, WEEKS: 7, MONTHS: 30 };
/** Where buffer days lie: before the reservation (the spec's default) or after it. */
export const EQUIPMENT_BUFFER_POSITIONS = ['BEFORE', 'AFTER'] as const;
export type EquipmentBufferPosition = (typeof EQUIPMENT_BUFFER_POSITIONS)[number];

export const EQUIPMENT_BOOKING_KINDS = ['handout', 'reservation'] as const;
export type EquipmentBookingKind = (typeof EQUIPMENT_BOOKING_KINDS)[number];
/** pending: waits for approval; active: out (handout) or holding its days (reservation). */
export const EQUIPMENT_BOOKING_STATES = ['pending', 'active', 'returned', 'declined', 'cancelled'] as const;
export type EquipmentBookingState = (typeof EQUIPMENT_BOOKING_STATES)[number];
/** Bookings that hold their days (the exclusion constraint's WHERE). */
export const EQUIPMENT_HOLDING_STATES = [
  'pending',
  'active',
] as const satisfies readonly EquipmentBookingState[];

/** 001 §9 type defaults: 1 week return period, 1 week longest reservation, 1 buffer day before. */
export const EQUIPMENT_TYPE_DEFAULTS = {
  storage: 'NONE',
  handout_requires_approval: false,
  set_default_return_period: true,
  default_return_period_value: 1,
  default_return_period_type: 'WEEKS',
  set_max_reservation_duration: true,
  max_reservation_duration_value: 1,
  max_reservation_duration_type: 'WEEKS',
  set_buffer_days_reservations: true,
  buffer_days_reservations_value: 1,
  buffer_days_reservations_type: 'BEFORE',
} as const;

/** 001 §5: title 1..255, reference and serial numbers under 256. */
export const EQUIPMENT_TITLE_MAX = 255;
export const EQUIPMENT_TEXT_MAX = 255;
export const EQUIPMENT_DESCRIPTION_MAX = 5000;
export const EQUIPMENT_NOTE_MAX = 1000;
export const EQUIPMENT_MANAGERS_MAX = 50;
export const EQUIPMENT_LINKS_MAX = 20;
export const EQUIPMENT_BULK_MAX = 200;
export const EQUIPMENT_PICTURES_MAX = 20;
export const EQUIPMENT_PERIOD_VALUE_MAX = 999;
export const EQUIPMENT_BUFFER_DAYS_MAX = 365;
/** 001 §9: the equipment picker on issue and schedule forms pages by 10, active items only. */
export const EQUIPMENT_PICKER_PAGE_SIZE = 10;
/** How far ahead a reservation may start (a sanity bound, not the spec's). */
export const EQUIPMENT_BOOKING_HORIZON_DAYS = 3 * 365;

/** A period in days (001 §9). */
export function periodDays(value: number, unit: EquipmentPeriodUnit): number {
  return value * EQUIPMENT_PERIOD_DAYS[unit];
}

/**
 * 001 §4: a handout's return date is today plus (n − 1) days, n being the period in days: a
 * one-week handout made on a Monday comes back on Sunday (the last day it may be kept).
 */
export function handoutReturnDate(today: string, value: number, unit: EquipmentPeriodUnit): string {
  return addDays(today, Math.max(periodDays(value, unit) - 1, 0));
}

/** 001 §4: a return date is overdue when it lies before today. */
export function isOverdue(returnDate: string | null, today: string): boolean {
  return !!returnDate && returnDate < today;
}

/** The days a booking holds, both ends included: its own days widened by the buffer days. */
export function blockedDays(booking: {
  starts_on: string;
  ends_on: string;
  buffer_before: number;
  buffer_after: number;
}): { from: string; to: string } {
  return {
    from: addDays(booking.starts_on, -booking.buffer_before),
    to: addDays(booking.ends_on, booking.buffer_after),
  };
}

/** Whether two day ranges (both ends included) share a day. */
export function daysOverlap(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/**
 * 001 §4: a reservation is currently active when today lies between its start minus its buffer
 * days and its return date.
 */
export function isReservationActive(
  reservation: { starts_on: string; ends_on: string; buffer_before: number },
  today: string,
): boolean {
  return addDays(reservation.starts_on, -reservation.buffer_before) <= today && today <= reservation.ends_on;
}

/** The buffer days a type puts before and after a reservation. */
export function bufferDaysOf(type: {
  set_buffer_days_reservations: boolean;
  buffer_days_reservations_value: number;
  buffer_days_reservations_type: EquipmentBufferPosition;
}): { before: number; after: number } {
  if (!type.set_buffer_days_reservations) return { before: 0, after: 0 };
  const days = type.buffer_days_reservations_value;
  return type.buffer_days_reservations_type === 'AFTER'
    ? { before: 0, after: days }
    : { before: days, after: 0 };
}

/** The longest reservation a type allows, in days, or null when it sets none. */
export function maxReservationDays(type: {
  set_max_reservation_duration: boolean;
  max_reservation_duration_value: number;
  max_reservation_duration_type: EquipmentPeriodUnit;
}): number | null {
  return type.set_max_reservation_duration
    ? periodDays(type.max_reservation_duration_value, type.max_reservation_duration_type)
    : null;
}

/** The days from start to end, both included. */
export function bookingLengthDays(startsOn: string, endsOn: string): number {
  return (
    Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / 86_400_000) + 1
  );
}

export type BookingCheck =
  | { ok: true }
  | {
      ok: false;
      key: 'date_in_past' | 'end_before_start' | 'reservation_too_long' | 'booking_too_far_ahead';
    };

/**
 * A reservation's own dates (before anything else is asked of the database): not in the past,
 * not ending before it starts, not longer than the type allows.
 */
export function checkReservationDates(input: {
  starts_on: string;
  ends_on: string;
  today: string;
  maxDays: number | null;
}): BookingCheck {
  if (input.starts_on < input.today) return { ok: false, key: 'date_in_past' };
  if (input.ends_on < input.starts_on) return { ok: false, key: 'end_before_start' };
  if (input.maxDays !== null && bookingLengthDays(input.starts_on, input.ends_on) > input.maxDays)
    return { ok: false, key: 'reservation_too_long' };
  const horizon = addDays(input.today, EQUIPMENT_BOOKING_HORIZON_DAYS);
  if (input.starts_on > horizon) return { ok: false, key: 'booking_too_far_ahead' };
  // Without a longest reservation, the end is bounded by the horizon too.
  if (input.ends_on > horizon) return { ok: false, key: 'booking_too_far_ahead' };
  return { ok: true };
}

/** A handout's return date: today or later. */
export function checkHandoutReturnDate(returnDate: string, today: string): BookingCheck {
  if (returnDate < today) return { ok: false, key: 'date_in_past' };
  if (returnDate > addDays(today, EQUIPMENT_BOOKING_HORIZON_DAYS))
    return { ok: false, key: 'booking_too_far_ahead' };
  return { ok: true };
}

/**
 * The list's "action required" order (001 §2, the default sort): overdue handouts first, then
 * requests waiting for a decision, then the rest. Lower comes first.
 */
export function actionRequiredRank(item: { overdue: boolean; pending_requests: number }): 0 | 1 | 2 {
  if (item.overdue) return 0;
  if (item.pending_requests > 0) return 1;
  return 2;
}

export type EquipmentRightsInput = {
  userId: number;
  isAdmin: boolean;
  /** The caller's role on the item's workspace, or null. */
  workspaceRole: AccessRole | null;
  /** The caller's role on the workspace of the item's type, or null (no type workspace). */
  typeWorkspaceRole: AccessRole | null;
  managerIds: readonly number[];
  groupManagerIds: readonly number[];
};

const isManagerRole = (role: AccessRole | null) => role === 'manager' || role === 'group_manager';

/**
 * 001 §6: admins, the item's own managers, managers of its workspace or of its type's workspace,
 * and its group's managers manage an item, whatever its status.
 */
export function canManageEquipment(input: EquipmentRightsInput): boolean {
  if (input.isAdmin) return true;
  if (isManagerRole(input.workspaceRole) || isManagerRole(input.typeWorkspaceRole)) return true;
  return input.managerIds.includes(input.userId) || input.groupManagerIds.includes(input.userId);
}

/** …and edit it only while it is not archived (001 §6). */
export function canEditEquipment(input: EquipmentRightsInput & { status: EquipmentStatus }): boolean {
  return input.status !== 'archived' && canManageEquipment(input);
}

/**
 * 001 §6 can_create_equipment: admins, and managers of the workspace the item goes to.
 */
export function canCreateEquipment(input: { isAdmin: boolean; workspaceRole: AccessRole | null }): boolean {
  return input.isAdmin || isManagerRole(input.workspaceRole);
}

/**
 * 001 §6: a reservation or handout is changed by an admin, a manager of the item, or its holder.
 */
export function canChangeBooking(input: {
  canManage: boolean;
  userId: number;
  holderUserId: number | null;
}): boolean {
  return input.canManage || (input.holderUserId !== null && input.holderUserId === input.userId);
}

/**
 * Who lends an item out and decides requests: its managers. Everyone else who sees the item may
 * ask for it for themselves (a request that waits for approval when the item or its type says so).
 */
export function bookingNeedsApproval(input: {
  canManage: boolean;
  itemRequiresApproval: boolean;
  typeRequiresApproval: boolean;
}): boolean {
  return !input.canManage && (input.itemRequiresApproval || input.typeRequiresApproval);
}

/**
 * Who confirms a return (000 §3 is_equipment_return_strict): with the strict setting only the
 * holder or a manager of the item; without it anyone of the organisation who sees the item
 * (the colleague who finds it back on the shelf).
 */
export function canReturnEquipment(input: {
  strict: boolean;
  canManage: boolean;
  userId: number;
  holderUserId: number | null;
}): boolean {
  if (!input.strict) return true;
  return canChangeBooking(input);
}

/** What an item's QR code opens: its public page by its public code (never the id). */
export function equipmentPublicPath(publicCode: string): string {
  return `/public/equipment/${encodeURIComponent(publicCode)}`;
}
export function equipmentGroupPublicPath(publicCode: string): string {
  return `/public/equipment/group/${encodeURIComponent(publicCode)}`;
}
export function equipmentQrTarget(appUrl: string, publicCode: string): string {
  return `${appUrl.replace(/\/+$/, '')}${equipmentPublicPath(publicCode)}`;
}
/** The holder's e-mailed link to extend a handout (a one-use random token, stored hashed). */
export function extendHandoutPath(token: string, group = false): string {
  return `/public/equipment/${group ? 'group/' : ''}extend_handout?token=${encodeURIComponent(token)}`;
}

/** Which field a refused date names: the start's faults on reservation_start_date, the rest on return_at. */
export function bookingCheckField(
  key: Exclude<BookingCheck, { ok: true }>['key'],
): 'reservation_start_date' | 'return_at' {
  return key === 'date_in_past' || key === 'booking_too_far_ahead' ? 'reservation_start_date' : 'return_at';
}

/**
 * A returned handout ends on the day it came back (or its planned end when that came first), so
 * the days after it are free again.
 */
export function returnedEndsOn(endsOn: string, today: string): string {
  return endsOn < today ? endsOn : today;
}

/** How far the availability calls look by default: 90 days from `from`. */
export const EQUIPMENT_AVAILABILITY_DAYS = 90;

/**
 * The window an availability call answers: from `from` (today) to `to` (90 days on), never
 * ending before it starts nor reaching past the booking horizon.
 */
export function availabilityWindow(input: {
  from?: string;
  to?: string;
  today: string;
}):
  | { ok: true; from: string; to: string }
  | { ok: false; key: 'end_before_start' | 'booking_too_far_ahead' } {
  const horizon = EQUIPMENT_BOOKING_HORIZON_DAYS + EQUIPMENT_AVAILABILITY_DAYS;
  const earliest = addDays(input.today, -horizon);
  const latest = addDays(input.today, horizon);
  const from = input.from ?? input.today;
  if (from < earliest || from > latest) return { ok: false, key: 'booking_too_far_ahead' };
  const to = input.to ?? addDays(from, EQUIPMENT_AVAILABILITY_DAYS);
  if (to < from) return { ok: false, key: 'end_before_start' };
  if (to > latest) return { ok: false, key: 'booking_too_far_ahead' };
  if (bookingLengthDays(from, to) > EQUIPMENT_BOOKING_HORIZON_DAYS + EQUIPMENT_AVAILABILITY_DAYS)
    return { ok: false, key: 'booking_too_far_ahead' };
  return { ok: true, from, to };
}

/** Free for a handout today: stored, and no booking (buffer days included) holds today. */
export function isAvailableNow(
  status: EquipmentStatus,
  busy: readonly { from: string; to: string }[],
  today: string,
): boolean {
  return status === 'stored' && !busy.some((range) => range.from <= today && today <= range.to);
}
