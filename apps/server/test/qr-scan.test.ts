import {
  assetQrTarget,
  equipmentGroupPublicPath,
  equipmentQrTarget,
  parseScannedCode,
  workspaceQrTarget,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset } from './helpers/assets-factories.js';
import { createEquipment, createEquipmentGroup } from './helpers/equipment-factories.js';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';
import { createWorkspaceTree } from './helpers/workspaces-factories.js';

// POST qr_code/scan (issue 21): a code scanned with the app's camera opens what it names, for
// those who may see it, and lands in the scan log with the person and the position.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const scan = (token: string, body: Record<string, unknown>) =>
  server.call('POST', '/api/v4/qr_code/scan', { token, body });

async function codeOf(table: 'workspaces' | 'equipment_groups', id: number): Promise<string> {
  const row = await server.db
    .selectFrom(table)
    .select('public_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.public_code;
}

async function scansOf(entityType: string, entityId: number) {
  return server.db
    .selectFrom('qr_scan_logs')
    .selectAll()
    .where('entity_type', '=', entityType as 'workspace')
    .where('entity_id', '=', entityId)
    .execute();
}

describe('parseScannedCode', () => {
  it('reads our printed addresses and bare codes, and nothing else', () => {
    const code = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(parseScannedCode(workspaceQrTarget('https://app.example', code))).toEqual({
      kind: 'workspace',
      code,
    });
    expect(parseScannedCode(assetQrTarget('https://x.test/', code))).toEqual({ kind: 'asset', code });
    expect(parseScannedCode(equipmentQrTarget('http://x.test', code))).toEqual({ kind: 'equipment', code });
    expect(parseScannedCode(`https://x.test${equipmentGroupPublicPath(code)}`)).toEqual({
      kind: 'equipment_group',
      code,
    });
    expect(parseScannedCode(` ${code} `)).toEqual({ kind: 'any', code });
    expect(parseScannedCode('https://x.test/public/report?workspace_id=42&qr=1')).toEqual({
      kind: 'workspace_legacy',
      id: 42,
    });
    for (const bad of [
      '',
      'hello',
      'javascript:alert(1)',
      'https://x.test/dashboard',
      'ftp://x/public/report',
    ]) {
      expect(parseScannedCode(bad), bad).toBeNull();
    }
  });
});

describe('POST qr_code/scan', () => {
  it('resolves a workspace code to its staff page and logs the scan with the position', async () => {
    const t = await createWorkspaceTree(server);
    const value = workspaceQrTarget(TEST_APP_URL, await codeOf('workspaces', t.ids.room));
    const res = await scan(t.tokens.manager, { value, latitude: 48.2082, longitude: 16.3738, accuracy: 12 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entity_type: 'workspace',
      id: t.ids.room,
      name: 'Room',
      path: `/dashboard/workspaces/detail/${t.ids.room}`,
    });
    const [logged, ...more] = await scansOf('workspace', t.ids.room);
    expect(more).toHaveLength(0);
    expect(logged).toMatchObject({
      client_id: t.org.id,
      user_id: t.manager.id,
      latitude: 48.2082,
      longitude: 16.3738,
    });
    // The workspace's scan log shows it.
    const log = await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.room}`, { token: t.tokens.admin });
    expect(log.body.data[0]).toMatchObject({ user: { id: t.manager.id }, latitude: 48.2082 });
  });

  it('logs a scan without a position when none is given, and takes a bare code', async () => {
    const t = await createWorkspaceTree(server);
    const res = await scan(t.tokens.admin, { value: await codeOf('workspaces', t.ids.depot) });
    expect(res.status).toBe(200);
    expect(res.body.path).toBe(`/dashboard/workspaces/detail/${t.ids.depot}`);
    const [logged] = await scansOf('workspace', t.ids.depot);
    expect(logged).toMatchObject({ user_id: t.admin.id, latitude: null, longitude: null });
  });

  it('resolves assets, equipment and equipment groups', async () => {
    const t = await createWorkspaceTree(server);
    const asset = await createAsset(server.db, { client_id: t.org.id, workspace_id: t.ids.site });
    const item = await createEquipment(server.db, { client_id: t.org.id, workspace_id: t.ids.site });
    const group = await createEquipmentGroup(server.db, { clientId: t.org.id, workspaceId: t.ids.site });
    const a = await scan(t.tokens.manager, { value: assetQrTarget(TEST_APP_URL, asset.publicCode) });
    expect(a.body).toMatchObject({
      entity_type: 'asset',
      id: asset.id,
      path: `/dashboard/assets/detail/${asset.id}`,
    });
    const e = await scan(t.tokens.manager, { value: equipmentQrTarget(TEST_APP_URL, item.publicCode) });
    expect(e.body).toMatchObject({
      entity_type: 'equipment',
      id: item.id,
      path: `/dashboard/equipment/detail/${item.id}`,
    });
    const g = await scan(t.tokens.admin, {
      value: `${TEST_APP_URL}${equipmentGroupPublicPath(await codeOf('equipment_groups', group))}`,
    });
    expect(g.body).toMatchObject({
      entity_type: 'equipment_group',
      id: group,
      path: `/dashboard/equipment/groups?group=${group}`,
    });
    expect(await scansOf('asset', asset.id)).toHaveLength(1);
    expect(await scansOf('equipment', item.id)).toHaveLength(1);
    expect(await scansOf('equipment_group', group)).toHaveLength(1);
  });

  it("answers 404 for another organisation's code and for what the caller may not see, logging nothing", async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    const theirs = workspaceQrTarget(TEST_APP_URL, await codeOf('workspaces', other.ids.site));
    const res = await scan(t.tokens.admin, { value: theirs });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    // The member works in the depot only: the site's code names nothing for them.
    const site = workspaceQrTarget(TEST_APP_URL, await codeOf('workspaces', t.ids.site));
    expect((await scan(t.tokens.member, { value: site })).status).toBe(404);
    const asset = await createAsset(server.db, { client_id: other.org.id, workspace_id: other.ids.site });
    expect(
      (await scan(t.tokens.admin, { value: assetQrTarget(TEST_APP_URL, asset.publicCode) })).status,
    ).toBe(404);
    expect(await scansOf('workspace', other.ids.site)).toHaveLength(0);
    expect(await scansOf('workspace', t.ids.site)).toHaveLength(0);
    expect(await scansOf('asset', asset.id)).toHaveLength(0);
  });

  it('answers the archived key for archived things and 404 for deleted ones', async () => {
    const t = await createWorkspaceTree(server);
    const code = await codeOf('workspaces', t.ids.building);
    await server.db
      .updateTable('workspaces')
      .set({ archived_at: new Date() })
      .where('id', '=', t.ids.building)
      .execute();
    const archived = await scan(t.tokens.admin, { value: code });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('workspace_archived');
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.ids.building)
      .execute();
    expect((await scan(t.tokens.admin, { value: code })).status).toBe(404);

    const asset = await createAsset(server.db, { client_id: t.org.id, workspace_id: t.ids.site, status: 5 });
    const a = await scan(t.tokens.admin, { value: assetQrTarget(TEST_APP_URL, asset.publicCode) });
    expect([a.status, a.body.error]).toEqual([422, 'asset_archived']);
    const item = await createEquipment(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      status: 'archived',
    });
    const e = await scan(t.tokens.admin, { value: equipmentQrTarget(TEST_APP_URL, item.publicCode) });
    expect([e.status, e.body.error]).toEqual([422, 'equipment_archived']);
    await server.db
      .updateTable('assets')
      .set({ deleted_at: new Date() })
      .where('id', '=', asset.id)
      .execute();
    expect(
      (await scan(t.tokens.admin, { value: assetQrTarget(TEST_APP_URL, asset.publicCode) })).status,
    ).toBe(404);
    expect(await scansOf('workspace', t.ids.building)).toHaveLength(0);
  });

  it('refuses bad input and strangers', async () => {
    const t = await createWorkspaceTree(server);
    const code = await codeOf('workspaces', t.ids.site);
    expect((await server.call('POST', '/api/v4/qr_code/scan', { body: { value: code } })).status).toBe(401);
    for (const body of [
      {},
      { value: '' },
      { value: 'x'.repeat(2001) },
      { value: code, latitude: 91, longitude: 0 },
      { value: code, latitude: 10 },
      { value: code, latitude: 'north', longitude: 1 },
    ]) {
      const res = await scan(t.tokens.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await scan(t.tokens.admin, { value: 'not a code' })).status).toBe(404);
    expect(await scansOf('workspace', t.ids.site)).toHaveLength(0);
  });
});
