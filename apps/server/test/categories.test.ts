import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, addWorkspaceRole, createTeam, login } from './helpers/factories.js';
import { API, insertIssue } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function setUp() {
  const team = await createTeam(server.db);
  const workspace = await addWorkspace(server.db, team.org.id, 'Site');
  await addWorkspaceRole(server.db, team.member, workspace, 'manager');
  return {
    ...team,
    workspace,
    adminToken: await login(server, team.admin),
    managerToken: await login(server, team.member),
  };
}

describe('categories', () => {
  it('an admin adds, renames, recolours and lists them by name with issue counts', async () => {
    const { org, workspace, adminToken, managerToken } = await setUp();
    const plumbing = await server.call('POST', `${API}/category/`, {
      token: adminToken,
      body: { name: '  Plumbing ', color: '#1c7ed6' },
    });
    expect(plumbing.status).toBe(200);
    expect(plumbing.body).toMatchObject({ name: 'Plumbing', color: '#1c7ed6', issues_count: 0 });
    const electrical = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'electrical' },
    });
    expect(electrical.body).toMatchObject({ name: 'electrical', color: null });

    // Counted once per issue, as main category or in the list; deleted issues do not count.
    const main = await insertIssue(server, {
      client_id: org.id,
      workspace_id: workspace,
      category_id: plumbing.body.id,
    });
    const listed = await insertIssue(server, { client_id: org.id, workspace_id: workspace });
    await insertIssue(server, {
      client_id: org.id,
      workspace_id: workspace,
      category_id: plumbing.body.id,
      deleted_at: new Date(),
    });
    await server.db
      .insertInto('issue_categories')
      .values([
        { client_id: org.id, issue_id: main, category_id: plumbing.body.id },
        { client_id: org.id, issue_id: listed, category_id: plumbing.body.id },
      ])
      .execute();

    const renamed = await server.call('PUT', `${API}/category/${electrical.body.id}`, {
      token: adminToken,
      body: { name: 'Electrical', color: '#f59f00' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Electrical', color: '#f59f00' });

    // Everyone reads them (a manager here), by name without case.
    const list = await server.call('GET', `${API}/category/`, { token: managerToken });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { name: string; issues_count: number }) => [c.name, c.issues_count])).toEqual([
      ['Electrical', 0],
      ['Plumbing', 2],
    ]);
    // The start-up config carries the same list.
    const config = await server.call('GET', `${API}/config?get_only=categories`, { token: managerToken });
    expect(config.body.categories.map((c: { name: string }) => c.name).sort()).toEqual([
      'Electrical',
      'Plumbing',
    ]);
  });

  it('refuses a name the organisation already has (case ignored), an empty or long name and a bad colour', async () => {
    const { adminToken } = await setUp();
    const first = await server.call('POST', `${API}/category`, { token: adminToken, body: { name: 'HVAC' } });
    const other = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'Safety' },
    });
    const taken = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: ' hvac' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({
      error: 'category_name_taken',
      fields: { name: 'category_name_taken' },
    });
    const renameTaken = await server.call('PUT', `${API}/category/${other.body.id}`, {
      token: adminToken,
      body: { name: 'Hvac' },
    });
    expect(renameTaken.body.error).toBe('category_name_taken');
    // Renaming to its own name in another case is no clash.
    const sameName = await server.call('PUT', `${API}/category/${first.body.id}`, {
      token: adminToken,
      body: { name: 'hvac' },
    });
    expect(sameName.status).toBe(200);

    for (const body of [{ name: '   ' }, { name: 'x'.repeat(256) }, { name: 'Roof', color: 'red' }, {}]) {
      const res = await server.call('POST', `${API}/category`, { token: adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    // Another organisation may use the same name.
    const stranger = await createTeam(server.db);
    const theirs = await server.call('POST', `${API}/category`, {
      token: await login(server, stranger.admin),
      body: { name: 'HVAC' },
    });
    expect(theirs.status).toBe(200);
  });

  it('deleting keeps the issues and templates, without the category, in one go', async () => {
    const { org, workspace, adminToken } = await setUp();
    const { body: category } = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'Cleaning' },
    });
    const { body: kept } = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'Kept' },
    });
    const issue = await insertIssue(server, {
      client_id: org.id,
      workspace_id: workspace,
      category_id: category.id,
    });
    await server.db
      .insertInto('issue_categories')
      .values([
        { client_id: org.id, issue_id: issue, category_id: category.id },
        { client_id: org.id, issue_id: issue, category_id: kept.id },
      ])
      .execute();
    const template = await server.call('POST', `${API}/text-templates`, {
      token: adminToken,
      body: { text: 'Floors mopped and dried.', category_id: category.id },
    });

    const deleted = await server.call('DELETE', `${API}/category/${category.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });

    const row = await server.db
      .selectFrom('issues')
      .select(['category_id', 'deleted_at'])
      .where('id', '=', issue)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ category_id: null, deleted_at: null });
    const lists = await server.db
      .selectFrom('issue_categories')
      .select('category_id')
      .where('issue_id', '=', issue)
      .execute();
    expect(lists).toEqual([{ category_id: kept.id }]);
    const after = await server.call('GET', `${API}/text-templates/${template.body.id}`, {
      token: adminToken,
    });
    expect(after.body).toMatchObject({ text: 'Floors mopped and dried.', category_id: null, category: null });
    // It is gone: a second delete or a rename names nothing.
    expect(
      (await server.call('DELETE', `${API}/category/${category.id}`, { token: adminToken })).status,
    ).toBe(404);
    expect(
      (
        await server.call('PUT', `${API}/category/${category.id}`, {
          token: adminToken,
          body: { name: 'Back' },
        })
      ).status,
    ).toBe(404);
  });

  it('only admins manage them: a workspace manager is refused and nothing changes', async () => {
    const { managerToken, adminToken } = await setUp();
    const { body: category } = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'Roof' },
    });
    expect(
      (await server.call('POST', `${API}/category`, { token: managerToken, body: { name: 'Mine' } })).status,
    ).toBe(403);
    expect(
      (
        await server.call('PUT', `${API}/category/${category.id}`, {
          token: managerToken,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `${API}/category/${category.id}`, { token: managerToken })).status,
    ).toBe(403);
    const list = await server.call('GET', `${API}/category`, { token: managerToken });
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Roof']);
    expect((await server.call('GET', `${API}/category`)).status).toBe(401);
  });
});
