import { ZAssetSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAsset,
  createAssetGroup,
  createAssetSystem,
  createAssetTeam,
} from './helpers/assets-factories.js';
import { addWorkspace, createTeam } from './helpers/factories.js';
import { API, insertIssue } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function activityOf(assetId: number) {
  return server.db
    .selectFrom('activity_log')
    .select(['action', 'changes', 'user_id'])
    .where('entity_type', '=', 'asset')
    .where('entity_id', '=', assetId)
    .orderBy('id')
    .execute();
}

async function assetRow(id: number) {
  return server.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('GET asset/{id}', () => {
  it('answers the asset with its managers, group, system and what each role may do', async () => {
    const t = await createAssetTeam(server);
    const res = await server.call('GET', `${API}/asset/${t.asset.id}`, { token: t.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZAssetSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      id: t.asset.id,
      name: 'Boiler 1',
      status: 1,
      workspace: { id: t.ids.site, name: 'Site' },
      group: { id: t.groupId, name: 'Boiler room' },
      system: { id: t.systemId, name: 'Heating' },
      manufacturer: 'Viessmann',
      model: 'Vitodens 200',
      public_code: t.asset.publicCode,
      managers: [{ id: t.people.assetManager.id, full_name: 'Ada Asset' }],
      statistics: { assets_in_group: 1, asset_issues: 0, asset_tasks: 0 },
      legal_state: 'missing',
      attachments: [],
      created_by: { id: t.people.admin.id },
      can_edit: true,
      can_manage: true,
    });

    const expected: Array<[keyof typeof t.tokens, boolean]> = [
      ['admin', true],
      ['manager', true],
      ['groupManager', true],
      ['assetManager', true],
      ['assetGroupManager', true],
      ['member', false],
      ['assignee', false],
      // Partners see the assets of the systems shared with them, read only.
      ['collabMember', false],
      ['collabManager', false],
    ];
    for (const [who, canEdit] of expected) {
      const seen = await server.call('GET', `${API}/asset/${t.asset.id}`, { token: t.tokens[who] });
      expect(seen.status, who).toBe(200);
      expect({ who, can_edit: seen.body.can_edit, can_manage: seen.body.can_manage }).toEqual({
        who,
        can_edit: canEdit,
        can_manage: canEdit,
      });
    }
  });

  it('is 404 for another organisation, a workspace the caller does not see, an unshared system, a deleted asset', async () => {
    const t = await createAssetTeam(server);
    const path = `${API}/asset/${t.asset.id}`;
    expect((await server.call('GET', path, { token: t.strangerToken })).status).toBe(404);
    expect((await server.call('GET', path, { token: t.tokens.depotMember })).status).toBe(404);
    expect((await server.call('GET', path)).status).toBe(401);
    // Not shared with the partner: another system, or none.
    const other = await createAssetSystem(server.db, { clientId: t.org.id, name: 'Lifts' });
    const lift = await t.addAsset({ name: 'Lift', system_id: other });
    const bare = await t.addAsset({ name: 'Door' });
    for (const id of [lift.id, bare.id]) {
      expect((await server.call('GET', `${API}/asset/${id}`, { token: t.tokens.collabMember })).status).toBe(
        404,
      );
      expect((await server.call('GET', `${API}/asset/${id}`, { token: t.tokens.member })).status).toBe(200);
    }
    await server.db.updateTable('assets').set({ deleted_at: new Date() }).where('id', '=', bare.id).execute();
    expect((await server.call('GET', `${API}/asset/${bare.id}`, { token: t.tokens.admin })).status).toBe(404);
  });
});

describe('POST asset', () => {
  it('admins and managers of the workspace add assets, with managers, group and system; the log says so', async () => {
    const t = await createAssetTeam(server);
    const res = await server.call('POST', `${API}/asset`, {
      token: t.tokens.manager,
      body: {
        name: '  Boiler 2 ',
        workspace_id: t.ids.room,
        group_id: t.groupId,
        system_id: t.systemId,
        manager_ids: [t.people.assetManager.id, t.people.assetManager.id],
        manufacturer: 'Buderus',
        model: '',
        serial_number: 'SN-1',
        location_required: true,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Boiler 2',
      status: 1,
      workspace: { id: t.ids.room },
      group: { id: t.groupId },
      system: { id: t.systemId },
      manufacturer: 'Buderus',
      model: null,
      serial_number: 'SN-1',
      location_required: true,
      auth_maintenance_required: false,
      managers: [{ id: t.people.assetManager.id }],
      created_by: { id: t.people.manager.id },
      can_edit: true,
    });
    expect(res.body.public_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [log] = await activityOf(res.body.id);
    expect(log).toMatchObject({ action: 'created', user_id: t.people.manager.id });
    expect(log?.changes).toMatchObject({ name: 'Boiler 2', workspace_id: t.ids.room });

    for (const who of ['admin', 'groupManager'] as const) {
      const ok = await server.call('POST', `${API}/asset`, {
        token: t.tokens[who],
        body: { name: `By ${who}`, workspace_id: t.ids.site },
      });
      expect(ok.status, who).toBe(201);
    }
  });

  it('members, asset managers and partners may not; a workspace the caller does not see is a bad field', async () => {
    const t = await createAssetTeam(server);
    const before = await server.db.selectFrom('assets').select('id').execute();
    for (const who of [
      'member',
      'assetManager',
      'assetGroupManager',
      'collabManager',
      'collabMember',
    ] as const) {
      const res = await server.call('POST', `${API}/asset`, {
        token: t.tokens[who],
        body: { name: 'Mine', workspace_id: t.ids.site },
      });
      expect(res.status, who).toBe(403);
    }
    for (const token of [t.strangerToken, t.tokens.depotMember]) {
      const res = await server.call('POST', `${API}/asset`, {
        token,
        body: { name: 'Mine', workspace_id: t.ids.site },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ workspace_id: 'not_found' });
    }
    expect(await server.db.selectFrom('assets').select('id').execute()).toEqual(before);
  });

  it('checks the form: status, group workspace, references of another organisation, managers', async () => {
    const t = await createAssetTeam(server);
    const other = await createTeam(server.db);
    const otherSite = await addWorkspace(server.db, other.org.id, 'Elsewhere');
    const foreignGroup = await createAssetGroup(server.db, {
      clientId: other.org.id,
      workspaceId: otherSite,
    });
    const foreignSystem = await createAssetSystem(server.db, { clientId: other.org.id });
    const roomGroup = await createAssetGroup(server.db, { clientId: t.org.id, workspaceId: t.ids.room });
    const depotGroup = await createAssetGroup(server.db, { clientId: t.org.id, workspaceId: t.ids.depot });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ status: 5 }, { status: 'invalid_format' }],
      [{ name: '' }, { name: 'required' }],
      [{ group_id: depotGroup }, { group_id: 'not_same_workspace' }],
      // A group below the asset's workspace does not hold it either.
      [{ group_id: roomGroup }, { group_id: 'not_same_workspace' }],
      [{ group_id: foreignGroup }, { group_id: 'not_found' }],
      [{ system_id: foreignSystem }, { system_id: 'not_found' }],
      [
        { manager_ids: [t.people.member.id, t.people.depotMember.id] },
        { 'manager_ids.1': 'not_in_workspace' },
      ],
      // A partner's person works in the site but is not the organisation's: no asset manager.
      [{ manager_ids: [t.people.collabMember.id] }, { 'manager_ids.0': 'not_in_workspace' }],
      [{ manager_ids: [other.admin.id] }, { 'manager_ids.0': 'not_in_workspace' }],
    ];
    for (const [change, fields] of cases) {
      const res = await server.call('POST', `${API}/asset`, {
        token: t.tokens.admin,
        body: { name: 'Pump', workspace_id: t.ids.site, ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.fields, JSON.stringify(change)).toEqual(fields);
    }
    // The site's group holds assets of the room below it.
    const ok = await server.call('POST', `${API}/asset`, {
      token: t.tokens.admin,
      body: { name: 'Pump', workspace_id: t.ids.room, group_id: t.groupId, status: 3 },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.status).toBe(3);
  });
});

describe('PUT asset/{id}', () => {
  it('those who may edit change it; the log has the changed fields; others are refused', async () => {
    const t = await createAssetTeam(server);
    const path = `${API}/asset/${t.asset.id}`;
    const res = await server.call('PUT', path, {
      token: t.tokens.assetManager,
      body: {
        name: 'Boiler A',
        model: '',
        description: 'Basement',
        manager_ids: [t.people.assetManager.id, t.people.member.id],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Boiler A', model: null, description: 'Basement' });
    expect(res.body.managers.map((m: { id: number }) => m.id).sort()).toEqual(
      [t.people.assetManager.id, t.people.member.id].sort(),
    );
    const log = (await activityOf(t.asset.id)).at(-1);
    expect(log).toMatchObject({ action: 'updated', user_id: t.people.assetManager.id });
    expect(log?.changes).toEqual({
      name: ['Boiler 1', 'Boiler A'],
      model: ['Vitodens 200', null],
      description: [null, 'Basement'],
      manager_ids: [
        [t.people.assetManager.id],
        [t.people.assetManager.id, t.people.member.id].sort((a, b) => a - b),
      ],
    });
    // The same values again change nothing and log nothing.
    const logs = (await activityOf(t.asset.id)).length;
    expect(
      (await server.call('PUT', path, { token: t.tokens.admin, body: { name: 'Boiler A' } })).status,
    ).toBe(200);
    expect((await activityOf(t.asset.id)).length).toBe(logs);

    for (const who of ['assetGroupManager', 'groupManager', 'manager', 'admin'] as const) {
      const ok = await server.call('PUT', path, {
        token: t.tokens[who],
        body: { serial_number: `SN-${who}` },
      });
      expect(ok.status, who).toBe(200);
    }
    const before = await assetRow(t.asset.id);
    for (const who of ['assignee', 'collabManager', 'collabMember'] as const) {
      expect(
        (await server.call('PUT', path, { token: t.tokens[who], body: { name: 'Taken' } })).status,
        who,
      ).toBe(403);
    }
    expect((await server.call('PUT', path, { token: t.strangerToken, body: { name: 'Taken' } })).status).toBe(
      404,
    );
    expect(await assetRow(t.asset.id)).toEqual(before);
  });

  it('an archived asset only comes back by a status change; anything else is asset_archived', async () => {
    const t = await createAssetTeam(server);
    const path = `${API}/asset/${t.asset.id}`;
    const archived = await server.call('PUT', path, { token: t.tokens.assetManager, body: { status: 5 } });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ status: 5, can_edit: false, can_manage: true });
    expect((await activityOf(t.asset.id)).at(-1)?.action).toBe('archived');

    for (const body of [{ name: 'Renamed' }, { status: 1, name: 'Renamed' }, { system_id: null }]) {
      const res = await server.call('PUT', path, { token: t.tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe('asset_archived');
    }
    // A member may not bring it back.
    expect((await server.call('PUT', path, { token: t.tokens.assignee, body: { status: 1 } })).status).toBe(
      403,
    );
    const back = await server.call('PUT', path, { token: t.tokens.assetGroupManager, body: { status: 2 } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 2, can_edit: true });
    expect((await activityOf(t.asset.id)).at(-1)).toMatchObject({
      action: 'unarchived',
      changes: { status: [5, 2] },
    });
  });

  it('moving to another workspace checks the group, the managers and the right to add there', async () => {
    const t = await createAssetTeam(server);
    const path = `${API}/asset/${t.asset.id}`;
    // The site's group does not hold assets of the depot.
    const away = await server.call('PUT', path, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot },
    });
    expect(away.status).toBe(422);
    expect(away.body.fields).toEqual({ group_id: 'not_same_workspace' });
    // Ada manages the asset but cannot work in the depot.
    const noGroup = await server.call('PUT', path, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot, group_id: null },
    });
    expect(noGroup.status).toBe(422);
    expect(noGroup.body.fields).toEqual({ 'manager_ids.0': 'not_in_workspace' });
    const moved = await server.call('PUT', path, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot, group_id: null, manager_ids: [t.people.depotMember.id] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ workspace: { id: t.ids.depot }, group: null });

    // An asset manager may edit, but not move it where they may not add assets.
    const second = await t.addAsset({ name: 'Pump', managerIds: [t.people.assetManager.id] });
    const refused = await server.call('PUT', `${API}/asset/${second.id}`, {
      token: t.tokens.assetManager,
      body: { workspace_id: t.ids.room },
    });
    expect(refused.status).toBe(403);
    const hidden = await server.call('PUT', `${API}/asset/${second.id}`, {
      token: t.tokens.manager,
      body: { workspace_id: t.ids.depot },
    });
    expect(hidden.status).toBe(422);
    expect(hidden.body.fields).toEqual({ workspace_id: 'not_found' });
    const down = await server.call('PUT', `${API}/asset/${second.id}`, {
      token: t.tokens.manager,
      body: { workspace_id: t.ids.room },
    });
    expect(down.status).toBe(200);
  });
});

describe('DELETE asset/{id}', () => {
  it('those who manage it delete it; its issues keep the id but nobody sees the asset', async () => {
    const t = await createAssetTeam(server);
    const issueId = await insertIssue(server, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      asset_id: t.asset.id,
    });
    const path = `${API}/asset/${t.asset.id}`;
    for (const who of ['member', 'collabManager'] as const) {
      expect((await server.call('DELETE', path, { token: t.tokens[who] })).status, who).toBe(403);
    }
    expect((await server.call('DELETE', path, { token: t.strangerToken })).status).toBe(404);
    expect((await assetRow(t.asset.id)).deleted_at).toBeNull();

    const res = await server.call('DELETE', path, { token: t.tokens.assetManager });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await server.call('GET', path, { token: t.tokens.admin })).status).toBe(404);
    expect((await server.call('DELETE', path, { token: t.tokens.admin })).status).toBe(404);
    const list = await server.call('GET', `${API}/asset`, { token: t.tokens.admin });
    expect(list.body.data).toEqual([]);
    const issue = await server.db
      .selectFrom('issues')
      .select('asset_id')
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow();
    expect(issue.asset_id).toBe(t.asset.id);
    expect((await activityOf(t.asset.id)).at(-1)).toMatchObject({
      action: 'deleted',
      user_id: t.people.assetManager.id,
    });
  });

  it('an archived asset can still be deleted by those who manage it', async () => {
    const t = await createAssetTeam(server);
    const archived = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      status: 5,
      managerIds: [t.people.assetManager.id],
    });
    const res = await server.call('DELETE', `${API}/asset/${archived.id}`, { token: t.tokens.assetManager });
    expect(res.status).toBe(200);
  });
});
