import { ZCollaborationAssetSystemsSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAsset,
  createAssetGroup,
  createAssetSystem,
  createAssetTeam,
} from './helpers/assets-factories.js';
import { acceptedCollaboration } from './helpers/collaborations-factories.js';
import { addWorkspace, createTeam, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function sharesOf(collaborationId: number): Promise<number[]> {
  const rows = await server.db
    .selectFrom('collaboration_asset_systems')
    .select('system_id')
    .where('collaboration_id', '=', collaborationId)
    .orderBy('system_id')
    .execute();
  return rows.map((r) => r.system_id);
}

describe('collaboration/{id}/asset-systems', () => {
  it('is read by both sides; only the owner’s admins share and unshare their own systems', async () => {
    const team = await createAssetTeam(server);
    const clientId = team.org.id;
    const url = `${API}/collaboration/${team.collaborationId}/asset-systems`;
    const fire = await createAssetSystem(server.db, { clientId, name: 'Fire safety' });
    const lifts = await createAssetSystem(server.db, { clientId, name: 'Lifts' });
    const partnerAdmin = await login(server, team.partner.admin);

    for (const token of [team.tokens.admin, partnerAdmin, team.tokens.manager]) {
      const res = await server.call('GET', url, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(ZCollaborationAssetSystemsSchema.parse(res.body)).toEqual({
        data: [{ id: team.systemId, name: 'Heating' }],
      });
    }
    // Who may not see collaborations (a plain member) is refused; another organisation gets 404.
    expect((await server.call('GET', url, { token: team.tokens.member })).status).toBe(403);
    expect((await server.call('GET', url, { token: team.strangerToken })).status).toBe(404);

    const shared = await server.call('PUT', url, {
      token: team.tokens.admin,
      body: { system_ids: [lifts, fire, team.systemId, lifts] },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body).toEqual({
      data: [
        { id: fire, name: 'Fire safety' },
        { id: team.systemId, name: 'Heating' },
        { id: lifts, name: 'Lifts' },
      ],
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'collaboration')
      .where('entity_id', '=', team.collaborationId)
      .execute();
    expect(log).toEqual([
      { action: 'asset_systems_shared', changes: { system_ids: [lifts, fire, team.systemId] } },
    ]);

    const removed = await server.call('PUT', `${url}/remove_access`, {
      token: team.tokens.admin,
      body: { system_ids: [team.systemId, lifts] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: [{ id: fire, name: 'Fire safety' }] });

    // Refused: the partner's side, the owner's managers and members, another organisation's admin;
    // systems that are not the owner's own (another organisation's, deleted, unknown).
    const before = await sharesOf(team.collaborationId);
    for (const path of [url, `${url}/remove_access`]) {
      for (const token of [
        partnerAdmin,
        team.tokens.collabManager,
        team.tokens.manager,
        team.tokens.member,
      ]) {
        const res = await server.call('PUT', path, { token, body: { system_ids: [lifts] } });
        expect(res.status, path).toBe(403);
      }
      const stranger = await server.call('PUT', path, {
        token: team.strangerToken,
        body: { system_ids: [lifts] },
      });
      expect(stranger.status).toBe(404);
    }
    const theirs = await createAssetSystem(server.db, {
      clientId: team.partner.org.id,
      name: 'Their system',
    });
    const gone = await createAssetSystem(server.db, { clientId, name: 'Gone' });
    await server.db
      .updateTable('asset_systems')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone)
      .execute();
    for (const ids of [[lifts, theirs], [gone], [999_999_999]]) {
      for (const path of [url, `${url}/remove_access`]) {
        const res = await server.call('PUT', path, { token: team.tokens.admin, body: { system_ids: ids } });
        expect(res.status, JSON.stringify(ids)).toBe(422);
        expect(res.body.fields).toEqual({ system_ids: 'not_found' });
      }
    }
    for (const body of [{}, { system_ids: [0] }, { system_ids: 'all' }]) {
      expect((await server.call('PUT', url, { token: team.tokens.admin, body })).status).toBe(422);
    }
    expect(await sharesOf(team.collaborationId)).toEqual(before);
  });

  it('lets the partner see the assets of shared systems in the shared workspaces, read only', async () => {
    const setup = await acceptedCollaboration(server);
    const clientId = setup.owner.org.id;
    const system = await createAssetSystem(server.db, { clientId, name: 'Fire safety' });
    const otherSystem = await createAssetSystem(server.db, { clientId, name: 'Lifts' });
    const group = await createAssetGroup(server.db, { clientId, workspaceId: setup.shared, name: 'Doors' });
    const door = await createAsset(server.db, {
      client_id: clientId,
      workspace_id: setup.sharedChild,
      name: 'Fire door',
      system_id: system,
      group_id: group,
    });
    const lift = await createAsset(server.db, {
      client_id: clientId,
      workspace_id: setup.shared,
      name: 'Lift',
      system_id: otherSystem,
    });
    const privateDoor = await createAsset(server.db, {
      client_id: clientId,
      workspace_id: setup.other,
      name: 'Private door',
      system_id: system,
    });
    const partner = setup.partnerToken;
    const status = async (path: string, token = partner) =>
      (await server.call('GET', `${API}${path}`, { token })).status;

    // Before sharing: nothing of the owner's assets, groups or systems.
    for (const path of [
      `/asset/${door.id}`,
      `/asset/group/${group}`,
      `/asset/system/${system}`,
      `/asset/${lift.id}`,
    ]) {
      expect(await status(path), path).toBe(404);
    }
    expect((await server.call('GET', `${API}/asset`, { token: partner })).body.total).toBe(0);

    const share = await server.call('PUT', `${API}/collaboration/${setup.collabId}/asset-systems`, {
      token: setup.ownerToken,
      body: { system_ids: [system] },
    });
    expect(share.status).toBe(200);

    // After: the Fire door (a shared system, in a sub-workspace of the shared site), its group and system.
    const seen = await server.call('GET', `${API}/asset/${door.id}`, { token: partner });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ id: door.id, name: 'Fire door', can_edit: false });
    expect(await status(`/asset/group/${group}`)).toBe(200);
    expect(await status(`/asset/system/${system}`)).toBe(200);
    expect(await status(`/asset/${door.id}/regulatory`)).toBe(200);
    // Not the assets of another system, nor those of a workspace that is not shared.
    expect(await status(`/asset/${lift.id}`)).toBe(404);
    expect(await status(`/asset/${privateDoor.id}`)).toBe(404);
    const list = await server.call('GET', `${API}/asset`, { token: partner });
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([door.id]);

    // Read only: no change, no files, no grouping.
    const put = await server.call('PUT', `${API}/asset/${door.id}`, {
      token: partner,
      body: { name: 'Mine' },
    });
    expect(put.status).toBe(403);
    const form = new FormData();
    form.append('name', 'Certificate');
    form.append('kind', 'permit');
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'c.pdf');
    expect((await server.callForm('POST', `${API}/asset/${door.id}/regulatory`, form, partner)).status).toBe(
      403,
    );
    expect(
      (
        await server.call('POST', `${API}/asset/group/${group}/remove`, {
          token: partner,
          body: { asset_ids: [door.id] },
        })
      ).status,
    ).toBe(403);

    // Unshared again: gone.
    const unshare = await server.call(
      'PUT',
      `${API}/collaboration/${setup.collabId}/asset-systems/remove_access`,
      {
        token: setup.ownerToken,
        body: { system_ids: [system] },
      },
    );
    expect(unshare.body).toEqual({ data: [] });
    expect(await status(`/asset/${door.id}`)).toBe(404);
    expect(await status(`/asset/system/${system}`)).toBe(404);
  });

  it('shares nothing with a stranger, and a system of another organisation cannot be shared', async () => {
    const setup = await acceptedCollaboration(server);
    const stranger = await createTeam(server.db);
    const strangerToken = await login(server, stranger.admin);
    const theirSite = await addWorkspace(server.db, stranger.org.id, 'Their site');
    const theirSystem = await createAssetSystem(server.db, { clientId: stranger.org.id, name: 'Theirs' });
    await createAsset(server.db, {
      client_id: stranger.org.id,
      workspace_id: theirSite,
      system_id: theirSystem,
    });
    const res = await server.call('PUT', `${API}/collaboration/${setup.collabId}/asset-systems`, {
      token: setup.ownerToken,
      body: { system_ids: [theirSystem] },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ system_ids: 'not_found' });
    expect(
      (
        await server.call('GET', `${API}/collaboration/${setup.collabId}/asset-systems`, {
          token: strangerToken,
        })
      ).status,
    ).toBe(404);
    expect(await sharesOf(setup.collabId)).toEqual([]);
  });
});
