import { describe, expect, it } from 'vitest';
import {
  availabilityWindow,
  blockedDays,
  bookingCheckField,
  bookingLengthDays,
  bookingNeedsApproval,
  bufferDaysOf,
  canChangeBooking,
  canReturnEquipment,
  checkHandoutReturnDate,
  checkReservationDates,
  daysOverlap,
  extendHandoutPath,
  handoutReturnDate,
  isAvailableNow,
  isOverdue,
  isReservationActive,
  maxReservationDays,
  periodDays,
  returnedEndsOn,
} from './equipment.js';

const TODAY = '2030-03-11'; // a Monday

describe('periods and return dates (001 §4, §9)', () => {
  it.each([
    [1, 'DAYS', 1, '2030-03-11'],
    [3, 'DAYS', 3, '2030-03-13'],
    [1, 'WEEKS', 7, '2030-03-17'],
    [2, 'WEEKS', 14, '2030-03-24'],
    [1, 'MONTHS', 30, '2030-04-09'],
  ] as const)('%i %s is %i days; a handout made today comes back on %s', (value, unit, days, back) => {
    expect(periodDays(value, unit)).toBe(days);
    expect(handoutReturnDate(TODAY, value, unit)).toBe(back);
  });

  it.each([
    ['2030-03-11', TODAY, { ok: true }],
    ['2030-03-10', TODAY, { ok: false, key: 'date_in_past' }],
    ['2033-03-10', TODAY, { ok: true }],
    ['2033-03-11', TODAY, { ok: false, key: 'booking_too_far_ahead' }],
  ] as const)('a handout returned on %s (today %s): %j', (returnAt, today, result) => {
    expect(checkHandoutReturnDate(returnAt, today)).toEqual(result);
  });
});

describe('overdue (001 §4)', () => {
  it.each([
    [null, false],
    ['2030-03-12', false],
    ['2030-03-11', false],
    ['2030-03-10', true],
  ] as const)('return date %s is overdue today: %s', (returnAt, overdue) => {
    expect(isOverdue(returnAt, TODAY)).toBe(overdue);
  });
});

describe('buffer days and the days a booking holds', () => {
  it.each([
    [
      { set: true, value: 1, position: 'BEFORE' },
      { before: 1, after: 0 },
    ],
    [
      { set: true, value: 2, position: 'AFTER' },
      { before: 0, after: 2 },
    ],
    [
      { set: false, value: 3, position: 'BEFORE' },
      { before: 0, after: 0 },
    ],
    [
      { set: true, value: 0, position: 'BEFORE' },
      { before: 0, after: 0 },
    ],
  ] as const)('type %j puts %j around a reservation', (type, buffer) => {
    expect(
      bufferDaysOf({
        set_buffer_days_reservations: type.set,
        buffer_days_reservations_value: type.value,
        buffer_days_reservations_type: type.position,
      }),
    ).toEqual(buffer);
  });

  it.each([
    [
      { starts_on: '2030-03-12', ends_on: '2030-03-14', buffer_before: 0, buffer_after: 0 },
      '2030-03-12',
      '2030-03-14',
    ],
    [
      { starts_on: '2030-03-12', ends_on: '2030-03-14', buffer_before: 1, buffer_after: 0 },
      '2030-03-11',
      '2030-03-14',
    ],
    [
      { starts_on: '2030-03-12', ends_on: '2030-03-14', buffer_before: 0, buffer_after: 2 },
      '2030-03-12',
      '2030-03-16',
    ],
    [
      { starts_on: '2030-03-01', ends_on: '2030-03-01', buffer_before: 1, buffer_after: 1 },
      '2030-02-28',
      '2030-03-02',
    ],
  ])('%j holds %s to %s', (booking, from, to) => {
    expect(blockedDays(booking)).toEqual({ from, to });
  });

  it.each([
    [{ from: '2030-03-01', to: '2030-03-05' }, { from: '2030-03-05', to: '2030-03-09' }, true],
    [{ from: '2030-03-01', to: '2030-03-05' }, { from: '2030-03-06', to: '2030-03-09' }, false],
    [{ from: '2030-03-06', to: '2030-03-09' }, { from: '2030-03-01', to: '2030-03-05' }, false],
    [{ from: '2030-03-01', to: '2030-03-31' }, { from: '2030-03-10', to: '2030-03-10' }, true],
  ])('%j and %j share a day: %s', (a, b, shared) => {
    expect(daysOverlap(a, b)).toBe(shared);
  });

  it('a reservation over the end of a handout is refused by its buffer day before', () => {
    const handout = blockedDays({
      starts_on: TODAY,
      ends_on: '2030-03-14',
      buffer_before: 0,
      buffer_after: 0,
    });
    const nextDay = blockedDays({
      starts_on: '2030-03-15',
      ends_on: '2030-03-16',
      buffer_before: 1,
      buffer_after: 0,
    });
    const dayAfter = blockedDays({
      starts_on: '2030-03-16',
      ends_on: '2030-03-17',
      buffer_before: 1,
      buffer_after: 0,
    });
    expect(daysOverlap(handout, nextDay)).toBe(true);
    expect(daysOverlap(handout, dayAfter)).toBe(false);
  });

  it.each([
    [{ starts_on: '2030-03-12', ends_on: '2030-03-14', buffer_before: 1 }, true],
    [{ starts_on: '2030-03-13', ends_on: '2030-03-14', buffer_before: 1 }, false],
    [{ starts_on: '2030-03-01', ends_on: '2030-03-11', buffer_before: 0 }, true],
    [{ starts_on: '2030-03-01', ends_on: '2030-03-10', buffer_before: 0 }, false],
  ])('reservation %j is currently active: %s', (reservation, active) => {
    expect(isReservationActive(reservation, TODAY)).toBe(active);
  });
});

describe('reservation dates', () => {
  const week = maxReservationDays({
    set_max_reservation_duration: true,
    max_reservation_duration_value: 1,
    max_reservation_duration_type: 'WEEKS',
  });

  it('the longest reservation is the type period, or none', () => {
    expect(week).toBe(7);
    expect(
      maxReservationDays({
        set_max_reservation_duration: false,
        max_reservation_duration_value: 1,
        max_reservation_duration_type: 'WEEKS',
      }),
    ).toBeNull();
    expect(bookingLengthDays('2030-03-11', '2030-03-11')).toBe(1);
    expect(bookingLengthDays('2030-03-11', '2030-03-17')).toBe(7);
  });

  it.each([
    ['2030-03-11', '2030-03-17', 7, { ok: true }],
    ['2030-03-10', '2030-03-12', 7, { ok: false, key: 'date_in_past' }],
    ['2030-03-14', '2030-03-13', 7, { ok: false, key: 'end_before_start' }],
    ['2030-03-11', '2030-03-18', 7, { ok: false, key: 'reservation_too_long' }],
    ['2030-03-11', '2030-06-18', null, { ok: true }],
    ['2033-03-10', '2033-03-10', null, { ok: true }],
    ['2033-03-11', '2033-03-13', null, { ok: false, key: 'booking_too_far_ahead' }],
    ['2030-03-11', '2033-03-11', null, { ok: false, key: 'booking_too_far_ahead' }],
    ['2030-03-11', '9999-12-31', null, { ok: false, key: 'booking_too_far_ahead' }],
  ] as const)('%s to %s (longest %s days): %j', (starts_on, ends_on, maxDays, result) => {
    expect(checkReservationDates({ starts_on, ends_on, today: TODAY, maxDays })).toEqual(result);
  });

  it.each([
    ['date_in_past', 'reservation_start_date'],
    ['booking_too_far_ahead', 'reservation_start_date'],
    ['end_before_start', 'return_at'],
    ['reservation_too_long', 'return_at'],
  ] as const)('%s names the field %s', (key, field) => {
    expect(bookingCheckField(key)).toBe(field);
  });
});

describe('returns and availability', () => {
  it.each([
    ['2030-03-20', '2030-03-11'],
    ['2030-03-11', '2030-03-11'],
    ['2030-03-05', '2030-03-05'],
  ])('a handout planned until %s, returned today, ends on %s', (endsOn, back) => {
    expect(returnedEndsOn(endsOn, TODAY)).toBe(back);
  });

  it.each([
    [{}, { ok: true, from: TODAY, to: '2030-06-09' }],
    [{ from: '2030-04-01' }, { ok: true, from: '2030-04-01', to: '2030-06-30' }],
    [
      { from: '2030-04-01', to: '2030-04-03' },
      { ok: true, from: '2030-04-01', to: '2030-04-03' },
    ],
    [
      { from: '2030-04-03', to: '2030-04-01' },
      { ok: false, key: 'end_before_start' },
    ],
    [
      { from: '2030-01-01', to: '2040-01-01' },
      { ok: false, key: 'booking_too_far_ahead' },
    ],
    [{ from: '9999-12-31' }, { ok: false, key: 'booking_too_far_ahead' }],
    [
      { from: '0001-01-01', to: '0001-02-01' },
      { ok: false, key: 'booking_too_far_ahead' },
    ],
  ])('window %j: %j', (query, result) => {
    expect(availabilityWindow({ ...query, today: TODAY })).toEqual(result);
  });

  it.each([
    ['stored', [], true],
    ['stored', [{ from: '2030-03-12', to: '2030-03-14' }], true],
    ['stored', [{ from: '2030-03-11', to: '2030-03-14' }], false],
    ['stored', [{ from: '2030-03-01', to: '2030-03-11' }], false],
    ['issued', [], false],
    ['in_transition', [], false],
    ['archived', [], false],
  ] as const)('an item %s with busy days %j is available now: %s', (status, busy, free) => {
    expect(isAvailableNow(status, busy, TODAY)).toBe(free);
  });
});

describe('who changes, decides and returns bookings (001 §6, 000 §3)', () => {
  it.each([
    [{ canManage: true, userId: 1, holderUserId: 2 }, true],
    [{ canManage: false, userId: 2, holderUserId: 2 }, true],
    [{ canManage: false, userId: 1, holderUserId: 2 }, false],
    [{ canManage: false, userId: 1, holderUserId: null }, false],
  ])('%j may change the booking: %s', (input, may) => {
    expect(canChangeBooking(input)).toBe(may);
  });

  it.each([
    [{ canManage: true, itemRequiresApproval: true, typeRequiresApproval: false }, false],
    [{ canManage: false, itemRequiresApproval: true, typeRequiresApproval: false }, true],
    [{ canManage: false, itemRequiresApproval: false, typeRequiresApproval: true }, true],
    [{ canManage: false, itemRequiresApproval: false, typeRequiresApproval: false }, false],
  ])('%j needs approval: %s', (input, needs) => {
    expect(bookingNeedsApproval(input)).toBe(needs);
  });

  it.each([
    [false, { canManage: false, userId: 1, holderUserId: 2 }, true],
    [true, { canManage: false, userId: 1, holderUserId: 2 }, false],
    [true, { canManage: false, userId: 2, holderUserId: 2 }, true],
    [true, { canManage: true, userId: 1, holderUserId: null }, true],
  ])('strict %s: %j may confirm the return: %s', (strict, input, may) => {
    expect(canReturnEquipment({ strict, ...input })).toBe(may);
  });

  it('the extend link carries the token, escaped', () => {
    expect(extendHandoutPath('a-b_c')).toBe('/public/equipment/extend_handout?token=a-b_c');
    expect(extendHandoutPath('a+b', true)).toBe('/public/equipment/group/extend_handout?token=a%2Bb');
  });
});
