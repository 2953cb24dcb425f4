import { afterEach, describe, expect, it } from 'vitest';
import {
  dayClockZone,
  fromLocalInput,
  localDayBounds,
  localDayStart,
  localDayStartOf,
  localTime,
  localToday,
  setDayClockZone,
  toLocalInput,
} from './day-clock';

// The timelines show the organisation's wall clock, the zone the server cuts its days in.
describe('the day clock in the organisation time zone', () => {
  afterEach(() => setDayClockZone(undefined));

  it("cuts days at the zone's midnight", () => {
    setDayClockZone('Europe/Vienna');
    expect(localDayStart('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 23) / 1000);
    setDayClockZone('America/New_York');
    expect(localDayStart('2026-11-24')).toBe(Date.UTC(2026, 10, 24, 5) / 1000);
  });

  it('has 23 and 25 hour days when the clocks change', () => {
    setDayClockZone('Europe/Vienna');
    const spring = localDayBounds('2026-03-29');
    const autumn = localDayBounds('2026-10-25');
    expect(spring.end - spring.start).toBe(23 * 3600);
    expect(autumn.end - autumn.start).toBe(25 * 3600);
  });

  it('reads moments as wall-clock times, days and input values', () => {
    setDayClockZone('Europe/Vienna');
    const tenOClock = Date.UTC(2026, 10, 24, 9) / 1000; // 10:00 in Vienna
    expect(localTime(tenOClock)).toBe('10:00');
    expect(localDayStartOf(tenOClock)).toBe(localDayStart('2026-11-24'));
    expect(localToday(new Date(Date.UTC(2026, 10, 24, 23, 30)))).toBe('2026-11-25');
    expect(toLocalInput(tenOClock)).toBe('2026-11-24T10:00');
    expect(fromLocalInput('2026-11-24T10:00')).toBe(tenOClock);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it("falls back to the browser's zone for an unknown zone", () => {
    setDayClockZone('Nowhere/Else');
    expect(dayClockZone()).toBeUndefined();
    expect(localTime(Date.UTC(2026, 10, 24, 9) / 1000)).toMatch(/^\d\d:\d\d$/);
  });
});
