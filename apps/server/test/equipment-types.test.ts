import { ZEquipmentTypeListResponseSchema, ZEquipmentTypeSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment, createEquipmentType } from './helpers/equipment-factories.js';
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
 * An organisation with a Site (Mia manages it, Mo is a member), the Room below it, a Depot (Dan
 * manages it), and another organisation.
 */
async function typeTeam() {
  const { org, admin, member } = await createTeam(server.db);
  const site = await addWorkspace(server.db, org.id, 'Site');
  const room = await addWorkspace(server.db, org.id, 'Room', site);
  const depot = await addWorkspace(server.db, org.id, 'Depot');
  const manager = await createUser(server.db, org.id, { firstName: 'Mia', lastName: 'Manager' });
  const depotManager = await createUser(server.db, org.id, { firstName: 'Dan', lastName: 'Depot' });
  await addWorkspaceRole(server.db, manager, site, 'manager');
  await addWorkspaceRole(server.db, member, site, 'member');
  await addWorkspaceRole(server.db, depotManager, depot, 'group_manager');
  const stranger = await createTeam(server.db);
  const strangerWorkspace = await addWorkspace(server.db, stranger.org.id, 'Elsewhere');
  const [adminToken, memberToken, managerToken, depotToken, strangerToken] = await Promise.all([
    login(server, admin),
    login(server, member),
    login(server, manager),
    login(server, depotManager),
    login(server, stranger.admin),
  ]);
  return {
    clientId: org.id,
    ids: { site, room, depot, strangerWorkspace },
    tokens: {
      admin: adminToken,
      member: memberToken,
      manager: managerToken,
      depot: depotToken,
      stranger: strangerToken,
    },
  };
}

/** Everything stored about an organisation's types, to prove a refusal changed nothing. */
async function typesSnapshot(clientId: number): Promise<string> {
  const [types, log] = await Promise.all([
    server.db
      .selectFrom('equipment_types')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    server.db.selectFrom('activity_log').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return JSON.stringify({ types, log: log.length });
}

describe('POST equipment/type', () => {
  it('adds a type with the defaults of 001 §9 and logs it', async () => {
    const team = await typeTeam();
    const res = await server.call('POST', `${API}/equipment/type`, {
      token: team.tokens.admin,
      body: { name: '  Ladders ' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const type = ZEquipmentTypeSchema.parse(res.body);
    expect(type).toMatchObject({
      name: 'Ladders',
      description: null,
      status: 'active',
      storage: 'NONE',
      workspace: null,
      location: null,
      handout_requires_approval: false,
      set_default_return_period: true,
      default_return_period_value: 1,
      default_return_period_type: 'WEEKS',
      set_max_reservation_duration: true,
      max_reservation_duration_value: 1,
      max_reservation_duration_type: 'WEEKS',
      set_buffer_days_reservations: true,
      buffer_days_reservations_value: 1,
      buffer_days_reservations_type: 'BEFORE',
      equipment_count: 0,
      can_edit: true,
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', 'equipment_type')
      .where('entity_id', '=', type.id)
      .execute();
    expect(log).toEqual([{ action: 'created', user_id: expect.any(Number) }]);
  });

  it('takes every field of the form; a manager of a workspace may add types too', async () => {
    const team = await typeTeam();
    const res = await server.call('POST', `${API}/equipment/type/`, {
      token: team.tokens.manager,
      body: {
        name: 'Meters',
        description: 'Calibrated yearly',
        storage: 'CUSTOM',
        workspace_id: team.ids.site,
        location: 'Shelf 3',
        handout_requires_approval: true,
        set_default_return_period: false,
        default_return_period_value: 3,
        default_return_period_type: 'DAYS',
        set_max_reservation_duration: true,
        max_reservation_duration_value: 2,
        max_reservation_duration_type: 'MONTHS',
        set_buffer_days_reservations: true,
        buffer_days_reservations_value: 2,
        buffer_days_reservations_type: 'AFTER',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(ZEquipmentTypeSchema.parse(res.body)).toMatchObject({
      description: 'Calibrated yearly',
      storage: 'CUSTOM',
      workspace: { id: team.ids.site, name: 'Site' },
      location: 'Shelf 3',
      handout_requires_approval: true,
      set_default_return_period: false,
      default_return_period_value: 3,
      default_return_period_type: 'DAYS',
      max_reservation_duration_value: 2,
      max_reservation_duration_type: 'MONTHS',
      buffer_days_reservations_value: 2,
      buffer_days_reservations_type: 'AFTER',
      can_edit: true,
    });
  });

  it('refuses bad input with the keys, and a workspace the caller does not see; nothing changes', async () => {
    const team = await typeTeam();
    const before = await typesSnapshot(team.clientId);
    const post = (body: unknown, token = team.tokens.admin) =>
      server.call('POST', `${API}/equipment/type`, { token, body });
    const bad = await post({
      name: '  ',
      default_return_period_type: 'YEARS',
      default_return_period_value: 0,
      buffer_days_reservations_value: 400,
      storage: 'SHELF',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({
      name: 'required',
      default_return_period_type: 'invalid_format',
      default_return_period_value: 'invalid_format',
      buffer_days_reservations_value: 'invalid_format',
      storage: 'invalid_format',
    });
    expect((await post({ name: 'x'.repeat(256) })).body.fields).toEqual({ name: 'too_long' });
    const elsewhere = await post({ name: 'Theirs', workspace_id: team.ids.strangerWorkspace });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toMatchObject({
      error: 'not_in_workspace',
      fields: { workspace_id: 'not_in_workspace' },
    });
    // Dan manages the Depot only: the Site is not a workspace he sees.
    const notSeen = await post({ name: 'Theirs', workspace_id: team.ids.site }, team.tokens.depot);
    expect(notSeen.body.error).toBe('not_in_workspace');
    expect(await typesSnapshot(team.clientId)).toBe(before);
  });

  it('refuses a member (403) and answers 401 without a login; nothing changes', async () => {
    const team = await typeTeam();
    const before = await typesSnapshot(team.clientId);
    const refused = await server.call('POST', `${API}/equipment/type`, {
      token: team.tokens.member,
      body: { name: 'Mine' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    expect((await server.call('POST', `${API}/equipment/type`, { body: { name: 'Mine' } })).status).toBe(401);
    expect(await typesSnapshot(team.clientId)).toBe(before);
  });
});

describe('GET equipment/type', () => {
  it('every person of the organisation reads the types: search, status, sorts, paging, counts', async () => {
    const team = await typeTeam();
    const clientId = team.clientId;
    const drills = await createEquipmentType(server.db, { client_id: clientId, name: 'Drills' });
    await createEquipmentType(server.db, {
      client_id: clientId,
      name: 'ladders',
      workspace_id: team.ids.site,
    });
    await createEquipmentType(server.db, { client_id: clientId, name: 'Meters', status: 'archived' });
    await createEquipmentType(server.db, { client_id: clientId, name: 'Gone', deleted_at: new Date() });
    await createEquipmentType(server.db, { client_id: (await createTeam(server.db)).org.id, name: 'Alien' });
    await createEquipment(server.db, { client_id: clientId, workspace_id: team.ids.site, type_id: drills });
    await createEquipment(server.db, { client_id: clientId, workspace_id: team.ids.depot, type_id: drills });
    await createEquipment(server.db, {
      client_id: clientId,
      workspace_id: team.ids.site,
      type_id: drills,
      deleted_at: new Date(),
    });
    // Stagger the times so the created and updated sorts are certain.
    await server.db
      .updateTable('equipment_types')
      .set({ created_at: new Date('2025-01-01T00:00:00Z'), updated_at: new Date('2025-06-01T00:00:00Z') })
      .where('name', '=', 'ladders')
      .where('client_id', '=', clientId)
      .execute();

    const list = async (query = '', token = team.tokens.admin) => {
      const res = await server.call('GET', `${API}/equipment/type${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ZEquipmentTypeListResponseSchema.parse(res.body);
    };
    const names = async (query = '', token = team.tokens.admin) =>
      (await list(query, token)).data.map((t) => t.name);

    const all = await list();
    expect(all).toMatchObject({ current_page: 1, per_page: 20, total: 2, from: 1, to: 2 });
    expect(all.data.map((t) => [t.name, t.equipment_count])).toEqual([
      ['Drills', 2],
      ['ladders', 0],
    ]);
    expect(await names('?status=archived')).toEqual(['Meters']);
    expect(await names('?status=all')).toEqual(['Drills', 'ladders', 'Meters']);
    expect(await names('?status=all&sort_direction=desc')).toEqual(['Meters', 'ladders', 'Drills']);
    expect(await names('?status=all&sort_by=created')).toEqual(['ladders', 'Drills', 'Meters']);
    expect(await names('?status=all&sort_by=updated&sort_direction=desc')).toEqual([
      'Meters',
      'Drills',
      'ladders',
    ]);
    expect(await names('?search=LADD')).toEqual(['ladders']);
    expect(await names('?search=%25')).toEqual([]);
    // Unknown values fall back to the defaults.
    expect(await names('?sort_by=nonsense&status=broken')).toEqual(['Drills', 'ladders']);

    const paged = await list('?status=all&paginate_by=20&page=2');
    expect(paged).toMatchObject({ current_page: 2, total: 3, data: [], from: null });
    expect(paged.prev_page_url).toContain('status=all');

    // A member reads them all and edits none; the Site's manager edits the Site's type only.
    const memberView = await list('', team.tokens.member);
    expect(memberView.data.map((t) => [t.name, t.can_edit])).toEqual([
      ['Drills', false],
      ['ladders', false],
    ]);
    expect((await list('', team.tokens.manager)).data.map((t) => [t.name, t.can_edit])).toEqual([
      ['Drills', false],
      ['ladders', true],
    ]);
    // Another organisation sees none of them.
    expect((await list('?status=all', team.tokens.stranger)).total).toBe(0);
  });

  it('answers 401 without a login', async () => {
    expect((await server.call('GET', `${API}/equipment/type`)).status).toBe(401);
  });
});

describe('GET equipment/type/{id}', () => {
  it('a member reads one; another organisation gets 404', async () => {
    const team = await typeTeam();
    const id = await createEquipmentType(server.db, { client_id: team.clientId, name: 'Drills' });
    const res = await server.call('GET', `${API}/equipment/type/${id}`, { token: team.tokens.member });
    expect(res.status).toBe(200);
    expect(ZEquipmentTypeSchema.parse(res.body)).toMatchObject({ id, name: 'Drills', can_edit: false });
    expect(
      (await server.call('GET', `${API}/equipment/type/${id}`, { token: team.tokens.stranger })).status,
    ).toBe(404);
    expect((await server.call('GET', `${API}/equipment/type/${id}`)).status).toBe(401);
  });
});

describe('PUT equipment/type/{id}', () => {
  it('managers of its workspace change a bound type; an unbound one only admins', async () => {
    const team = await typeTeam();
    const bound = await createEquipmentType(server.db, {
      client_id: team.clientId,
      name: 'Site ladders',
      workspace_id: team.ids.site,
    });
    const unbound = await createEquipmentType(server.db, { client_id: team.clientId, name: 'Drills' });
    const put = (id: number, body: unknown, token: string) =>
      server.call('PUT', `${API}/equipment/type/${id}`, { token, body });

    const changed = await put(
      bound,
      {
        name: 'Tall ladders',
        set_buffer_days_reservations: false,
        max_reservation_duration_value: 10,
        max_reservation_duration_type: 'DAYS',
        workspace_id: team.ids.room,
      },
      team.tokens.manager,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(ZEquipmentTypeSchema.parse(changed.body)).toMatchObject({
      name: 'Tall ladders',
      set_buffer_days_reservations: false,
      max_reservation_duration_value: 10,
      max_reservation_duration_type: 'DAYS',
      workspace: { id: team.ids.room, name: 'Room' },
      // Untouched fields keep their values.
      default_return_period_value: 1,
      description: null,
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'equipment_type')
      .where('entity_id', '=', bound)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.action).toBe('updated');
    expect(JSON.parse(JSON.stringify(log[0]?.changes))).toMatchObject({
      name: ['Site ladders', 'Tall ladders'],
    });

    const before = await typesSnapshot(team.clientId);
    for (const [id, token] of [
      [unbound, team.tokens.manager],
      [bound, team.tokens.depot],
      [bound, team.tokens.member],
    ] as const) {
      const res = await put(id, { name: 'Mine' }, token);
      expect(res.status, `${id}`).toBe(403);
    }
    expect((await put(bound, { name: 'Mine' }, team.tokens.stranger)).status).toBe(404);
    expect((await server.call('PUT', `${API}/equipment/type/${bound}`, { body: { name: 'x' } })).status).toBe(
      401,
    );
    const bad = await put(bound, { name: '', buffer_days_reservations_type: 'MIDDLE' }, team.tokens.admin);
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ name: 'required', buffer_days_reservations_type: 'invalid_format' });
    const elsewhere = await put(bound, { workspace_id: team.ids.strangerWorkspace }, team.tokens.admin);
    expect(elsewhere.body).toMatchObject({ error: 'not_in_workspace' });
    expect(await typesSnapshot(team.clientId)).toBe(before);

    const archived = await put(unbound, { status: 'archived', description: 'Old' }, team.tokens.admin);
    expect(ZEquipmentTypeSchema.parse(archived.body)).toMatchObject({
      status: 'archived',
      description: 'Old',
    });
  });
});

describe('DELETE equipment/type/{id}', () => {
  it('refuses while items use it (type_in_use), then deletes; members are refused', async () => {
    const team = await typeTeam();
    const id = await createEquipmentType(server.db, {
      client_id: team.clientId,
      name: 'Drills',
      workspace_id: team.ids.site,
    });
    const item = await createEquipment(server.db, {
      client_id: team.clientId,
      workspace_id: team.ids.site,
      type_id: id,
    });
    const del = (token: string) => server.call('DELETE', `${API}/equipment/type/${id}`, { token });
    const before = await typesSnapshot(team.clientId);
    const inUse = await del(team.tokens.admin);
    expect(inUse.status).toBe(422);
    expect(inUse.body.error).toBe('type_in_use');
    expect((await del(team.tokens.member)).status).toBe(403);
    expect((await del(team.tokens.stranger)).status).toBe(404);
    expect((await server.call('DELETE', `${API}/equipment/type/${id}`)).status).toBe(401);
    expect(await typesSnapshot(team.clientId)).toBe(before);

    // A deleted item no longer holds its type.
    await server.db
      .updateTable('equipment')
      .set({ deleted_at: new Date() })
      .where('id', '=', item.id)
      .execute();
    const done = await del(team.tokens.manager);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ success: true });
    expect(
      (await server.call('GET', `${API}/equipment/type/${id}`, { token: team.tokens.admin })).status,
    ).toBe(404);
    const row = await server.db
      .selectFrom('equipment_types')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
