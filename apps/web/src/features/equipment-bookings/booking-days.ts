import { addDays, daysOverlap, type EquipmentAvailability } from '@workbench/domain';

/**
 * What the date pickers of the booking dialogs grey out, from the days the availability calls
 * say are held (busy: other handouts and reservations, their buffer days included). The server
 * and the database decide; these only keep a person from picking a day that would be refused.
 */
export type HeldRange = { from: string; to: string; bookingId: number; equipmentId: number; title: string };

/** Every held range of the items, leaving out the bookings being changed (their own days are free to them). */
export function heldRanges(
  items: readonly EquipmentAvailability[] | undefined,
  exceptBookingIds: readonly number[] = [],
): HeldRange[] {
  const except = new Set(exceptBookingIds);
  return (items ?? []).flatMap((item) =>
    item.busy
      .filter((b) => !except.has(b.booking_id))
      .map((b) => ({
        from: b.from,
        to: b.to,
        bookingId: b.booking_id,
        equipmentId: item.equipment_id,
        title: item.title,
      })),
  );
}

export function isHeld(day: string, ranges: readonly HeldRange[]): boolean {
  return ranges.some((r) => r.from <= day && day <= r.to);
}

/** A reservation may not start on a day whose buffer days before it (or the day itself) are held. */
export function startExcluded(day: string, ranges: readonly HeldRange[], bufferBefore: number): boolean {
  return ranges.some((r) => daysOverlap(r, { from: addDays(day, -bufferBefore), to: day }));
}

/**
 * The last return date a reservation from `start` may have: before the first held day after it
 * (minus the buffer after), and within the type's longest reservation. Null: no bound.
 */
export function latestEnd(
  start: string,
  ranges: readonly HeldRange[],
  bufferAfter: number,
  maxDays: number | null,
): string | null {
  let latest: string | null = maxDays !== null ? addDays(start, maxDays - 1) : null;
  const next = ranges
    .filter((r) => r.to >= start)
    .map((r) => (r.from < start ? start : r.from))
    .sort()[0];
  if (next !== undefined) {
    const bound = addDays(next, -1 - bufferAfter);
    if (latest === null || bound < latest) latest = bound;
  }
  return latest;
}

/** An extension's latest return date: the day before the first day another booking holds after `from`. */
export function latestExtension(from: string, ranges: readonly HeldRange[]): string | null {
  const next = ranges
    .filter((r) => r.to > from)
    .map((r) => (r.from <= from ? addDays(from, 1) : r.from))
    .sort()[0];
  return next === undefined ? null : addDays(next, -1);
}

/** The items whose held days meet the period (with its buffer days): what a 409 was about. */
export function conflictingTitles(
  ranges: readonly HeldRange[],
  period: { from: string; to: string },
): string[] {
  return [...new Set(ranges.filter((r) => daysOverlap(r, period)).map((r) => r.title))];
}

/** Typed dates: 31.12.2027, 31/12/2027, 31-12-2027 or 2027-12-31 → '2027-12-31'; anything else null. */
export function parseDay(text: string): string | null {
  const value = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = value.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
  const local = value.match(/^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) [d, m, y] = [Number(local[1]), Number(local[2]), Number(local[3])];
  else return null;
  const day = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : null;
}

/** A 'YYYY-MM-DD' day as the language writes it ('31 Dec 2027'). */
export function formatDay(day: string | null | undefined, language: string): string {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
