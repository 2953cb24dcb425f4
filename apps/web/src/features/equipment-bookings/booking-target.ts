import type { Equipment, EquipmentBooking, EquipmentGroupDetail } from '@workbench/domain';

/** What a dialog books: one item (its detail), several items of a selection, or a whole group. */
export type BookingTarget =
  | { kind: 'item'; equipment: Equipment }
  | { kind: 'items'; ids: number[] }
  | { kind: 'group'; group: EquipmentGroupDetail };

export function targetIds(target: BookingTarget): number[] {
  if (target.kind === 'item') return [target.equipment.id];
  if (target.kind === 'items') return target.ids;
  return target.group.equipment.map((e) => e.id);
}

/** The workspace whose people the holder picker offers first (one item's, a bound group's). */
export function targetWorkspace(target: BookingTarget): number | undefined {
  if (target.kind === 'item') return target.equipment.workspace.id;
  if (target.kind === 'group') return target.group.workspace?.id ?? undefined;
  return undefined;
}

/** Several items' types, read together: the widest buffer days, the shortest longest reservation. */
export function combinedRules(
  items: ReadonlyArray<Pick<Equipment, 'buffer_days' | 'max_reservation_days' | 'default_return_date'>>,
): {
  before: number;
  after: number;
  maxDays: number | null;
  defaultReturn: string | null;
  needsDate: boolean;
} {
  let before = 0;
  let after = 0;
  let maxDays: number | null = null;
  let defaultReturn: string | null = null;
  let needsDate = false;
  for (const item of items) {
    before = Math.max(before, item.buffer_days.before);
    after = Math.max(after, item.buffer_days.after);
    if (item.max_reservation_days !== null)
      maxDays = maxDays === null ? item.max_reservation_days : Math.min(maxDays, item.max_reservation_days);
    if (item.default_return_date === null) needsDate = true;
    else if (defaultReturn === null || item.default_return_date < defaultReturn)
      defaultReturn = item.default_return_date;
  }
  return { before, after, maxDays, defaultReturn, needsDate };
}

/** The bookings made together with this one (a group's reservation holds one per item). */
export function batchOf(booking: EquipmentBooking, all: readonly EquipmentBooking[]): number[] {
  const batch = booking.batch_id ?? booking.id;
  return all.filter((b) => (b.batch_id ?? b.id) === batch).map((b) => b.id);
}
