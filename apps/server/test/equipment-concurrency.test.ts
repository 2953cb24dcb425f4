import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createBookingTeam, day, today } from './helpers/equipment-booking-team.js';
import { createEquipmentBooking } from './helpers/equipment-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Requests arriving at the same moment for the same days: the item's row lock decides them one
// after another, and the exclusion constraint equipment_bookings_no_overlap is the last word.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function holdingCount(equipmentId: number): Promise<number> {
  const rows = await server.db
    .selectFrom('equipment_bookings')
    .select('id')
    .where('equipment_id', '=', equipmentId)
    .where('state', 'in', ['pending', 'active'])
    .execute();
  return rows.length;
}

describe('50 requests for one item at the same moment', () => {
  it('50 reservations of one period: exactly one is made (201), 49 get 409 equipment_not_available', async () => {
    const team = await createBookingTeam(server);
    const body = { reservation_start_date: day(3), return_at: day(5) };
    const tokens = [team.tokens.member, team.tokens.other, team.tokens.manager, team.tokens.admin];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.call('POST', `${API}/equipment/${team.item}/reservation`, {
          token: tokens[i % tokens.length],
          body,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error))).toEqual(
      new Set(['equipment_not_available']),
    );
    expect(await holdingCount(team.item)).toBe(1);
    console.info(`equipment concurrency (${server.ctx.dbKind}): 50 reservations → 1 × 201, 49 × 409`);
  });

  it('50 overlapping periods (shifted by a day, buffer days between): no two holding bookings share a day', async () => {
    const team = await createBookingTeam(server);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.call('POST', `${API}/equipment/${team.item}/reservation`, {
          token: i % 2 ? team.tokens.member : team.tokens.other,
          body: { reservation_start_date: day(2 + (i % 10)), return_at: day(3 + (i % 10)) },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const { rows } = await sql<{ clashes: number }>`
      SELECT count(*)::int AS clashes FROM equipment_bookings a JOIN equipment_bookings b
        ON a.equipment_id = b.equipment_id AND a.id < b.id AND a.blocked && b.blocked
      WHERE a.equipment_id = ${team.item} AND a.state IN ('pending', 'active') AND b.state IN ('pending', 'active')`.execute(
      server.db,
    );
    expect(rows[0]?.clashes).toBe(0);
    expect(answers.filter((a) => a.status === 201).length).toBe(await holdingCount(team.item));
  });

  it('50 handouts of one item: one goes out, 49 are refused', async () => {
    const team = await createBookingTeam(server);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.call('POST', `${API}/equipment/${team.item}/handout`, {
          token: i % 2 ? team.tokens.member : team.tokens.other,
          body: { return_at: day(2) },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    expect(await holdingCount(team.item)).toBe(1);
  });

  it('the database itself refuses an overlapping booking written past the code (SQLSTATE 23P01)', async () => {
    const team = await createBookingTeam(server);
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      starts_on: day(4),
      ends_on: day(5),
      buffer_before: 1,
    });
    const write = createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      starts_on: today(),
      ends_on: day(3),
    });
    await expect(write).rejects.toMatchObject({ code: '23P01' });
    // A cancelled booking holds nothing.
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      state: 'cancelled',
      starts_on: today(),
      ends_on: day(3),
    });
  });
});
