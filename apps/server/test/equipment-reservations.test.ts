import { ZEquipmentAvailabilityResponseSchema, ZEquipmentBookingSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  activityOf,
  bookingRow,
  bookingSnapshot,
  createBookingTeam,
  day,
  today,
} from './helpers/equipment-booking-team.js';
import { createEquipmentBooking, createEquipmentType } from './helpers/equipment-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const reserveBody = (from: number, to: number, extra: Record<string, unknown> = {}) => ({
  reservation_start_date: day(from),
  return_at: day(to),
  ...extra,
});

describe('POST equipment/{id}/reservation', () => {
  it('asks for a login', async () => {
    const res = await server.call('POST', `${API}/equipment/1/reservation`, { body: reserveBody(1, 2) });
    expect(res.status).toBe(401);
  });

  it("reserves for the caller with the type's buffer days copied onto the booking", async () => {
    const team = await createBookingTeam(server);
    const res = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(2, 4, { note: 'Roof job' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(ZEquipmentBookingSchema.parse(res.body)).toMatchObject({
      kind: 'reservation',
      state: 'active',
      holder_id: team.people.member.id,
      reservation_start_date: day(2),
      return_at: day(4),
      note: 'Roof job',
      buffer_days_reservations: { value: 1, before: 1, after: 0 },
      currently_active: false,
      can_change: true,
    });
    const row = await bookingRow(server, res.body.id);
    expect(row).toMatchObject({ buffer_before: 1, buffer_after: 0, starts_on: day(2), ends_on: day(4) });
    expect(await activityOf(server, team.item)).toEqual(['reserved']);
  });

  it('refuses the past, more than the type allows and days an existing booking holds (buffer included); nothing is written', async () => {
    const team = await createBookingTeam(server);
    // Held from day 5 to day 6, and day 4 by its buffer day.
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      starts_on: day(5),
      ends_on: day(6),
      buffer_before: 1,
      holder_user_id: team.people.other.id,
    });
    const archived = await team.addItem({ title: 'Old', status: 'archived' });
    const before = await bookingSnapshot(server, team.org.id);
    const cases: Array<[number, unknown, number, string, Record<string, string>?]> = [
      [team.item, reserveBody(-1, 1), 422, 'date_in_past', { reservation_start_date: 'date_in_past' }],
      [team.item, reserveBody(1, 0), 422, 'end_before_start', { return_at: 'end_before_start' }],
      // One week is the type's longest reservation: eight days are refused.
      [team.item, reserveBody(10, 17), 422, 'reservation_too_long', { return_at: 'reservation_too_long' }],
      [team.item, reserveBody(2000, 2001), 422, 'booking_too_far_ahead'],
      [
        team.item,
        { reservation_start_date: day(1) },
        422,
        'validation_failed',
        { return_at: 'invalid_format' },
      ],
      // Ends on the buffer day of the reservation.
      [
        team.item,
        reserveBody(3, 4),
        409,
        'equipment_not_available',
        { reservation_start_date: 'equipment_not_available' },
      ],
      // Its own buffer day (day 6) falls on the other reservation's last day.
      [team.item, reserveBody(7, 8), 409, 'equipment_not_available'],
      [archived, reserveBody(1, 2), 422, 'equipment_archived'],
    ];
    for (const [id, body, status, key, fields] of cases) {
      const res = await server.call('POST', `${API}/equipment/${id}/reservation`, {
        token: team.tokens.member,
        body,
      });
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.error).toBe(key);
      if (fields) expect(res.body.fields).toMatchObject(fields);
    }
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
    // Before the buffer day, and after the other reservation with its own buffer day: free.
    for (const body of [reserveBody(2, 3), reserveBody(8, 9)]) {
      const res = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
        token: team.tokens.member,
        body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });

  it('managers reserve for anyone, members only for themselves; another organisation gets 404', async () => {
    const team = await createBookingTeam(server);
    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(1, 2, { holder_id: team.people.other.id }),
    });
    expect(refused.status).toBe(403);
    const outsider = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.outsider,
      body: reserveBody(1, 2),
    });
    expect(outsider.status).toBe(404);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
    const forOther = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.manager,
      body: reserveBody(1, 2, { external_holder_id: team.external }),
    });
    expect(forOther.status, JSON.stringify(forOther.body)).toBe(201);
    expect(forOther.body.holder).toMatchObject({ is_public_user: true, full_name: 'Frank Fitter' });
    for (const [method, path] of [
      ['GET', `/equipment/${team.item}/reservation`],
      ['PUT', `/equipment/${team.item}/reservation/${forOther.body.id}`],
      ['DELETE', `/equipment/${team.item}/reservation/${forOther.body.id}`],
      ['POST', `/equipment/reservation/${forOther.body.id}/buffer_accept`],
      ['GET', `/equipment/${team.item}/pending_requests`],
    ] as const) {
      const res = await server.call(method, `${API}${path}`, {
        token: team.tokens.outsider,
        ...(method === 'PUT' ? { body: { note: 'x' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('reservations of an item: list, change, cancel', () => {
  it('lists pending and active ones ending today or later; the holder or a manager changes and cancels', async () => {
    const team = await createBookingTeam(server, { type: { set_buffer_days_reservations: false } });
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      starts_on: day(-3),
      ends_on: day(-1),
      holder_user_id: team.people.other.id,
    });
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      state: 'cancelled',
      starts_on: day(1),
      ends_on: day(2),
      holder_user_id: team.people.other.id,
    });
    const later = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.other,
      body: reserveBody(6, 7),
    });
    const mine = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(1, 2),
    });
    const list = await server.call('GET', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: { id: number; can_change: boolean }) => [b.id, b.can_change])).toEqual([
      [mine.body.id, true],
      [later.body.id, false],
    ]);

    const url = `${API}/equipment/${team.item}/reservation/${mine.body.id}`;
    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('PUT', url, { token: team.tokens.other, body: reserveBody(2, 3) });
    expect(refused.status).toBe(403);
    const overOther = await server.call('PUT', url, { token: team.tokens.member, body: reserveBody(5, 6) });
    expect(overOther.status).toBe(409);
    const tooLong = await server.call('PUT', url, { token: team.tokens.member, body: { return_at: day(9) } });
    expect(tooLong.body).toMatchObject({
      error: 'reservation_too_long',
      fields: { return_at: 'reservation_too_long' },
    });
    const cancelRefused = await server.call('DELETE', url, { token: team.tokens.other });
    expect(cancelRefused.status).toBe(403);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);

    const moved = await server.call('PUT', url, {
      token: team.tokens.member,
      body: { ...reserveBody(2, 4), note: 'Later' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ reservation_start_date: day(2), return_at: day(4), note: 'Later' });
    const byManager = await server.call('PUT', url, {
      token: team.tokens.manager,
      body: { return_at: day(5) },
    });
    expect(byManager.body).toMatchObject({ return_at: day(5), note: 'Later' });
    const cancelled = await server.call('DELETE', url, { token: team.tokens.member });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', can_change: false });
    const again = await server.call('DELETE', url, { token: team.tokens.member });
    expect(again.body.error).toBe('booking_closed');
    // Its days are free again.
    const taken = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.other,
      body: reserveBody(2, 5),
    });
    expect(taken.status).toBe(201);
    expect(await activityOf(server, team.item)).toEqual([
      'reserved',
      'reserved',
      'reservation_changed',
      'reservation_changed',
      'reservation_cancelled',
      'reserved',
    ]);
  });

  it('cancel-by-ids answers per id', async () => {
    const team = await createBookingTeam(server);
    const mine = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(2, 3),
    });
    const theirs = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.other,
      body: reserveBody(6, 7),
    });
    const res = await server.call('POST', `${API}/equipment/multiple/reservation/cancel-by-ids`, {
      token: team.tokens.member,
      body: { reservation_ids: [mine.body.id, theirs.body.id, 999999] },
    });
    expect(res.body).toEqual({
      done: [mine.body.id],
      not_done: [
        { id: theirs.body.id, error: 'forbidden' },
        { id: 999999, error: 'not_found' },
      ],
    });
  });
});

describe('reservation requests needing approval', () => {
  it('wait pending until a manager accepts or declines them', async () => {
    const team = await createBookingTeam(server, { item: { handout_requires_approval: true } });
    const asked = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(2, 3),
    });
    expect(asked.body).toMatchObject({ state: 'pending', can_decide: false });
    // A pending request holds its days too.
    const second = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.other,
      body: reserveBody(3, 4),
    });
    expect(second.status).toBe(409);
    const pending = await server.call('GET', `${API}/equipment/${team.item}/pending_requests`, {
      token: team.tokens.manager,
    });
    expect(pending.body.data.map((b: { id: number }) => b.id)).toEqual([asked.body.id]);
    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('POST', `${API}/equipment/reservation/${asked.body.id}/buffer_accept`, {
      token: team.tokens.member,
    });
    expect(refused.status).toBe(403);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
    const accepted = await server.call(
      'POST',
      `${API}/equipment/reservation/${asked.body.id}/buffer_accept`,
      {
        token: team.tokens.manager,
      },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'active', decided_by: { id: team.people.manager.id } });
    const twice = await server.call('POST', `${API}/equipment/reservation/${asked.body.id}/buffer_decline`, {
      token: team.tokens.manager,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('booking_not_pending');

    const later = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.other,
      body: reserveBody(8, 9),
    });
    const declined = await server.call(
      'POST',
      `${API}/equipment/reservation/${later.body.id}/buffer_decline`,
      {
        token: team.tokens.manager,
      },
    );
    expect(declined.body.state).toBe('declined');
    const free = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.manager,
      body: reserveBody(8, 9),
    });
    expect(free.body.state).toBe('active');
    expect(await activityOf(server, team.item)).toEqual([
      'reservation_requested',
      'request_approved',
      'reservation_requested',
      'request_declined',
      'reserved',
    ]);
  });
});

describe('POST equipment/multiple/multiple_reservation', () => {
  it('reserves all or none; a refusal names the item; the bookings share a batch', async () => {
    const team = await createBookingTeam(server);
    const ladder = await team.addItem({ title: 'Ladder' });
    const saw = await team.addItem({ title: 'Saw' });
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: saw,
      kind: 'reservation',
      starts_on: day(3),
      ends_on: day(3),
      holder_user_id: team.people.other.id,
    });
    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('POST', `${API}/equipment/multiple/multiple_reservation`, {
      token: team.tokens.member,
      body: { equipment_ids: [team.item, ladder, saw], ...reserveBody(2, 3) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'equipment_not_available',
      fields: { [`equipment.${saw}`]: 'equipment_not_available' },
    });
    expect(refused.body.message).toContain('Saw');
    const forOther = await server.call('POST', `${API}/equipment/multiple/multiple_reservation`, {
      token: team.tokens.member,
      body: { equipment_ids: [team.item], holder_id: team.people.other.id, ...reserveBody(2, 3) },
    });
    expect(forOther.status).toBe(403);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);

    const done = await server.call('POST', `${API}/equipment/multiple/multiple_reservation`, {
      token: team.tokens.member,
      body: { equipment_ids: [team.item, ladder], ...reserveBody(5, 6) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const [first, second] = done.body.data as Array<{ id: number; batch_id: number; equipment_id: number }>;
    expect([first?.equipment_id, second?.equipment_id]).toEqual([team.item, ladder]);
    expect([first?.batch_id, second?.batch_id]).toEqual([first?.id, first?.id]);
  });
});

describe('GET equipment/availability', () => {
  it('answers the days each item is held (buffer included) and whether it is free now', async () => {
    const team = await createBookingTeam(server);
    const ladder = await team.addItem({ title: 'Ladder' });
    const handout = await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: ladder,
      kind: 'handout',
      starts_on: day(-1),
      ends_on: day(1),
      holder_user_id: team.people.other.id,
    });
    const reservation = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(3, 4),
    });
    const far = await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      starts_on: day(200),
      ends_on: day(201),
      holder_user_id: team.people.other.id,
    });
    const res = await server.call('GET', `${API}/equipment/availability?ids=${team.item},${ladder}`, {
      token: team.tokens.member,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZEquipmentAvailabilityResponseSchema.parse(res.body).data).toEqual([
      {
        equipment_id: team.item,
        title: 'Cordless drill',
        status: 'stored',
        available_now: true,
        busy: [
          { from: day(2), to: day(4), kind: 'reservation', state: 'active', booking_id: reservation.body.id },
        ],
      },
      {
        equipment_id: ladder,
        title: 'Ladder',
        status: 'issued',
        available_now: false,
        busy: [{ from: day(-1), to: day(1), kind: 'handout', state: 'active', booking_id: handout }],
      },
    ]);
    const window = await server.call(
      'GET',
      `${API}/equipment/availability?ids[]=${team.item}&from=${day(150)}&to=${day(250)}`,
      { token: team.tokens.member },
    );
    expect(window.body.data[0].busy.map((b: { booking_id: number }) => b.booking_id)).toEqual([far]);
    const bad = await server.call(
      'GET',
      `${API}/equipment/availability?ids=${team.item}&from=${day(5)}&to=${day(1)}`,
      {
        token: team.tokens.member,
      },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('end_before_start');
    // Another organisation's items are not there.
    const outsider = await server.call('GET', `${API}/equipment/availability?ids=${team.item}`, {
      token: team.tokens.outsider,
    });
    expect(outsider.body.data).toEqual([]);
    expect(today()).toBe(day(0));
  });

  it('a type without buffer days or a longest reservation allows back-to-back and long reservations', async () => {
    const team = await createBookingTeam(server);
    const typeId = await createEquipmentType(server.db, {
      client_id: team.org.id,
      set_buffer_days_reservations: false,
      set_max_reservation_duration: false,
    });
    const item = await team.addItem({ title: 'Van', type_id: typeId });
    const first = await server.call('POST', `${API}/equipment/${item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(1, 40),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const next = await server.call('POST', `${API}/equipment/${item}/reservation`, {
      token: team.tokens.member,
      body: reserveBody(41, 42),
    });
    expect(next.status).toBe(201);
  });
});
