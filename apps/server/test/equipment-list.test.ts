import {
  addDays,
  DEFAULT_TIME_ZONE,
  todayIn,
  ZEquipmentFilterOptionsSchema,
  ZEquipmentListResponseSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEquipmentBooking,
  createEquipmentGroup,
  createEquipmentItemTeam,
  createEquipmentPicture,
  createEquipmentType,
  createExternalHolder,
} from './helpers/equipment-factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createEquipmentItemTeam>>;
type Row = { id: number; title: string; part: string; can_edit: boolean };

const today = () => todayIn(DEFAULT_TIME_ZONE);

async function list(t: Team, query = '', who: keyof Team['tokens'] = 'admin') {
  const res = await server.call('GET', `${API}/equipment${query ? `?${query}` : ''}`, {
    token: t.tokens[who],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const titles = (body: { data: Row[] }) => body.data.map((r) => r.title);

function booking(
  t: Team,
  equipmentId: number,
  values: {
    kind: 'handout' | 'reservation';
    state?: 'pending' | 'active' | 'returned' | 'declined' | 'cancelled';
    from: number;
    to: number;
    holder?: number;
    external?: number;
  },
) {
  return createEquipmentBooking(server.db, {
    client_id: t.org.id,
    equipment_id: equipmentId,
    kind: values.kind,
    state: values.state ?? 'active',
    starts_on: addDays(today(), values.from),
    ends_on: addDays(today(), values.to),
    holder_user_id: values.holder ?? null,
    holder_external_id: values.external ?? null,
  });
}

describe('GET equipment/', () => {
  it('comes in the action_required order: overdue, then pending requests, then the rest, ties by title, with the parts', async () => {
    const t = await createEquipmentItemTeam(server);
    const lateB = await t.addItem({ title: 'b late' });
    const lateA = await t.addItem({ title: 'A late' });
    const asked = await t.addItem({ title: 'Asked for' });
    const outOnTime = await t.addItem({ title: 'Out on time' });
    await t.addItem({ title: 'Archived', status: 'archived' });
    await booking(t, lateB.id, { kind: 'handout', from: -9, to: -2, holder: t.people.member.id });
    await booking(t, lateA.id, { kind: 'handout', from: -9, to: -1, holder: t.people.assignee.id });
    await booking(t, asked.id, {
      kind: 'reservation',
      state: 'pending',
      from: 3,
      to: 4,
      holder: t.people.member.id,
    });
    await booking(t, outOnTime.id, { kind: 'handout', from: -1, to: 0, holder: t.people.member.id });
    // Overdue and asked for: overdue comes first.
    await booking(t, lateB.id, {
      kind: 'reservation',
      state: 'pending',
      from: 10,
      to: 11,
      holder: t.people.member.id,
    });

    const body = await list(t);
    expect(ZEquipmentListResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data.map((r: Row) => [r.title, r.part])).toEqual([
      ['A late', 'overdue'],
      ['b late', 'overdue'],
      ['Asked for', 'pending'],
      ['Cordless drill', 'regular'],
      ['Out on time', 'regular'],
    ]);
    expect(body.parts).toEqual({ overdue: 2, pending: 1, regular: 2 });
    expect(body).toMatchObject({ total: 5, current_page: 1, per_page: 20 });
    expect(titles(await list(t, 'sort_by=action_required&sort_direction=desc'))).toEqual([
      'Cordless drill',
      'Out on time',
      'Asked for',
      'A late',
      'b late',
    ]);
    const late = body.data.find((r: Row) => r.id === lateB.id);
    expect(late).toMatchObject({
      status: 'issued',
      holder: { id: t.people.member.id, is_public_user: false },
      return_date: addDays(today(), -2),
      overdue: true,
      pending_requests: 1,
      reserved_for: { id: t.people.member.id },
      reserved_from: addDays(today(), 10),
    });
    // The parts count the whole filtered list, not the page.
    const page2 = await list(t, 'page=2');
    expect(page2.data).toEqual([]);
    expect(page2.parts).toEqual({ overdue: 2, pending: 1, regular: 2 });
    const filtered = await list(t, 'search=late');
    expect(filtered.parts).toEqual({ overdue: 2, pending: 0, regular: 0 });
  });

  it('pages the list', async () => {
    const t = await createEquipmentItemTeam(server);
    for (let i = 1; i <= 21; i++) await t.addItem({ title: `Item ${String(i).padStart(2, '0')}` });
    const first = await list(t, 'sort_by=name');
    expect(first.data).toHaveLength(20);
    expect(first).toMatchObject({ total: 22, last_page: 2, from: 1, to: 20 });
    expect(first.next_page_url).toContain('page=2');
    const second = await list(t, 'sort_by=name&page=2');
    expect(titles(second)).toEqual(['Item 20', 'Item 21']);
    expect(second).toMatchObject({ from: 21, to: 22 });
    expect((await list(t, 'sort_by=name&paginate_by=40')).data).toHaveLength(22);
  });

  it('shows each caller what they see, with what they may do with each row', async () => {
    const t = await createEquipmentItemTeam(server);
    await t.addItem({ title: 'Room saw', workspace_id: t.ids.room });
    await t.addItem({ title: 'Depot saw', workspace_id: t.ids.depot });
    await t.addItem({ title: 'Gone', deleted_at: new Date() });
    expect(titles(await list(t))).toEqual(['Cordless drill', 'Depot saw', 'Room saw']);
    expect(titles(await list(t, '', 'member'))).toEqual(['Cordless drill', 'Room saw']);
    expect(titles(await list(t, '', 'depotMember'))).toEqual(['Depot saw']);
    expect(titles(await list(t, '', 'collabMember'))).toEqual([]);
    const stranger = await server.call('GET', `${API}/equipment`, { token: t.strangerToken });
    expect(stranger.body).toMatchObject({
      data: [],
      total: 0,
      parts: { overdue: 0, pending: 0, regular: 0 },
    });
    expect((await server.call('GET', `${API}/equipment`)).status).toBe(401);
    const rights = (body: { data: Row[] }) => Object.fromEntries(body.data.map((r) => [r.title, r.can_edit]));
    expect(rights(await list(t, '', 'itemManager'))).toEqual({ 'Cordless drill': true, 'Room saw': false });
    expect(rights(await list(t, '', 'manager'))).toEqual({ 'Cordless drill': true, 'Room saw': true });
    // The type's workspace is the depot: its manager edits every item of the type they see.
    expect(rights(await list(t, '', 'typeManager'))).toEqual({
      'Cordless drill': true,
      'Depot saw': true,
      'Room saw': true,
    });
    expect(rights(await list(t, '', 'member'))).toEqual({ 'Cordless drill': false, 'Room saw': false });
  });

  it('filters by status, search, workspaces (with sub-workspaces), groups, types and managers', async () => {
    const t = await createEquipmentItemTeam(server);
    const ladders = await createEquipmentType(server.db, { client_id: t.org.id, name: 'Ladders' });
    const roomKit = await createEquipmentGroup(server.db, {
      clientId: t.org.id,
      workspaceId: t.ids.room,
      managerIds: [t.people.assignee.id],
    });
    await t.addItem({ title: 'Ladder', type_id: ladders, serial_number: 'XK-100%' });
    await t.addItem({
      title: 'Room saw',
      workspace_id: t.ids.room,
      group_id: roomKit,
      reference_number: 'REF-77',
    });
    await t.addItem({ title: 'Old ladder', type_id: ladders, status: 'archived' });
    await t.addItem({ title: 'Depot saw', workspace_id: t.ids.depot, managerIds: [t.people.assignee.id] });

    expect(titles(await list(t, 'status=archived'))).toEqual(['Old ladder']);
    expect(titles(await list(t, 'status=all'))).toEqual([
      'Cordless drill',
      'Depot saw',
      'Ladder',
      'Old ladder',
      'Room saw',
    ]);
    expect(titles(await list(t, 'status=bogus'))).toEqual([
      'Cordless drill',
      'Depot saw',
      'Ladder',
      'Room saw',
    ]);
    expect(titles(await list(t, 'search=LADD'))).toEqual(['Ladder']);
    expect(titles(await list(t, 'search=ladd&status=all'))).toEqual(['Ladder', 'Old ladder']);
    expect(titles(await list(t, 'search=xk-100%25'))).toEqual(['Ladder']);
    expect(titles(await list(t, 'search=00%25'))).toEqual(['Ladder']);
    // % is a character to find, not a wildcard.
    expect(titles(await list(t, 'search=xk%25100'))).toEqual([]);
    expect(titles(await list(t, 'search=ref-7'))).toEqual(['Room saw']);
    expect(titles(await list(t, 'search=sn-100'))).toEqual(['Cordless drill']);
    expect(titles(await list(t, `workspaces=${t.ids.site}`))).toEqual(['Cordless drill', 'Ladder']);
    expect(titles(await list(t, `workspaces=${t.ids.site}&include_sub_ws=1`))).toEqual([
      'Cordless drill',
      'Ladder',
      'Room saw',
    ]);
    expect(titles(await list(t, `workspaces=${t.ids.site},${t.ids.depot}&include_sub_ws=true`))).toEqual([
      'Cordless drill',
      'Depot saw',
      'Ladder',
      'Room saw',
    ]);
    expect(titles(await list(t, `groups=${t.groupId},${roomKit}`))).toEqual(['Cordless drill', 'Room saw']);
    expect(titles(await list(t, `types=${ladders}`))).toEqual(['Ladder']);
    expect(titles(await list(t, `types=${ladders}&status=all`))).toEqual(['Ladder', 'Old ladder']);
    // Managers: the item's own, or its group's.
    expect(titles(await list(t, `managers=${t.people.assignee.id}`))).toEqual(['Depot saw', 'Room saw']);
    expect(titles(await list(t, `managers=${t.people.kitManager.id},${t.people.itemManager.id}`))).toEqual([
      'Cordless drill',
    ]);
    // A workspace the caller does not see filters to nothing.
    expect(titles(await list(t, `workspaces=${t.ids.depot}`, 'member'))).toEqual([]);
  });

  it('filters by holder, external holder and reserved for (from today on)', async () => {
    const t = await createEquipmentItemTeam(server);
    const frank = await createExternalHolder(server.db, { clientId: t.org.id, fullName: 'Frank Fitter' });
    const toMember = await t.addItem({ title: 'With Mo' });
    const toFrank = await t.addItem({ title: 'With Frank' });
    const returned = await t.addItem({ title: 'Back again' });
    const reserved = await t.addItem({ title: 'Reserved for Ava' });
    const pastReservation = await t.addItem({ title: 'Reserved last week' });
    const cancelled = await t.addItem({ title: 'Cancelled reservation' });
    await booking(t, toMember.id, { kind: 'handout', from: -2, to: 3, holder: t.people.member.id });
    await booking(t, toFrank.id, { kind: 'handout', from: -2, to: 3, external: frank });
    await booking(t, returned.id, {
      kind: 'handout',
      state: 'returned',
      from: -5,
      to: -3,
      holder: t.people.member.id,
    });
    await booking(t, reserved.id, {
      kind: 'reservation',
      state: 'pending',
      from: 0,
      to: 2,
      holder: t.people.assignee.id,
    });
    await booking(t, pastReservation.id, {
      kind: 'reservation',
      from: -8,
      to: -1,
      holder: t.people.assignee.id,
    });
    await booking(t, cancelled.id, {
      kind: 'reservation',
      state: 'cancelled',
      from: 2,
      to: 3,
      holder: t.people.assignee.id,
    });

    expect(titles(await list(t, `holder=${t.people.member.id}`))).toEqual(['With Mo']);
    expect(titles(await list(t, `external_holder=${frank}`))).toEqual(['With Frank']);
    expect(titles(await list(t, `reserved_for=${t.people.assignee.id}`))).toEqual(['Reserved for Ava']);
    expect(titles(await list(t, `holder=${t.people.assignee.id}`))).toEqual([]);
    const row = (await list(t, `external_holder=${frank}`)).data[0];
    expect(row).toMatchObject({
      holder: { id: frank, is_public_user: true, full_name: 'Frank Fitter', company: 'Fitters Ltd' },
      return_date: addDays(today(), 3),
      overdue: false,
      part: 'regular',
    });
  });

  it('sorts by name, created, updated, overdue (the return date) and reserved (the next reservation)', async () => {
    const t = await createEquipmentItemTeam(server);
    const base = Date.parse('2030-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await server.db
      .updateTable('equipment')
      .set({ created_at: at(0), updated_at: at(50) })
      .where('id', '=', t.item.id)
      .execute();
    const alpha = await t.addItem({ title: 'alpha', created_at: at(10), updated_at: at(10) });
    const zulu = await t.addItem({ title: 'Zulu', created_at: at(20), updated_at: at(5) });
    const mike = await t.addItem({ title: 'Mike', created_at: at(30), updated_at: at(30) });
    await booking(t, zulu.id, { kind: 'handout', from: -1, to: 5, holder: t.people.member.id });
    await booking(t, mike.id, { kind: 'handout', from: -1, to: 2, holder: t.people.member.id });
    await booking(t, alpha.id, { kind: 'reservation', from: 9, to: 10, holder: t.people.member.id });
    await booking(t, t.item.id, {
      kind: 'reservation',
      state: 'pending',
      from: 4,
      to: 5,
      holder: t.people.member.id,
    });
    await booking(t, t.item.id, { kind: 'reservation', from: 12, to: 13, holder: t.people.member.id });

    expect(titles(await list(t, 'sort_by=name'))).toEqual(['alpha', 'Cordless drill', 'Mike', 'Zulu']);
    expect(titles(await list(t, 'sort_by=name&sort_direction=desc'))).toEqual([
      'Zulu',
      'Mike',
      'Cordless drill',
      'alpha',
    ]);
    expect(titles(await list(t, 'sort_by=created'))).toEqual(['Cordless drill', 'alpha', 'Zulu', 'Mike']);
    expect(titles(await list(t, 'sort_by=updated&sort_direction=desc'))).toEqual([
      'Cordless drill',
      'Mike',
      'alpha',
      'Zulu',
    ]);
    // Those out come first by return date; the rest after, by title.
    expect(titles(await list(t, 'sort_by=overdue'))).toEqual(['Mike', 'Zulu', 'alpha', 'Cordless drill']);
    expect(titles(await list(t, 'sort_by=overdue&sort_direction=desc'))).toEqual([
      'Zulu',
      'Mike',
      'alpha',
      'Cordless drill',
    ]);
    expect(titles(await list(t, 'sort_by=reserved'))).toEqual(['Cordless drill', 'alpha', 'Mike', 'Zulu']);
    const drill = (await list(t, 'sort_by=reserved')).data[0];
    expect(drill).toMatchObject({ reserved_from: addDays(today(), 4), pending_requests: 1, part: 'pending' });
  });

  it('reads a page in the same number of statements however many rows and bookings it holds', async () => {
    const t = await createEquipmentItemTeam(server);
    const count = async () => {
      await list(t); // grants in memory
      return (await server.countStatements(() => list(t))).statements;
    };
    const few = await count();
    for (let i = 0; i < 12; i++) {
      const item = await t.addItem({ title: `Item ${i}`, managerIds: [t.people.member.id] });
      await createEquipmentPicture(server.db, { clientId: t.org.id, equipmentId: item.id });
      await booking(t, item.id, { kind: 'handout', from: -5, to: i - 3, holder: t.people.member.id });
      await booking(t, item.id, {
        kind: 'reservation',
        state: 'pending',
        from: 20,
        to: 21,
        holder: t.people.assignee.id,
      });
    }
    expect(await count()).toBe(few);
  });

  it("each row's picture is the first picture's small thumbnail", async () => {
    const t = await createEquipmentItemTeam(server);
    await createEquipmentPicture(server.db, { clientId: t.org.id, equipmentId: t.item.id });
    const [row] = (await list(t)).data;
    const key = await server.db
      .selectFrom('attachments')
      .select('thumbnail_key')
      .where('owner_type', '=', 'equipment')
      .where('owner_id', '=', t.item.id)
      .executeTakeFirstOrThrow();
    expect(row.picture_url).toContain(key.thumbnail_key);
    expect(row.picture_url).toMatch(/^\/api\/v4\/files\//);
  });
});

describe('GET equipment/filter_options', () => {
  it("offers the groups, types, managers and current holders of the caller's items", async () => {
    const t = await createEquipmentItemTeam(server);
    const ladders = await createEquipmentType(server.db, { client_id: t.org.id, name: 'Ladders' });
    await createEquipmentType(server.db, { client_id: t.org.id, name: 'Unused type' });
    const depotKit = await createEquipmentGroup(server.db, {
      clientId: t.org.id,
      workspaceId: t.ids.depot,
      name: 'Depot kit',
    });
    const frank = await createExternalHolder(server.db, { clientId: t.org.id, fullName: 'Frank Fitter' });
    const ladder = await t.addItem({ title: 'Ladder', type_id: ladders, managerIds: [t.people.assignee.id] });
    const depotSaw = await t.addItem({ title: 'Depot saw', workspace_id: t.ids.depot, group_id: depotKit });
    await booking(t, ladder.id, { kind: 'handout', from: -1, to: 2, external: frank });
    await booking(t, t.item.id, { kind: 'handout', from: -1, to: 2, holder: t.people.member.id });
    await booking(t, depotSaw.id, { kind: 'handout', from: -1, to: 2, holder: t.people.depotMember.id });

    const res = await server.call('GET', `${API}/equipment/filter_options`, { token: t.tokens.member });
    expect(res.status).toBe(200);
    expect(ZEquipmentFilterOptionsSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.groups).toEqual([{ id: t.groupId, name: 'Measuring kit' }]);
    expect(res.body.types.map((r: { name: string }) => r.name)).toEqual(['Ladders', 'Power tools']);
    expect(res.body.managers.map((m: { full_name: string }) => m.full_name)).toEqual([
      'Ava Assignee',
      'Gil Kit',
      'Ida Item',
    ]);
    expect(
      res.body.holders.map((h: { id: number; is_public_user: boolean }) => [h.id, h.is_public_user]),
    ).toEqual([
      [frank, true],
      [t.people.member.id, false],
    ]);
    const admin = await server.call('GET', `${API}/equipment/filter_options`, { token: t.tokens.admin });
    expect(admin.body.groups.map((g: { name: string }) => g.name)).toEqual(['Depot kit', 'Measuring kit']);
    expect(admin.body.holders).toHaveLength(3);
    const stranger = await server.call('GET', `${API}/equipment/filter_options`, { token: t.strangerToken });
    expect(stranger.body).toEqual({ groups: [], types: [], managers: [], holders: [] });
    expect((await server.call('GET', `${API}/equipment/filter_options`)).status).toBe(401);
  });
});
