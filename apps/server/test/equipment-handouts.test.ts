import { ZEquipmentBookingSchema, ZEquipmentBulkResultSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  activityOf,
  bookingRow,
  bookingSnapshot,
  createBookingTeam,
  day,
  itemStatus,
  mailsTo,
  sha256,
  today,
} from './helpers/equipment-booking-team.js';
import { createEquipmentBooking } from './helpers/equipment-factories.js';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';
import { setClientSettings } from './helpers/users-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const EXTEND_LINK = new RegExp(`${TEST_APP_URL}/public/equipment/extend_handout\\?token=([A-Za-z0-9_-]+)`);

describe('POST equipment/{id}/handout', () => {
  it('asks for a login', async () => {
    const res = await server.call('POST', `${API}/equipment/1/handout`, { body: {} });
    expect(res.status).toBe(401);
  });

  it('hands the item to the caller until the type default, mails the holder an extend link and logs it', async () => {
    const team = await createBookingTeam(server);
    const res = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { note: 'For the roof' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const booking = ZEquipmentBookingSchema.parse(res.body);
    // One week (the spec's default) made today comes back in six days.
    expect(booking).toMatchObject({
      equipment_id: team.item,
      equipment_title: 'Cordless drill',
      kind: 'handout',
      state: 'active',
      holder_id: team.people.member.id,
      holder: { is_public_user: false, full_name: 'Mo Member', email: team.people.member.email },
      note: 'For the roof',
      reservation_start_date: today(),
      return_at: day(6),
      buffer_days_reservations: { value: 0, before: 0, after: 0 },
      overdue: false,
      can_change: true,
      can_decide: false,
    });
    expect(await itemStatus(server, team.item)).toBe('issued');
    expect(await activityOf(server, team.item)).toEqual(['handed_out']);
    const [mail] = await mailsTo(server, team.people.member.email);
    expect(mail?.kind).toBe('equipment_handout');
    expect(mail?.text).toContain('Cordless drill');
    const token = mail?.text.match(EXTEND_LINK)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only the token's hash is kept.
    const row = await bookingRow(server, booking.id);
    expect(row.extend_token_hash).toBe(sha256(token));
  });

  it('managers hand out to another person or an external holder; a member only to themselves', async () => {
    const team = await createBookingTeam(server);
    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { holder_id: team.people.other.id },
    });
    expect(refused.status).toBe(403);
    const refusedExternal = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { external_holder_id: team.external },
    });
    expect(refusedExternal.status).toBe(403);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);

    const toOther = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.manager,
      body: { holder_id: team.people.other.id, return_at: day(2) },
    });
    expect(toOther.status, JSON.stringify(toOther.body)).toBe(201);
    expect(toOther.body).toMatchObject({
      holder_id: team.people.other.id,
      return_at: day(2),
      can_change: true,
    });

    const second = await team.addItem({ title: 'Ladder' });
    const toExternal = await server.call('POST', `${API}/equipment/${second}/handout`, {
      token: team.tokens.manager,
      body: { external_holder_id: team.external, return_at: day(1) },
    });
    expect(toExternal.status, JSON.stringify(toExternal.body)).toBe(201);
    expect(toExternal.body.holder).toMatchObject({
      id: team.external,
      is_public_user: true,
      full_name: 'Frank Fitter',
      company: 'Fitters Ltd',
    });
    const mails = await mailsTo(server, 'frank@fitters.test');
    expect(mails.at(-1)?.text).toMatch(EXTEND_LINK);
  });

  it('refuses bad input with its key and writes nothing', async () => {
    const team = await createBookingTeam(server);
    const noDefault = await team.addItem({
      title: 'Crane',
      type_id: await (async () => {
        const { createEquipmentType } = await import('./helpers/equipment-factories.js');
        return createEquipmentType(server.db, { client_id: team.org.id, set_default_return_period: false });
      })(),
    });
    const archived = await team.addItem({ title: 'Old saw', status: 'archived' });
    const reserved = await team.addItem({ title: 'Reserved drill' });
    // Reserved from the day after tomorrow with one buffer day before: tomorrow is held.
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: reserved,
      kind: 'reservation',
      starts_on: day(2),
      ends_on: day(3),
      buffer_before: 1,
      holder_user_id: team.people.other.id,
    });
    const out = await team.addItem({ title: 'Drill out' });
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: out,
      kind: 'handout',
      starts_on: day(-1),
      ends_on: day(3),
      holder_user_id: team.people.other.id,
    });
    const outsider = await createBookingTeam(server);
    const before = await bookingSnapshot(server, team.org.id);
    const cases: Array<[number, unknown, number, string, Record<string, string>?]> = [
      [team.item, { return_at: day(-1) }, 422, 'date_in_past', { return_at: 'date_in_past' }],
      [
        team.item,
        { return_at: day(4000) },
        422,
        'booking_too_far_ahead',
        { return_at: 'booking_too_far_ahead' },
      ],
      [team.item, { return_at: '2030-02-30' }, 422, 'validation_failed', { return_at: 'invalid_format' }],
      [
        team.item,
        { holder_id: team.people.other.id, external_holder_id: team.external },
        422,
        'validation_failed',
      ],
      [
        team.item,
        { holder_id: outsider.people.member.id },
        422,
        'holder_required',
        { holder_id: 'holder_required' },
      ],
      [noDefault, {}, 422, 'return_date_required', { return_at: 'return_date_required' }],
      [archived, {}, 422, 'equipment_archived'],
      [out, {}, 409, 'equipment_issued'],
      // Over the reservation's buffer day.
      [
        reserved,
        { return_at: day(1) },
        409,
        'equipment_not_available',
        { return_at: 'equipment_not_available' },
      ],
    ];
    for (const [id, body, status, key, fields] of cases) {
      const res = await server.call('POST', `${API}/equipment/${id}/handout`, {
        token: team.tokens.manager,
        body,
      });
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.error).toBe(key);
      if (fields) expect(res.body.fields).toMatchObject(fields);
    }
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
    // Today alone is free: a one-day handout fits before the buffer day.
    const fits = await server.call('POST', `${API}/equipment/${reserved}/handout`, {
      token: team.tokens.manager,
      body: { return_at: today() },
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it('another organisation gets 404 and changes nothing', async () => {
    const team = await createBookingTeam(server);
    const handout = await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'handout',
      starts_on: today(),
      ends_on: day(3),
      holder_user_id: team.people.member.id,
    });
    const before = await bookingSnapshot(server, team.org.id);
    const token = team.tokens.outsider;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `/equipment/${team.item}/handout`, {}],
      ['GET', `/equipment/${team.item}/handout`],
      ['PUT', `/equipment/${team.item}/handout/${handout}`, { return_at: day(4) }],
      ['DELETE', `/equipment/${team.item}/handout/${handout}`],
      ['POST', `/equipment/${team.item}/handout/${handout}/approve`],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.call(method, `${API}${path}`, { token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const bulk = await server.call('PUT', `${API}/equipment/handout/extend`, {
      token,
      body: { handout_ids: [handout], return_at: day(5) },
    });
    expect(bulk.body).toEqual({ done: [], not_done: [{ id: handout, error: 'not_found' }] });
    const returned = await server.call('POST', `${API}/equipment/multiple/return`, {
      token,
      body: { equipment_ids: [team.item] },
    });
    expect(returned.body).toEqual({ done: [], not_done: [{ id: team.item, error: 'not_found' }] });
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
  });
});

describe('PUT and DELETE equipment/{id}/handout/{handoutId}', () => {
  it('the holder and managers change the return date; another member may not; a booking in the way refuses', async () => {
    const team = await createBookingTeam(server);
    const created = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(1) },
    });
    const id = created.body.id as number;
    const url = `${API}/equipment/${team.item}/handout/${id}`;
    const own = await server.call('PUT', url, {
      token: team.tokens.member,
      body: { return_at: day(3), note: 'Longer' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ return_at: day(3), note: 'Longer' });

    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('PUT', url, { token: team.tokens.other, body: { return_at: day(5) } });
    expect(refused.status).toBe(403);
    await server.db.transaction().execute(async () => undefined);
    const reservation = await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      kind: 'reservation',
      starts_on: day(6),
      ends_on: day(7),
      buffer_before: 1,
      holder_user_id: team.people.other.id,
    });
    const blockedBefore = await bookingSnapshot(server, team.org.id);
    // The reservation's buffer day (day 5) is in the way.
    const blocked = await server.call('PUT', url, {
      token: team.tokens.manager,
      body: { return_at: day(5) },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({
      error: 'equipment_not_available',
      fields: { return_at: 'equipment_not_available' },
    });
    const past = await server.call('PUT', url, { token: team.tokens.manager, body: { return_at: day(-1) } });
    expect(past.body).toMatchObject({ error: 'date_in_past', fields: { return_at: 'date_in_past' } });
    expect(await bookingSnapshot(server, team.org.id)).toBe(blockedBefore);
    expect(before).not.toBe(blockedBefore);
    const manager = await server.call('PUT', url, {
      token: team.tokens.manager,
      body: { return_at: day(4) },
    });
    expect(manager.status).toBe(200);
    expect(manager.body.return_at).toBe(day(4));
    expect(reservation).toBeGreaterThan(id);
    expect(await activityOf(server, team.item)).toEqual([
      'handed_out',
      'extended',
      'handout_changed',
      'extended',
    ]);
  });

  it('a return frees the days after today and stores the item; a closed handout is not changed', async () => {
    const team = await createBookingTeam(server);
    const created = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(5) },
    });
    const id = created.body.id as number;
    const url = `${API}/equipment/${team.item}/handout/${id}`;
    // Not strict (the default): a colleague who finds it back confirms the return.
    const back = await server.call('DELETE', url, { token: team.tokens.other });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ state: 'returned', return_at: today(), can_change: false });
    expect(back.body.returned_at).toEqual(expect.any(String));
    expect(await itemStatus(server, team.item)).toBe('stored');
    expect((await bookingRow(server, id)).extend_token_hash).toBeNull();
    const again = await server.call('DELETE', url, { token: team.tokens.member });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('booking_closed');
    const change = await server.call('PUT', url, { token: team.tokens.member, body: { return_at: day(2) } });
    expect(change.body.error).toBe('booking_closed');
    // Tomorrow is free again.
    const next = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.other,
      body: { reservation_start_date: day(2), return_at: day(3) },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(await activityOf(server, team.item)).toEqual(['handed_out', 'returned', 'reserved']);
    const handouts = await server.call('GET', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.other,
    });
    expect(handouts.body.data.map((b: { id: number; state: string }) => [b.id, b.state])).toEqual([
      [id, 'returned'],
    ]);
  });

  it('with is_equipment_return_strict only the holder or a manager confirms; return_availability says so', async () => {
    const team = await createBookingTeam(server);
    await setClientSettings(server.db, team.org.id, { is_equipment_return_strict: true });
    const second = await team.addItem({ title: 'Ladder' });
    const stored = await team.addItem({ title: 'Shelf item' });
    const first = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(2) },
    });
    await server.call('POST', `${API}/equipment/${second}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(2) },
    });
    const availability = await server.call(
      'GET',
      `${API}/equipment/multiple/return_availability?equipment_ids=${team.item},${second},${stored}`,
      { token: team.tokens.other },
    );
    expect(availability.status).toBe(200);
    expect(
      availability.body.data.map(
        (d: { equipment_id: number; can_return: boolean; reason: string | null }) => [
          d.equipment_id,
          d.can_return,
          d.reason,
        ],
      ),
    ).toEqual([
      [team.item, false, 'forbidden'],
      [second, false, 'forbidden'],
      [stored, false, 'equipment_not_issued'],
    ]);
    const mine = await server.call(
      'GET',
      `${API}/equipment/multiple/return_availability?equipment_ids[]=${team.item}`,
      { token: team.tokens.member },
    );
    expect(mine.body.data[0]).toMatchObject({
      can_return: true,
      reason: null,
      handout: { id: first.body.id },
    });

    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('DELETE', `${API}/equipment/${team.item}/handout/${first.body.id}`, {
      token: team.tokens.other,
    });
    expect(refused.status).toBe(403);
    const bulkRefused = await server.call('POST', `${API}/equipment/multiple/return`, {
      token: team.tokens.other,
      body: { equipment_ids: [team.item, second] },
    });
    expect(bulkRefused.body).toEqual({
      done: [],
      not_done: [
        { id: team.item, error: 'forbidden' },
        { id: second, error: 'forbidden' },
      ],
    });
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
    const bulk = await server.call('POST', `${API}/equipment/multiple/return`, {
      token: team.tokens.member,
      body: { equipment_ids: [team.item, second, stored] },
    });
    expect(ZEquipmentBulkResultSchema.parse(bulk.body)).toEqual({
      done: [team.item, second],
      not_done: [{ id: stored, error: 'equipment_not_issued' }],
    });
    expect(await itemStatus(server, second)).toBe('stored');
  });
});

describe('handout requests needing approval', () => {
  it('wait pending (item in transition), managers approve (mail then) or decline', async () => {
    const team = await createBookingTeam(server, { type: { handout_requires_approval: true } });
    const asked = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(2) },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({
      state: 'pending',
      can_decide: false,
      requested_by: { id: team.people.member.id },
    });
    expect(await itemStatus(server, team.item)).toBe('in_transition');
    expect(await mailsTo(server, team.people.member.email)).toEqual([]);
    const id = asked.body.id as number;
    const pending = await server.call('GET', `${API}/equipment/${team.item}/pending_requests`, {
      token: team.tokens.manager,
    });
    expect(pending.body.data.map((b: { id: number; can_decide: boolean }) => [b.id, b.can_decide])).toEqual([
      [id, true],
    ]);

    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('POST', `${API}/equipment/${team.item}/handout/${id}/approve`, {
      token: team.tokens.member,
    });
    expect(refused.status).toBe(403);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);

    const approved = await server.call('POST', `${API}/equipment/${team.item}/handout/${id}/approve`, {
      token: team.tokens.manager,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'active', decided_by: { id: team.people.manager.id } });
    expect(await itemStatus(server, team.item)).toBe('issued');
    expect((await mailsTo(server, team.people.member.email)).at(-1)?.text).toMatch(EXTEND_LINK);
    const twice = await server.call('POST', `${API}/equipment/${team.item}/handout/${id}/decline`, {
      token: team.tokens.manager,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('booking_not_pending');

    // A manager's own handout needs no approval; a declined request stores the item again.
    const second = await team.addItem({ title: 'Ladder' });
    const request = await server.call('POST', `${API}/equipment/${second}/handout`, {
      token: team.tokens.other,
      body: { return_at: day(1) },
    });
    const declined = await server.call(
      'POST',
      `${API}/equipment/${second}/handout/${request.body.id}/decline`,
      {
        token: team.tokens.manager,
      },
    );
    expect(declined.body.state).toBe('declined');
    expect(await itemStatus(server, second)).toBe('stored');
    const byManager = await server.call('POST', `${API}/equipment/${second}/handout`, {
      token: team.tokens.manager,
      body: { return_at: day(1) },
    });
    expect(byManager.body.state).toBe('active');
    expect(await activityOf(server, team.item)).toEqual(['handout_requested', 'request_approved']);
    expect(await activityOf(server, second)).toEqual(['handout_requested', 'request_declined', 'handed_out']);
  });
});

describe('handing out a reservation, several handouts at once', () => {
  it('reservation_id hands out what the reservation kept: same booking, starting today, no buffer', async () => {
    const team = await createBookingTeam(server);
    const reserved = await server.call('POST', `${API}/equipment/${team.item}/reservation`, {
      token: team.tokens.member,
      body: { reservation_start_date: day(1), return_at: day(3) },
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    const notTheirs = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.other,
      body: { reservation_id: reserved.body.id },
    });
    expect(notTheirs.status).toBe(403);
    const handout = await server.call('POST', `${API}/equipment/${team.item}/handout`, {
      token: team.tokens.member,
      body: { reservation_id: reserved.body.id },
    });
    expect(handout.status, JSON.stringify(handout.body)).toBe(201);
    expect(handout.body).toMatchObject({
      id: reserved.body.id,
      kind: 'handout',
      state: 'active',
      reservation_start_date: today(),
      return_at: day(3),
      buffer_days_reservations: { before: 0, after: 0 },
    });
  });

  it('extend and mix_handout answer per id', async () => {
    const team = await createBookingTeam(server);
    const ladder = await team.addItem({ title: 'Ladder' });
    const saw = await team.addItem({ title: 'Saw' });
    const archived = await team.addItem({ title: 'Old', status: 'archived' });
    const mix = await server.call('POST', `${API}/equipment/multiple/mix_handout`, {
      token: team.tokens.manager,
      body: {
        equipment_ids: [team.item, ladder, archived, 999999],
        holder_id: team.people.other.id,
        return_at: day(2),
      },
    });
    expect(mix.status, JSON.stringify(mix.body)).toBe(200);
    expect(mix.body).toEqual({
      done: [team.item, ladder],
      not_done: [
        { id: archived, error: 'equipment_archived' },
        { id: 999999, error: 'not_found' },
      ],
    });
    const handouts = await server.db
      .selectFrom('equipment_bookings')
      .select(['id', 'batch_id', 'equipment_id'])
      .where('client_id', '=', team.org.id)
      .orderBy('id')
      .execute();
    expect(handouts.map((h) => h.batch_id)).toEqual([handouts[0]?.id, handouts[0]?.id]);
    expect(await mailsTo(server, team.people.other.email)).toHaveLength(2);

    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: ladder,
      kind: 'reservation',
      starts_on: day(4),
      ends_on: day(5),
      holder_user_id: team.people.member.id,
    });
    const [drillHandout, ladderHandout] = handouts.map((h) => h.id);
    const member = await server.call('PUT', `${API}/equipment/handout/extend`, {
      token: team.tokens.member,
      body: { handout_ids: [drillHandout], return_at: day(5) },
    });
    expect(member.body).toEqual({ done: [], not_done: [{ id: drillHandout, error: 'forbidden' }] });
    const extended = await server.call('PUT', `${API}/equipment/handout/extend`, {
      token: team.tokens.other,
      body: { handout_ids: [drillHandout, ladderHandout], return_at: day(5) },
    });
    expect(extended.body).toEqual({
      done: [drillHandout],
      not_done: [{ id: ladderHandout, error: 'equipment_not_available' }],
    });
    expect((await bookingRow(server, drillHandout as number)).ends_on).toBe(day(5));
    expect((await bookingRow(server, ladderHandout as number)).ends_on).toBe(day(2));
    expect(saw).toBeGreaterThan(0);
  });
});
