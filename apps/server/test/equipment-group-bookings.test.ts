import { ZEquipmentBookingListSchema } from '@workbench/domain';
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
import { createEquipmentBooking, createEquipmentGroup } from './helpers/equipment-factories.js';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const GROUP_LINK = new RegExp(
  `${TEST_APP_URL}/public/equipment/group/extend_handout\\?token=([A-Za-z0-9_-]+)`,
);

/** A team with a measuring kit of two items (and an archived one, which the kit no longer lends). */
async function kitTeam() {
  const team = await createBookingTeam(server);
  const group = await createEquipmentGroup(server.db, { clientId: team.org.id, workspaceId: team.workspace });
  await server.db.updateTable('equipment').set({ group_id: group }).where('id', '=', team.item).execute();
  const meter = await team.addItem({ title: 'Laser meter', group_id: group });
  const broken = await team.addItem({ title: 'Broken level', group_id: group, status: 'archived' });
  return { ...team, group, meter, broken };
}

describe('group handouts', () => {
  it('asks for a login', async () => {
    for (const [method, path] of [
      ['POST', '/equipment/group/1/handout'],
      ['PUT', '/equipment/group/1/handout'],
      ['POST', '/equipment/group/1/return'],
      ['POST', '/equipment/group/1/reservation'],
      ['GET', '/equipment/group/1/availability'],
    ] as const) {
      const res = await server.call(method, `${API}${path}`, { body: method === 'GET' ? undefined : {} });
      expect(res.status, path).toBe(401);
    }
  });

  it('hands out every item to one holder in one batch with one mailed group link; extends and returns the group', async () => {
    const team = await kitTeam();
    const res = await server.call('POST', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.manager,
      body: { holder_id: team.people.member.id, return_at: day(2) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = ZEquipmentBookingListSchema.parse(res.body).data;
    expect(data.map((b) => [b.equipment_id, b.state, b.group_id, b.return_at])).toEqual([
      [team.item, 'active', team.group, day(2)],
      [team.meter, 'active', team.group, day(2)],
    ]);
    const batch = data[0]?.id;
    expect(data.map((b) => b.batch_id)).toEqual([batch, batch]);
    expect(await itemStatus(server, team.meter)).toBe('issued');
    expect(await itemStatus(server, team.broken)).toBe('archived');
    const [mail] = await mailsTo(server, team.people.member.email);
    expect(mail?.text).toContain('Cordless drill');
    expect(mail?.text).toContain('Laser meter');
    const token = mail?.text.match(GROUP_LINK)?.[1] ?? '';
    expect((await bookingRow(server, batch as number)).extend_token_hash).toBe(sha256(token));

    const extended = await server.call('PUT', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(4) },
    });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(extended.body.data.map((b: { return_at: string }) => b.return_at)).toEqual([day(4), day(4)]);

    // A reservation of one item after the handout: extending over it refuses the whole group.
    const reservation = await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.meter,
      kind: 'reservation',
      starts_on: day(7),
      ends_on: day(8),
      buffer_before: 1,
      holder_user_id: team.people.other.id,
    });
    const availability = await server.call(
      'GET',
      `${API}/equipment/group/${team.group}/extend_availability`,
      {
        token: team.tokens.member,
      },
    );
    expect(
      availability.body.data.map((d: { equipment_id: number; busy: unknown[] }) => [d.equipment_id, d.busy]),
    ).toEqual([
      [team.item, []],
      [
        team.meter,
        [{ from: day(6), to: day(8), kind: 'reservation', state: 'active', booking_id: reservation }],
      ],
    ]);
    const before = await bookingSnapshot(server, team.org.id);
    const blocked = await server.call('PUT', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(6) },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.fields).toEqual({ [`equipment.${team.meter}`]: 'equipment_not_available' });
    const notHolder = await server.call('PUT', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.other,
      body: { return_at: day(5) },
    });
    expect(notHolder.status).toBe(403);
    const again = await server.call('POST', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.manager,
      body: { return_at: day(2) },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('equipment_issued');
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);

    const returned = await server.call('POST', `${API}/equipment/group/${team.group}/return`, {
      token: team.tokens.member,
    });
    expect(returned.body).toEqual({ done: [team.item, team.meter], not_done: [] });
    expect(await itemStatus(server, team.item)).toBe('stored');
    const nothing = await server.call('POST', `${API}/equipment/group/${team.group}/return`, {
      token: team.tokens.member,
    });
    expect(nothing.body.error).toBe('equipment_not_issued');
    expect(await activityOf(server, team.meter)).toEqual(['handed_out', 'extended', 'returned']);
  });

  it('all or none: an item out refuses the group and names it; a member hands out only to themselves', async () => {
    const team = await kitTeam();
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.meter,
      kind: 'handout',
      starts_on: today(),
      ends_on: day(1),
      holder_user_id: team.people.other.id,
    });
    const before = await bookingSnapshot(server, team.org.id);
    const refused = await server.call('POST', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.manager,
      body: { return_at: day(2) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'equipment_issued',
      fields: { [`equipment.${team.meter}`]: 'equipment_issued' },
    });
    const forOther = await server.call('POST', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.member,
      body: { holder_id: team.people.other.id, return_at: day(2) },
    });
    expect(forOther.status).toBe(403);
    const outsider = await server.call('POST', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.outsider,
      body: { return_at: day(2) },
    });
    expect(outsider.status).toBe(404);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
  });

  it('POST equipment/group/multiple/return answers per group', async () => {
    const team = await kitTeam();
    const other = await createEquipmentGroup(server.db, {
      clientId: team.org.id,
      workspaceId: team.workspace,
      name: 'Empty',
    });
    await server.call('POST', `${API}/equipment/group/${team.group}/handout`, {
      token: team.tokens.member,
      body: { return_at: day(2) },
    });
    const res = await server.call('POST', `${API}/equipment/group/multiple/return`, {
      token: team.tokens.member,
      body: { group_ids: [team.group, other, 999999] },
    });
    expect(res.body).toEqual({
      done: [team.group],
      not_done: [
        { id: other, error: 'equipment_not_issued' },
        { id: 999999, error: 'not_found' },
      ],
    });
  });
});

describe('group reservations', () => {
  it('reserve all or none, list, move and cancel the whole batch', async () => {
    const team = await kitTeam();
    const url = `${API}/equipment/group/${team.group}/reservation`;
    const created = await server.call('POST', url, {
      token: team.tokens.member,
      body: { reservation_start_date: day(2), return_at: day(3) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [first, second] = created.body.data as Array<{ id: number; batch_id: number; group_id: number }>;
    expect([first?.batch_id, second?.batch_id, first?.group_id]).toEqual([first?.id, first?.id, team.group]);

    const list = await server.call('GET', url, { token: team.tokens.other });
    expect(list.body.data.map((b: { id: number; can_change: boolean }) => [b.id, b.can_change])).toEqual([
      [first?.id, false],
      [second?.id, false],
    ]);
    const availability = await server.call(
      'GET',
      `${API}/equipment/group/${team.group}/reservation_availability`,
      {
        token: team.tokens.other,
      },
    );
    // Every item of the group, the archived one too (it holds nothing).
    expect(
      availability.body.data.map((d: { equipment_id: number; busy: Array<{ from: string }> }) => [
        d.equipment_id,
        d.busy.map((b) => b.from),
      ]),
    ).toEqual([
      [team.item, [day(1)]],
      [team.meter, [day(1)]],
      [team.broken, []],
    ]);

    // One item reserved by someone else on day 6: moving there refuses the whole batch.
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.meter,
      kind: 'reservation',
      starts_on: day(6),
      ends_on: day(6),
      holder_user_id: team.people.other.id,
    });
    const before = await bookingSnapshot(server, team.org.id);
    const blocked = await server.call('PUT', `${url}/${second?.id}`, {
      token: team.tokens.member,
      body: { reservation_start_date: day(5), return_at: day(6) },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.fields).toEqual({ [`equipment.${team.meter}`]: 'equipment_not_available' });
    const notTheirs = await server.call('PUT', `${url}/${first?.id}`, {
      token: team.tokens.other,
      body: { return_at: day(4) },
    });
    expect(notTheirs.status).toBe(403);
    const overlapping = await server.call('POST', url, {
      token: team.tokens.other,
      body: { reservation_start_date: day(3), return_at: day(4) },
    });
    expect(overlapping.status).toBe(409);
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);

    const moved = await server.call('PUT', `${url}/${first?.id}`, {
      token: team.tokens.member,
      body: { reservation_start_date: day(8), return_at: day(9) },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.map((b: { reservation_start_date: string }) => b.reservation_start_date)).toEqual([
      day(8),
      day(8),
    ]);
    const cancelled = await server.call('DELETE', `${url}/${first?.id}`, { token: team.tokens.manager });
    expect(cancelled.body.data.map((b: { state: string }) => b.state)).toEqual(['cancelled', 'cancelled']);
    const empty = await server.call('GET', url, { token: team.tokens.member });
    expect(empty.body.data).toEqual([]);
    expect(await activityOf(server, team.item)).toEqual([
      'reserved',
      'reservation_changed',
      'reservation_cancelled',
    ]);
  });

  it('POST equipment/group/multiple/reservation: several groups, all or none, a batch per group', async () => {
    const team = await kitTeam();
    const second = await createEquipmentGroup(server.db, {
      clientId: team.org.id,
      workspaceId: team.workspace,
      name: 'Kit B',
    });
    const ladder = await team.addItem({ title: 'Ladder', group_id: second });
    const body = { group_ids: [team.group, second], reservation_start_date: day(3), return_at: day(4) };
    await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: ladder,
      kind: 'handout',
      starts_on: today(),
      ends_on: day(2),
      holder_user_id: team.people.other.id,
    });
    const before = await bookingSnapshot(server, team.org.id);
    // The ladder's handout holds day 2, the reservation's buffer day.
    const refused = await server.call('POST', `${API}/equipment/group/multiple/reservation`, {
      token: team.tokens.member,
      body,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({ [`equipment.${ladder}`]: 'equipment_not_available' });
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
    const done = await server.call('POST', `${API}/equipment/group/multiple/reservation`, {
      token: team.tokens.member,
      body: { ...body, reservation_start_date: day(4), return_at: day(5) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const rows = done.body.data as Array<{
      id: number;
      batch_id: number;
      group_id: number;
      equipment_id: number;
    }>;
    expect(rows.map((r) => [r.equipment_id, r.group_id])).toEqual([
      [team.item, team.group],
      [team.meter, team.group],
      [ladder, second],
    ]);
    expect(rows.map((r) => r.batch_id)).toEqual([rows[0]?.id, rows[0]?.id, rows[2]?.id]);
    const outsider = await server.call('POST', `${API}/equipment/group/multiple/reservation`, {
      token: team.tokens.outsider,
      body,
    });
    expect(outsider.status).toBe(404);
  });

  it('another organisation gets 404 on every group booking call', async () => {
    const team = await kitTeam();
    const reservation = await createEquipmentBooking(server.db, {
      client_id: team.org.id,
      equipment_id: team.item,
      group_id: team.group,
      kind: 'reservation',
      starts_on: day(2),
      ends_on: day(3),
      holder_user_id: team.people.member.id,
    });
    const before = await bookingSnapshot(server, team.org.id);
    for (const [method, path, body] of [
      ['PUT', `/equipment/group/${team.group}/handout`, { return_at: day(2) }],
      ['POST', `/equipment/group/${team.group}/return`, undefined],
      ['GET', `/equipment/group/${team.group}/availability`, undefined],
      ['GET', `/equipment/group/${team.group}/reservation_availability`, undefined],
      ['GET', `/equipment/group/${team.group}/extend_availability`, undefined],
      ['GET', `/equipment/group/${team.group}/reservation`, undefined],
      [
        'POST',
        `/equipment/group/${team.group}/reservation`,
        { reservation_start_date: day(5), return_at: day(6) },
      ],
      ['PUT', `/equipment/group/${team.group}/reservation/${reservation}`, { return_at: day(4) }],
      ['DELETE', `/equipment/group/${team.group}/reservation/${reservation}`, undefined],
    ] as const) {
      const res = await server.call(method, `${API}${path}`, {
        token: team.tokens.outsider,
        ...(body ? { body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await bookingSnapshot(server, team.org.id)).toBe(before);
  });
});
