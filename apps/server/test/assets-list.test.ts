import { addDays, ZAssetFilterOptionsSchema, ZAssetListResponseSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAssetGroup,
  createAssetPicture,
  createAssetSystem,
  createAssetTeam,
  createRegulatoryFile,
} from './helpers/assets-factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

type Team = Awaited<ReturnType<typeof createAssetTeam>>;

async function list(t: Team, query = '', who: keyof Team['tokens'] = 'admin') {
  const res = await server.call('GET', `${API}/asset${query ? `?${query}` : ''}`, { token: t.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const names = (body: { data: Array<{ name: string }> }) => body.data.map((a) => a.name);

describe('GET asset', () => {
  it("an admin's list leaves out the assets of a deleted workspace", async () => {
    const t = await createAssetTeam(server);
    // The admin sees every workspace but the deleted ones: the list reads "of the organisation,
    // not in these" (asset-visibility.ts ownExcept), which must still leave them out.
    await t.addAsset({ name: 'In the depot', workspace_id: t.ids.depot });
    await t.addAsset({ name: 'In the room', workspace_id: t.ids.room });
    expect(names(await list(t))).toEqual(['Boiler 1', 'In the depot', 'In the room']);
    const deleted = await server.call('DELETE', `${API}/workspace/${t.ids.depot}`, { token: t.tokens.admin });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const body = await list(t);
    expect(names(body)).toEqual(['Boiler 1', 'In the room']);
    expect(body.total).toBe(2);
  });

  it('pages the live assets by name in the paged envelope, each card with its rights', async () => {
    const t = await createAssetTeam(server);
    await t.addAsset({ name: 'air handler' });
    await t.addAsset({ name: 'Chiller' });
    await t.addAsset({ name: 'Archived pump', status: 5 });
    await t.addAsset({ name: 'Gone', deleted_at: new Date() });
    const body = await list(t);
    expect(ZAssetListResponseSchema.safeParse(body).success).toBe(true);
    expect(names(body)).toEqual(['air handler', 'Boiler 1', 'Chiller']);
    expect(body).toMatchObject({ current_page: 1, per_page: 20, total: 3, last_page: 1, from: 1, to: 3 });
    const second = await list(t, 'paginate_by=20&page=2');
    expect(second.data).toEqual([]);
    expect(second.total).toBe(3);
    expect(names(await list(t, 'sort_direction=desc'))).toEqual(['Chiller', 'Boiler 1', 'air handler']);

    const boiler = (await list(t, '', 'assetManager')).data.find(
      (a: { name: string }) => a.name === 'Boiler 1',
    );
    expect(boiler).toMatchObject({
      workspace: { id: t.ids.site, name: 'Site' },
      group: { id: t.groupId, name: 'Boiler room' },
      system: { id: t.systemId, name: 'Heating' },
      manufacturer: 'Viessmann',
      model: 'Vitodens 200',
      picture_url: null,
      legal_state: 'missing',
      can_edit: true,
      can_manage: true,
    });
    const others = (await list(t, '', 'assetManager')).data.filter(
      (a: { name: string }) => a.name !== 'Boiler 1',
    );
    expect(others.map((a: { can_edit: boolean }) => a.can_edit)).toEqual([false, false]);
    expect((await list(t, '', 'manager')).data.every((a: { can_edit: boolean }) => a.can_edit)).toBe(true);
    expect((await list(t, '', 'member')).data.some((a: { can_edit: boolean }) => a.can_edit)).toBe(false);
  });

  it('shows partners only the assets of the systems shared with them, read only; strangers nothing', async () => {
    const t = await createAssetTeam(server);
    const lifts = await createAssetSystem(server.db, { clientId: t.org.id, name: 'Lifts' });
    await t.addAsset({ name: 'Lift', system_id: lifts });
    await t.addAsset({ name: 'Radiator', system_id: t.systemId });
    await t.addAsset({ name: 'Depot boiler', system_id: t.systemId, workspace_id: t.ids.depot });
    const partner = await list(t, '', 'collabMember');
    expect(names(partner)).toEqual(['Boiler 1', 'Radiator']);
    expect(partner.data.every((a: { can_edit: boolean }) => !a.can_edit)).toBe(true);
    expect(names(await list(t, '', 'depotMember'))).toEqual(['Depot boiler']);
    const stranger = await server.call('GET', `${API}/asset`, { token: t.strangerToken });
    expect(stranger.body).toMatchObject({ data: [], total: 0 });
  });

  it('filters by status, search, workspaces (with sub-workspaces), groups, systems, models, manufacturers and managers', async () => {
    const t = await createAssetTeam(server);
    const lifts = await createAssetSystem(server.db, { clientId: t.org.id, name: 'Lifts' });
    const roomGroup = await createAssetGroup(server.db, {
      clientId: t.org.id,
      workspaceId: t.ids.room,
      managerIds: [t.people.member.id],
    });
    await t.addAsset({
      name: 'Lift',
      system_id: lifts,
      model: 'Gen2',
      manufacturer: 'Otis',
      serial_number: 'XK-100%',
    });
    await t.addAsset({
      name: 'Room fan',
      workspace_id: t.ids.room,
      group_id: roomGroup,
      reference_number: 'REF-7',
    });
    await t.addAsset({ name: 'Old pump', status: 5, manufacturer: 'Grundfos' });
    await t.addAsset({
      name: 'Broken pump',
      status: 3,
      manufacturer: 'Grundfos',
      managerIds: [t.people.assignee.id],
    });
    const cases: Array<[string, string[]]> = [
      ['status=5', ['Old pump']],
      ['status=1,3', ['Boiler 1', 'Broken pump', 'Lift', 'Room fan']],
      ['status=3', ['Broken pump']],
      ['search=vito', ['Boiler 1']],
      ['search=xk-100%25', ['Lift']],
      // The caller's % and _ are taken literally.
      ['search=%25', ['Lift']],
      ['search=_', []],
      ['search=ref-7', ['Room fan']],
      ['search=otis', ['Lift']],
      ['search=gen2', ['Lift']],
      ['search=pump', ['Broken pump']],
      [`workspaces=${t.ids.site}`, ['Boiler 1', 'Broken pump', 'Lift']],
      [`workspaces=${t.ids.site}&include_sub_ws=1`, ['Boiler 1', 'Broken pump', 'Lift', 'Room fan']],
      [`workspaces=${t.ids.room}`, ['Room fan']],
      [`groups=${t.groupId},${roomGroup}`, ['Boiler 1', 'Room fan']],
      [`systems=${lifts}`, ['Lift']],
      ['models=Gen2,Vitodens 200', ['Boiler 1', 'Lift']],
      ['manufacturers=Grundfos&status=', ['Broken pump']],
      ['manufacturers=Grundfos&status=1,2,3,4,5', ['Broken pump', 'Old pump']],
      // Managed directly, or through the group.
      [`managers=${t.people.assetManager.id}`, ['Boiler 1']],
      [`managers=${t.people.assetGroupManager.id}`, ['Boiler 1']],
      [`managers=${t.people.member.id},${t.people.assignee.id}`, ['Broken pump', 'Room fan']],
      // A value that is not allowed falls back to the default.
      ['status=9&sort_by=colour', ['Boiler 1', 'Broken pump', 'Lift', 'Room fan']],
    ];
    for (const [query, expected] of cases) {
      expect(names(await list(t, query)), query).toEqual(expected);
    }
  });

  it('filters by the legal state of the regulatory files, on the database today', async () => {
    const t = await createAssetTeam(server);
    const clientId = t.org.id;
    const expired = await t.addAsset({ name: 'Expired' });
    const expiring = await t.addAsset({ name: 'Expiring' });
    const valid = await t.addAsset({ name: 'Valid' });
    await createRegulatoryFile(server.db, {
      clientId,
      assetIds: [expired.id],
      validUntil: addDays(today(), -1),
    });
    await createRegulatoryFile(server.db, {
      clientId,
      assetIds: [expired.id],
      validUntil: addDays(today(), 400),
    });
    await createRegulatoryFile(server.db, {
      clientId,
      assetIds: [expiring.id, valid.id],
      validUntil: addDays(today(), 400),
    });
    await createRegulatoryFile(server.db, {
      clientId,
      assetIds: [expiring.id],
      validUntil: addDays(today(), 30),
    });
    await createRegulatoryFile(server.db, { clientId, assetIds: [valid.id], validUntil: null });
    // A deleted file counts for nothing.
    const deleted = await createRegulatoryFile(server.db, {
      clientId,
      assetIds: [valid.id],
      validUntil: addDays(today(), -10),
    });
    await server.db
      .updateTable('regulatory_files')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted)
      .execute();

    const all = await list(t);
    expect(
      Object.fromEntries(all.data.map((a: { name: string; legal_state: string }) => [a.name, a.legal_state])),
    ).toEqual({
      'Boiler 1': 'missing',
      Expired: 'expired',
      Expiring: 'expiring',
      Valid: 'valid',
    });
    expect(names(await list(t, 'legal_requirements=expired'))).toEqual(['Expired']);
    expect(names(await list(t, 'legal_requirements=expiring,missing'))).toEqual(['Boiler 1', 'Expiring']);
    expect(names(await list(t, 'legal_requirements=valid'))).toEqual(['Valid']);
  });

  it('counts open issues and tasks the caller sees, live assets of the group, and sorts by them', async () => {
    const t = await createAssetTeam(server);
    const pump = await t.addAsset({ name: 'Pump', group_id: t.groupId });
    await t.addAsset({ name: 'Old pump', group_id: t.groupId, status: 5 });
    const fan = await t.addAsset({ name: 'Fan' });
    const boilerIssue = await t.issue({ asset_id: t.asset.id });
    await t.issue({ asset_id: t.asset.id, status_id: 6 });
    await t.issue({ asset_id: t.asset.id, status_id: 8, completed_at: new Date() });
    await t.issue({ asset_id: t.asset.id, archived_at: new Date() });
    await t.issue({ asset_id: t.asset.id, deleted_at: new Date() });
    await t.issue({ asset_id: pump.id });
    await t.issue({ asset_id: fan.id, parent_id: boilerIssue });
    await t.issue({ asset_id: fan.id, parent_id: boilerIssue });
    await t.issue({ asset_id: pump.id, parent_id: boilerIssue });
    // In the depot: not seen by the site's people.
    await t.issue({ asset_id: pump.id, workspace_id: t.ids.depot });

    const body = await list(t, '', 'member');
    const stats = Object.fromEntries(
      body.data.map((a: { name: string; statistics: unknown }) => [a.name, a.statistics]),
    );
    expect(stats).toEqual({
      'Boiler 1': { assets_in_group: 2, asset_issues: 2, asset_tasks: 0 },
      Fan: { assets_in_group: 0, asset_issues: 0, asset_tasks: 2 },
      Pump: { assets_in_group: 2, asset_issues: 1, asset_tasks: 1 },
    });
    expect(names(await list(t, 'sort_by=asset_issues&sort_direction=desc', 'member'))).toEqual([
      'Boiler 1',
      'Pump',
      'Fan',
    ]);
    expect(names(await list(t, 'sort_by=asset_tasks&sort_direction=desc', 'member'))).toEqual([
      'Fan',
      'Pump',
      'Boiler 1',
    ]);
    expect(names(await list(t, 'sort_by=asset_issues', 'member'))).toEqual(['Fan', 'Pump', 'Boiler 1']);
  });

  it('sorts by created and updated', async () => {
    const t = await createAssetTeam(server);
    await t.addAsset({
      name: 'Older',
      created_at: new Date('2000-01-01'),
      updated_at: new Date('2002-06-01'),
    });
    await t.addAsset({
      name: 'Newer',
      created_at: new Date('2001-01-01'),
      updated_at: new Date('2001-06-01'),
    });
    expect(names(await list(t, 'sort_by=created'))).toEqual(['Older', 'Newer', 'Boiler 1']);
    expect(names(await list(t, 'sort_by=created&sort_direction=desc'))).toEqual([
      'Boiler 1',
      'Newer',
      'Older',
    ]);
    expect(names(await list(t, 'sort_by=updated&sort_direction=desc'))).toEqual([
      'Boiler 1',
      'Older',
      'Newer',
    ]);
    expect(names(await list(t, 'sort_by=updated'))).toEqual(['Newer', 'Older', 'Boiler 1']);
  });

  it("shows the first picture's thumbnail, and reads a page in the same few statements however many cards", async () => {
    const t = await createAssetTeam(server);
    await createAssetPicture(server.db, { clientId: t.org.id, assetId: t.asset.id, sortIndex: 1 });
    const first = await createAssetPicture(server.db, {
      clientId: t.org.id,
      assetId: t.asset.id,
      sortIndex: 0,
    });
    const key = await server.db
      .selectFrom('attachments')
      .select('thumbnail_key')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    const [card] = (await list(t, `groups=${t.groupId}`)).data;
    expect(card.picture_url).toContain(key.thumbnail_key);

    const statements = async () =>
      (await server.countStatements(() => list(t, 'paginate_by=200', 'assetManager'))).statements;
    await statements(); // the caller's access is read once, then kept
    const few = await statements();
    for (let n = 0; n < 15; n++) {
      const asset = await t.addAsset({
        name: `Asset ${n}`,
        group_id: t.groupId,
        managerIds: [t.people.member.id],
      });
      await createAssetPicture(server.db, { clientId: t.org.id, assetId: asset.id });
    }
    expect(await statements()).toBe(few);
  });
});

describe('GET asset/filter_options', () => {
  it('offers the groups, systems, models, manufacturers and managers of what the caller sees', async () => {
    const t = await createAssetTeam(server);
    const lifts = await createAssetSystem(server.db, { clientId: t.org.id, name: 'Lifts' });
    const depotGroup = await createAssetGroup(server.db, {
      clientId: t.org.id,
      workspaceId: t.ids.depot,
      name: 'Depot group',
      managerIds: [t.people.depotMember.id],
    });
    await t.addAsset({
      name: 'Lift',
      system_id: lifts,
      model: 'Gen2',
      manufacturer: 'Otis',
      managerIds: [t.people.member.id],
    });
    await t.addAsset({
      name: 'Depot pump',
      workspace_id: t.ids.depot,
      model: 'Hidden',
      group_id: depotGroup,
    });
    const res = await server.call('GET', `${API}/asset/filter_options`, { token: t.tokens.manager });
    expect(res.status).toBe(200);
    expect(ZAssetFilterOptionsSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      groups: [{ id: t.groupId, name: 'Boiler room', workspace_id: t.ids.site }],
      systems: [
        { id: t.systemId, name: 'Heating' },
        { id: lifts, name: 'Lifts' },
      ],
      models: ['Gen2', 'Vitodens 200'],
      manufacturers: ['Otis', 'Viessmann'],
    });
    expect(res.body.managers.map((m: { full_name: string }) => m.full_name)).toEqual([
      'Ada Asset',
      'Gil Grouper',
      'Mo Member',
    ]);
    // The partner: only the shared system and what its assets show.
    const partner = await server.call('GET', `${API}/asset/filter_options`, { token: t.tokens.collabMember });
    expect(partner.body).toMatchObject({
      groups: [{ id: t.groupId }],
      systems: [{ id: t.systemId }],
      models: ['Vitodens 200'],
      manufacturers: ['Viessmann'],
    });
    const stranger = await server.call('GET', `${API}/asset/filter_options`, { token: t.strangerToken });
    expect(stranger.body).toEqual({ groups: [], systems: [], models: [], manufacturers: [], managers: [] });
  });
});
