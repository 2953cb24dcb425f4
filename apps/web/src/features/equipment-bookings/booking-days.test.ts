import { describe, expect, it } from 'vitest';
import {
  conflictingTitles,
  type HeldRange,
  heldRanges,
  isHeld,
  latestEnd,
  latestExtension,
  parseDay,
  startExcluded,
} from './booking-days';

const held = (from: string, to: string, title = 'Drill', bookingId = 1): HeldRange => ({
  from,
  to,
  bookingId,
  equipmentId: 1,
  title,
});

describe('the days the booking dialogs grey out', () => {
  const ranges = [held('2027-03-10', '2027-03-12')];

  it('leaves out the bookings being changed', () => {
    const items = [
      {
        equipment_id: 1,
        title: 'Drill',
        status: 'stored' as const,
        available_now: true,
        busy: [
          {
            from: '2027-03-10',
            to: '2027-03-12',
            kind: 'reservation' as const,
            state: 'active' as const,
            booking_id: 7,
          },
          {
            from: '2027-04-01',
            to: '2027-04-02',
            kind: 'reservation' as const,
            state: 'pending' as const,
            booking_id: 8,
          },
        ],
      },
    ];
    expect(heldRanges(items, [7]).map((r) => r.bookingId)).toEqual([8]);
  });

  it.each([
    ['2027-03-09', false],
    ['2027-03-10', true],
    ['2027-03-12', true],
    ['2027-03-13', false],
  ])('%s held: %s', (day, expected) => expect(isHeld(day, ranges)).toBe(expected));

  it.each([
    // A start needs its buffer days before it free as well.
    ['2027-03-13', 1, true],
    ['2027-03-14', 1, false],
    ['2027-03-14', 2, true],
    ['2027-03-09', 0, false],
  ])('start %s with %i buffer days before excluded: %s', (day, before, expected) =>
    expect(startExcluded(day, ranges, before)).toBe(expected),
  );

  it.each([
    // The day before the next held day, less the buffer days after, within the longest reservation.
    ['2027-03-01', 0, null, '2027-03-09'],
    ['2027-03-01', 2, null, '2027-03-07'],
    ['2027-03-01', 0, 3, '2027-03-03'],
    ['2027-03-13', 0, null, null],
  ])('a reservation from %s (buffer after %i, max %s days) ends by %s', (start, after, maxDays, expected) =>
    expect(latestEnd(start, ranges, after, maxDays)).toBe(expected),
  );

  it('an extension reaches to the day before the next booking after the return date', () => {
    expect(latestExtension('2027-03-05', ranges)).toBe('2027-03-09');
    expect(latestExtension('2027-03-20', ranges)).toBeNull();
  });

  it('names the items in the way of a period', () => {
    const two = [held('2027-03-10', '2027-03-12', 'Drill'), held('2027-03-20', '2027-03-21', 'Ladder')];
    expect(conflictingTitles(two, { from: '2027-03-12', to: '2027-03-20' })).toEqual(['Drill', 'Ladder']);
    expect(conflictingTitles(two, { from: '2027-03-13', to: '2027-03-19' })).toEqual([]);
  });

  it.each([
    ['31.12.2027', '2027-12-31'],
    ['1.2.2027', '2027-02-01'],
    ['2027-02-01', '2027-02-01'],
    ['31/12/2027', '2027-12-31'],
    ['30.02.2027', null],
    ['tomorrow', null],
  ])('reads a typed %s as %s', (text, expected) => expect(parseDay(text)).toBe(expected));
});
