import {
  type GroupAvailabilityKind,
  useAvailability,
  useEquipmentItems,
  useGroupAvailability,
} from './booking-api';
import { type BookingTarget, combinedRules, targetIds } from './booking-target';

/** Several items are read one by one for their types' defaults only while the selection is small. */
const DETAIL_READ_MAX = 50;

/**
 * What a handout or reserve dialog knows of its target: the items (one item's detail, a small
 * selection read one by one), their types' combined rules, whether the caller may choose the
 * holder, and the days other bookings hold (`kind` asks a group for handout or reservation days).
 */
export function useBookingTarget(
  target: BookingTarget,
  canChooseHolder: boolean,
  kind: GroupAvailabilityKind,
) {
  const ids = targetIds(target);
  const details = useEquipmentItems(
    target.kind === 'item' || ids.length > DETAIL_READ_MAX ? [] : ids,
    target.kind !== 'item',
  );
  const items =
    target.kind === 'item' ? [target.equipment] : details.flatMap((q) => (q.data ? [q.data] : []));
  const rules = combinedRules(items);
  // Several items: the holder is chosen only by someone who manages every one of them.
  const mayChoose =
    target.kind === 'item'
      ? canChooseHolder
      : canChooseHolder && items.length === ids.length && items.every((i) => i.can_manage);
  /** Every item's type was read (the rules speak for all of them). */
  const rulesKnown = target.kind === 'item' || (ids.length <= DETAIL_READ_MAX && items.length === ids.length);

  const itemAvailability = useAvailability(ids, target.kind !== 'group');
  const groupAvailability = useGroupAvailability(
    target.kind === 'group' ? target.group.id : 0,
    kind,
    target.kind === 'group',
  );
  const availability = target.kind === 'group' ? groupAvailability.data : itemAvailability.data;
  return { ids, items, rules, mayChoose, rulesKnown, availability };
}
