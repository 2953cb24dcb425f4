import { type IssueListPageResponse, ZIssueListPageResponseSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** GET issue/?ids=…: the 'view all' list after a bulk action (000 §2), still limited to what the caller may see. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function list(token: string, query: string): Promise<IssueListPageResponse> {
  const res = await server.call('GET', `${API}/issue/?${query}`, { token });
  expect(res.status).toBe(200);
  return ZIssueListPageResponseSchema.parse(res.body);
}
const idsOf = (page: IssueListPageResponse) => page.data.map((i) => i.id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function seed() {
  const t = await createIssueTeam(server);
  const open = await t.issue({ title: 'Open in the site', status_id: 3 });
  const done = await t.issue({ title: 'Completed in the site', status_id: 8 });
  const archived = await t.issue({ title: 'Archived in the site', status_id: 5, archived_at: new Date() });
  const subtask = await t.issue({ title: 'A sub-issue', status_id: 1, parent_id: open });
  const depot = await t.issue({ title: 'In the depot', workspace_id: t.ids.depot, status_id: 2 });
  const other = await t.issue({ title: 'Not named', status_id: 3 });
  const deleted = await t.issue({ title: 'Deleted', status_id: 3, deleted_at: new Date() });
  return { t, issues: { open, done, archived, subtask, depot, other, deleted } };
}

describe('GET issue/ with ids', () => {
  it('needs a login', async () => {
    expect((await server.call('GET', `${API}/issue/?ids=1,2`)).status).toBe(401);
  });

  it('lists only the named issues (sub-issues included), with tabs and counts over them', async () => {
    const { t, issues } = await seed();
    const named = [issues.open, issues.done, issues.archived, issues.subtask, issues.depot, issues.deleted];
    const all = await list(t.tokens.admin, `issue_state=all&ids=${named.join(',')}`);
    expect(idsOf(all)).toEqual(
      sorted([issues.open, issues.done, issues.archived, issues.subtask, issues.depot]),
    );
    expect(all.total).toBe(5);
    expect(all.state_counts).toMatchObject({ all: 5, all_active: 4, archived: 1, to_do: 3, completed: 1 });

    const active = await list(t.tokens.admin, `ids=${named.join(',')}`);
    expect(idsOf(active)).toEqual(sorted([issues.open, issues.done, issues.subtask, issues.depot]));
    expect(idsOf(await list(t.tokens.admin, `issue_state=archived&ids=${named.join(',')}`))).toEqual([
      issues.archived,
    ]);
    // Combined with another filter: both apply.
    expect(idsOf(await list(t.tokens.admin, `workspaces=${t.ids.depot}&ids=${named.join(',')}`))).toEqual([
      issues.depot,
    ]);
  });

  it('ignores unreadable ids, and an empty ids parameter is no filter', async () => {
    const { t, issues } = await seed();
    expect(idsOf(await list(t.tokens.admin, `ids=x,${issues.open},,-3,0`))).toEqual([issues.open]);
    const unfiltered = await list(t.tokens.admin, 'ids=');
    expect(unfiltered.data.map((i) => i.id)).toContain(issues.other);
    expect(idsOf(await list(t.tokens.admin, 'ids=abc'))).toContain(issues.other);
  });

  it('still applies visibility: named issues the caller cannot see are not returned', async () => {
    const { t, issues } = await seed();
    const named = [issues.open, issues.subtask, issues.depot].join(',');
    // Dan works only in the Depot.
    expect(idsOf(await list(t.tokens.depotMember, `ids=${named}`))).toEqual([issues.depot]);
    // The partner's member sees the shared Site only.
    expect(idsOf(await list(t.tokens.collabMember, `ids=${named}`))).toEqual(
      sorted([issues.open, issues.subtask]),
    );
    // Another organisation sees nothing of them.
    const stranger = await list(t.strangerToken, `issue_state=all&ids=${named}`);
    expect(stranger.total).toBe(0);
    expect(stranger.state_counts.all).toBe(0);
  });
});
