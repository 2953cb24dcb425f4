import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Settings → general / PDF reports (issue 21): every setting of PUT client/{id} is checked (a bad
// value answers 422 with the field's key and changes nothing), only the organisation's admins
// change it, another organisation's admin gets 404, and a change shows in GET config at once.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function team() {
  const t = await createTeam(server.db);
  return { ...t, adminToken: await login(server, t.admin), memberToken: await login(server, t.member) };
}

const BAD: Array<[string, Record<string, unknown>]> = [
  ['colors', { colors: { primary: 'red' } }],
  ['media_max_size', { media_max_size: 0 }],
  ['media_max_size', { media_max_size: 'big' }],
  ['time_zone', { time_zone: 'Mars/Base' }],
  ['default_language', { default_language: 'xx' }],
  ['include_equipment', { include_equipment: 'yes' }],
  ['include_schedules', { include_schedules: 1 }],
  ['include_assets', { include_assets: null }],
  ['include_collab', { include_collab: 'no' }],
  ['is_equipment_return_strict', { is_equipment_return_strict: 'x' }],
  ['edit_workspace', { edit_workspace: 2 }],
  ['available_pdf_name_params', { available_pdf_name_params: ['colour'] }],
  ['only_admins_see_users', { only_admins_see_users: 'x' }],
  ['archive_issues_statuses', { archive_issues_statuses: [99] }],
  ['member_can_take_over_issue', { member_can_take_over_issue: 'x' }],
  ['user_management_permission', { user_management_permission: 'everyone' }],
  ['is_assignee_mandatory', { is_assignee_mandatory: 'x' }],
  ['is_asset_required', { is_asset_required: 'x' }],
  ['include_issue_process_number', { include_issue_process_number: 'x' }],
  ['show_in_review_overdue', { show_in_review_overdue: 'x' }],
  ['limited_collaborator_invites', { limited_collaborator_invites: 'x' }],
  ['attachment_comments', { attachment_comments: 'x' }],
  ['attachment_priority', { attachment_priority: 'x' }],
  ['attachment_deadline', { attachment_deadline: 'x' }],
  ['include_export_subtasks', { include_export_subtasks: 'x' }],
  ['include_export_watchers', { include_export_watchers: 'x' }],
  ['pdf_defaults', { pdf_defaults: { header: 'x' } }],
  // A custom PDF report must keep at least one part.
  [
    'pdf_defaults',
    {
      pdf_defaults: {
        header: false,
        title: false,
        details: false,
        description: false,
        media: false,
        comments: false,
        activity_log: false,
        ws_reference_number: false,
        forms: false,
        checklists_on_report: false,
      },
    },
  ],
  ['privacy_policy', { privacy_policy: { url: 'javascript:alert(1)' } }],
  ['privacy_policy', { privacy_policy: { required: 'x' } }],
  ['display', { display: { comments: 'x' } }],
];

describe('organisation settings', () => {
  it('refuses every bad value with the field named, and changes nothing', async () => {
    const t = await team();
    const before = await server.call('GET', `${API}/client/${t.org.id}`, { token: t.adminToken });
    expect(before.status).toBe(200);
    for (const [field, settings] of BAD) {
      const res = await server.call('PUT', `${API}/client/${t.org.id}`, {
        token: t.adminToken,
        body: { settings },
      });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(422);
      const keys = Object.keys(res.body.fields ?? {}).join(',');
      expect(keys, `${field}: ${JSON.stringify(res.body)}`).toContain(field);
    }
    const name = await server.call('PUT', `${API}/client/${t.org.id}`, {
      token: t.adminToken,
      body: { name: 'x' },
    });
    expect(name.status).toBe(422);
    expect(Object.keys(name.body.fields)).toContain('name');
    const after = await server.call('GET', `${API}/client/${t.org.id}`, { token: t.adminToken });
    expect(after.body.settings).toEqual(before.body.settings);
    expect(after.body.name).toBe(before.body.name);
  });

  it('saves good values of every card, megabytes arrive as bytes', async () => {
    const t = await team();
    const settings = {
      colors: { primary: '#2b8a3e', secondary: '#5f3dc4' },
      time_zone: 'Europe/Berlin',
      default_language: 'de',
      include_schedules: false,
      archive_issues_statuses: [5, 6],
      user_management_permission: 'manager_admins',
      media_max_size: 25_000_000,
      privacy_policy: { required: true, url: 'https://example.com/privacy' },
      pdf_defaults: { comments: false },
      available_pdf_name_params: ['workspace', 'title'],
      include_export_watchers: true,
      display: { history: false },
    };
    const res = await server.call('PUT', `${API}/client/${t.org.id}`, {
      token: t.adminToken,
      body: { name: 'Renamed Org', settings },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.name).toBe('Renamed Org');
    expect(res.body.settings).toMatchObject({
      ...settings,
      pdf_defaults: { comments: false, header: true },
      display: { history: false, comments: true },
    });
  });

  it('only admins change settings; a manager or a member gets 403 and nothing changes', async () => {
    const t = await team();
    const manager = await createUser(server.db, t.org.id, {
      role: 'user',
      firstName: 'Max',
      lastName: 'Manager',
    });
    const site = await addWorkspace(server.db, t.org.id, 'Site');
    await addWorkspaceRole(server.db, manager, site, 'manager');
    const managerToken = await login(server, manager);
    for (const token of [t.memberToken, managerToken]) {
      const res = await server.call('PUT', `${API}/client/${t.org.id}`, {
        token,
        body: { settings: { include_assets: false } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
    }
    const after = await server.call('GET', `${API}/client/${t.org.id}`, { token: t.adminToken });
    expect(after.body.settings.include_assets).toBe(true);
  });

  it("answers another organisation's admin 404", async () => {
    const t = await team();
    const other = await team();
    const res = await server.call('PUT', `${API}/client/${t.org.id}`, {
      token: other.adminToken,
      body: { settings: { include_assets: false } },
    });
    expect(res.status).toBe(404);
    expect((await server.call('GET', `${API}/client/${t.org.id}`, { token: other.adminToken })).status).toBe(
      404,
    );
  });

  it('applies at once: the menu of GET config loses Assets when include_assets goes off', async () => {
    const t = await team();
    const menuOf = async (token: string) =>
      (
        (await server.call('GET', `${API}/config?get_only=menu`, { token })).body.menu as Array<{
          key: string;
        }>
      ).map((item) => item.key);
    expect(await menuOf(t.memberToken)).toContain('assets');
    await server.call('PUT', `${API}/client/${t.org.id}`, {
      token: t.adminToken,
      body: { settings: { include_assets: false } },
    });
    expect(await menuOf(t.memberToken)).not.toContain('assets');
    expect(await menuOf(t.adminToken)).not.toContain('assets');
    const config = await server.call('GET', `${API}/config?get_only=client`, { token: t.memberToken });
    expect(config.body.client.settings.include_assets).toBe(false);
  });

  it('new invited people get the default language', async () => {
    const t = await team();
    await server.call('PUT', `${API}/client/${t.org.id}`, {
      token: t.adminToken,
      body: { settings: { default_language: 'pl' } },
    });
    const email = `new-${Date.now()}@example.com`;
    const res = await server.call('POST', `${API}/users/create-multiple`, {
      token: t.adminToken,
      body: { new_users: [{ email, first_name: 'Nia', last_name: 'New' }] },
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    const row = await server.db
      .selectFrom('users')
      .select('language')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row?.language).toBe('pl');
  });
});
