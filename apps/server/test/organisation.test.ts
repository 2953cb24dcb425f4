import {
  CONFIG_PARTS,
  ISSUE_FLOW,
  SESSION_TTL_MS,
  ZClientSchema,
  ZConfigResponseSchema,
  ZSessionUserSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAuthMailRequests } from '../src/modules/auth/auth-mail-requests.js';
import { addWorkspace, addWorkspaceRole, createTeam, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('user/me and user/{id}', () => {
  it('reads the session user with permissions from workspace roles', async () => {
    const { org, member } = await createTeam(server.db);
    const site = await addWorkspace(server.db, org.id, 'Site');
    await addWorkspaceRole(server.db, member, site, 'manager');
    const token = await login(server, member);
    const res = await server.call('GET', '/api/v4/user/me', { token });
    const user = ZSessionUserSchema.parse(res.body);
    expect(user.permissions.workspace).toEqual([{ workspace_id: site, role: 'manager' }]);
    expect(user.permissions.global).toContain('edit_workspace');
    const byId = await server.call('GET', `/api/v4/user/${member.id}`, { token });
    expect(byId.body).toEqual(res.body);
  });

  it('a colleague is readable (user list rules: see users-*.test.ts); another organisation answers 404', async () => {
    const a = await createTeam(server.db);
    const b = await createTeam(server.db);
    const token = await login(server, a.member);
    expect((await server.call('GET', `/api/v4/user/${a.admin.id}`, { token })).status).toBe(200);
    const putColleague = await server.call('PUT', `/api/v4/user/${a.admin.id}`, {
      token,
      body: { language: 'de' },
    });
    expect(putColleague.status).toBe(403);
    expect((await server.call('GET', `/api/v4/user/${b.member.id}`, { token })).status).toBe(404);
    const put = await server.call('PUT', `/api/v4/user/${b.member.id}`, { token, body: { language: 'de' } });
    expect(put.status).toBe(404);
    expect((await server.call('GET', '/api/v4/user/abc', { token })).status).toBe(422);
  });

  it('PUT user/me changes own language and settings, keeping the other settings', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const first = await server.call('PUT', '/api/v4/user/me', {
      token,
      body: { settings: { only_my_issues: true } },
    });
    expect(first.status).toBe(200);
    const res = await server.call('PUT', '/api/v4/user/me', {
      token,
      body: { language: 'pl', first_name: 'Maja' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      language: 'pl',
      first_name: 'Maja',
      settings: { only_my_issues: true, sort_direction: 'desc' },
    });
    const bad = await server.call('PUT', '/api/v4/user/me', { token, body: { language: 'xx' } });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ language: 'unsupported_language' });
  });
});

describe('client', () => {
  it('user/client_info and client/{own id} give the organisation; another id is 404', async () => {
    const a = await createTeam(server.db);
    const b = await createTeam(server.db);
    const token = await login(server, a.member);
    const info = await server.call('GET', '/api/v4/user/client_info', { token });
    expect(ZClientSchema.parse(info.body)).toMatchObject({ id: a.org.id, name: a.org.name });
    const byId = await server.call('GET', `/api/v4/client/${a.org.id}`, { token });
    expect(byId.body).toEqual(info.body);
    const other = await server.call('GET', `/api/v4/client/${b.org.id}`, { token });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('not_found');
    expect(JSON.stringify(other.body)).not.toContain(b.org.name);
  });

  it('PUT client/{id}: an admin changes name and settings (merged), logged in the activity log', async () => {
    const { org, admin } = await createTeam(server.db);
    const token = await login(server, admin);
    const res = await server.call('PUT', `/api/v4/client/${org.id}`, {
      token,
      body: { name: 'Renamed Ltd', settings: { include_assets: false, colors: { primary: '#112233' } } },
    });
    expect(res.status).toBe(200);
    const client = ZClientSchema.parse(res.body);
    expect(client.name).toBe('Renamed Ltd');
    expect(client.settings.include_assets).toBe(false);
    expect(client.settings.colors.primary).toBe('#112233');
    expect(client.settings.colors.secondary).toMatch(/^#/);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'user_id', 'changes'])
      .where('client_id', '=', org.id)
      .where('entity_type', '=', 'client')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'updated', user_id: admin.id });
  });

  it('PUT client/{id}: a plain user gets 403 forbidden and nothing changes', async () => {
    const { org, member } = await createTeam(server.db);
    const token = await login(server, member);
    const res = await server.call('PUT', `/api/v4/client/${org.id}`, { token, body: { name: 'Hijacked' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden');
    const row = await server.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(org.name);
  });

  it("PUT client/{id}: another organisation's id is 404 even for an admin", async () => {
    const a = await createTeam(server.db);
    const b = await createTeam(server.db);
    const token = await login(server, a.admin);
    const res = await server.call('PUT', `/api/v4/client/${b.org.id}`, { token, body: { name: 'Hijacked' } });
    expect(res.status).toBe(404);
  });

  it('PUT client/{id}: bad settings are 422 with the field', async () => {
    const { org, admin } = await createTeam(server.db);
    const token = await login(server, admin);
    const res = await server.call('PUT', `/api/v4/client/${org.id}`, {
      token,
      body: { settings: { colors: { primary: 'red' } } },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ 'settings.colors.primary': 'invalid_format' });
  });
});

describe('GET config', () => {
  it('returns every part when get_only is absent', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const res = await server.call('GET', '/api/v4/config', { token });
    expect(res.status).toBe(200);
    const config = ZConfigResponseSchema.parse(res.body);
    expect(Object.keys(config).sort()).toEqual([...CONFIG_PARTS].sort());
    expect(config.filters).toEqual([]);
    expect(config.issue_flow).toEqual(ISSUE_FLOW);
    expect(config.session_durations).toContainEqual({ key: 'default', seconds: SESSION_TTL_MS / 1000 });
    // Derived from the data (issue 21): the team has two people, so invite_people is done.
    expect(config.onboarding_progress).toEqual({ completed_steps: ['invite_people'], dismissed: false });
    expect(config.privacy_policy_consent).toEqual({ consented_at: null });
  });

  it('returns only the parts named', async () => {
    const { org, member } = await createTeam(server.db);
    await server.db
      .insertInto('categories')
      .values([
        { client_id: org.id, name: 'Plumbing', color: '#1c7ed6' },
        { client_id: org.id, name: 'Electrical', color: null },
      ])
      .execute();
    const token = await login(server, member);
    const res = await server.call('GET', '/api/v4/config?get_only=client,categories,menu', { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['categories', 'client', 'menu']);
    expect(res.body.client.id).toBe(org.id);
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['Electrical', 'Plumbing']);
    expect(res.body.menu.map((m: { key: string }) => m.key)).toContain('issues');
  });

  it('the menu follows the settings and the role', async () => {
    const { org, admin, member } = await createTeam(server.db);
    await server.db
      .updateTable('clients')
      .set({ settings: JSON.stringify({ include_equipment: false, only_admins_see_users: true }) })
      .where('id', '=', org.id)
      .execute();
    const keys = async (token: string) =>
      (await server.call('GET', '/api/v4/config?get_only=menu', { token })).body.menu.map(
        (m: { key: string }) => m.key,
      );
    const memberMenu = await keys(await login(server, member));
    const adminMenu = await keys(await login(server, admin));
    expect(memberMenu).not.toContain('equipment');
    expect(memberMenu).not.toContain('profiles');
    expect(adminMenu).toContain('profiles');
  });

  it('an unknown part is 422 unsupported_type', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const res = await server.call('GET', '/api/v4/config?get_only=client,colours', { token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'unsupported_type', fields: { get_only: 'unsupported_type' } });
  });

  it('needs a login', async () => {
    expect((await server.call('GET', '/api/v4/config')).status).toBe(401);
  });
});

describe('mail/outbox', () => {
  it('admins read their organisation mails; plain users are refused; other organisations stay apart', async () => {
    const a = await createTeam(server.db);
    const b = await createTeam(server.db);
    await server.call('POST', '/api/v4/auth/forgot_password', { body: { email: a.member.email } });
    await server.call('POST', '/api/v4/auth/forgot_password', { body: { email: b.member.email } });
    await processAuthMailRequests(server.ctx);
    const adminA = await login(server, a.admin);
    const res = await server.call('GET', '/api/v4/mail/outbox', { token: adminA });
    expect(res.status).toBe(200);
    const to = res.body.data.map((m: { to_email: string }) => m.to_email);
    expect(to).toContain(a.member.email);
    expect(to).not.toContain(b.member.email);
    const memberRes = await server.call('GET', '/api/v4/mail/outbox', {
      token: await login(server, a.member),
    });
    expect(memberRes.status).toBe(403);
  });

  it('hides the one-time links of people who belong to another organisation too (no way into an admin account elsewhere)', async () => {
    const here = await createTeam(server.db);
    const elsewhere = await createTeam(server.db);
    // The other organisation's admin also works here, currently in this organisation.
    await server.db
      .insertInto('user_clients')
      .values({ user_id: elsewhere.admin.id, client_id: here.org.id, role: 'user' })
      .execute();
    await server.db
      .updateTable('users')
      .set({ client_id: here.org.id })
      .where('id', '=', elsewhere.admin.id)
      .execute();
    for (const email of [elsewhere.admin.email, here.member.email]) {
      await server.call('POST', '/api/v4/auth/forgot_password', { body: { email } });
    }
    await processAuthMailRequests(server.ctx);
    const res = await server.call('GET', '/api/v4/mail/outbox', { token: await login(server, here.admin) });
    const textTo = (email: string) =>
      (res.body.data as Array<{ to_email: string; text: string }>).find((m) => m.to_email === email)?.text ??
      '';
    expect(textTo(elsewhere.admin.email)).toContain('[link hidden]');
    expect(textTo(elsewhere.admin.email)).not.toMatch(/token=/);
    // Without SMTP the outbox is where this organisation's own people's mails are read.
    expect(textTo(here.member.email)).toMatch(/change-password\?token=/);
  });

  it('hides every one-time link once mail goes out by SMTP (the outbox is then a delivery log)', async () => {
    const smtpServer = await startTestServer({
      smtp: { host: '127.0.0.1', port: 1, from: 'test@example.test', secure: false },
    });
    try {
      const team = await createTeam(smtpServer.db);
      await smtpServer.call('POST', '/api/v4/auth/forgot_password', { body: { email: team.member.email } });
      await processAuthMailRequests(smtpServer.ctx);
      const res = await smtpServer.call('GET', '/api/v4/mail/outbox', {
        token: await login(smtpServer, team.admin),
      });
      const mail = (res.body.data as Array<{ to_email: string; text: string }>).find(
        (m) => m.to_email === team.member.email,
      );
      expect(mail?.text).toContain('[link hidden]');
      expect(mail?.text).not.toMatch(/token=/);
    } finally {
      await smtpServer.close();
    }
  });
});
