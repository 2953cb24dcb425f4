import {
  type EquipmentBooking,
  type EquipmentHolder,
  fullName,
  isOverdue,
  isReservationActive,
} from '@workbench/domain';
import { personWithImageOf } from '../users/user-presenter.js';
import type { BookingRow } from './equipment-booking-queries.js';

/** The holder of a booking: a person of the organisation, or an external holder (is_public_user). */
export function presentHolder(row: BookingRow): EquipmentHolder | null {
  const id = row.holder_user_id ?? row.holder_external_id;
  if (id === null || row.holder_first_name === null) return null;
  const isExternal = row.holder_user_id === null;
  return {
    id,
    is_public_user: isExternal,
    full_name: isExternal
      ? row.holder_first_name
      : fullName({
          first_name: row.holder_first_name,
          last_name: row.holder_last_name ?? '',
          email: row.holder_email ?? '',
        }),
    email: row.holder_email,
    phone: row.holder_phone,
    company: row.holder_company,
  };
}

/**
 * A handout or reservation as the API answers it (001 §3 "Reservation"). `canManage`: the caller
 * manages the item (001 §6); the holder may change their own booking too.
 */
export function presentBooking(
  row: BookingRow,
  input: { today: string; userId: number; canManage: boolean },
): EquipmentBooking {
  const holding = row.state === 'pending' || row.state === 'active';
  const isHolder = row.holder_user_id !== null && row.holder_user_id === input.userId;
  return {
    id: row.id,
    equipment_id: row.equipment_id,
    equipment_title: row.equipment_title,
    group_id: row.group_id,
    batch_id: row.batch_id,
    kind: row.kind,
    state: row.state,
    holder: presentHolder(row),
    holder_id: row.holder_user_id ?? row.holder_external_id,
    note: row.note,
    reservation_start_date: row.starts_on,
    return_at: row.ends_on,
    buffer_days_reservations: {
      value: row.buffer_before + row.buffer_after,
      before: row.buffer_before,
      after: row.buffer_after,
    },
    overdue: row.kind === 'handout' && row.state === 'active' && isOverdue(row.ends_on, input.today),
    currently_active:
      row.kind === 'reservation' && row.state === 'active' && isReservationActive(row, input.today),
    requested_by: personWithImageOf({
      id: row.requested_by_id,
      first_name: row.requested_by_first_name,
      last_name: row.requested_by_last_name,
      email: row.requested_by_email,
      profile_image: row.requested_by_profile_image,
    }),
    decided_by: personWithImageOf({
      id: row.decided_by_id,
      first_name: row.decided_by_first_name,
      last_name: row.decided_by_last_name,
      email: row.decided_by_email,
      profile_image: row.decided_by_profile_image,
    }),
    returned_at: row.returned_at ? row.returned_at.toISOString() : null,
    can_change: holding && (input.canManage || isHolder),
    can_decide: row.state === 'pending' && input.canManage,
    created_at: row.created_at.toISOString(),
  };
}
