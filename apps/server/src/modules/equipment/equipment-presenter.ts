import {
  type Attachment,
  actionRequiredRank,
  bufferDaysOf,
  type Equipment,
  type EquipmentFilterOptions,
  type EquipmentListItem,
  handoutReturnDate,
  isOverdue,
  locationFromColumns,
  maxReservationDays,
} from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import { personOf, personWithImageOf } from '../users/user-presenter.js';
import { presentBooking, presentHolder } from './equipment-booking-presenter.js';
import type { BookingRow } from './equipment-booking-queries.js';
import type { EquipmentRow, HolderRow, PersonRow, ScanRow } from './equipment-queries.js';

/** What the caller may do with an item (packages/domain canEditEquipment / canManageEquipment). */
export type EquipmentRights = { can_edit: boolean; can_manage: boolean };

/** Who is asking and on which day (the organisation's). */
export type Viewer = { userId: number; today: string };

const PARTS = ['overdue', 'pending', 'regular'] as const;

const person = (row: PersonRow) =>
  personWithImageOf(row) as NonNullable<ReturnType<typeof personWithImageOf>>;

/**
 * What an item's pending and active bookings say now: the active handout (with its return date),
 * the next reservation holding days from today on, and the requests waiting for a decision.
 */
export function bookingStateOf(bookings: readonly BookingRow[], today: string) {
  const handout = bookings.find((b) => b.kind === 'handout' && b.state === 'active') ?? null;
  const pendingHandout = bookings.find((b) => b.kind === 'handout' && b.state === 'pending') ?? null;
  const nextReservation =
    bookings
      .filter(
        (b) =>
          b.kind === 'reservation' && (b.state === 'pending' || b.state === 'active') && b.ends_on >= today,
      )
      .sort((a, b) => (a.starts_on < b.starts_on ? -1 : a.starts_on > b.starts_on ? 1 : a.id - b.id))[0] ??
    null;
  const pendingRequests = bookings.filter((b) => b.state === 'pending').length;
  const overdue = handout !== null && isOverdue(handout.ends_on, today);
  return { handout, pendingHandout, nextReservation, pendingRequests, overdue };
}

/** A row of the equipment list. */
export function presentEquipmentListItem(
  row: EquipmentRow,
  bookings: readonly BookingRow[],
  rights: EquipmentRights,
  pictureKey: string | null,
  viewer: Viewer,
): EquipmentListItem {
  const state = bookingStateOf(bookings, viewer.today);
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    workspace: { id: row.workspace_id, name: row.workspace_name },
    type: { id: row.type_id, name: row.type_name },
    group:
      row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    serial_number: row.serial_number,
    reference_number: row.reference_number,
    picture_url: fileUrl(pictureKey),
    holder: state.handout ? presentHolder(state.handout) : null,
    return_date: state.handout?.ends_on ?? null,
    overdue: state.overdue,
    reserved_for: state.nextReservation ? presentHolder(state.nextReservation) : null,
    reserved_from: state.nextReservation?.starts_on ?? null,
    pending_requests: state.pendingRequests,
    part: PARTS[actionRequiredRank({ overdue: state.overdue, pending_requests: state.pendingRequests })],
    can_edit: rights.can_edit,
    can_manage: rights.can_manage,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** GET equipment/{id}: the row plus its details, managers, pictures, handout and type defaults. */
export function presentEquipment(
  row: EquipmentRow,
  input: {
    bookings: readonly BookingRow[];
    rights: EquipmentRights;
    managers: PersonRow[];
    pictures: Attachment[];
    viewer: Viewer;
    /** 000 §3 is_equipment_return_strict, asked with packages/domain canReturnEquipment. */
    canReturn: boolean;
  },
): Equipment {
  const { viewer } = input;
  const state = bookingStateOf(input.bookings, viewer.today);
  const first = input.pictures[0];
  const handout = state.handout ?? state.pendingHandout;
  return {
    ...presentEquipmentListItem(row, input.bookings, input.rights, null, viewer),
    picture_url: first ? (first.web_mob_thumbnail_url ?? first.url) : null,
    description: row.description,
    storage: row.storage,
    storage_workspace:
      row.storage_workspace_id !== null && row.storage_workspace_name !== null
        ? { id: row.storage_workspace_id, name: row.storage_workspace_name }
        : null,
    location: row.location,
    geo_location: locationFromColumns(row),
    handout_requires_approval: row.item_requires_approval,
    requires_approval: row.item_requires_approval || row.type_requires_approval,
    links: row.links.map((l) => ({ title: l.title, url: l.url })),
    managers: input.managers.map(person),
    public_code: row.public_code,
    attachments: input.pictures,
    handout: handout
      ? presentBooking(handout, {
          today: viewer.today,
          userId: viewer.userId,
          canManage: input.rights.can_manage,
        })
      : null,
    default_return_date: row.set_default_return_period
      ? handoutReturnDate(viewer.today, row.default_return_period_value, row.default_return_period_type)
      : null,
    max_reservation_days: maxReservationDays(row),
    buffer_days: bufferDaysOf(row),
    can_book: row.status !== 'archived',
    can_return: input.canReturn,
    created_by: personWithImageOf({
      id: row.created_by,
      first_name: row.creator_first_name,
      last_name: row.creator_last_name,
      email: row.creator_email,
      profile_image: row.creator_profile_image,
    }),
  };
}

export function presentEquipmentFilterOptions(options: {
  groups: Array<{ id: number; name: string }>;
  types: Array<{ id: number; name: string }>;
  managers: PersonRow[];
  holders: HolderRow[];
}): EquipmentFilterOptions {
  return {
    groups: options.groups,
    types: options.types,
    managers: options.managers.map(person),
    holders: options.holders.flatMap((h) => presentHolder(h as BookingRow) ?? []),
  };
}

/** One entry of the scan log: a QR scan (by a person or anonymous) or a finder's report. */
export function presentScan(row: ScanRow) {
  return {
    id: row.id,
    kind: row.kind,
    user: personOf({
      id: row.user_id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
    }),
    finder_name: row.finder_name,
    finder_contact: row.finder_contact,
    message: row.message,
    latitude: row.latitude,
    longitude: row.longitude,
    location_missing: row.latitude === null || row.longitude === null,
    created_at: row.created_at.toISOString(),
  };
}
