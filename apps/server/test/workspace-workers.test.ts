import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspaceRole, login } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/**
 * Who can work in a workspace is one rule (workspaceWorkersSql): the people the web offers as
 * assignees (users/list-by-workspace-access) are exactly those the issue shows as available and
 * the server accepts.
 */
describe('who can work in a workspace', () => {
  it('the assignee picker, the issue and the assignment check agree', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ workspace_id: t.ids.room });
    const token = t.tokens.manager;
    const picker = await server.call(
      'GET',
      `${API}/users/list-by-workspace-access?workspace_id=${t.ids.room}`,
      {
        token,
      },
    );
    expect(picker.status).toBe(200);
    const issue = await server.call('GET', `${API}/issue/${id}`, { token });
    expect(issue.status).toBe(200);
    const offered = picker.body.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b);
    expect(offered).toEqual(issue.body.workspace.available_assignees_ids);
    // Everybody with a role in the Site above, its admin, the partner sharing it.
    expect(offered).toEqual(
      [
        t.people.admin.id,
        t.people.manager.id,
        t.people.groupManager.id,
        t.people.member.id,
        t.people.assignee.id,
        t.people.collabMember.id,
        t.people.collabManager.id,
        t.partner.admin.id,
      ].sort((a, b) => a - b),
    );
    expect(offered).not.toContain(t.people.depotMember.id);
  });

  it('a workspace under a deleted one is nobody’s to work in, wherever it is asked', async () => {
    const t = await createIssueTeam(server);
    // Only the Site is deleted (the server deletes a branch whole; this is what is left when not).
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.ids.site)
      .execute();
    // Somebody with a role on the Room itself still sees it.
    await addWorkspaceRole(server.db, t.people.depotMember, t.ids.room, 'manager');
    const token = await login(server, t.people.depotMember);
    const id = await t.issue({ workspace_id: t.ids.room });

    const picker = await server.call(
      'GET',
      `${API}/users/list-by-workspace-access?workspace_id=${t.ids.room}`,
      {
        token,
      },
    );
    expect(picker.status).toBe(200);
    expect(picker.body).toEqual([]);
    const issue = await server.call('GET', `${API}/issue/${id}`, { token });
    expect(issue.status).toBe(200);
    expect(issue.body.workspace.available_assignees_ids).toEqual([]);
    const assigned = await server.call('PUT', `${API}/issue/${id}`, {
      token,
      body: { assignee_id: t.people.depotMember.id },
    });
    expect(assigned.status).toBe(422);
    expect(assigned.body.error).toBe('assignee_not_available');
  });
});
