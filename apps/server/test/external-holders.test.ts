import { ZExternalHolderListResponseSchema, ZExternalHolderSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEquipment,
  createEquipmentBooking,
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

/** An organisation with a Site (Gus is its group manager, Mo a member) and another organisation. */
async function holderTeam() {
  const { org, admin, member } = await createTeam(server.db);
  const site = await addWorkspace(server.db, org.id, 'Site');
  const manager = await createUser(server.db, org.id, { firstName: 'Gus', lastName: 'Grouper' });
  await addWorkspaceRole(server.db, manager, site, 'group_manager');
  await addWorkspaceRole(server.db, member, site, 'member');
  const stranger = await createTeam(server.db);
  const [adminToken, memberToken, managerToken, strangerToken] = await Promise.all([
    login(server, admin),
    login(server, member),
    login(server, manager),
    login(server, stranger.admin),
  ]);
  return {
    clientId: org.id,
    site,
    tokens: { admin: adminToken, member: memberToken, manager: managerToken, stranger: strangerToken },
  };
}

async function holdersSnapshot(clientId: number): Promise<string> {
  const [holders, log] = await Promise.all([
    server.db
      .selectFrom('external_holders')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    server.db.selectFrom('activity_log').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return JSON.stringify({ holders, log: log.length });
}

describe('POST equipment/external_holder', () => {
  it('admins and workspace managers add holders; the e-mail is kept in lower case; logged', async () => {
    const team = await holderTeam();
    const res = await server.call('POST', `${API}/equipment/external_holder`, {
      token: team.tokens.manager,
      body: {
        full_name: ' Frank Fitter ',
        company: 'Fitters Ltd',
        email: 'Frank@Fitters.TEST',
        phone: '+49 1',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const holder = ZExternalHolderSchema.parse(res.body);
    expect(holder).toMatchObject({
      full_name: 'Frank Fitter',
      company: 'Fitters Ltd',
      email: 'frank@fitters.test',
      phone: '+49 1',
      status: 'active',
      holding_count: 0,
      can_edit: true,
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'external_holder')
      .where('entity_id', '=', holder.id)
      .execute();
    expect(log).toEqual([{ action: 'created' }]);
    const minimal = await server.call('POST', `${API}/equipment/external_holder/`, {
      token: team.tokens.admin,
      body: { full_name: 'Pia', email: '' },
    });
    expect(minimal.status).toBe(201);
    expect(minimal.body).toMatchObject({ company: null, email: null, phone: null });
  });

  it('refuses bad input with its keys, a member with 403, and no login with 401; nothing changes', async () => {
    const team = await holderTeam();
    const before = await holdersSnapshot(team.clientId);
    const post = (body: unknown, token?: string) =>
      server.call('POST', `${API}/equipment/external_holder`, { token, body });
    const bad = await post({ full_name: '', email: 'not-an-address', status: 'gone' }, team.tokens.admin);
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({
      full_name: 'required',
      email: 'invalid_email',
      status: 'invalid_format',
    });
    expect((await post({ full_name: 'x'.repeat(256) }, team.tokens.admin)).body.fields).toEqual({
      full_name: 'too_long',
    });
    const refused = await post({ full_name: 'Mine' }, team.tokens.member);
    expect(refused.status).toBe(403);
    expect((await post({ full_name: 'Mine' })).status).toBe(401);
    expect(await holdersSnapshot(team.clientId)).toBe(before);
  });
});

describe('GET equipment/external_holder', () => {
  it('every person reads them: search over name, company, e-mail and phone; status; sorts; paging', async () => {
    const team = await holderTeam();
    const clientId = team.clientId;
    const frank = await createExternalHolder(server.db, { clientId, fullName: 'Frank Fitter' });
    await createExternalHolder(server.db, {
      clientId,
      fullName: 'anna Aller',
      company: 'Roofers',
      email: 'anna@roof.test',
    });
    const zoe = await createExternalHolder(server.db, {
      clientId,
      fullName: 'Zoe Zed',
      company: null,
      email: null,
    });
    await server.db
      .updateTable('external_holders')
      .set({ phone: '0170 555' })
      .where('id', '=', zoe)
      .execute();
    const old = await createExternalHolder(server.db, { clientId, fullName: 'Otto Old' });
    await server.db
      .updateTable('external_holders')
      .set({ status: 'archived' })
      .where('id', '=', old)
      .execute();
    const gone = await createExternalHolder(server.db, { clientId, fullName: 'Gone' });
    await server.db
      .updateTable('external_holders')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone)
      .execute();
    await createExternalHolder(server.db, {
      clientId: (await createTeam(server.db)).org.id,
      fullName: 'Alien',
    });
    await server.db
      .updateTable('external_holders')
      .set({ created_at: new Date('2025-01-01T00:00:00Z'), updated_at: new Date('2025-01-01T00:00:00Z') })
      .where('id', '=', zoe)
      .execute();
    // Frank holds a drill now and has reserved another: two bookings.
    const drill = await createEquipment(server.db, { client_id: clientId, workspace_id: team.site });
    const saw = await createEquipment(server.db, {
      client_id: clientId,
      workspace_id: team.site,
      title: 'Saw',
    });
    await createEquipmentBooking(server.db, {
      client_id: clientId,
      equipment_id: drill.id,
      kind: 'handout',
      starts_on: '2026-01-01',
      ends_on: '2026-01-07',
      holder_external_id: frank,
    });
    await createEquipmentBooking(server.db, {
      client_id: clientId,
      equipment_id: saw.id,
      kind: 'reservation',
      state: 'pending',
      starts_on: '2031-01-01',
      ends_on: '2031-01-07',
      holder_external_id: frank,
    });
    await createEquipmentBooking(server.db, {
      client_id: clientId,
      equipment_id: saw.id,
      kind: 'handout',
      state: 'returned',
      starts_on: '2025-01-01',
      ends_on: '2025-01-07',
      holder_external_id: frank,
    });

    const list = async (query = '', token = team.tokens.member) => {
      const res = await server.call('GET', `${API}/equipment/external_holder${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ZExternalHolderListResponseSchema.parse(res.body);
    };
    const names = async (query = '') => (await list(query)).data.map((h) => h.full_name);

    const all = await list();
    expect(all.total).toBe(3);
    // Default: name ascending, case-insensitive.
    expect(all.data.map((h) => [h.full_name, h.holding_count, h.can_edit])).toEqual([
      ['anna Aller', 0, false],
      ['Frank Fitter', 2, false],
      ['Zoe Zed', 0, false],
    ]);
    expect(await names('?search=ROOFERS')).toEqual(['anna Aller']);
    expect(await names('?search=fitters.test')).toEqual(['Frank Fitter']);
    expect(await names('?search=0170')).toEqual(['Zoe Zed']);
    expect(await names('?search=_')).toEqual([]);
    expect(await names('?status=archived')).toEqual(['Otto Old']);
    expect(await names('?status=all&sort_direction=desc')).toEqual([
      'Zoe Zed',
      'Otto Old',
      'Frank Fitter',
      'anna Aller',
    ]);
    expect(await names('?sort_by=created')).toEqual(['Zoe Zed', 'Frank Fitter', 'anna Aller']);
    expect(await names('?sort_by=updated&sort_direction=desc')).toEqual([
      'anna Aller',
      'Frank Fitter',
      'Zoe Zed',
    ]);
    const paged = await list('?paginate_by=20&page=2');
    expect(paged).toMatchObject({ current_page: 2, total: 3, data: [] });
    // The managers see can_edit; another organisation sees none of them.
    expect((await list('', team.tokens.manager)).data.every((h) => h.can_edit)).toBe(true);
    expect((await list('', team.tokens.stranger)).total).toBe(0);
    expect((await server.call('GET', `${API}/equipment/external_holder`)).status).toBe(401);

    const one = await server.call('GET', `${API}/equipment/external_holder/${frank}`, {
      token: team.tokens.member,
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: frank, holding_count: 2 });
    const theirs = await server.call('GET', `${API}/equipment/external_holder/${frank}`, {
      token: team.tokens.stranger,
    });
    expect(theirs.status).toBe(404);
  });
});

describe('PUT equipment/external_holder/{id}', () => {
  it('changes the fields given and archives; members are refused; another organisation 404', async () => {
    const team = await holderTeam();
    const id = await createExternalHolder(server.db, { clientId: team.clientId, fullName: 'Frank Fitter' });
    const put = (body: unknown, token?: string) =>
      server.call('PUT', `${API}/equipment/external_holder/${id}`, { token, body });
    const changed = await put({ phone: '0171', status: 'archived' }, team.tokens.manager);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(ZExternalHolderSchema.parse(changed.body)).toMatchObject({
      full_name: 'Frank Fitter',
      company: 'Fitters Ltd',
      phone: '0171',
      status: 'archived',
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'external_holder')
      .where('entity_id', '=', id)
      .execute();
    expect(log.map((l) => l.action)).toEqual(['updated']);
    expect(JSON.parse(JSON.stringify(log[0]?.changes))).toEqual({
      phone: [null, '0171'],
      status: ['active', 'archived'],
    });

    const before = await holdersSnapshot(team.clientId);
    const bad = await put({ email: 'nope@' }, team.tokens.admin);
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ email: 'invalid_email' });
    expect((await put({ full_name: 'Mine' }, team.tokens.member)).status).toBe(403);
    expect((await put({ full_name: 'Mine' }, team.tokens.stranger)).status).toBe(404);
    expect((await put({ full_name: 'Mine' })).status).toBe(401);
    expect(await holdersSnapshot(team.clientId)).toBe(before);
  });
});

describe('DELETE equipment/external_holder/{id}', () => {
  it('refuses while they hold or reserved something (holder_has_equipment), then deletes', async () => {
    const team = await holderTeam();
    const id = await createExternalHolder(server.db, { clientId: team.clientId });
    const item = await createEquipment(server.db, { client_id: team.clientId, workspace_id: team.site });
    const booking = await createEquipmentBooking(server.db, {
      client_id: team.clientId,
      equipment_id: item.id,
      kind: 'reservation',
      starts_on: '2031-03-01',
      ends_on: '2031-03-02',
      holder_external_id: id,
    });
    const del = (token?: string) =>
      server.call('DELETE', `${API}/equipment/external_holder/${id}`, { token });
    const before = await holdersSnapshot(team.clientId);
    const refused = await del(team.tokens.admin);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('holder_has_equipment');
    expect((await del(team.tokens.member)).status).toBe(403);
    expect((await del(team.tokens.stranger)).status).toBe(404);
    expect((await del()).status).toBe(401);
    expect(await holdersSnapshot(team.clientId)).toBe(before);

    await server.db
      .updateTable('equipment_bookings')
      .set({ state: 'cancelled' })
      .where('id', '=', booking)
      .execute();
    const done = await del(team.tokens.manager);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ success: true });
    const after = await server.call('GET', `${API}/equipment/external_holder/${id}`, {
      token: team.tokens.admin,
    });
    expect(after.status).toBe(404);
    // The past booking still names them (a soft delete).
    const row = await server.db
      .selectFrom('equipment_bookings')
      .select('holder_external_id')
      .where('id', '=', booking)
      .executeTakeFirstOrThrow();
    expect(row.holder_external_id).toBe(id);
  });
});
