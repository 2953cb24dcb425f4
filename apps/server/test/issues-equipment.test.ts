import { ZIssueSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment } from './helpers/equipment-factories.js';
import { API, countIssues, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The issue team with items in the Site (drill, ladder), in the Depot, and of another organisation. */
async function world() {
  const t = await createIssueTeam(server);
  const item = async (workspaceId: number, title: string, clientId = t.org.id) =>
    (await createEquipment(server.db, { client_id: clientId, workspace_id: workspaceId, title })).id;
  const drill = await item(t.ids.site, 'Drill');
  const ladder = await item(t.ids.room, 'Ladder');
  const depotSaw = await item(t.ids.depot, 'Depot saw');
  const stranger = await createIssueTeam(server);
  const foreign = await item(stranger.ids.site, 'Foreign drill', stranger.org.id);
  return { ...t, items: { drill, ladder, depotSaw, foreign } };
}

describe('issues name equipment (equipment_ids, equipments)', () => {
  it('creates an issue with items the caller sees and answers them as equipments', async () => {
    const w = await world();
    const res = await server.call('POST', `${API}/issue`, {
      token: w.tokens.member,
      body: {
        workspace_id: w.ids.site,
        title: 'Fix the shelf',
        equipment_ids: [w.items.ladder, w.items.drill, w.items.drill],
      },
    });
    expect(res.status).toBe(201);
    const issue = ZIssueSchema.parse(res.body);
    expect(issue.equipment_ids).toEqual([w.items.ladder, w.items.drill]);
    expect(issue.equipments).toEqual([
      { id: w.items.drill, title: 'Drill', status: 'stored' },
      { id: w.items.ladder, title: 'Ladder', status: 'stored' },
    ]);
    const got = await server.call('GET', `${API}/issue/${issue.id}`, { token: w.tokens.member });
    expect(got.body.equipments.map((e: { id: number }) => e.id)).toEqual([w.items.drill, w.items.ladder]);
  });

  it('refuses items the caller does not see, of another organisation, deleted or unknown (422), creating nothing', async () => {
    const w = await world();
    const deleted = (await createEquipment(server.db, { client_id: w.org.id, workspace_id: w.ids.site })).id;
    await server.db
      .updateTable('equipment')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted)
      .execute();
    const before = await countIssues(server, w.org.id);
    for (const bad of [w.items.depotSaw, w.items.foreign, deleted, 2_000_000_000]) {
      const res = await server.call('POST', `${API}/issue`, {
        token: w.tokens.member,
        body: { workspace_id: w.ids.site, title: 'Nope', equipment_ids: [w.items.drill, bad] },
      });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.fields).toEqual({ equipment_ids: 'invalid_format' });
    }
    const notIds = await server.call('POST', `${API}/issue`, {
      token: w.tokens.member,
      body: { workspace_id: w.ids.site, title: 'Nope', equipment_ids: ['drill'] },
    });
    expect(notIds.status).toBe(422);
    expect(await countIssues(server, w.org.id)).toBe(before);
    // The admin sees the Depot's items.
    const admin = await server.call('POST', `${API}/issue`, {
      token: w.tokens.admin,
      body: { workspace_id: w.ids.site, title: 'With the saw', equipment_ids: [w.items.depotSaw] },
    });
    expect(admin.status).toBe(201);
  });

  it('changes the items on update; items kept need not be visible to the editor, and only visible ones are shown', async () => {
    const w = await world();
    const id = await w.issue({
      title: 'Shelf',
      created_by: w.people.manager.id,
      equipment_ids: [w.items.depotSaw],
    });
    // The Site manager does not see the Depot saw: it stays named, but is not shown to them.
    const seen = await server.call('GET', `${API}/issue/${id}`, { token: w.tokens.manager });
    expect(seen.body.equipment_ids).toEqual([w.items.depotSaw]);
    expect(seen.body.equipments).toEqual([]);
    const added = await server.call('PUT', `${API}/issue/${id}`, {
      token: w.tokens.manager,
      body: { equipment_ids: [w.items.depotSaw, w.items.drill] },
    });
    expect(added.status).toBe(200);
    expect(added.body.equipment_ids).toEqual([w.items.depotSaw, w.items.drill]);
    expect(added.body.equipments).toEqual([{ id: w.items.drill, title: 'Drill', status: 'stored' }]);
    const admin = await server.call('GET', `${API}/issue/${id}`, { token: w.tokens.admin });
    expect(admin.body.equipments.map((e: { title: string }) => e.title)).toEqual(['Depot saw', 'Drill']);

    const snapshot = await issueSnapshot(server, id);
    const refused = await server.call('PUT', `${API}/issue/${id}`, {
      token: w.tokens.manager,
      body: { equipment_ids: [w.items.drill, w.items.foreign] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({ equipment_ids: 'invalid_format' });
    expect(await issueSnapshot(server, id)).toBe(snapshot);

    const cleared = await server.call('PUT', `${API}/issue/${id}`, {
      token: w.tokens.manager,
      body: { equipment_ids: [] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.equipments).toEqual([]);
  });

  it('shows a deleted item no more, and a partner sees none of the inventory', async () => {
    const w = await world();
    const id = await w.issue({ equipment_ids: [w.items.drill, w.items.ladder] });
    await server.db
      .updateTable('equipment')
      .set({ deleted_at: new Date() })
      .where('id', '=', w.items.ladder)
      .execute();
    const own = await server.call('GET', `${API}/issue/${id}`, { token: w.tokens.admin });
    expect(own.body.equipments.map((e: { id: number }) => e.id)).toEqual([w.items.drill]);
    const partner = await server.call('GET', `${API}/issue/${id}`, { token: w.tokens.collabMember });
    expect(partner.status).toBe(200);
    expect(partner.body.equipments).toEqual([]);
  });
});
