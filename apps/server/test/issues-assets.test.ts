import { ZIssueSchema } from '@workbench/domain';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetsTable } from '../src/db/schema.js';
import { addWorkspace, createOrganisation } from './helpers/factories.js';
import { API, countIssues, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Assets on issues (000 §3 asset_id, asset, asset_group_id, asset_group; 001 §5 "Dropdowns bound
// to a workspace"): the references a form may send, the names the answers carry, the list filters
// and the export column.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/**
 * The issue team (a Site with a Room below it, a Depot, a partner sharing the Site) with a system
 * Heating shared with the partner and a system Water that is not, a group Boiler room in the Site
 * and one in the Depot, and assets: Boiler 1 (Site, in the group, Heating), Radiator (Room),
 * Tap (Site, Water), Pump (Depot), Old boiler (Site, archived), Scrapped (Site, deleted), and a
 * stranger organisation's Foreign pump.
 */
async function assetTeam(options: { settings?: Record<string, unknown> } = {}) {
  const t = await createIssueTeam(server, options);
  const clientId = t.org.id;
  const system = async (name: string) =>
    (
      await server.db
        .insertInto('asset_systems')
        .values({ client_id: clientId, name, description: null, created_by: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const group = async (name: string, workspaceId: number, ownerId = clientId) =>
    (
      await server.db
        .insertInto('asset_groups')
        .values({ client_id: ownerId, workspace_id: workspaceId, name, description: null, created_by: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const asset = async (values: Partial<Insertable<AssetsTable>> & { name: string; workspace_id: number }) =>
    (
      await server.db
        .insertInto('assets')
        .values({ client_id: clientId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const heating = await system('Heating');
  const water = await system('Water');
  await server.db
    .insertInto('collaboration_asset_systems')
    .values({ client_id: clientId, collaboration_id: t.collaborationId, system_id: heating })
    .execute();
  const boilerRoom = await group('Boiler room', t.ids.site);
  const depotGroup = await group('Depot store', t.ids.depot);
  const boiler = await asset({
    name: 'Boiler 1',
    workspace_id: t.ids.site,
    group_id: boilerRoom,
    system_id: heating,
  });
  const radiator = await asset({ name: 'Radiator', workspace_id: t.ids.room, system_id: heating });
  const tap = await asset({ name: 'Tap', workspace_id: t.ids.site, system_id: water });
  const pump = await asset({ name: 'Pump', workspace_id: t.ids.depot, group_id: depotGroup });
  const archived = await asset({ name: 'Old boiler', workspace_id: t.ids.site, status: 5 });
  const deleted = await asset({ name: 'Scrapped', workspace_id: t.ids.site, deleted_at: new Date() });
  const strangerClient = (await createOrganisation(server.db)).id;
  const strangerSite = await addWorkspace(server.db, strangerClient, 'Elsewhere');
  const foreign = (
    await server.db
      .insertInto('assets')
      .values({ client_id: strangerClient, workspace_id: strangerSite, name: 'Foreign pump' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const foreignGroup = await group('Foreign group', strangerSite, strangerClient);
  return {
    ...t,
    systems: { heating, water },
    groups: { boilerRoom, depotGroup, foreignGroup },
    assets: { boiler, radiator, tap, pump, archived, deleted, foreign },
  };
}

const createIssue = (token: string, body: Record<string, unknown>) =>
  server.call('POST', `${API}/issue`, { token, body: { title: 'Boiler leaks', ...body } });

describe('asset and asset group of a new issue', () => {
  it('takes an asset and a group of the workspace or below it, and answers their names', async () => {
    const t = await assetTeam();
    const res = await createIssue(t.tokens.member, {
      workspace_id: t.ids.site,
      asset_id: t.assets.radiator,
      asset_group_id: t.groups.boilerRoom,
    });
    expect(res.status).toBe(201);
    const issue = ZIssueSchema.parse(res.body);
    expect(issue).toMatchObject({
      asset_id: t.assets.radiator,
      asset: { id: t.assets.radiator, name: 'Radiator' },
      asset_group_id: t.groups.boilerRoom,
      asset_group: { id: t.groups.boilerRoom, name: 'Boiler room' },
    });
    const detail = await server.call('GET', `${API}/issue/${issue.id}`, { token: t.tokens.admin });
    expect(detail.body).toMatchObject({
      asset: { id: t.assets.radiator, name: 'Radiator' },
      asset_group: { id: t.groups.boilerRoom, name: 'Boiler room' },
    });
    const plain = await createIssue(t.tokens.member, { workspace_id: t.ids.site });
    expect(plain.body).toMatchObject({
      asset_id: null,
      asset: null,
      asset_group_id: null,
      asset_group: null,
    });
  });

  it('refuses an asset or group of another workspace (422 not_same_workspace), above included', async () => {
    const t = await assetTeam();
    const before = await countIssues(server, t.org.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ workspace_id: t.ids.site, asset_id: t.assets.pump }, 'asset_id'],
      [{ workspace_id: t.ids.site, asset_group_id: t.groups.depotGroup }, 'asset_group_id'],
      // The Site's boiler is above the Room, not in it.
      [{ workspace_id: t.ids.room, asset_id: t.assets.boiler }, 'asset_id'],
      [{ workspace_id: t.ids.room, asset_group_id: t.groups.boilerRoom }, 'asset_group_id'],
    ];
    for (const [body, field] of cases) {
      const res = await createIssue(t.tokens.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe('not_same_workspace');
      expect(res.body.fields).toEqual({ [field]: 'not_same_workspace' });
    }
    expect(await countIssues(server, t.org.id)).toBe(before);
  });

  it('refuses unknown, deleted and other organisations’ assets and groups (422 not_found)', async () => {
    const t = await assetTeam();
    const before = await countIssues(server, t.org.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ asset_id: 2_000_000_000 }, 'asset_id'],
      [{ asset_id: t.assets.deleted }, 'asset_id'],
      [{ asset_id: t.assets.foreign }, 'asset_id'],
      [{ asset_group_id: 2_000_000_000 }, 'asset_group_id'],
      [{ asset_group_id: t.groups.foreignGroup }, 'asset_group_id'],
    ];
    for (const [body, field] of cases) {
      const res = await createIssue(t.tokens.admin, { workspace_id: t.ids.site, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.fields).toEqual({ [field]: 'not_found' });
    }
    expect(await countIssues(server, t.org.id)).toBe(before);
  });

  it('refuses an archived asset as a new choice (422 asset_archived)', async () => {
    const t = await assetTeam();
    const res = await createIssue(t.tokens.admin, { workspace_id: t.ids.site, asset_id: t.assets.archived });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ asset_id: 'asset_archived' });
  });

  it('a partner chooses only assets it sees: those of the systems shared with it', async () => {
    const t = await assetTeam();
    const shared = await createIssue(t.tokens.collabMember, {
      workspace_id: t.ids.site,
      asset_id: t.assets.boiler,
    });
    expect(shared.status).toBe(201);
    expect(shared.body.asset).toEqual({ id: t.assets.boiler, name: 'Boiler 1', workspace_id: t.ids.site });
    const hidden = await createIssue(t.tokens.collabMember, {
      workspace_id: t.ids.site,
      asset_id: t.assets.tap,
    });
    expect(hidden.status).toBe(422);
    expect(hidden.body.fields).toEqual({ asset_id: 'not_found' });
  });

  it('with is_asset_required an issue needs an asset (422 asset_required), and is made with one', async () => {
    const t = await assetTeam({ settings: { is_asset_required: true } });
    const without = await createIssue(t.tokens.member, { workspace_id: t.ids.site });
    expect(without.status).toBe(422);
    expect(without.body.fields).toEqual({ asset_id: 'asset_required' });
    const withAsset = await createIssue(t.tokens.member, {
      workspace_id: t.ids.site,
      asset_id: t.assets.boiler,
    });
    expect(withAsset.status).toBe(201);
  });

  it('the multipart form takes the asset too', async () => {
    const t = await assetTeam();
    const form = new FormData();
    form.append('title', 'Boiler noise');
    form.append('workspace_id', String(t.ids.site));
    form.append('asset_id', String(t.assets.boiler));
    form.append('asset_group_id', String(t.groups.boilerRoom));
    const ok = await server.callForm('POST', `${API}/issue`, form, t.tokens.member);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ asset_id: t.assets.boiler, asset_group_id: t.groups.boilerRoom });
    const bad = new FormData();
    bad.append('title', 'Pump noise');
    bad.append('workspace_id', String(t.ids.site));
    bad.append('asset_id', String(t.assets.pump));
    const refused = await server.callForm('POST', `${API}/issue`, bad, t.tokens.admin);
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({ asset_id: 'not_same_workspace' });
    // The Site's member does not see the Depot: its pump is not found for them.
    const unseen = await server.callForm('POST', `${API}/issue`, bad, t.tokens.member);
    expect(unseen.body.fields).toEqual({ asset_id: 'not_found' });
  });
});

describe('asset and asset group of a saved issue', () => {
  it('changes, clears and refuses like a new one', async () => {
    const t = await assetTeam();
    const id = await t.issue({ asset_id: t.assets.boiler });
    const put = (body: Record<string, unknown>) =>
      server.call('PUT', `${API}/issue/${id}`, { token: t.tokens.admin, body });
    const changed = await put({ asset_id: t.assets.radiator, asset_group_id: t.groups.boilerRoom });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      asset: { id: t.assets.radiator, name: 'Radiator' },
      asset_group: { id: t.groups.boilerRoom, name: 'Boiler room' },
    });
    const snapshot = await issueSnapshot(server, id);
    for (const [body, key] of [
      [{ asset_id: t.assets.pump }, 'not_same_workspace'],
      [{ asset_id: t.assets.foreign }, 'not_found'],
      [{ asset_id: t.assets.deleted }, 'not_found'],
      [{ asset_id: t.assets.archived }, 'asset_archived'],
    ] as const) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.fields).toEqual({ asset_id: key });
    }
    const group = await put({ asset_group_id: t.groups.depotGroup });
    expect(group.body.fields).toEqual({ asset_group_id: 'not_same_workspace' });
    // The Site's manager does not see the Depot's pump at all.
    const unseen = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: { asset_id: t.assets.pump },
    });
    expect(unseen.body.fields).toEqual({ asset_id: 'not_found' });
    expect(await issueSnapshot(server, id)).toBe(snapshot);

    const cleared = await put({ asset_id: null, asset_group_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      asset_id: null,
      asset: null,
      asset_group_id: null,
      asset_group: null,
    });
  });

  it('an asset archived since stays on the issue, and other fields still change', async () => {
    const t = await assetTeam();
    const id = await t.issue({ asset_id: t.assets.archived });
    const res = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { title: 'Still leaking', asset_id: t.assets.archived },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Still leaking',
      asset: { id: t.assets.archived, name: 'Old boiler' },
    });
  });

  it('moving to a workspace its asset does not belong to is refused until the asset is cleared', async () => {
    const t = await assetTeam();
    const id = await t.issue({ asset_id: t.assets.boiler, asset_group_id: t.groups.boilerRoom });
    const snapshot = await issueSnapshot(server, id);
    const move = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot },
    });
    expect(move.status).toBe(422);
    expect(move.body.fields).toEqual({ asset_id: 'not_same_workspace' });
    expect(await issueSnapshot(server, id)).toBe(snapshot);

    const groupOnly = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot, asset_id: null },
    });
    expect(groupOnly.body.fields).toEqual({ asset_group_id: 'not_same_workspace' });

    const cleared = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot, asset_id: null, asset_group_id: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ workspace_id: t.ids.depot, asset: null, asset_group: null });

    // Into a workspace below: the Room's radiator goes along with an issue moved into the Room.
    const inRoom = await t.issue({ asset_id: t.assets.radiator });
    const down = await server.call('PUT', `${API}/issue/${inRoom}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.room },
    });
    expect(down.status).toBe(200);
    expect(down.body.asset).toEqual({ id: t.assets.radiator, name: 'Radiator', workspace_id: t.ids.room });
  });

  it('sub-issues move with their parent: an asset of theirs that does not fit the new workspace is cleared and logged', async () => {
    const t = await assetTeam();
    const parent = await t.issue({});
    const fitsNowhere = await createIssue(t.tokens.admin, {
      parent_id: parent,
      asset_id: t.assets.boiler,
      asset_group_id: t.groups.boilerRoom,
    });
    expect(fitsNowhere.status).toBe(201);
    const moved = await server.call('PUT', `${API}/issue/${parent}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot },
    });
    expect(moved.status).toBe(200);
    const child = await server.call('GET', `${API}/issue/${fitsNowhere.body.id}`, { token: t.tokens.admin });
    expect(child.body).toMatchObject({ workspace_id: t.ids.depot, asset_id: null, asset_group_id: null });
    const log = await server.db
      .selectFrom('activity_log')
      .select('changes')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', fitsNowhere.body.id)
      .where('action', '=', 'updated')
      .execute();
    expect(log.map((l) => l.changes)).toContainEqual({
      asset_id: [t.assets.boiler, null],
      asset_group_id: [t.groups.boilerRoom, null],
    });

    // One that still fits (moving into the Room below the Site) keeps its asset.
    const other = await t.issue({});
    const keeps = await createIssue(t.tokens.admin, { parent_id: other, asset_id: t.assets.radiator });
    await server.call('PUT', `${API}/issue/${other}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.room },
    });
    const kept = await server.call('GET', `${API}/issue/${keeps.body.id}`, { token: t.tokens.admin });
    expect(kept.body).toMatchObject({ workspace_id: t.ids.room, asset_id: t.assets.radiator });
  });
});

describe('the asset names an issue answers', () => {
  it('a deleted asset or group, or one the caller does not see, answers null', async () => {
    const t = await assetTeam();
    const id = await t.issue({ asset_id: t.assets.tap, asset_group_id: t.groups.boilerRoom });
    const owner = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.member });
    expect(owner.body).toMatchObject({ asset: { id: t.assets.tap, name: 'Tap' } });
    // The Water system is not shared with the partner: it sees the issue, not the tap.
    const partner = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.collabMember });
    expect(partner.status).toBe(200);
    expect(partner.body).toMatchObject({ asset_id: t.assets.tap, asset: null });

    await server.db
      .updateTable('assets')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.assets.tap)
      .execute();
    await server.db
      .updateTable('asset_groups')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.groups.boilerRoom)
      .execute();
    const after = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.member });
    expect(after.body).toMatchObject({ asset_id: t.assets.tap, asset: null, asset_group: null });
  });

  it('a duplicate keeps the asset when it can be chosen in the target workspace, else goes without', async () => {
    const t = await assetTeam();
    const id = await t.issue({ asset_id: t.assets.boiler, asset_group_id: t.groups.boilerRoom });
    const duplicate = async (workspaceId: number) => {
      const res = await server.call('POST', `${API}/issue/${id}/duplicate`, {
        token: t.tokens.admin,
        body: {
          title: 'Boiler leaks (Copy)',
          duplicate_to_subtask: false,
          workspace_id: workspaceId,
          copy_involved_users: false,
          copy_comments: false,
          copy_links: false,
        },
      });
      expect(res.status).toBe(200);
      return (
        await server.call('GET', `${API}/issue/${res.body.completed[0].new_id}`, { token: t.tokens.admin })
      ).body;
    };
    expect(await duplicate(t.ids.site)).toMatchObject({
      asset: { id: t.assets.boiler, name: 'Boiler 1' },
      asset_group: { id: t.groups.boilerRoom, name: 'Boiler room' },
    });
    expect(await duplicate(t.ids.depot)).toMatchObject({ asset_id: null, asset_group_id: null });
  });
});

describe('issue list filters by asset, group and system', () => {
  it('asset_ids, asset_groups (the group or an asset in it) and asset_systems', async () => {
    const t = await assetTeam();
    const boiler = await t.issue({ title: 'Boiler', asset_id: t.assets.boiler });
    const groupOnly = await t.issue({ title: 'Group only', asset_group_id: t.groups.boilerRoom });
    const radiator = await t.issue({
      title: 'Radiator',
      workspace_id: t.ids.room,
      asset_id: t.assets.radiator,
    });
    const tap = await t.issue({ title: 'Tap', asset_id: t.assets.tap });
    const pump = await t.issue({ title: 'Pump', workspace_id: t.ids.depot, asset_id: t.assets.pump });
    await t.issue({ title: 'No asset' });
    const ids = async (query: string) => {
      const res = await server.call('GET', `${API}/issue/?${query}`, { token: t.tokens.admin });
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
    };
    const sorted = (...list: number[]) => list.sort((a, b) => a - b);
    expect(await ids(`asset_ids=${t.assets.boiler},${t.assets.pump}`)).toEqual(sorted(boiler, pump));
    expect(await ids(`asset_groups=${t.groups.boilerRoom}`)).toEqual(sorted(boiler, groupOnly));
    expect(await ids(`asset_groups=${t.groups.depotGroup}`)).toEqual([pump]);
    expect(await ids(`asset_systems=${t.systems.heating}`)).toEqual(sorted(boiler, radiator));
    expect(await ids(`asset_systems=${t.systems.heating},${t.systems.water}`)).toEqual(
      sorted(boiler, radiator, tap),
    );
    expect(await ids(`asset_systems=${t.systems.water}&asset_groups=${t.groups.boilerRoom}`)).toEqual([]);
    // Another organisation's caller finds nothing by our ids.
    const stranger = await server.call('GET', `${API}/issue/?asset_ids=${t.assets.boiler}`, {
      token: t.strangerToken,
    });
    expect(stranger.body.data).toEqual([]);
  });
});

describe('issue export names the asset', () => {
  it('asset and asset_group columns in csv and json', async () => {
    const t = await assetTeam();
    const id = await t.issue({ asset_id: t.assets.boiler, asset_group_id: t.groups.boilerRoom });
    const hidden = await t.issue({ title: 'Tap drips', asset_id: t.assets.tap });
    const download = async (format: string, token: string) => {
      const res = await fetch(`${server.url}${API}/issue/export?format=${format}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer()).toString('utf8');
    };
    const csv = (await download('csv', t.tokens.admin)).slice(1).split('\r\n');
    const header = (csv[0] ?? '').split(',');
    const row = (csv.find((line) => line.startsWith(`${id},`)) ?? '').split(',');
    expect(row[header.indexOf('asset')]).toBe('Boiler 1');
    expect(row[header.indexOf('asset_group')]).toBe('Boiler room');

    const json = JSON.parse(await download('json', t.tokens.collabMember)) as Array<Record<string, unknown>>;
    expect(json.find((r) => r.id === id)).toMatchObject({ asset: 'Boiler 1', asset_group: 'Boiler room' });
    // The partner does not see the Water system's tap: the issue is exported without its name.
    expect(json.find((r) => r.id === hidden)).toMatchObject({ asset: null });
  });
});
