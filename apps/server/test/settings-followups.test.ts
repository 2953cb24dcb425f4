import { LOCATION_REQUEST_TTL_MS } from '@workbench/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWorkspace,
  addWorkspaceRole,
  createTeam,
  createUser,
  login,
  uniqueEmail,
} from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { pngImage, setClientSettings } from './helpers/users-factories.js';
import { createWorkspaceTree } from './helpers/workspaces-factories.js';

// Issue 21 follow-ups: the organisation's logo, the export switches, the privacy consent on the
// server, expiring location requests, the scan's accuracy and the derived onboarding QR step.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function logoForm(data: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

const logoOf = async (clientId: number) =>
  (await server.db.selectFrom('clients').select('logo').where('id', '=', clientId).executeTakeFirstOrThrow())
    .logo;

describe('POST/DELETE client/{id}/logo', () => {
  it('an admin uploads a logo: scaled to fit 512 px, stored, shown in config, logged; a new one replaces the old file', async () => {
    const { org, admin } = await createTeam(server.db);
    const token = await login(server, admin);
    const big = await pngImage(1600, 800);
    const res = await server.callForm(
      'POST',
      `${API}/client/${org.id}/logo`,
      logoForm(big, 'l.png', 'image/png'),
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.logo).toMatch(/^\/api\/v4\/files\/\d+\/logos\/[0-9a-f]{32}\.png\?/);
    const key = await logoOf(org.id);
    expect(key).toMatch(new RegExp(`^${org.id}/logos/[0-9a-f]{32}\\.png$`));
    const stored = await server.ctx.storage.get(key as string);
    const meta = await sharp(stored as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
    // The file is served under the signed URL the answer gave.
    const file = await fetch(`${server.url}${res.body.logo}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const config = await server.call('GET', `${API}/config?get_only=client`, { token });
    expect(config.body.client.logo).toMatch(/\/logos\//);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('client_id', '=', org.id)
      .where('entity_type', '=', 'client')
      .where('action', '=', 'updated')
      .execute();
    expect(log.map((l) => l.changes)).toEqual([{ logo: 'changed' }]);

    const webp = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#f00' } })
      .webp()
      .toBuffer();
    const again = await server.callForm(
      'POST',
      `${API}/client/${org.id}/logo`,
      logoForm(webp, 'l.webp', 'image/webp'),
      token,
    );
    expect(again.status).toBe(200);
    const next = await logoOf(org.id);
    expect(next).toMatch(/\.webp$/);
    // Small images are not enlarged; the old file is gone.
    expect((await sharp((await server.ctx.storage.get(next as string)) as Buffer).metadata()).width).toBe(
      100,
    );
    expect(await server.ctx.storage.get(key as string)).toBeUndefined();

    const removed = await server.call('DELETE', `${API}/client/${org.id}/logo`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect(await logoOf(org.id)).toBeNull();
    expect(await server.ctx.storage.get(next as string)).toBeUndefined();
    // Removing when there is none is fine.
    expect((await server.call('DELETE', `${API}/client/${org.id}/logo`, { token })).status).toBe(200);
  });

  it('only admins; another organisation answers 404; not an image, or a gif, is refused and nothing changes', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const other = await createTeam(server.db);
    const png = await pngImage(64, 64);
    const memberToken = await login(server, member);
    const byMember = await server.callForm(
      'POST',
      `${API}/client/${org.id}/logo`,
      logoForm(png, 'l.png', 'image/png'),
      memberToken,
    );
    expect(byMember.status).toBe(403);
    expect((await server.call('DELETE', `${API}/client/${org.id}/logo`, { token: memberToken })).status).toBe(
      403,
    );
    const otherToken = await login(server, other.admin);
    const foreign = await server.callForm(
      'POST',
      `${API}/client/${org.id}/logo`,
      logoForm(png, 'l.png', 'image/png'),
      otherToken,
    );
    expect(foreign.status).toBe(404);
    expect((await server.call('DELETE', `${API}/client/${org.id}/logo`, { token: otherToken })).status).toBe(
      404,
    );
    expect(
      (await server.callForm('POST', `${API}/client/${org.id}/logo`, logoForm(png, 'l.png', 'image/png')))
        .status,
    ).toBe(401);

    const token = await login(server, admin);
    const text = await server.callForm(
      'POST',
      `${API}/client/${org.id}/logo`,
      logoForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'l.png', 'image/png'),
      token,
    );
    expect(text.status).toBe(422);
    expect(text.body.fields).toEqual({ file: 'file_type_not_allowed' });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const byGif = await server.callForm(
      'POST',
      `${API}/client/${org.id}/logo`,
      logoForm(gif, 'l.gif', 'image/gif'),
      token,
    );
    expect(byGif.status).toBe(422);
    expect(byGif.body.fields).toEqual({ file: 'file_type_not_allowed' });
    const none = await server.callForm('POST', `${API}/client/${org.id}/logo`, new FormData(), token);
    expect(none.status).toBe(422);
    expect(await logoOf(org.id)).toBeNull();
    expect(await logoOf(other.org.id)).toBeNull();
  });
});

async function exportJson(token: string, query = '') {
  const res = await fetch(`${server.url}${API}/issue/export?format=json${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{ id: number; watchers?: string }>;
}

async function exportCsvHeader(token: string) {
  const res = await fetch(`${server.url}${API}/issue/export?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.text()).slice(1).split('\r\n')[0];
}

describe('issue export: include_export_subtasks and include_export_watchers', () => {
  it('sub-issues are exported only with include_export_subtasks on', async () => {
    const t = await createIssueTeam(server);
    const parent = await t.issue({ title: 'Parent' });
    const child = await t.issue({ title: 'Child', parent_id: parent });
    const deletedChild = await t.issue({ title: 'Gone', parent_id: parent, deleted_at: new Date() });
    const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);
    await setClientSettings(server.db, t.org.id, { include_export_subtasks: true });
    expect(ids(await exportJson(t.tokens.admin))).toEqual([parent, child]);
    expect(ids(await exportJson(t.tokens.admin))).not.toContain(deletedChild);
    // A depot member sees neither (visibility stays the list's).
    expect(await exportJson(t.tokens.depotMember)).toEqual([]);
    await setClientSettings(server.db, t.org.id, { include_export_subtasks: false });
    expect(ids(await exportJson(t.tokens.admin))).toEqual([parent]);
    expect(ids(await exportJson(t.tokens.admin, `&ids=${parent},${child}`))).toEqual([parent]);
    expect(await exportJson(t.tokens.admin, '&issue_type=task')).toEqual([]);
  });

  it('the watchers column only with include_export_watchers on', async () => {
    const t = await createIssueTeam(server);
    const issue = await t.issue({ title: 'Watched' });
    await server.db
      .insertInto('issue_watchers')
      .values([
        { client_id: t.org.id, issue_id: issue, user_id: t.people.manager.id },
        { client_id: t.org.id, issue_id: issue, user_id: t.people.assignee.id },
      ])
      .execute();
    await setClientSettings(server.db, t.org.id, { include_export_watchers: false });
    expect((await exportJson(t.tokens.admin))[0]).not.toHaveProperty('watchers');
    expect(await exportCsvHeader(t.tokens.admin)).not.toContain('watchers');
    await setClientSettings(server.db, t.org.id, { include_export_watchers: true });
    expect((await exportJson(t.tokens.admin))[0]?.watchers).toBe('Ava Assignee, Mia Manager');
    expect(await exportCsvHeader(t.tokens.admin)).toMatch(/,watchers$/);
    const xml = await (
      await fetch(`${server.url}${API}/issue/export?format=xml`, {
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      })
    ).text();
    expect(xml).toContain('<watchers>Ava Assignee, Mia Manager</watchers>');
  });
});

describe('privacy consent required', () => {
  it('refuses other calls with privacy_consent_required until the person accepts; the consent page calls pass', async () => {
    const t = await createIssueTeam(server);
    await setClientSettings(server.db, t.org.id, { privacy_policy: { required: true, url: null } });
    const token = t.tokens.member;
    const list = await server.call('GET', `${API}/issue/`, { token });
    expect(list.status).toBe(403);
    expect(list.body.error).toBe('privacy_consent_required');
    const write = await server.call('POST', `${API}/workspace`, {
      token: t.tokens.admin,
      body: { name: 'X' },
    });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('privacy_consent_required');
    expect(
      await server.db
        .selectFrom('workspaces')
        .select('id')
        .where('name', '=', 'X')
        .where('client_id', '=', t.org.id)
        .execute(),
    ).toEqual([]);
    // Another person's profile is not the own one.
    expect((await server.call('GET', `${API}/user/${t.people.admin.id}`, { token })).status).toBe(403);
    for (const [method, path] of [
      ['GET', '/config?get_only=client,privacy_policy_consent'],
      ['GET', '/user/me'],
      ['GET', `/user/${t.people.member.id}`],
      ['GET', '/auth/sessions'],
      ['GET', '/user/client_info'],
      ['GET', '/user/me/clients'],
      ['GET', '/notification/unread_count'],
    ] as const) {
      const res = await server.call(method, `${API}${path}`, { token });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const language = await server.call('PUT', `${API}/user/me`, { token, body: { language: 'de' } });
    expect(language.status, JSON.stringify(language.body)).toBe(200);
    const consent = await server.call('POST', `${API}/user/me/privacy_consent`, { token });
    expect(consent.status).toBe(200);
    expect((await server.call('GET', `${API}/issue/`, { token })).status).toBe(200);
    // The admin still owes it; logging out is always possible.
    expect((await server.call('GET', `${API}/issue/`, { token: t.tokens.admin })).status).toBe(403);
    expect((await server.call('POST', `${API}/auth/logout`, { token: t.tokens.admin })).status).toBeLessThan(
      300,
    );
    // Not required: nobody is held up.
    await setClientSettings(server.db, t.org.id, { privacy_policy: { required: false, url: null } });
    expect((await server.call('GET', `${API}/issue/`, { token: t.tokens.manager })).status).toBe(200);
  });

  it('costs no statement of its own', async () => {
    const t = await createIssueTeam(server);
    const read = () => server.call('GET', `${API}/issue/`, { token: t.tokens.member });
    await read();
    const before = await server.countStatements(read);
    await setClientSettings(server.db, t.org.id, { privacy_policy: { required: true, url: null } });
    await server.call('POST', `${API}/user/me/privacy_consent`, { token: t.tokens.member });
    await read();
    const after = await server.countStatements(read);
    expect(after.result.status).toBe(200);
    expect(after.statements).toBe(before.statements);
  });
});

describe('location requests expire after 24 hours', () => {
  it('an old pending request is hidden from the person, not answerable, and a new one can be asked', async () => {
    const t = await createWorkspaceTree(server);
    const worker = await createUser(server.db, t.org.id, { firstName: 'Wes', lastName: 'Worker' });
    await addWorkspaceRole(server.db, worker, t.ids.room, 'member');
    const workerToken = await login(server, worker);
    const asked = await server.call('POST', `${API}/user/${worker.id}/request_location`, {
      token: t.tokens.manager,
      body: { workspace_id: t.ids.room },
    });
    expect(asked.status).toBe(200);
    const id = asked.body.request.id as number;
    const mine = async () =>
      (
        (await server.call('GET', `${API}/user/me/location_requests`, { token: workerToken })).body
          .data as Array<{ id: number }>
      ).map((r) => r.id);
    expect(await mine()).toEqual([id]);
    // Just under a day old: still pending.
    const age = async (ms: number) =>
      server.db
        .updateTable('location_requests')
        .set({ created_at: new Date(Date.now() - ms) as never })
        .where('id', '=', id)
        .execute();
    await age(LOCATION_REQUEST_TTL_MS - 60_000);
    expect(await mine()).toEqual([id]);
    await age(LOCATION_REQUEST_TTL_MS + 60_000);
    expect(await mine()).toEqual([]);
    const late = await server.call('POST', `${API}/location_request/${id}/answer`, {
      token: workerToken,
      body: { accept: true, latitude: 45.8, longitude: 15.97, accuracy: 12 },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('location_request_not_pending');
    expect(
      await server.db.selectFrom('presence_logs').select('id').where('user_id', '=', worker.id).execute(),
    ).toEqual([]);
    const again = await server.call('POST', `${API}/user/${worker.id}/request_location`, {
      token: t.tokens.manager,
      body: { workspace_id: t.ids.room },
    });
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(true);
    expect(again.body.request.id).not.toBe(id);
    const old = await server.db
      .selectFrom('location_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe('expired');
    expect(await mine()).toEqual([again.body.request.id]);
    const answered = await server.call('POST', `${API}/location_request/${again.body.request.id}/answer`, {
      token: workerToken,
      body: { accept: true, latitude: 45.8, longitude: 15.97, accuracy: 12.5 },
    });
    expect(answered.status).toBe(200);
    const log = await server.db
      .selectFrom('presence_logs')
      .select('accuracy_m')
      .where('user_id', '=', worker.id)
      .executeTakeFirstOrThrow();
    expect(log.accuracy_m).toBe(12.5);
  });
});

describe('QR scan accuracy and the onboarding QR step', () => {
  it('stores the accuracy with the scan, shows it in the scan log, and ticks print_qr_code', async () => {
    const t = await createWorkspaceTree(server);
    const onboarding = async () =>
      (await server.call('GET', `${API}/config?get_only=onboarding_progress`, { token: t.tokens.admin })).body
        .onboarding_progress.completed_steps as string[];
    expect(await onboarding()).not.toContain('print_qr_code');
    const code = (
      await server.db
        .selectFrom('workspaces')
        .select('public_code')
        .where('id', '=', t.ids.building)
        .executeTakeFirstOrThrow()
    ).public_code;
    const scanned = await server.call('POST', `${API}/qr_code/scan`, {
      token: t.tokens.manager,
      body: { value: code, latitude: 45.81, longitude: 15.98, accuracy: 23.4 },
    });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    const log = await server.call('GET', `${API}/qr_code/scan_log/${t.ids.building}`, {
      token: t.tokens.admin,
    });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({ latitude: 45.81, longitude: 15.98, accuracy_m: 23.4 });
    expect(await onboarding()).toContain('print_qr_code');
    // The derived steps stay one statement: config's onboarding part costs the same as before a scan.
    const counted = await server.countStatements(() =>
      server.call('GET', `${API}/config?get_only=onboarding_progress`, { token: t.tokens.admin }),
    );
    expect(counted.statements, counted.sql.join('\n')).toBeLessThanOrEqual(4);
  });
});

describe("mails to addresses without a language of their own use the organisation's default_language", () => {
  const mailTo = (to: string) =>
    server.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to_email', '=', to)
      .executeTakeFirstOrThrow();

  it('a partner invitation to an external address, and an invitee who has not chosen yet', async () => {
    const { org, admin } = await createTeam(server.db);
    await setClientSettings(server.db, org.id, { default_language: 'de' });
    const token = await login(server, admin);
    const external = uniqueEmail('partner');
    const invited = await server.call('POST', `${API}/collaboration`, {
      token,
      body: { collab_type: 'client', email: external },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const partnerMail = await mailTo(external);
    expect(partnerMail.subject).toContain('lädt Sie zur Zusammenarbeit auf Workbench ein');
    expect(partnerMail.text).toContain('als Kunde');

    const site = await addWorkspace(server.db, org.id, 'Site');
    const person = uniqueEmail('new');
    const res = await server.call('POST', `${API}/users/create-multiple`, {
      token,
      body: {
        new_users: [{ email: person, first_name: 'Nia', last_name: 'Neu' }],
        workspace_ids: [site],
        role: 'member',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const invite = await mailTo(person);
    expect(invite.subject).toBe(
      `Sie sind zu ${(await server.db.selectFrom('clients').select('name').where('id', '=', org.id).executeTakeFirstOrThrow()).name} auf Workbench eingeladen`,
    );
    expect(invite.text).toContain('Hallo Nia Neu,');
  });
});
