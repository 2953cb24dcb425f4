import { ZAssetSystemListResponseSchema, ZAssetSystemSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetSystem, createAssetTeam } from './helpers/assets-factories.js';
import { login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function systemsSnapshot(clientId: number): Promise<string> {
  const [systems, assets, shares, log] = await Promise.all([
    server.db
      .selectFrom('asset_systems')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    server.db.selectFrom('assets').selectAll().where('client_id', '=', clientId).orderBy('id').execute(),
    server.db
      .selectFrom('collaboration_asset_systems')
      .select(['collaboration_id', 'system_id'])
      .where('client_id', '=', clientId)
      .orderBy('system_id')
      .execute(),
    server.db.selectFrom('activity_log').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return JSON.stringify({ systems, assets, shares, log: log.length });
}

describe('GET asset/system', () => {
  it('lists the organisation’s systems for everyone of it, a partner only the shared ones', async () => {
    const team = await createAssetTeam(server);
    const clientId = team.org.id;
    // Heating (shared with the partner) holds Boiler 1; more systems around it.
    await createAssetSystem(server.db, { clientId, name: 'Fire safety' });
    await createAssetSystem(server.db, { clientId, name: 'Lifts', status: 3 });
    await createAssetSystem(server.db, { clientId, name: 'Old ventilation', status: 5 });
    await team.addAsset({ name: 'Boiler 2', system_id: team.systemId });
    await team.addAsset({ name: 'Boiler 3', system_id: team.systemId, workspace_id: team.ids.depot });
    await team.addAsset({ name: 'Boiler 4', system_id: team.systemId, status: 5 });
    await team.addAsset({ name: 'Boiler 5', system_id: team.systemId, deleted_at: new Date() });

    const list = async (query = '', token = team.tokens.admin) => {
      const res = await server.call('GET', `${API}/asset/system${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ZAssetSystemListResponseSchema.parse(res.body);
    };
    const names = async (query = '', token = team.tokens.admin) =>
      (await list(query, token)).data.map((s) => s.name);

    const all = await list();
    expect(all).toMatchObject({ current_page: 1, total: 3, per_page: 20 });
    expect(all.data.map((s) => [s.name, s.can_edit])).toEqual([
      ['Fire safety', true],
      ['Heating', true],
      ['Lifts', true],
    ]);
    // Live assets the caller sees: the admin all three, a member of the Site the Site's two.
    expect(all.data.find((s) => s.id === team.systemId)?.statistics).toEqual({ assets_in_system: 3 });
    const member = await list('', team.tokens.member);
    expect(member.data.map((s) => [s.name, s.can_edit])).toEqual([
      ['Fire safety', false],
      ['Heating', false],
      ['Lifts', false],
    ]);
    expect(member.data.find((s) => s.id === team.systemId)?.statistics).toEqual({ assets_in_system: 2 });
    // Dan of the Depot sees every system too (they span the organisation), and the Depot's asset.
    expect(
      (await list('', team.tokens.depotMember)).data.find((s) => s.id === team.systemId)?.statistics,
    ).toEqual({
      assets_in_system: 1,
    });

    expect(await names('?status=5')).toEqual(['Old ventilation']);
    expect(await names('?status=1,3')).toEqual(['Fire safety', 'Heating', 'Lifts']);
    expect(await names('?search=lift')).toEqual(['Lifts']);
    expect(await names('?sort_by=name&sort_direction=desc')).toEqual(['Lifts', 'Heating', 'Fire safety']);
    const paged = await list('?paginate_by=20&page=9');
    expect(paged).toMatchObject({ current_page: 9, total: 3, data: [], last_page: 1 });

    // A partner sees only the shared system, its assets in the shared Site, read only.
    const partnerAdmin = await login(server, team.partner.admin);
    for (const token of [partnerAdmin, team.tokens.collabMember]) {
      const partner = await list('', token);
      expect(partner.data.map((s) => [s.name, s.can_edit, s.statistics.assets_in_system])).toEqual([
        ['Heating', false, 2],
      ]);
    }
    expect((await list('', team.strangerToken)).total).toBe(0);
    expect((await server.call('GET', `${API}/asset/system`)).status).toBe(401);
  });
});

describe('asset system writes', () => {
  it('lets admins add, change and delete systems; everybody else is refused and nothing changes', async () => {
    const team = await createAssetTeam(server);
    const created = await server.call('POST', `${API}/asset/system`, {
      token: team.tokens.admin,
      body: { name: ' Ventilation ', description: 'Roof units' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(ZAssetSystemSchema.parse(created.body)).toMatchObject({
      name: 'Ventilation',
      status: 1,
      description: 'Roof units',
      statistics: { assets_in_system: 0 },
      can_edit: true,
    });
    const id = created.body.id as number;
    const updated = await server.call('PUT', `${API}/asset/system/${id}`, {
      token: team.tokens.admin,
      body: { name: 'Air handling', status: 2, description: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Air handling', status: 2, description: null });
    const got = await server.call('GET', `${API}/asset/system/${id}`, { token: team.tokens.member });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ name: 'Air handling', can_edit: false });
    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'asset_system')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['created', 'updated']);

    // Managers, members, and a partner's admin (who sees the shared Heating) may not.
    const before = await systemsSnapshot(team.org.id);
    const partnerAdmin = await login(server, team.partner.admin);
    for (const token of [team.tokens.manager, team.tokens.member, team.tokens.assetManager, partnerAdmin]) {
      // (The partner's admin adds systems to their own organisation, not to ours.)
      if (token !== partnerAdmin)
        expect(
          (await server.call('POST', `${API}/asset/system`, { token, body: { name: 'Mine' } })).status,
        ).toBe(403);
      expect(
        (
          await server.call('PUT', `${API}/asset/system/${team.systemId}`, {
            token,
            body: { name: 'Mine' },
          })
        ).status,
      ).toBe(403);
      expect((await server.call('DELETE', `${API}/asset/system/${team.systemId}`, { token })).status).toBe(
        403,
      );
    }
    // Another organisation's admin: 404 on our ids.
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await server.call(method, `${API}/asset/system/${team.systemId}`, {
        token: team.strangerToken,
        ...(method === 'PUT' ? { body: { name: 'Mine' } } : {}),
      });
      expect(res.status, method).toBe(404);
    }
    // Bad input.
    for (const body of [{ name: '' }, { name: 'x'.repeat(256) }, { name: 'Ok', status: 0 }, {}]) {
      const res = await server.call('POST', `${API}/asset/system`, { token: team.tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const badUpdate = await server.call('PUT', `${API}/asset/system/${team.systemId}`, {
      token: team.tokens.admin,
      body: { status: 6 },
    });
    expect(badUpdate.status).toBe(422);
    expect(badUpdate.body.fields).toEqual({ status: 'invalid_format' });
    expect(await systemsSnapshot(team.org.id)).toBe(before);
  });

  it('deletes a system: its assets stay without it, and the partner no longer sees it or them', async () => {
    const team = await createAssetTeam(server);
    const partnerToken = team.tokens.collabMember;
    // The partner sees Boiler 1 through the shared Heating.
    expect(
      (await server.call('GET', `${API}/asset/system/${team.systemId}`, { token: partnerToken })).status,
    ).toBe(200);
    const res = await server.call('DELETE', `${API}/asset/system/${team.systemId}`, {
      token: team.tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const asset = await server.db
      .selectFrom('assets')
      .select(['system_id', 'deleted_at'])
      .where('id', '=', team.asset.id)
      .executeTakeFirstOrThrow();
    expect(asset).toEqual({ system_id: null, deleted_at: null });
    const shares = await server.db
      .selectFrom('collaboration_asset_systems')
      .select('system_id')
      .where('system_id', '=', team.systemId)
      .execute();
    expect(shares).toEqual([]);
    for (const token of [team.tokens.admin, partnerToken]) {
      expect((await server.call('GET', `${API}/asset/system/${team.systemId}`, { token })).status).toBe(404);
    }
    expect((await server.call('GET', `${API}/asset/system`, { token: partnerToken })).body.total).toBe(0);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'asset_system')
      .where('entity_id', '=', team.systemId)
      .execute();
    expect(log).toEqual([{ action: 'deleted', changes: { name: 'Heating', assets_released: 1 } }]);
  });
});
