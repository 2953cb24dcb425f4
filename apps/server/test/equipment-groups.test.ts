import {
  addDays,
  todayIn,
  ZEquipmentGroupDetailSchema,
  ZEquipmentGroupListResponseSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEquipment,
  createEquipmentBooking,
  createEquipmentGroup,
  createExternalHolder,
} from './helpers/equipment-factories.js';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/**
 * An organisation with a Site (Mia manages it; Mo, Gil and Dan are members), the Room below it
 * and a Depot (Dan manages it). Items: a drill of the Site, a saw of the Room, a lift of the
 * Depot. Groups: the Site kit (bound to the Site, Gil manages it, holds the drill), the Depot kit
 * and the Loose kit (unbound). And another organisation.
 */
async function groupTeam() {
  const { org, admin, member } = await createTeam(server.db);
  const clientId = org.id;
  const site = await addWorkspace(server.db, clientId, 'Site');
  const room = await addWorkspace(server.db, clientId, 'Room', site);
  const depot = await addWorkspace(server.db, clientId, 'Depot');
  const manager = await createUser(server.db, clientId, { firstName: 'Mia', lastName: 'Manager' });
  const groupManager = await createUser(server.db, clientId, { firstName: 'Gil', lastName: 'Grouper' });
  const depotManager = await createUser(server.db, clientId, { firstName: 'Dan', lastName: 'Depot' });
  await addWorkspaceRole(server.db, manager, site, 'manager');
  await addWorkspaceRole(server.db, member, site, 'member');
  await addWorkspaceRole(server.db, groupManager, site, 'member');
  await addWorkspaceRole(server.db, depotManager, site, 'member');
  await addWorkspaceRole(server.db, depotManager, depot, 'manager');
  const siteKit = await createEquipmentGroup(server.db, {
    clientId,
    workspaceId: site,
    name: 'Site kit',
    managerIds: [groupManager.id],
  });
  const depotKit = await createEquipmentGroup(server.db, { clientId, workspaceId: depot, name: 'Depot kit' });
  const looseKit = await createEquipmentGroup(server.db, { clientId, name: 'Loose kit' });
  const drill = await createEquipment(server.db, {
    client_id: clientId,
    workspace_id: site,
    title: 'Drill',
    group_id: siteKit,
  });
  const saw = await createEquipment(server.db, {
    client_id: clientId,
    workspace_id: room,
    title: 'Saw',
    type_id: drill.typeId,
  });
  const lift = await createEquipment(server.db, {
    client_id: clientId,
    workspace_id: depot,
    title: 'Lift',
    type_id: drill.typeId,
  });
  const stranger = await createTeam(server.db);
  const strangerWorkspace = await addWorkspace(server.db, stranger.org.id, 'Elsewhere');
  const strangerItem = await createEquipment(server.db, {
    client_id: stranger.org.id,
    workspace_id: strangerWorkspace,
  });
  const [adminToken, memberToken, managerToken, groupManagerToken, depotToken, strangerToken] =
    await Promise.all([
      login(server, admin),
      login(server, member),
      login(server, manager),
      login(server, groupManager),
      login(server, depotManager),
      login(server, stranger.admin),
    ]);
  return {
    clientId,
    ws: { site, room, depot, strangerWorkspace },
    people: { admin, member, manager, groupManager, depotManager, stranger: stranger.admin },
    groups: { siteKit, depotKit, looseKit },
    items: { drill: drill.id, saw: saw.id, lift: lift.id, strangerItem: strangerItem.id },
    tokens: {
      admin: adminToken,
      member: memberToken,
      manager: managerToken,
      groupManager: groupManagerToken,
      depot: depotToken,
      stranger: strangerToken,
    },
  };
}

/** Everything stored about an organisation's groups and items, to prove a refusal changed nothing. */
async function groupsSnapshot(clientId: number): Promise<string> {
  const [groups, managers, items, log] = await Promise.all([
    server.db
      .selectFrom('equipment_groups')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    server.db
      .selectFrom('equipment_group_managers')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('group_id')
      .orderBy('user_id')
      .execute(),
    server.db.selectFrom('equipment').selectAll().where('client_id', '=', clientId).orderBy('id').execute(),
    server.db.selectFrom('activity_log').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return JSON.stringify({ groups, managers, items, log: log.length });
}

const groupOf = async (itemId: number) =>
  (
    await server.db
      .selectFrom('equipment')
      .select('group_id')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow()
  ).group_id;

describe('GET equipment/group', () => {
  it('lists the groups the caller sees: filters, sorts, paging, counts, reserved_for and can_edit', async () => {
    const team = await groupTeam();
    const { clientId } = team;
    const today = todayIn('Europe/Berlin');
    // The drill is out; the saw joins the Site kit; the Loose kit is reserved by Mo, then by Frank.
    await server.db
      .updateTable('equipment')
      .set({ group_id: team.groups.siteKit })
      .where('id', '=', team.items.saw)
      .execute();
    await createEquipmentBooking(server.db, {
      client_id: clientId,
      equipment_id: team.items.drill,
      kind: 'handout',
      starts_on: addDays(today, -3),
      ends_on: addDays(today, 3),
      holder_user_id: team.people.member.id,
    });
    const frank = await createExternalHolder(server.db, { clientId, fullName: 'Frank Fitter' });
    await createEquipmentBooking(server.db, {
      client_id: clientId,
      equipment_id: team.items.lift,
      group_id: team.groups.looseKit,
      kind: 'reservation',
      starts_on: addDays(today, 20),
      ends_on: addDays(today, 22),
      holder_external_id: frank,
    });
    await createEquipmentBooking(server.db, {
      client_id: clientId,
      equipment_id: team.items.lift,
      group_id: team.groups.looseKit,
      kind: 'reservation',
      state: 'pending',
      starts_on: addDays(today, 10),
      ends_on: addDays(today, 12),
      holder_user_id: team.people.member.id,
    });
    await createEquipmentBooking(server.db, {
      client_id: clientId,
      equipment_id: team.items.lift,
      group_id: team.groups.looseKit,
      kind: 'reservation',
      state: 'cancelled',
      starts_on: addDays(today, 5),
      ends_on: addDays(today, 6),
      holder_user_id: team.people.manager.id,
    });
    const archived = await createEquipmentGroup(server.db, {
      clientId,
      workspaceId: team.ws.room,
      name: 'attic kit',
    });
    await server.db
      .updateTable('equipment_groups')
      .set({ status: 'archived' })
      .where('id', '=', archived)
      .execute();
    const deleted = await createEquipmentGroup(server.db, { clientId, name: 'Deleted kit' });
    await server.db
      .updateTable('equipment_groups')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted)
      .execute();
    await server.db
      .updateTable('equipment_groups')
      .set({ created_at: new Date('2025-01-01T00:00:00Z'), updated_at: new Date('2025-01-01T00:00:00Z') })
      .where('id', '=', team.groups.looseKit)
      .execute();

    const list = async (query = '', token = team.tokens.admin) => {
      const res = await server.call('GET', `${API}/equipment/group${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ZEquipmentGroupListResponseSchema.parse(res.body);
    };
    const names = async (query = '', token = team.tokens.admin) =>
      (await list(query, token)).data.map((g) => g.name);

    const all = await list();
    expect(all).toMatchObject({ current_page: 1, per_page: 20, total: 3, from: 1, to: 3 });
    expect(all.data.map((g) => g.name)).toEqual(['Depot kit', 'Loose kit', 'Site kit']);
    expect(all.data.find((g) => g.id === team.groups.siteKit)).toMatchObject({
      bind_group_to_workspace: true,
      workspace: { id: team.ws.site, name: 'Site' },
      managers: [{ id: team.people.groupManager.id, full_name: 'Gil Grouper' }],
      equipment_count: 2,
      issued_count: 1,
      reserved_for: null,
      can_edit: true,
    });
    // The next reservation that still holds days: Mo's pending one, before Frank's.
    expect(all.data.find((g) => g.id === team.groups.looseKit)).toMatchObject({
      bind_group_to_workspace: false,
      workspace: null,
      equipment_count: 0,
      reserved_for: { id: team.people.member.id, is_public_user: false, full_name: 'Mo Member' },
    });

    expect(await names('?status=archived')).toEqual(['attic kit']);
    expect(await names('?status=all')).toEqual(['attic kit', 'Depot kit', 'Loose kit', 'Site kit']);
    expect(await names(`?status=all&workspaces=${team.ws.site},${team.ws.room}`)).toEqual([
      'attic kit',
      'Site kit',
    ]);
    expect(await names(`?managers=${team.people.groupManager.id}`)).toEqual(['Site kit']);
    expect(await names(`?reserved_for=${team.people.member.id}`)).toEqual(['Loose kit']);
    expect(await names(`?reserved_for=${team.people.manager.id}`)).toEqual([]);
    expect(await names('?search=KIT&sort_direction=desc')).toEqual(['Site kit', 'Loose kit', 'Depot kit']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?sort_by=created')).toEqual(['Loose kit', 'Site kit', 'Depot kit']);
    expect(await names('?sort_by=updated&sort_direction=desc')).toEqual([
      'Depot kit',
      'Site kit',
      'Loose kit',
    ]);
    expect(await names('?sort_by=nonsense&status=nonsense')).toEqual(['Depot kit', 'Loose kit', 'Site kit']);
    const paged = await list('?page=2&paginate_by=20&search=kit');
    expect(paged).toMatchObject({ current_page: 2, total: 3, data: [], from: null });
    expect(paged.first_page_url).toContain('search=kit');

    // Mo sees the Site's and the unbound groups, edits none; the counts are of items he sees.
    const memberView = await list('', team.tokens.member);
    expect(memberView.data.map((g) => [g.name, g.can_edit])).toEqual([
      ['Loose kit', false],
      ['Site kit', false],
    ]);
    // Gil edits his group; Mia edits the Site's and the unbound one; Dan the Depot's and the unbound one.
    expect((await list('', team.tokens.groupManager)).data.map((g) => [g.name, g.can_edit])).toEqual([
      ['Loose kit', false],
      ['Site kit', true],
    ]);
    expect((await list('', team.tokens.manager)).data.map((g) => [g.name, g.can_edit])).toEqual([
      ['Loose kit', true],
      ['Site kit', true],
    ]);
    expect((await list('', team.tokens.depot)).data.map((g) => [g.name, g.can_edit])).toEqual([
      ['Depot kit', true],
      ['Loose kit', true],
      ['Site kit', false],
    ]);
    expect((await list('?status=all', team.tokens.stranger)).total).toBe(0);
    expect((await server.call('GET', `${API}/equipment/group`)).status).toBe(401);
  });
});

describe('GET equipment/group/{id}', () => {
  it('answers the group with the items the caller sees, as rows of the equipment list', async () => {
    const team = await groupTeam();
    const today = todayIn('Europe/Berlin');
    await server.db
      .updateTable('equipment')
      .set({ group_id: team.groups.looseKit })
      .where('id', 'in', [team.items.drill, team.items.lift])
      .execute();
    const frank = await createExternalHolder(server.db, {
      clientId: team.clientId,
      fullName: 'Frank Fitter',
    });
    await createEquipmentBooking(server.db, {
      client_id: team.clientId,
      equipment_id: team.items.drill,
      kind: 'handout',
      starts_on: addDays(today, -10),
      ends_on: addDays(today, -1),
      holder_external_id: frank,
    });
    await createEquipmentBooking(server.db, {
      client_id: team.clientId,
      equipment_id: team.items.drill,
      kind: 'reservation',
      state: 'pending',
      starts_on: addDays(today, 30),
      ends_on: addDays(today, 31),
      holder_user_id: team.people.member.id,
    });

    const get = (id: number, token: string) => server.call('GET', `${API}/equipment/group/${id}`, { token });
    const asAdmin = await get(team.groups.looseKit, team.tokens.admin);
    expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(200);
    const detail = ZEquipmentGroupDetailSchema.parse(asAdmin.body);
    expect(detail.equipment.map((e) => e.title)).toEqual(['Drill', 'Lift']);
    expect(detail.equipment_count).toBe(2);
    expect(detail.equipment[0]).toMatchObject({
      id: team.items.drill,
      status: 'issued',
      workspace: { id: team.ws.site, name: 'Site' },
      type: { name: 'Power tools' },
      group: { id: team.groups.looseKit, name: 'Loose kit' },
      holder: { id: frank, is_public_user: true, full_name: 'Frank Fitter', company: 'Fitters Ltd' },
      return_date: addDays(today, -1),
      overdue: true,
      reserved_for: { id: team.people.member.id, full_name: 'Mo Member' },
      reserved_from: addDays(today, 30),
      pending_requests: 1,
      part: 'overdue',
      can_edit: true,
      can_manage: true,
    });
    expect(detail.equipment[1]).toMatchObject({ holder: null, overdue: false, part: 'regular' });

    // Mo sees the drill only (the Depot is not his), and edits nothing.
    const asMember = ZEquipmentGroupDetailSchema.parse(
      (await get(team.groups.looseKit, team.tokens.member)).body,
    );
    expect(asMember.equipment.map((e) => [e.title, e.can_edit])).toEqual([['Drill', false]]);
    expect(asMember.equipment_count).toBe(1);
    // A bound group of a workspace he does not see, and another organisation: 404.
    expect((await get(team.groups.depotKit, team.tokens.member)).status).toBe(404);
    expect((await get(team.groups.siteKit, team.tokens.stranger)).status).toBe(404);
    expect((await server.call('GET', `${API}/equipment/group/${team.groups.siteKit}`)).status).toBe(401);
  });
});

describe('POST equipment/group', () => {
  it('adds a bound group with its managers and items (of its workspace or below), logged on each', async () => {
    const team = await groupTeam();
    const res = await server.call('POST', `${API}/equipment/group`, {
      token: team.tokens.manager,
      body: {
        name: '  Fitting kit ',
        description: 'For the north wing',
        bind_group_to_workspace: true,
        workspace_id: team.ws.site,
        manager_ids: [team.people.member.id, team.people.member.id],
        equipment_ids: [team.items.drill, team.items.saw],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const group = ZEquipmentGroupDetailSchema.parse(res.body);
    expect(group).toMatchObject({
      name: 'Fitting kit',
      description: 'For the north wing',
      status: 'active',
      bind_group_to_workspace: true,
      workspace: { id: team.ws.site, name: 'Site' },
      managers: [{ id: team.people.member.id, full_name: 'Mo Member' }],
      equipment_count: 2,
      can_edit: true,
    });
    expect(group.public_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(group.equipment.map((e) => e.title)).toEqual(['Drill', 'Saw']);
    expect(await groupOf(team.items.drill)).toBe(group.id);
    const logs = await server.db
      .selectFrom('activity_log')
      .select(['entity_type', 'entity_id', 'action'])
      .where('client_id', '=', team.clientId)
      .where('entity_type', 'in', ['equipment', 'equipment_group'])
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { entity_type: 'equipment_group', entity_id: group.id, action: 'created' },
      { entity_type: 'equipment', entity_id: team.items.drill, action: 'updated' },
      { entity_type: 'equipment', entity_id: team.items.saw, action: 'updated' },
      { entity_type: 'equipment_group', entity_id: group.id, action: 'equipment_added' },
    ]);

    // Unbound by default: no workspace, items from anywhere the caller manages.
    const loose = await server.call('POST', `${API}/equipment/group/`, {
      token: team.tokens.admin,
      body: {
        name: 'Anywhere',
        workspace_id: team.ws.depot,
        equipment_ids: [team.items.lift, team.items.saw],
      },
    });
    expect(loose.status, JSON.stringify(loose.body)).toBe(201);
    expect(loose.body).toMatchObject({ bind_group_to_workspace: false, workspace: null, equipment_count: 2 });
  });

  it('refuses bad input, items elsewhere and people of another organisation; nothing changes', async () => {
    const team = await groupTeam();
    const before = await groupsSnapshot(team.clientId);
    const post = (body: unknown, token = team.tokens.admin) =>
      server.call('POST', `${API}/equipment/group`, { token, body });
    const expectRefusal = async (
      body: unknown,
      status: number,
      error: string,
      fields?: unknown,
      token?: string,
    ) => {
      const res = await post(body, token);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toBe(error);
      if (fields) expect(res.body.fields).toEqual(fields);
    };
    await expectRefusal(
      { name: ' ', manager_ids: ['x'], bind_group_to_workspace: 'yes' },
      422,
      'validation_failed',
      {
        name: 'required',
        'manager_ids.0': 'invalid_format',
        bind_group_to_workspace: 'invalid_format',
      },
    );
    await expectRefusal({ name: 'Kit', bind_group_to_workspace: true }, 422, 'required', {
      workspace_id: 'required',
    });
    await expectRefusal(
      { name: 'Kit', bind_group_to_workspace: true, workspace_id: team.ws.strangerWorkspace },
      422,
      'not_in_workspace',
      { workspace_id: 'not_in_workspace' },
    );
    await expectRefusal(
      {
        name: 'Kit',
        bind_group_to_workspace: true,
        workspace_id: team.ws.site,
        equipment_ids: [team.items.lift],
      },
      422,
      'not_same_workspace',
      { equipment_ids: 'not_same_workspace' },
    );
    await expectRefusal({ name: 'Kit', equipment_ids: [team.items.strangerItem] }, 422, 'not_found', {
      equipment_ids: 'not_found',
    });
    await expectRefusal({ name: 'Kit', manager_ids: [team.people.stranger.id] }, 422, 'not_found', {
      manager_ids: 'not_found',
    });
    // Mia does not see the Depot's lift; Dan manages the Depot but not the Site.
    await expectRefusal(
      { name: 'Kit', equipment_ids: [team.items.lift] },
      422,
      'not_found',
      undefined,
      team.tokens.manager,
    );
    await expectRefusal(
      { name: 'Kit', bind_group_to_workspace: true, workspace_id: team.ws.site },
      403,
      'forbidden',
      undefined,
      team.tokens.depot,
    );
    await expectRefusal(
      { name: 'Kit', equipment_ids: [team.items.drill] },
      403,
      'forbidden',
      undefined,
      team.tokens.depot,
    );
    // A member manages no workspace; without a login 401.
    await expectRefusal({ name: 'Kit' }, 403, 'forbidden', undefined, team.tokens.member);
    expect((await server.call('POST', `${API}/equipment/group`, { body: { name: 'Kit' } })).status).toBe(401);
    expect(await groupsSnapshot(team.clientId)).toBe(before);
  });
});

describe('PUT equipment/group/{id}', () => {
  const put = (id: number, body: unknown, token?: string) =>
    server.call('PUT', `${API}/equipment/group/${id}`, { token, body });

  it('its managers and managers of its workspace change it; items are put in; moving checks the items', async () => {
    const team = await groupTeam();
    const { siteKit } = team.groups;
    const renamed = await put(
      siteKit,
      { name: 'Big kit', description: 'All of it', equipment_ids: [team.items.saw, team.items.drill] },
      team.tokens.groupManager,
    );
    // Gil manages the group but not the saw: items need their own rights.
    expect(renamed.status).toBe(403);
    const ok = await put(siteKit, { name: 'Big kit', description: 'All of it' }, team.tokens.groupManager);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Big kit', description: 'All of it', equipment_count: 1 });

    const added = await put(
      siteKit,
      { equipment_ids: [team.items.saw], manager_ids: [team.people.groupManager.id, team.people.admin.id] },
      team.tokens.manager,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const detail = ZEquipmentGroupDetailSchema.parse(added.body);
    expect(detail.equipment.map((e) => e.title)).toEqual(['Drill', 'Saw']);
    expect(detail.managers.map((m) => m.full_name)).toEqual(['Ada Admin', 'Gil Grouper']);

    // Down to the Room: the drill of the Site would lie outside it.
    const before = await groupsSnapshot(team.clientId);
    const moved = await put(siteKit, { workspace_id: team.ws.room }, team.tokens.manager);
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({
      error: 'not_same_workspace',
      fields: { workspace_id: 'not_same_workspace' },
    });
    expect((await put(siteKit, { name: '' }, team.tokens.admin)).body.fields).toEqual({
      name: 'required',
    });
    expect(
      (await put(siteKit, { workspace_id: team.ws.strangerWorkspace }, team.tokens.admin)).body.error,
    ).toBe('not_in_workspace');
    expect((await put(siteKit, { name: 'Mine' }, team.tokens.member)).status).toBe(403);
    expect((await put(siteKit, { name: 'Mine' }, team.tokens.depot)).status).toBe(403);
    expect((await put(siteKit, { name: 'Mine' }, team.tokens.stranger)).status).toBe(404);
    expect((await put(siteKit, { name: 'Mine' })).status).toBe(401);
    expect(await groupsSnapshot(team.clientId)).toBe(before);

    // Unbound, it keeps no workspace; bound again to the Site.
    const unbound = await put(siteKit, { bind_group_to_workspace: false }, team.tokens.manager);
    expect(unbound.status, JSON.stringify(unbound.body)).toBe(200);
    expect(unbound.body).toMatchObject({ bind_group_to_workspace: false, workspace: null });
    const bound = await put(
      siteKit,
      { bind_group_to_workspace: true, workspace_id: team.ws.site },
      team.tokens.manager,
    );
    expect(bound.body).toMatchObject({ bind_group_to_workspace: true, workspace: { id: team.ws.site } });
    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'equipment_group')
      .where('entity_id', '=', siteKit)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['updated', 'updated', 'equipment_added', 'updated', 'updated']);
  });
});

describe('POST equipment/group/{id}/ungroup, archive, unarchive and DELETE', () => {
  it('ungroup empties the group, archive and unarchive set its status, delete lets its items go', async () => {
    const team = await groupTeam();
    const { siteKit } = team.groups;
    await server.db
      .updateTable('equipment')
      .set({ group_id: siteKit })
      .where('id', '=', team.items.saw)
      .execute();
    const call = (method: string, path: string, token?: string) =>
      server.call(method, `${API}/equipment/group/${path}`, { token });

    const before = await groupsSnapshot(team.clientId);
    for (const [method, path] of [
      ['POST', `${siteKit}/ungroup`],
      ['POST', `${siteKit}/archive`],
      ['DELETE', `${siteKit}`],
    ] as const) {
      expect((await call(method, path, team.tokens.member)).status, path).toBe(403);
      expect((await call(method, path, team.tokens.stranger)).status, path).toBe(404);
      expect((await call(method, path)).status, path).toBe(401);
    }
    expect((await call('POST', `${siteKit}/explode`, team.tokens.admin)).status).toBe(422);
    expect(await groupsSnapshot(team.clientId)).toBe(before);

    const archived = await call('POST', `${siteKit}/archive`, team.tokens.groupManager);
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body).toMatchObject({ status: 'archived', equipment_count: 2 });
    const active = await call('POST', `${siteKit}/unarchive`, team.tokens.manager);
    expect(active.body).toMatchObject({ status: 'active' });

    const emptied = await call('POST', `${siteKit}/ungroup`, team.tokens.manager);
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(emptied.body).toMatchObject({ equipment_count: 0, equipment: [] });
    expect(await groupOf(team.items.drill)).toBeNull();
    expect(await groupOf(team.items.saw)).toBeNull();

    await server.db
      .updateTable('equipment')
      .set({ group_id: siteKit })
      .where('id', '=', team.items.drill)
      .execute();
    const deleted = await call('DELETE', `${siteKit}`, team.tokens.groupManager);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect(await groupOf(team.items.drill)).toBeNull();
    expect((await call('GET', `${siteKit}`, team.tokens.admin)).status).toBe(404);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['entity_type', 'action'])
      .where('client_id', '=', team.clientId)
      .where('entity_type', 'in', ['equipment', 'equipment_group'])
      .orderBy('id')
      .execute();
    expect(log.map((l) => `${l.entity_type} ${l.action}`)).toEqual([
      'equipment_group archived',
      'equipment_group unarchived',
      'equipment updated',
      'equipment updated',
      'equipment_group equipment_removed',
      'equipment updated',
      'equipment_group equipment_removed',
      'equipment_group deleted',
    ]);
  });
});

describe('POST equipment/group/same_ws', () => {
  it('answers whether the items the caller sees share one workspace', async () => {
    const team = await groupTeam();
    const other = await createEquipment(server.db, {
      client_id: team.clientId,
      workspace_id: team.ws.site,
      title: 'Second drill',
    });
    const ask = (ids: number[], token = team.tokens.member) =>
      server.call('POST', `${API}/equipment/group/same_ws`, { token, body: { equipment_ids: ids } });
    const same = await ask([team.items.drill, other.id, team.items.drill]);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toEqual({ data: { same_ws: true, workspace_id: team.ws.site } });
    expect((await ask([team.items.drill, team.items.saw])).body).toEqual({
      data: { same_ws: false, workspace_id: null },
    });
    // Mo does not see the lift; another organisation sees none of them.
    const hidden = await ask([team.items.drill, team.items.lift]);
    expect(hidden.status).toBe(422);
    expect(hidden.body.fields).toEqual({ equipment_ids: 'not_found' });
    expect((await ask([team.items.drill], team.tokens.stranger)).status).toBe(422);
    expect((await ask([])).body.fields).toEqual({ equipment_ids: 'required' });
    expect(
      (await server.call('POST', `${API}/equipment/group/same_ws`, { body: { equipment_ids: [1] } })).status,
    ).toBe(401);
  });
});
