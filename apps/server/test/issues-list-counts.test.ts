import type { IssueListPageResponse } from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, addWorkspaceRole, createUser, login } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The list's fast paths (migration 0010): state tab counts read from counters kept by a trigger,
// and the visible workspaces kept in memory per access version. Both must stay exactly right.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Page = IssueListPageResponse;

async function list(token: string, query = ''): Promise<Page> {
  const response = await server.call<Page>('GET', `${API}/issue/?${query}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

/**
 * The tab counts as the counters give them (no filter) must equal those counted from the issues:
 * a filter that keeps every issue (all priorities) makes the list count them instead.
 */
async function expectCountersRight(token: string, query = '') {
  const counted = await list(token, query);
  const allPriorities = await list(token, `${query}&priority_id=0,2,3,4,5`);
  expect(counted.state_counts).toEqual(allPriorities.state_counts);
  expect(counted.total).toBe(allPriorities.total);
  return counted;
}

/** The counters table itself equals a recount of the issues (organisation rows included). */
async function expectTableRight(clientId: number) {
  const { rows: stored } = await sql<{ key: string; count: number }>`
    SELECT workspace_id || ':' || top_level || ':' || status_id || ':' || archived AS key, count
      FROM issue_state_counts WHERE client_id = ${clientId} AND count <> 0 ORDER BY key`.execute(server.db);
  const { rows: recount } = await sql<{ key: string; count: number }>`
    SELECT key, count::int AS count FROM (
      SELECT workspace_id || ':' || (parent_id IS NULL) || ':' || status_id || ':' || (archived_at IS NOT NULL) AS key, count(*) AS count
        FROM issues WHERE client_id = ${clientId} AND deleted_at IS NULL GROUP BY 1
      UNION ALL
      SELECT '0:' || (parent_id IS NULL) || ':' || status_id || ':' || (archived_at IS NOT NULL), count(*)
        FROM issues WHERE client_id = ${clientId} AND deleted_at IS NULL GROUP BY 1) r
    ORDER BY key`.execute(server.db);
  expect(stored).toEqual(recount);
}

describe('state counters', () => {
  it('stay right through create, status changes, archive, delete, sub-issues and moves', async () => {
    const t = await createIssueTeam(server);
    const admin = t.tokens.admin;
    const create = async (body: Record<string, unknown>) => {
      const response = await server.call<{ id: number }>('POST', `${API}/issue`, { token: admin, body });
      expect(response.status).toBe(201);
      return response.body.id;
    };
    const door = await create({ workspace_id: t.ids.site, title: 'Broken door' });
    const wall = await create({
      workspace_id: t.ids.room,
      title: 'Paint wall',
      assignee_id: t.people.assignee.id,
    });
    const gate = await create({ workspace_id: t.ids.depot, title: 'Gate', assignee_id: t.people.admin.id });
    const sub = await create({ workspace_id: t.ids.room, title: 'Buy paint', parent_id: wall });
    let page = await expectCountersRight(admin);
    // The gate is assigned to its creator, so accepted at once.
    expect(page.state_counts).toMatchObject({ all_active: 3, to_do: 2, accepted: 1, all: 3 });
    await expectCountersRight(admin, 'include_subtasks=1');
    await expectCountersRight(admin, 'issue_type=task');
    await expectTableRight(t.org.id);

    // Status buttons: start, mark done, complete.
    for (const status_id of [6, 7, 8]) {
      const response = await server.call('POST', `${API}/issue/${gate}/status`, {
        token: admin,
        body: { status_id, ...(status_id === 7 ? { worktime_seconds: 60 } : {}) },
      });
      expect(response.status).toBe(200);
      page = await expectCountersRight(admin);
    }
    expect(page.state_counts).toMatchObject({ all_active: 3, to_do: 2, completed: 1 });

    const archived = await server.call('POST', `${API}/issue/multiple/archive`, {
      token: admin,
      body: { ids: [gate] },
    });
    expect(archived.status).toBe(200);
    page = await expectCountersRight(admin);
    expect(page.state_counts).toMatchObject({ all_active: 2, archived: 1, all: 3 });

    // Moved to another workspace: the manager of the site no longer counts it.
    const moved = await server.call('PUT', `${API}/issue/${door}`, {
      token: admin,
      body: { workspace_id: t.ids.depot },
    });
    expect(moved.status).toBe(200);
    await expectCountersRight(admin);
    const managerPage = await expectCountersRight(t.tokens.manager);
    expect(managerPage.state_counts.all_active).toBe(1);

    const deleted = await server.call('DELETE', `${API}/issue/${wall}`, { token: admin });
    expect(deleted.status).toBe(200);
    page = await expectCountersRight(admin);
    await expectCountersRight(admin, 'include_subtasks=1');
    expect(page.state_counts).toMatchObject({ all_active: 1, archived: 1 });
    expect(page.data.map((i) => i.id)).toEqual([door]);
    await expectTableRight(t.org.id);

    // Rows changed without the API (a bulk update, a hard delete) are counted as well.
    await server.db.updateTable('issues').set({ status_id: 4 }).where('id', 'in', [door, sub]).execute();
    await server.db.deleteFrom('issues').where('id', '=', gate).execute();
    page = await expectCountersRight(admin);
    expect(page.state_counts).toMatchObject({ all_active: 1, declined: 1, archived: 0 });
    await expectTableRight(t.org.id);
  });

  it("another organisation's issues never count, and a deleted workspace's issues disappear", async () => {
    const t = await createIssueTeam(server);
    const other = await createIssueTeam(server);
    await other.issue({ title: 'Theirs', status_id: 2 });
    await t.issue({ title: 'Ours', status_id: 2 });
    const depotIssue = await t.issue({ workspace_id: t.ids.depot, title: 'Depot job', status_id: 2 });
    let page = await expectCountersRight(t.tokens.admin);
    expect(page.total).toBe(2);

    const removed = await server.call('DELETE', `${API}/workspace/${t.ids.depot}`, { token: t.tokens.admin });
    expect(removed.status).toBe(200);
    page = await expectCountersRight(t.tokens.admin);
    expect(page.total).toBe(1);
    expect(page.data.map((i) => i.id)).not.toContain(depotIssue);
  });
});

describe('visible workspaces kept in memory', () => {
  it('follow role changes and new workspaces at once', async () => {
    const t = await createIssueTeam(server);
    const annex = await addWorkspace(server.db, t.org.id, 'Annex');
    const annexIssue = await t.issue({ workspace_id: annex, title: 'Annex job', status_id: 2 });
    const newcomer = await createUser(server.db, t.org.id, { firstName: 'Nora', lastName: 'New' });
    const token = await login(server, newcomer);
    expect((await list(token)).total).toBe(0);

    await addWorkspaceRole(server.db, newcomer, annex, 'manager');
    let page = await expectCountersRight(token);
    expect(page.data.map((i) => i.id)).toEqual([annexIssue]);

    // A room added below it is visible to its manager, with its issues, at once.
    const room = await addWorkspace(server.db, t.org.id, 'Annex room', annex);
    const roomIssue = await t.issue({ workspace_id: room, title: 'Room job', status_id: 2 });
    page = await expectCountersRight(token);
    expect(page.data.map((i) => i.id).sort()).toEqual([annexIssue, roomIssue].sort());

    await server.db.deleteFrom('workspace_users').where('user_id', '=', newcomer.id).execute();
    page = await list(token);
    expect(page.total).toBe(0);
    expect(page.state_counts.all).toBe(0);
  });
});
