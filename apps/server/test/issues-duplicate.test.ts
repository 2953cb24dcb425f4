import { ZDuplicateResultSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, countIssues, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createIssueTeam>>;

/** An issue assigned to Ava with a watcher, a comment, a link and a category. */
async function richIssue(t: Team) {
  const { id: category } = await server.db
    .insertInto('categories')
    .values({ client_id: t.org.id, name: 'Heating', color: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = await t.issue({
    title: 'Radiator cold',
    description: 'Room 4 radiator stays cold',
    assignee_id: t.people.assignee.id,
    status_id: 6,
    priority_id: 4,
    category_id: category,
    worktime_total: 300,
    process_number: 'AB1234',
  });
  await server.db
    .insertInto('issue_categories')
    .values({ client_id: t.org.id, issue_id: id, category_id: category })
    .execute();
  await server.db
    .insertInto('issue_watchers')
    .values({ client_id: t.org.id, issue_id: id, user_id: t.people.member.id })
    .execute();
  await server.db
    .insertInto('issue_comments')
    .values({ client_id: t.org.id, issue_id: id, user_id: t.people.manager.id, comment: 'Checked the valve' })
    .execute();
  await server.db
    .insertInto('issue_links')
    .values({
      client_id: t.org.id,
      issue_id: id,
      url: 'https://example.test/manual',
      title: 'Manual',
      created_by: null,
    })
    .execute();
  return { id, category };
}

describe('POST issue/{id}/duplicate', () => {
  it('copies fields, and on request the people, comments and links; no process number or work time', async () => {
    const t = await createIssueTeam(server);
    const { id, category } = await richIssue(t);
    const res = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.tokens.member,
      body: {
        title: 'Radiator cold (Copy)',
        duplicate_to_subtask: false,
        workspace_id: t.ids.room,
        copy_involved_users: true,
        copy_comments: true,
        copy_links: true,
      },
    });
    expect(res.status).toBe(200);
    const result = ZDuplicateResultSchema.parse(res.body);
    const newId = result.completed[0]?.new_id as number;
    expect(result).toEqual({ completed: [{ id, new_id: newId }], not_completed: [], not_assigned: [] });
    const copy = await server.call('GET', `${API}/issue/${newId}`, { token: t.tokens.member });
    expect(copy.body).toMatchObject({
      title: 'Radiator cold (Copy)',
      description: 'Room 4 radiator stays cold',
      workspace_id: t.ids.room,
      assignee_id: t.people.assignee.id,
      status_id: 3,
      priority_id: 4,
      category_id: category,
      process_number: null,
      worktime_total: 0,
      number_of_comments: 1,
      created_by: { id: t.people.member.id },
      parent_id: null,
    });
    expect(copy.body.watchers.map((w: { id: number }) => w.id)).toEqual([t.people.member.id]);
    expect(copy.body.links).toMatchObject([{ url: 'https://example.test/manual', title: 'Manual' }]);
    expect(copy.body.categories.map((c: { id: number }) => c.id)).toEqual([category]);
  });

  it('without the options copies nothing of the people; as sub-issue it stays in the workspace', async () => {
    const t = await createIssueTeam(server);
    const { id } = await richIssue(t);
    const plain = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.tokens.admin,
      body: { title: 'Plain copy' },
    });
    const plainId = plain.body.completed[0].new_id;
    const copy = await server.call('GET', `${API}/issue/${plainId}`, { token: t.tokens.admin });
    expect(copy.body).toMatchObject({
      assignee_id: null,
      status_id: 2,
      number_of_comments: 0,
      links: [],
      watchers: [],
    });

    const sub = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.tokens.manager,
      body: { title: 'Part of it', duplicate_to_subtask: true, workspace_id: t.ids.depot },
    });
    const subId = sub.body.completed[0].new_id;
    const subIssue = await server.call('GET', `${API}/issue/${subId}`, { token: t.tokens.manager });
    expect(subIssue.body).toMatchObject({ parent_id: id, workspace_id: t.ids.site });
    const nested = await server.call('POST', `${API}/issue/${subId}/duplicate`, {
      token: t.tokens.manager,
      body: { title: 'Deeper', duplicate_to_subtask: true },
    });
    expect(nested.body.fields).toEqual({ duplicate_to_subtask: 'invalid_parent' });
    // A member who cannot edit may copy, but not as a sub-issue.
    const memberSub = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.tokens.member,
      body: { title: 'Member part', duplicate_to_subtask: true },
    });
    expect(memberSub.status).toBe(403);
  });

  it('refuses a bad title, a hidden workspace, another organisation; writes nothing', async () => {
    const t = await createIssueTeam(server);
    const { id } = await richIssue(t);
    const before = await countIssues(server, t.org.id);
    for (const title of ['ab', '   ', 'x'.repeat(256)]) {
      const res = await server.call('POST', `${API}/issue/${id}/duplicate`, {
        token: t.tokens.admin,
        body: { title },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ title: 'title_mandatory' });
    }
    const missing = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.tokens.admin,
      body: {},
    });
    expect(missing.body.fields).toEqual({ title: 'title_mandatory' });
    const hidden = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.tokens.member,
      body: { title: 'Elsewhere', workspace_id: t.ids.depot },
    });
    expect(hidden.status).toBe(404);
    const stranger = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.strangerToken,
      body: { title: 'Mine now' },
    });
    expect(stranger.status).toBe(404);
    expect((await server.call('POST', `${API}/issue/${id}/duplicate`, { body: { title: 'x' } })).status).toBe(
      401,
    );
    expect(await countIssues(server, t.org.id)).toBe(before);
  });

  it('an assignee who cannot work in the target workspace leaves the copy unassigned', async () => {
    const t = await createIssueTeam(server);
    const { id } = await richIssue(t);
    const res = await server.call('POST', `${API}/issue/${id}/duplicate`, {
      token: t.tokens.admin,
      body: { title: 'To the depot', workspace_id: t.ids.depot, copy_involved_users: true },
    });
    const newId = res.body.completed[0].new_id;
    expect(res.body.not_assigned).toEqual([{ id, new_id: newId }]);
    const copy = await server.call('GET', `${API}/issue/${newId}`, { token: t.tokens.admin });
    expect(copy.body).toMatchObject({ assignee_id: null, status_id: 2, watchers: [] });
  });
});

describe('POST issue/multi_duplicate', () => {
  it('copies each issue into one workspace; reports refused ones and unassigned copies', async () => {
    const t = await createIssueTeam(server);
    const { id: rich } = await richIssue(t);
    const unassigned = await t.issue({ title: 'Light bulb' });
    const foreign = await (await createIssueTeam(server)).issue({});
    const res = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.admin,
      body: {
        update_titles: true,
        workspace_id: t.ids.depot,
        copy_involved_users: true,
        copy_comments: true,
        issues: [
          { id: rich, title: 'Radiator again' },
          { id: unassigned },
          { id: foreign, title: 'Not ours' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const result = ZDuplicateResultSchema.parse(res.body);
    expect(result.completed.map((c) => c.id)).toEqual([rich, unassigned]);
    expect(result.not_completed).toEqual([{ id: foreign, error: 'not_found' }]);
    expect(result.not_assigned).toEqual([{ id: rich, new_id: result.completed[0]?.new_id }]);
    const titles = await server.db
      .selectFrom('issues')
      .select(['title', 'workspace_id'])
      .where(
        'id',
        'in',
        result.completed.map((c) => c.new_id),
      )
      .orderBy('id')
      .execute();
    expect(titles).toEqual([
      { title: 'Radiator again', workspace_id: t.ids.depot },
      { title: 'Light bulb (Copy)', workspace_id: t.ids.depot },
    ]);
    const comments = await server.db
      .selectFrom('issue_comments')
      .select('comment')
      .where('issue_id', '=', result.completed[0]?.new_id as number)
      .execute();
    expect(comments).toEqual([{ comment: 'Checked the valve' }]);

    const defaults = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.admin,
      body: { update_titles: false, workspace_id: t.ids.site, issues: [{ id: rich, title: 'Ignored' }] },
    });
    const copy = await server.db
      .selectFrom('issues')
      .select('title')
      .where('id', '=', defaults.body.completed[0].new_id)
      .executeTakeFirstOrThrow();
    expect(copy.title).toBe('Radiator cold (Copy)');
    const badTitle = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, issues: [{ id: rich, title: 'no' }] },
    });
    expect(badTitle.body).toEqual({
      completed: [],
      not_completed: [{ id: rich, error: 'title_mandatory' }],
      not_assigned: [],
    });
  });

  it('reports copies of assigned issues made without "copy involved users" as duplicated but not assigned', async () => {
    const t = await createIssueTeam(server);
    const { id: rich } = await richIssue(t);
    const unassigned = await t.issue({ title: 'Light bulb' });
    const res = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.admin,
      body: {
        workspace_id: t.ids.site,
        copy_involved_users: false,
        issues: [{ id: rich }, { id: unassigned }],
      },
    });
    expect(res.status).toBe(200);
    const result = ZDuplicateResultSchema.parse(res.body);
    expect(result.completed.map((c) => c.id)).toEqual([rich, unassigned]);
    const richCopy = result.completed[0]?.new_id as number;
    expect(result.not_assigned).toEqual([{ id: rich, new_id: richCopy }]);
    const copy = await server.db
      .selectFrom('issues')
      .select(['assignee_id', 'status_id'])
      .where('id', '=', richCopy)
      .executeTakeFirstOrThrow();
    expect(copy.assignee_id).toBeNull();
    // With the people copied (and the assignee allowed there) nothing is reported.
    const withPeople = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, copy_involved_users: true, issues: [{ id: rich }] },
    });
    expect(withPeople.body.not_assigned).toEqual([]);
  });

  it('requires a visible workspace', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const before = await countIssues(server, t.org.id);
    const none = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.member,
      body: { issues: [{ id }] },
    });
    expect(none.status).toBe(422);
    expect(none.body.fields).toEqual({ workspace_id: 'workspace_required' });
    const hidden = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.member,
      body: { workspace_id: t.ids.depot, issues: [{ id }] },
    });
    expect(hidden.status).toBe(404);
    const empty = await server.call('POST', `${API}/issue/multi_duplicate`, {
      token: t.tokens.member,
      body: { workspace_id: t.ids.site, issues: [] },
    });
    expect(empty.body.fields).toEqual({ issues: 'required' });
    expect(await countIssues(server, t.org.id)).toBe(before);
  });
});
