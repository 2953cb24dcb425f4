import { ZAssetGroupListResponseSchema, ZAssetGroupSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createAssetGroup, createAssetTeam } from './helpers/assets-factories.js';
import { addWorkspace, createTeam, createUser, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Everything stored about an organisation's groups and assets, to prove a refusal changed nothing. */
async function groupsSnapshot(clientId: number): Promise<string> {
  const [groups, managers, assets, log] = await Promise.all([
    server.db
      .selectFrom('asset_groups')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    server.db
      .selectFrom('asset_group_managers')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('group_id')
      .orderBy('user_id')
      .execute(),
    server.db.selectFrom('assets').selectAll().where('client_id', '=', clientId).orderBy('id').execute(),
    server.db.selectFrom('activity_log').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return JSON.stringify({ groups, managers, assets, log: log.length });
}

describe('GET asset/group', () => {
  it('lists the groups the caller sees: filters, sorts, the paged envelope, statistics and can_edit', async () => {
    const team = await createAssetTeam(server);
    const clientId = team.org.id;
    // Boiler room (Site, Gil) holds Boiler 1; more groups around it.
    await createAssetGroup(server.db, { clientId, workspaceId: team.ids.site, name: 'Old wing', status: 5 });
    await createAssetGroup(server.db, {
      clientId,
      workspaceId: team.ids.room,
      name: 'Attic fans',
      status: 4,
      managerIds: [team.people.member.id],
    });
    await createAssetGroup(server.db, { clientId, workspaceId: team.ids.depot, name: 'Depot lifts' });
    // Statistics: live assets the caller sees, open issues naming the group or one of its assets.
    await team.addAsset({ name: 'Boiler 2', group_id: team.groupId });
    await team.addAsset({ name: 'Boiler 3 (archived)', group_id: team.groupId, status: 5 });
    await team.addAsset({ name: 'Boiler 4 (deleted)', group_id: team.groupId, deleted_at: new Date() });
    await team.issue({ asset_id: team.asset.id, status_id: 2 });
    await team.issue({ asset_group_id: team.groupId, asset_id: team.asset.id, status_id: 6 });
    await team.issue({ asset_group_id: team.groupId, status_id: 8, completed_at: new Date() });
    await team.issue({ asset_id: team.asset.id, status_id: 2, archived_at: new Date() });

    const list = async (query = '', token = team.tokens.admin) => {
      const res = await server.call('GET', `${API}/asset/group${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ZAssetGroupListResponseSchema.parse(res.body);
    };
    const names = async (query = '', token = team.tokens.admin) =>
      (await list(query, token)).data.map((g) => g.name);

    const all = await list();
    expect(all).toMatchObject({ current_page: 1, per_page: 20, total: 3, last_page: 1, from: 1, to: 3 });
    expect(all.data.map((g) => g.name)).toEqual(['Attic fans', 'Boiler room', 'Depot lifts']);
    const boilerRoom = all.data.find((g) => g.id === team.groupId);
    expect(boilerRoom).toMatchObject({
      workspace: { id: team.ids.site, name: 'Site' },
      managers: [{ id: team.people.assetGroupManager.id, full_name: 'Gil Grouper' }],
      statistics: { assets_in_group: 2, asset_issues: 2 },
      can_edit: true,
    });

    expect(await names('?status=5')).toEqual(['Old wing']);
    expect(await names('?status=4,5')).toEqual(['Attic fans', 'Old wing']);
    expect(await names(`?workspaces=${team.ids.room},${team.ids.depot}`)).toEqual([
      'Attic fans',
      'Depot lifts',
    ]);
    expect(await names(`?managers=${team.people.member.id}`)).toEqual(['Attic fans']);
    expect(await names('?search=BOILER')).toEqual(['Boiler room']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?sort_by=name&sort_direction=desc')).toEqual([
      'Depot lifts',
      'Boiler room',
      'Attic fans',
    ]);
    expect(await names('?sort_by=created')).toEqual(['Boiler room', 'Attic fans', 'Depot lifts']);
    // Unsupported values fall back to the defaults.
    expect(await names('?sort_by=nonsense&status=9')).toEqual(['Attic fans', 'Boiler room', 'Depot lifts']);

    const paged = await list('?paginate_by=20&page=2&search=i');
    expect(paged).toMatchObject({ current_page: 2, total: 3, data: [], from: null, to: null });
    expect(paged.prev_page_url).toContain('page=1');
    expect(paged.first_page_url).toContain('search=i');

    // A member of the Site sees the Site's and the Room's groups, edits none (Mo manages Attic fans).
    const memberView = await list('', team.tokens.member);
    expect(memberView.data.map((g) => [g.name, g.can_edit])).toEqual([
      ['Attic fans', true],
      ['Boiler room', false],
    ]);
    // The Site's manager edits both; Dan of the Depot sees only the Depot's.
    expect((await list('', team.tokens.manager)).data.map((g) => g.can_edit)).toEqual([true, true]);
    expect(await names('', team.tokens.depotMember)).toEqual(['Depot lifts']);
    // The group manager of the Site may edit its groups too (canEditAssetGroup).
    expect((await list('', team.tokens.groupManager)).data.every((g) => g.can_edit)).toBe(true);
    // A partner sees a group only when it holds an asset they see (Boiler 1 of the shared Heating), read only.
    const partner = await list('', team.tokens.collabManager);
    expect(partner.data.map((g) => [g.name, g.can_edit])).toEqual([['Boiler room', false]]);
    expect(partner.data[0]?.statistics.assets_in_group).toBe(1);
    // Another organisation sees none of them.
    expect((await list('', team.strangerToken)).total).toBe(0);
  });

  it('answers 401 without a login', async () => {
    expect((await server.call('GET', `${API}/asset/group`)).status).toBe(401);
  });
});

describe('POST asset/group', () => {
  it('adds a group for admins and managers of the workspace; members are refused', async () => {
    const team = await createAssetTeam(server);
    const created = await server.call('POST', `${API}/asset/group`, {
      token: team.tokens.admin,
      body: {
        name: '  Fire doors ',
        workspace_id: team.ids.room,
        description: 'North wing',
        manager_ids: [team.people.member.id, team.people.member.id],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(ZAssetGroupSchema.parse(created.body)).toMatchObject({
      name: 'Fire doors',
      status: 1,
      description: 'North wing',
      workspace: { id: team.ids.room, name: 'Room' },
      managers: [{ id: team.people.member.id, full_name: 'Mo Member' }],
      statistics: { assets_in_group: 0, asset_issues: 0 },
      can_edit: true,
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', 'asset_group')
      .where('entity_id', '=', created.body.id)
      .execute();
    expect(log).toEqual([{ action: 'created', user_id: team.people.admin.id }]);

    // The Site's manager, in the Room below it.
    const byManager = await server.call('POST', `${API}/asset/group`, {
      token: team.tokens.manager,
      body: { name: 'Lifts', workspace_id: team.ids.room, status: 2 },
    });
    expect(byManager.status).toBe(201);
    expect(byManager.body.status).toBe(2);

    const before = await groupsSnapshot(team.org.id);
    for (const token of [team.tokens.member, team.tokens.assetManager, team.tokens.assetGroupManager]) {
      const res = await server.call('POST', `${API}/asset/group`, {
        token,
        body: { name: 'Mine', workspace_id: team.ids.site },
      });
      expect(res.status).toBe(403);
    }
    // A partner's admin and collab manager see the Site but may not add groups to it.
    const partnerAdmin = await login(server, team.partner.admin);
    for (const token of [partnerAdmin, team.tokens.collabManager]) {
      const res = await server.call('POST', `${API}/asset/group`, {
        token,
        body: { name: 'Mine', workspace_id: team.ids.site },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ workspace_id: 'not_found' });
    }
    expect(await groupsSnapshot(team.org.id)).toBe(before);
  });

  it('refuses bad input with 422 on the field and writes nothing', async () => {
    const team = await createAssetTeam(server);
    const outsider = await createUser(server.db, (await createTeam(server.db)).org.id);
    const before = await groupsSnapshot(team.org.id);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '', workspace_id: team.ids.site }, { name: 'required' }],
      [{ name: 'x'.repeat(256), workspace_id: team.ids.site }, { name: 'too_long' }],
      [{ name: 'Lifts' }, { workspace_id: 'invalid_format' }],
      [{ name: 'Lifts', workspace_id: team.ids.site, status: 9 }, { status: 'invalid_format' }],
      // Another organisation's workspace or person, a workspace the manager does not see.
      [{ name: 'Lifts', workspace_id: team.ids.site + 100_000 }, { workspace_id: 'not_found' }],
      [
        { name: 'Lifts', workspace_id: team.ids.site, manager_ids: [outsider.id] },
        { manager_ids: 'not_found' },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await server.call('POST', `${API}/asset/group`, { token: team.tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.fields, JSON.stringify(body)).toMatchObject(fields);
    }
    const depotByManager = await server.call('POST', `${API}/asset/group`, {
      token: team.tokens.manager,
      body: { name: 'Lifts', workspace_id: team.ids.depot },
    });
    expect(depotByManager.status).toBe(422);
    expect(depotByManager.body.fields).toEqual({ workspace_id: 'not_found' });
    expect(await groupsSnapshot(team.org.id)).toBe(before);
  });
});

describe('GET, PUT and DELETE asset/group/{id}', () => {
  it('reads one group; another organisation gets 404', async () => {
    const team = await createAssetTeam(server);
    const res = await server.call('GET', `${API}/asset/group/${team.groupId}`, { token: team.tokens.member });
    expect(res.status).toBe(200);
    expect(ZAssetGroupSchema.parse(res.body)).toMatchObject({
      id: team.groupId,
      name: 'Boiler room',
      can_edit: false,
    });
    expect(
      (await server.call('GET', `${API}/asset/group/${team.groupId}`, { token: team.strangerToken })).status,
    ).toBe(404);
    expect(
      (await server.call('GET', `${API}/asset/group/${team.groupId}`, { token: team.tokens.depotMember }))
        .status,
    ).toBe(404);
  });

  it('lets its managers and the workspace managers change it; members are refused', async () => {
    const team = await createAssetTeam(server);
    const url = `${API}/asset/group/${team.groupId}`;
    const byGroupManager = await server.call('PUT', url, {
      token: team.tokens.assetGroupManager,
      body: { name: 'Boiler house', status: 2, description: 'Basement' },
    });
    expect(byGroupManager.status, JSON.stringify(byGroupManager.body)).toBe(200);
    expect(byGroupManager.body).toMatchObject({ name: 'Boiler house', status: 2, description: 'Basement' });
    const byManager = await server.call('PUT', url, {
      token: team.tokens.manager,
      body: { manager_ids: [team.people.member.id, team.people.assetGroupManager.id] },
    });
    expect(byManager.status).toBe(200);
    expect(byManager.body.managers.map((m: { full_name: string }) => m.full_name)).toEqual([
      'Gil Grouper',
      'Mo Member',
    ]);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'asset_group')
      .where('entity_id', '=', team.groupId)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['updated', 'updated']);
    expect(log[0]?.changes).toMatchObject({ name: ['Boiler room', 'Boiler house'] });

    const before = await groupsSnapshot(team.org.id);
    for (const token of [team.tokens.assignee, team.tokens.assetManager, team.tokens.collabManager]) {
      const res = await server.call('PUT', url, { token, body: { name: 'Mine' } });
      expect(res.status).toBe(403);
    }
    const badManagers = await server.call('PUT', url, {
      token: team.tokens.admin,
      body: { manager_ids: [team.people.collabManager.id] },
    });
    expect(badManagers.status).toBe(422);
    expect(badManagers.body.fields).toEqual({ manager_ids: 'not_found' });
    expect(
      (await server.call('PUT', url, { token: team.strangerToken, body: { name: 'Mine' } })).status,
    ).toBe(404);
    expect(await groupsSnapshot(team.org.id)).toBe(before);
  });

  it('moves a group only where all its assets lie (not_same_workspace otherwise)', async () => {
    const team = await createAssetTeam(server);
    const roomGroup = await createAssetGroup(server.db, {
      clientId: team.org.id,
      workspaceId: team.ids.room,
      name: 'Attic fans',
    });
    await team.addAsset({ name: 'Fan 1', workspace_id: team.ids.room, group_id: roomGroup });
    // Boiler room holds Boiler 1 of the Site: it cannot go down into the Room nor over to the Depot.
    const before = await groupsSnapshot(team.org.id);
    for (const workspaceId of [team.ids.room, team.ids.depot]) {
      const res = await server.call('PUT', `${API}/asset/group/${team.groupId}`, {
        token: team.tokens.admin,
        body: { workspace_id: workspaceId, name: 'Moved' },
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'not_same_workspace',
        fields: { workspace_id: 'not_same_workspace' },
      });
    }
    expect(await groupsSnapshot(team.org.id)).toBe(before);
    // Attic fans (Fan 1 in the Room) may go up to the Site: the Room lies below it.
    const up = await server.call('PUT', `${API}/asset/group/${roomGroup}`, {
      token: team.tokens.manager,
      body: { workspace_id: team.ids.site },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.workspace).toEqual({ id: team.ids.site, name: 'Site' });
    // The Site's manager does not see the Depot: a bad reference.
    const away = await server.call('PUT', `${API}/asset/group/${roomGroup}`, {
      token: team.tokens.manager,
      body: { workspace_id: team.ids.depot },
    });
    expect(away.status).toBe(422);
    expect(away.body.fields).toEqual({ workspace_id: 'not_found' });
    // A group manager who is only a member of the Site may not move a group to another workspace.
    const emptyGroup = await createAssetGroup(server.db, {
      clientId: team.org.id,
      workspaceId: team.ids.site,
      managerIds: [team.people.member.id],
    });
    const byGroupManager = await server.call('PUT', `${API}/asset/group/${emptyGroup}`, {
      token: team.tokens.member,
      body: { workspace_id: team.ids.room },
    });
    expect(byGroupManager.status).toBe(403);
  });

  it('deletes a group: its assets stay without it, its issues keep the reference, members are refused', async () => {
    const team = await createAssetTeam(server);
    const second = await team.addAsset({ name: 'Boiler 2', group_id: team.groupId });
    const issueId = await team.issue({ asset_group_id: team.groupId });
    const url = `${API}/asset/group/${team.groupId}`;
    const before = await groupsSnapshot(team.org.id);
    for (const token of [team.tokens.member, team.tokens.assetManager, team.tokens.collabManager]) {
      expect((await server.call('DELETE', url, { token })).status).toBe(403);
    }
    expect((await server.call('DELETE', url, { token: team.strangerToken })).status).toBe(404);
    expect(await groupsSnapshot(team.org.id)).toBe(before);

    const res = await server.call('DELETE', url, { token: team.tokens.assetGroupManager });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const assets = await server.db
      .selectFrom('assets')
      .select(['id', 'group_id', 'deleted_at'])
      .where('id', 'in', [team.asset.id, second.id])
      .orderBy('id')
      .execute();
    expect(assets).toEqual([
      { id: team.asset.id, group_id: null, deleted_at: null },
      { id: second.id, group_id: null, deleted_at: null },
    ]);
    const issue = await server.db
      .selectFrom('issues')
      .select('asset_group_id')
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow();
    expect(issue.asset_group_id).toBe(team.groupId);
    expect((await server.call('GET', url, { token: team.tokens.admin })).status).toBe(404);
    const list = await server.call('GET', `${API}/asset/group`, { token: team.tokens.admin });
    expect(list.body.total).toBe(0);
  });
});

describe('POST asset/group/{id}/add and /remove', () => {
  it('moves the assets the caller may edit, and lists the others with the reason', async () => {
    const team = await createAssetTeam(server);
    const clientId = team.org.id;
    // A group in the Room, managed by Gil (a member of the Site): Gil edits it, and the assets of the group.
    const roomGroup = await createAssetGroup(server.db, {
      clientId,
      workspaceId: team.ids.room,
      name: 'Attic fans',
      managerIds: [team.people.assetGroupManager.id],
    });
    const fan = await team.addAsset({
      name: 'Fan 1',
      workspace_id: team.ids.room,
      managerIds: [team.people.assetGroupManager.id],
    });
    const fanOfOthers = await team.addAsset({ name: 'Fan 2', workspace_id: team.ids.room });
    const siteAsset = await team.addAsset({ name: 'Pump', managerIds: [team.people.assetGroupManager.id] });
    const archived = await team.addAsset({
      name: 'Old fan',
      workspace_id: team.ids.room,
      status: 5,
      managerIds: [team.people.assetGroupManager.id],
    });
    const depotAsset = await createAsset(server.db, {
      client_id: clientId,
      workspace_id: team.ids.depot,
      name: 'Lift',
    });
    const stranger = await createTeam(server.db);
    const foreign = await createAsset(server.db, {
      client_id: stranger.org.id,
      workspace_id: await addWorkspace(server.db, stranger.org.id, 'Their site'),
      name: 'Theirs',
    });

    const url = `${API}/asset/group/${roomGroup}/add`;
    const res = await server.call('POST', url, {
      token: team.tokens.assetGroupManager,
      body: {
        asset_ids: [fan.id, fanOfOthers.id, siteAsset.id, archived.id, depotAsset.id, foreign.id, fan.id],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      added: [fan.id],
      not_added: [
        { id: fanOfOthers.id, error: 'forbidden' },
        { id: siteAsset.id, error: 'not_same_workspace' },
        { id: archived.id, error: 'asset_archived' },
        { id: depotAsset.id, error: 'not_found' },
        { id: foreign.id, error: 'not_found' },
      ],
    });
    const groupOf = async (id: number) =>
      (await server.db.selectFrom('assets').select('group_id').where('id', '=', id).executeTakeFirstOrThrow())
        .group_id;
    expect(await groupOf(fan.id)).toBe(roomGroup);
    expect(await groupOf(fanOfOthers.id)).toBeNull();
    const assetLog = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'asset')
      .where('entity_id', '=', fan.id)
      .execute();
    expect(assetLog).toEqual([{ action: 'updated', changes: { group_id: [null, roomGroup] } }]);

    // Boiler 1 lies in the Site, above the Room: not even an admin puts it in a group of the Room.
    const admin = await server.call('POST', url, {
      token: team.tokens.admin,
      body: { asset_ids: [team.asset.id, fanOfOthers.id] },
    });
    expect(admin.body).toEqual({
      added: [fanOfOthers.id],
      not_added: [{ id: team.asset.id, error: 'not_same_workspace' }],
    });

    // Take out: not in the group is not_found; not editable is forbidden.
    const remove = await server.call('POST', `${API}/asset/group/${roomGroup}/remove`, {
      token: team.tokens.assetGroupManager,
      body: { asset_ids: [fan.id, team.asset.id, fanOfOthers.id] },
    });
    expect(remove.status).toBe(200);
    // Fan 2 lies in Gil's group now, so Gil (its group manager) may take it out.
    expect(remove.body).toEqual({
      removed: [fan.id, fanOfOthers.id],
      not_removed: [{ id: team.asset.id, error: 'not_found' }],
    });
    expect(await groupOf(fan.id)).toBeNull();

    // Callers who may not edit the group are refused as a whole; another organisation gets 404.
    const before = await groupsSnapshot(clientId);
    for (const path of ['add', 'remove']) {
      for (const token of [team.tokens.member, team.tokens.collabManager]) {
        const refused = await server.call('POST', `${API}/asset/group/${team.groupId}/${path}`, {
          token,
          body: { asset_ids: [team.asset.id] },
        });
        expect(refused.status).toBe(403);
      }
      const stranger = await server.call('POST', `${API}/asset/group/${team.groupId}/${path}`, {
        token: team.strangerToken,
        body: { asset_ids: [team.asset.id] },
      });
      expect(stranger.status).toBe(404);
      const empty = await server.call('POST', `${API}/asset/group/${team.groupId}/${path}`, {
        token: team.tokens.admin,
        body: { asset_ids: [] },
      });
      expect(empty.status).toBe(422);
      expect(empty.body.fields).toEqual({ asset_ids: 'required' });
    }
    expect(await groupsSnapshot(clientId)).toBe(before);
  });
});

describe('POST asset/group/same_ws', () => {
  it('says whether the assets share one workspace, or lie in the group’s', async () => {
    const team = await createAssetTeam(server);
    const url = `${API}/asset/group/same_ws`;
    const pump = await team.addAsset({ name: 'Pump' });
    const fan = await team.addAsset({ name: 'Fan', workspace_id: team.ids.room });
    const ask = async (body: unknown, token = team.tokens.member) => {
      const res = await server.call('POST', url, { token, body });
      return { status: res.status, body: res.body };
    };
    expect(await ask({ asset_ids: [team.asset.id, pump.id] })).toEqual({
      status: 200,
      body: { same_ws: true, workspace_id: team.ids.site },
    });
    expect(await ask({ asset_ids: [team.asset.id, fan.id] })).toEqual({
      status: 200,
      body: { same_ws: false, workspace_id: null },
    });
    // With a group: the assets lie in its workspace or below it.
    expect(await ask({ asset_ids: [team.asset.id, fan.id], group_id: team.groupId })).toEqual({
      status: 200,
      body: { same_ws: true, workspace_id: team.ids.site },
    });
    const roomGroup = await createAssetGroup(server.db, {
      clientId: team.org.id,
      workspaceId: team.ids.room,
    });
    expect(await ask({ asset_ids: [fan.id, pump.id], group_id: roomGroup })).toEqual({
      status: 200,
      body: { same_ws: false, workspace_id: null },
    });
    // Assets or groups the caller does not see are bad references (nothing is revealed about them).
    const depotAsset = await team.addAsset({ name: 'Lift', workspace_id: team.ids.depot });
    expect(await ask({ asset_ids: [team.asset.id, depotAsset.id] })).toMatchObject({
      status: 422,
      body: { fields: { asset_ids: 'not_found' } },
    });
    const depotGroup = await createAssetGroup(server.db, {
      clientId: team.org.id,
      workspaceId: team.ids.depot,
    });
    expect(await ask({ asset_ids: [team.asset.id], group_id: depotGroup })).toMatchObject({
      status: 422,
      body: { fields: { group_id: 'not_found' } },
    });
    expect(await ask({ asset_ids: [team.asset.id] }, team.strangerToken)).toMatchObject({
      status: 422,
      body: { fields: { asset_ids: 'not_found' } },
    });
    expect(await ask({ asset_ids: [] })).toMatchObject({
      status: 422,
      body: { fields: { asset_ids: 'required' } },
    });
  });
});
