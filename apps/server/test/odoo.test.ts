import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOdooServer, startFakeOdooServer } from './helpers/fake-odoo-server.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The Odoo sync (000 §7 POST integration/odoo-sync/{id}; issue 22) against a small local server
// speaking Odoo's JSON-RPC: the admin's connection (the API key stored encrypted), pushing an
// issue (create, then write to the same record), errors in the activity log, who may.

let server: TestServer;
let odoo: FakeOdooServer;
beforeAll(async () => {
  [server, odoo] = await Promise.all([startTestServer(), startFakeOdooServer()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), odoo?.close()]);
});

const connect = (token: string, body: Record<string, unknown>) =>
  server.call('PUT', `${API}/integration/odoo`, { token, body });
const sync = (token: string, id: number) =>
  server.call('POST', `${API}/integration/odoo-sync/${id}`, { token });
const activityOf = (issueId: number) =>
  server.db
    .selectFrom('activity_log')
    .select(['action', 'changes', 'user_id'])
    .where('entity_type', '=', 'issue')
    .where('entity_id', '=', issueId)
    .where('action', 'like', 'odoo%')
    .orderBy('id')
    .execute();

async function connectedWorld(model = 'maintenance.request') {
  const t = await createIssueTeam(server);
  const saved = await connect(t.tokens.admin, {
    url: `${odoo.url}/`,
    database: odoo.database,
    username: odoo.username,
    api_key: odoo.apiKey,
    model,
  });
  expect(saved.status).toBe(200);
  return t;
}

describe('integration/odoo (the connection)', () => {
  it('stores the API key encrypted, never answers it, and tests the login', async () => {
    const t = await createIssueTeam(server);
    expect(
      (await server.call('GET', `${API}/integration/odoo`, { token: t.tokens.admin })).body,
    ).toMatchObject({
      connected: false,
      has_api_key: false,
    });
    // The first save needs a key.
    const noKey = await connect(t.tokens.admin, {
      url: odoo.url,
      database: odoo.database,
      username: odoo.username,
      model: 'helpdesk.ticket',
    });
    expect(noKey.status).toBe(422);
    expect(noKey.body.fields).toEqual({ api_key: 'required' });
    const bad = await connect(t.tokens.admin, {
      url: 'ftp://x',
      database: '',
      username: 'u',
      model: 'res.partner',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['database', 'model', 'url']);
    const saved = await connect(t.tokens.admin, {
      url: `${odoo.url}/`,
      database: odoo.database,
      username: odoo.username,
      api_key: odoo.apiKey,
      model: 'helpdesk.ticket',
    });
    expect(saved.body).toMatchObject({
      connected: true,
      url: odoo.url,
      database: odoo.database,
      username: odoo.username,
      has_api_key: true,
      model: 'helpdesk.ticket',
    });
    expect(JSON.stringify(saved.body)).not.toContain(odoo.apiKey);
    const row = await server.db
      .selectFrom('odoo_connections')
      .selectAll()
      .where('client_id', '=', t.org.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(odoo.apiKey);
    expect(row.api_key_encrypted).toMatch(/^v1\./);
    const got = await server.call('GET', `${API}/integration/odoo`, { token: t.tokens.admin });
    expect(JSON.stringify(got.body)).not.toContain(odoo.apiKey);
    // Saving without a key keeps the stored one.
    await connect(t.tokens.admin, {
      url: odoo.url,
      database: odoo.database,
      username: odoo.username,
      model: 'helpdesk.ticket',
    });
    const test = await server.call('POST', `${API}/integration/odoo/test`, { token: t.tokens.admin });
    expect(test.body).toEqual({ success: true, uid: 7, message: null });
    // A wrong key: the test says so.
    await connect(t.tokens.admin, {
      url: odoo.url,
      database: odoo.database,
      username: odoo.username,
      api_key: 'wrong',
      model: 'helpdesk.ticket',
    });
    const wrong = await server.call('POST', `${API}/integration/odoo/test`, { token: t.tokens.admin });
    expect(wrong.body).toMatchObject({ success: false, uid: null });
    expect(wrong.body.message).toMatch(/refused the login/);
    // Only admins.
    expect((await server.call('GET', `${API}/integration/odoo`, { token: t.tokens.manager })).status).toBe(
      403,
    );
    expect((await connect(t.tokens.manager, { url: odoo.url })).status).toBe(403);
    const removed = await server.call('DELETE', `${API}/integration/odoo`, { token: t.tokens.admin });
    expect(removed.body.connected).toBe(false);
    expect(
      await server.db.selectFrom('odoo_connections').select('id').where('client_id', '=', t.org.id).execute(),
    ).toEqual([]);
  });
});

describe('POST integration/odoo-sync/{id}', () => {
  it('creates the record, then writes to the same one, and logs both', async () => {
    const t = await connectedWorld();
    const id = await t.issue({
      title: 'Broken boiler',
      description: 'No hot water',
      priority_id: 5,
      due_date: new Date('2026-12-24T10:00:00Z'),
    });
    const first = await sync(t.tokens.manager, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      created: true,
      link: { remote_model: 'maintenance.request', last_error: null },
    });
    const remoteId = first.body.link.remote_id as number;
    expect(first.body.link.remote_url).toBe(
      `${odoo.url}/web#id=${remoteId}&model=maintenance.request&view_type=form`,
    );
    const record = odoo.records.find((r) => r.id === remoteId);
    expect(record?.values).toMatchObject({
      name: 'Broken boiler',
      priority: '3',
      schedule_date: '2026-12-24 10:00:00',
    });
    expect(record?.values.description).toContain('No hot water');
    expect(record?.values.description).toContain('Workspace: Site');
    expect(record?.values.description).toContain('Due: 2026-12-24');
    await server.db.updateTable('issues').set({ title: 'Boiler replaced' }).where('id', '=', id).execute();
    const second = await sync(t.tokens.admin, id);
    expect(second.body).toMatchObject({ success: true, created: false, link: { remote_id: remoteId } });
    expect(
      odoo.records.filter((r) => r.values.description?.toString().includes(`/dashboard/issues/${id}`)),
    ).toHaveLength(1);
    expect(odoo.records.find((r) => r.id === remoteId)?.values.name).toBe('Boiler replaced');
    const status = await server.call('GET', `${API}/integration/odoo-sync/${id}`, { token: t.tokens.member });
    expect(status.body).toMatchObject({ connected: true, can_sync: false, link: { remote_id: remoteId } });
    const log = await activityOf(id);
    expect(log.map((l) => [l.action, l.changes])).toEqual([
      ['odoo_synced', { remote_model: 'maintenance.request', remote_id: remoteId, created: true }],
      ['odoo_synced', { remote_model: 'maintenance.request', remote_id: remoteId, created: false }],
    ]);
    // A record deleted in Odoo is made again.
    odoo.records.splice(
      odoo.records.findIndex((r) => r.id === remoteId),
      1,
    );
    const third = await sync(t.tokens.admin, id);
    expect(third.body.created).toBe(true);
    expect(third.body.link.remote_id).not.toBe(remoteId);
  });

  it("logs Odoo's error in the activity log and keeps it on the link", async () => {
    const t = await connectedWorld('helpdesk.ticket');
    const id = await t.issue({ title: 'Flicker' });
    odoo.failWrites = 'The team is required';
    try {
      const failed = await sync(t.tokens.admin, id);
      expect(failed.status).toBe(502);
      expect(failed.body.error).toBe('odoo_sync_failed');
      const log = await activityOf(id);
      expect(log).toEqual([
        {
          action: 'odoo_sync_failed',
          changes: { remote_model: 'helpdesk.ticket', error: 'The team is required' },
          user_id: t.people.admin.id,
        },
      ]);
      const status = await server.call('GET', `${API}/integration/odoo-sync/${id}`, {
        token: t.tokens.admin,
      });
      expect(status.body).toMatchObject({
        can_sync: true,
        link: { remote_id: null, last_error: 'The team is required', last_synced_at: null },
      });
    } finally {
      odoo.failWrites = null;
    }
    const fixed = await sync(t.tokens.admin, id);
    expect(fixed.body).toMatchObject({ created: true, link: { last_error: null } });
    expect(odoo.records.find((r) => r.id === fixed.body.link.remote_id)?.values.name).toBe('Flicker');
  });

  it('refuses members, partners and other organisations, and answers not configured', async () => {
    const t = await connectedWorld();
    const id = await t.issue();
    const before = odoo.calls.length;
    for (const token of [
      t.tokens.member,
      t.tokens.groupManager,
      t.tokens.collabManager,
      t.tokens.collabMember,
    ]) {
      const refused = await sync(token, id);
      expect(refused.status).toBe(403);
    }
    expect((await sync(t.strangerToken, id)).status).toBe(404);
    expect(
      (await server.call('GET', `${API}/integration/odoo-sync/${id}`, { token: t.strangerToken })).status,
    ).toBe(404);
    expect(odoo.calls.length).toBe(before);
    expect(await activityOf(id)).toEqual([]);
    const other = await createIssueTeam(server);
    const otherIssue = await other.issue();
    const off = await sync(other.tokens.admin, otherIssue);
    expect(off.status).toBe(409);
    expect(off.body.error).toBe('odoo_not_configured');
  });
});
