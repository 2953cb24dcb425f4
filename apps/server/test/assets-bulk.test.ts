import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createAssetTeam } from './helpers/assets-factories.js';
import { addWorkspace, createTeam } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function states(ids: number[]) {
  const rows = await server.db
    .selectFrom('assets')
    .select(['id', 'status', 'deleted_at'])
    .where('id', 'in', ids)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, { status: r.status, deleted: r.deleted_at !== null }]));
}

async function actionsOf(ids: number[]) {
  const rows = await server.db
    .selectFrom('activity_log')
    .select(['entity_id', 'action', 'user_id'])
    .where('entity_type', '=', 'asset')
    .where('entity_id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows;
}

/** An asset team, assets the asset manager manages, one they do not, and one of another organisation. */
async function bulkWorld() {
  const t = await createAssetTeam(server);
  const managed = await t.addAsset({ name: 'Pump', managerIds: [t.people.assetManager.id] });
  const archived = await t.addAsset({ name: 'Old pump', status: 5, managerIds: [t.people.assetManager.id] });
  const notMine = await t.addAsset({ name: 'Fan' });
  const other = await createTeam(server.db);
  const otherSite = await addWorkspace(server.db, other.org.id, 'Elsewhere');
  const foreign = await createAsset(server.db, { client_id: other.org.id, workspace_id: otherSite });
  return {
    t,
    ids: {
      boiler: t.asset.id,
      managed: managed.id,
      archived: archived.id,
      notMine: notMine.id,
      foreign: foreign.id,
    },
  };
}

describe('PUT asset/multi_archive', () => {
  it('archives what the caller manages; answers each refused id with its reason; logs each asset', async () => {
    const { t, ids } = await bulkWorld();
    const res = await server.call('PUT', `${API}/asset/multi_archive`, {
      token: t.tokens.assetManager,
      body: {
        ids: [ids.boiler, ids.managed, ids.archived, ids.notMine, ids.foreign, 99_999_999, ids.managed],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      archived: [ids.boiler, ids.managed, ids.archived],
      not_archived: [
        { id: ids.notMine, error: 'forbidden' },
        { id: ids.foreign, error: 'not_found' },
        { id: 99_999_999, error: 'not_found' },
      ],
    });
    expect(await states([ids.boiler, ids.managed, ids.archived, ids.notMine, ids.foreign])).toEqual({
      [ids.boiler]: { status: 5, deleted: false },
      [ids.managed]: { status: 5, deleted: false },
      [ids.archived]: { status: 5, deleted: false },
      [ids.notMine]: { status: 1, deleted: false },
      [ids.foreign]: { status: 1, deleted: false },
    });
    // One entry per asset that changed; the one archived already had nothing to log.
    expect(await actionsOf(Object.values(ids))).toEqual([
      { entity_id: ids.boiler, action: 'archived', user_id: t.people.assetManager.id },
      { entity_id: ids.managed, action: 'archived', user_id: t.people.assetManager.id },
    ]);
  });

  it('a member and a partner archive nothing; a workspace manager everything of the workspace', async () => {
    const { t, ids } = await bulkWorld();
    const all = [ids.boiler, ids.managed, ids.notMine];
    for (const who of ['member', 'collabManager'] as const) {
      const res = await server.call('PUT', `${API}/asset/multi_archive`, {
        token: t.tokens[who],
        body: { ids: all },
      });
      expect(res.status, who).toBe(200);
      expect(res.body.archived, who).toEqual([]);
    }
    // The partner sees only the boiler (the shared system): the others are not found for it.
    const partner = await server.call('PUT', `${API}/asset/multi_archive`, {
      token: t.tokens.collabManager,
      body: { ids: all },
    });
    expect(partner.body.not_archived).toEqual([
      { id: ids.boiler, error: 'forbidden' },
      { id: ids.managed, error: 'not_found' },
      { id: ids.notMine, error: 'not_found' },
    ]);
    const manager = await server.call('PUT', `${API}/asset/multi_archive`, {
      token: t.tokens.manager,
      body: { ids: all },
    });
    expect(manager.body).toEqual({ archived: all, not_archived: [] });
  });

  it('refuses an empty or too long list', async () => {
    const { t } = await bulkWorld();
    const empty = await server.call('PUT', `${API}/asset/multi_archive`, {
      token: t.tokens.admin,
      body: { ids: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toEqual({ ids: 'required' });
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    const long = await server.call('PUT', `${API}/asset/multi_archive`, {
      token: t.tokens.admin,
      body: { ids: many },
    });
    expect(long.status).toBe(422);
    expect(long.body.fields).toEqual({ ids: 'too_long' });
  });
});

describe('DELETE asset/multi_delete', () => {
  it('deletes what the caller manages, archived ones too; answers each refused id', async () => {
    const { t, ids } = await bulkWorld();
    const res = await server.call('DELETE', `${API}/asset/multi_delete`, {
      token: t.tokens.assetGroupManager,
      body: { ids: [ids.boiler, ids.managed, ids.foreign] },
    });
    expect(res.status).toBe(200);
    // Gil manages the boiler's group, not the pump.
    expect(res.body).toEqual({
      deleted: [ids.boiler],
      not_deleted: [
        { id: ids.managed, error: 'forbidden' },
        { id: ids.foreign, error: 'not_found' },
      ],
    });
    const admin = await server.call('DELETE', `${API}/asset/multi_delete`, {
      token: t.tokens.admin,
      body: { ids: [ids.boiler, ids.managed, ids.archived] },
    });
    // Deleted already: nobody sees it any more.
    expect(admin.body).toEqual({
      deleted: [ids.managed, ids.archived],
      not_deleted: [{ id: ids.boiler, error: 'not_found' }],
    });
    expect(await states([ids.boiler, ids.managed, ids.archived, ids.notMine, ids.foreign])).toEqual({
      [ids.boiler]: { status: 1, deleted: true },
      [ids.managed]: { status: 1, deleted: true },
      [ids.archived]: { status: 5, deleted: true },
      [ids.notMine]: { status: 1, deleted: false },
      [ids.foreign]: { status: 1, deleted: false },
    });
    expect((await actionsOf(Object.values(ids))).map((r) => [r.entity_id, r.action])).toEqual([
      [ids.boiler, 'deleted'],
      [ids.managed, 'deleted'],
      [ids.archived, 'deleted'],
    ]);
    const list = await server.call('GET', `${API}/asset?status=1,2,3,4,5`, { token: t.tokens.admin });
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([ids.notMine]);
  });

  it('a stranger deletes nothing, and nothing changes', async () => {
    const { t, ids } = await bulkWorld();
    const before = await states(Object.values(ids));
    const res = await server.call('DELETE', `${API}/asset/multi_delete`, {
      token: t.strangerToken,
      body: { ids: [ids.boiler, ids.managed] },
    });
    expect(res.body).toEqual({
      deleted: [],
      not_deleted: [
        { id: ids.boiler, error: 'not_found' },
        { id: ids.managed, error: 'not_found' },
      ],
    });
    expect(await states(Object.values(ids))).toEqual(before);
  });
});
