import { ZIssueListResponseSchema, ZIssueSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.js';
import { API, countIssues, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const future = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

describe('POST issue', () => {
  it('creates with the form defaults; status 2 without assignee, 3 with one, 5 for oneself; logged', async () => {
    const t = await createIssueTeam(server);
    const plain = await server.call('POST', `${API}/issue`, {
      token: t.tokens.member,
      body: { workspace_id: t.ids.site, title: '  Broken door ', description: 'The door does not close.' },
    });
    expect(plain.status).toBe(201);
    const issue = ZIssueSchema.parse(plain.body);
    expect(issue).toMatchObject({
      title: 'Broken door',
      status_id: 2,
      status: { id: 2, name: 'to_do_unassigned' },
      priority_id: 3,
      accessibility_id: 2,
      is_attachment_required: false,
      is_worktime_required: false,
      assignee: null,
      created_by: { id: t.people.member.id, full_name: 'Mo Member' },
      workspace: { id: t.ids.site, name: 'Site' },
      archived: false,
      attachments: [],
      worktime_total: 0,
    });
    expect(issue.workspace.available_assignees_ids).toEqual(
      expect.arrayContaining([
        t.people.admin.id,
        t.people.manager.id,
        t.people.member.id,
        t.people.assignee.id,
        t.people.collabMember.id,
        t.partner.admin.id,
      ]),
    );
    expect(issue.workspace.available_assignees_ids).not.toContain(t.people.depotMember.id);

    const assigned = await server.call('POST', `${API}/issue`, {
      token: t.tokens.manager,
      body: {
        workspace_id: t.ids.room,
        title: 'Paint wall',
        assignee_id: t.people.assignee.id,
        priority_id: 5,
      },
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toMatchObject({ status_id: 3, assignee_id: t.people.assignee.id, priority_id: 5 });
    expect(assigned.body.assignee).toEqual({
      id: t.people.assignee.id,
      full_name: 'Ava Assignee',
      is_public_user: false,
    });

    const self = await server.call('POST', `${API}/issue`, {
      token: t.tokens.member,
      body: { workspace_id: t.ids.site, title: 'My own job', assignee_id: t.people.member.id },
    });
    expect(self.body.status_id).toBe(5);

    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes', 'user_id'])
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', issue.id)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'created', user_id: t.people.member.id });
    expect((log[0]?.changes as Record<string, unknown> | undefined)?.title).toEqual([null, 'Broken door']);
  });

  it('accepts dates as seconds or ISO, categories and watchers', async () => {
    const t = await createIssueTeam(server);
    const { id: category } = await server.db
      .insertInto('categories')
      .values({ client_id: t.org.id, name: 'Plumbing', color: '#112233' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const start = future(1);
    const res = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: {
        workspace_id: t.ids.site,
        title: 'Dated',
        start_date: start,
        due_date: new Date((start + 86_400) * 1000).toISOString(),
        category_id: category,
        categories: [category],
        watchers: [t.people.member.id],
        is_worktime_required: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.start_date).toBe(new Date(start * 1000).toISOString());
    expect(res.body.due_date).toBe(new Date((start + 86_400) * 1000).toISOString());
    expect(res.body.categories).toEqual([{ id: category, name: 'Plumbing', color: '#112233' }]);
    expect(res.body.watchers.map((w: { id: number }) => w.id)).toEqual([t.people.member.id]);
    expect(res.body.is_worktime_required).toBe(true);
  });

  it('refuses bad input with the form keys and writes nothing', async () => {
    const t = await createIssueTeam(server, { settings: { include_issue_process_number: true } });
    const before = await countIssues(server, t.org.id);
    const noWorkspace = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { title: 'x', process_number: 'ABC123' },
    });
    expect(noWorkspace.status).toBe(422);
    expect(noWorkspace.body.fields).toMatchObject({ workspace_id: 'workspace_required' });
    const short = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, title: ' x ', description: 'short', process_number: '12' },
    });
    expect(short.status).toBe(422);
    expect(short.body.fields).toEqual({
      title: 'title_too_short',
      description: 'description_too_short',
      process_number: 'process_nr_format',
    });
    const missingNumber = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, title: 'Good title' },
    });
    expect(missingNumber.body).toMatchObject({
      error: 'process_nr_required',
      fields: { process_number: 'process_nr_required' },
    });
    const badTypes = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: 'abc', title: 'Good title', priority_id: 7, start_date: 'yesterday' },
    });
    expect(badTypes.status).toBe(422);
    expect(badTypes.body.fields).toMatchObject({
      workspace_id: 'invalid_format',
      priority_id: 'invalid_format',
      start_date: 'invalid_format',
    });
    const huge = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: 99_999_999_999, title: 'Good title', watchers: [99_999_999_999] },
    });
    expect(huge.body.fields).toEqual({ workspace_id: 'invalid_format', 'watchers.0': 'invalid_format' });
    const dates = await server.call('POST', `${API}/issue`, {
      token: t.tokens.member,
      body: {
        workspace_id: t.ids.site,
        title: 'Good title',
        process_number: 'ABC123',
        start_date: future(3),
        due_date: future(2),
      },
    });
    expect(dates.body.fields).toEqual({ due_date: 'due_before_start' });
    const past = await server.call('POST', `${API}/issue`, {
      token: t.tokens.member,
      body: { workspace_id: t.ids.site, title: 'Good title', process_number: 'ABC123', due_date: future(-3) },
    });
    expect(past.body.fields).toEqual({ due_date: 'date_in_past' });
    expect(await countIssues(server, t.org.id)).toBe(before);
  });

  it('process numbers are unique per organisation; check_exists tells', async () => {
    const t = await createIssueTeam(server, { settings: { include_issue_process_number: true } });
    const first = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, title: 'First', process_number: 'PN0001' },
    });
    expect(first.status).toBe(201);
    expect(first.body.process_number).toBe('PN0001');
    const again = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, title: 'Second', process_number: 'PN0001' },
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      error: 'process_nr_taken',
      fields: { process_number: 'process_nr_taken' },
    });
    const exists = await server.call('GET', `${API}/process_number/PN0001/check_exists`, {
      token: t.tokens.member,
    });
    expect(exists.body).toEqual({ exists: true });
    const free = await server.call('GET', `${API}/process_number/PN0002/check_exists`, {
      token: t.tokens.member,
    });
    expect(free.body).toEqual({ exists: false });
    // Another organisation's numbers are not theirs to probe.
    const stranger = await server.call('GET', `${API}/process_number/PN0001/check_exists`, {
      token: t.strangerToken,
    });
    expect(stranger.body).toEqual({ exists: false });
    expect((await server.call('GET', `${API}/process_number/PN0001/check_exists`)).status).toBe(401);
  });

  it('the workspace must be visible (404), the assignee able to work there (422)', async () => {
    const t = await createIssueTeam(server);
    const before = await countIssues(server, t.org.id);
    const hidden = await server.call('POST', `${API}/issue`, {
      token: t.tokens.member,
      body: { workspace_id: t.ids.depot, title: 'Not mine' },
    });
    expect(hidden.status).toBe(404);
    const stranger = await server.call('POST', `${API}/issue`, {
      token: t.strangerToken,
      body: { workspace_id: t.ids.site, title: 'Not mine' },
    });
    expect(stranger.status).toBe(404);
    const unavailable = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, title: 'Wrong person', assignee_id: t.people.depotMember.id },
    });
    expect(unavailable.status).toBe(422);
    expect(unavailable.body).toMatchObject({
      error: 'assignee_not_available',
      fields: { assignee_id: 'assignee_not_available' },
    });
    // A collab member may report, but not assign.
    const collab = await server.call('POST', `${API}/issue`, {
      token: t.tokens.collabMember,
      body: { workspace_id: t.ids.site, title: 'Assigned by partner', assignee_id: t.people.member.id },
    });
    expect(collab.status).toBe(403);
    // A collab manager assigns only people of a collaboration.
    const lead = await server.call('POST', `${API}/issue`, {
      token: t.tokens.collabManager,
      body: { workspace_id: t.ids.site, title: 'Assigned by lead', assignee_id: t.people.member.id },
    });
    expect(lead.body).toMatchObject({ error: 'assignee_not_available' });
    const watcher = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site, title: 'Watched', watchers: [t.people.depotMember.id] },
    });
    expect(watcher.body.fields).toEqual({ 'watchers.0': 'not_in_workspace' });
    expect(
      (await server.call('POST', `${API}/issue`, { body: { workspace_id: t.ids.site, title: 'x' } })).status,
    ).toBe(401);
    expect(await countIssues(server, t.org.id)).toBe(before);
    const ok = await server.call('POST', `${API}/issue`, {
      token: t.tokens.collabManager,
      body: { workspace_id: t.ids.site, title: 'Assigned by lead', assignee_id: t.people.collabMember.id },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.status_id).toBe(3);
  });

  it('sub-issues: in the parent workspace, one level, listed paged under the parent', async () => {
    const t = await createIssueTeam(server);
    const parent = await t.issue({ assignee_id: t.people.assignee.id, status_id: 3 });
    const children = [];
    for (const title of ['Part one', 'Part two', 'Part three']) {
      const res = await server.call('POST', `${API}/issue`, {
        token: t.tokens.manager,
        body: { parent_id: parent, title },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ parent_id: parent, workspace_id: t.ids.site });
      children.push(res.body.id as number);
    }
    const nested = await server.call('POST', `${API}/issue`, {
      token: t.tokens.manager,
      body: { parent_id: children[0], title: 'Too deep' },
    });
    expect(nested.body.fields).toEqual({ parent_id: 'invalid_parent' });
    const elsewhere = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { parent_id: parent, workspace_id: t.ids.depot, title: 'Elsewhere' },
    });
    expect(elsewhere.body.fields).toEqual({ workspace_id: 'invalid_parent' });
    // A member who cannot edit the parent may not add sub-issues to it.
    const member = await server.call('POST', `${API}/issue`, {
      token: t.tokens.member,
      body: { parent_id: parent, title: 'Member part' },
    });
    expect(member.status).toBe(403);

    const page = await server.call(
      'GET',
      `${API}/issue/?parent_id=${parent}&include_subtasks=1&page=1&paginate_by=2`,
      {
        token: t.tokens.member,
      },
    );
    expect(page.status).toBe(200);
    const list = ZIssueListResponseSchema.parse(page.body);
    expect(list).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2, from: 1, to: 2 });
    expect(list.data.map((i) => i.title)).toEqual(['Part one', 'Part two']);
    expect(list.next_page_url).toBe(
      `/api/v4/issue/?parent_id=${parent}&include_subtasks=1&paginate_by=2&page=2`,
    );
    const detail = await server.call('GET', `${API}/issue/${parent}`, { token: t.tokens.member });
    expect(detail.body.open_subtasks_count).toBe(3);
    expect(detail.body.children.map((c: { title: string }) => c.title)).toEqual([
      'Part one',
      'Part two',
      'Part three',
    ]);

    expect(
      (await server.call('GET', `${API}/issue/?parent_id=${parent}`, { token: t.strangerToken })).status,
    ).toBe(404);
    expect(
      (await server.call('GET', `${API}/issue/?parent_id=${parent}`, { token: t.tokens.depotMember })).status,
    ).toBe(404);
    // Without parent_id it is the issue list (test/issues-list.test.ts), not a missing parameter.
    const wholeList = await server.call('GET', `${API}/issue/`, { token: t.tokens.member });
    expect(wholeList.status).toBe(200);
    expect(wholeList.body.state_counts).toBeDefined();
  });
});

describe('POST issue as a multipart form', () => {
  it('reads the form fields like JSON; refuses files for now and writes nothing', async () => {
    const t = await createIssueTeam(server);
    const { id: category } = await server.db
      .insertInto('categories')
      .values({ client_id: t.org.id, name: 'Doors', color: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const start = future(1);
    const form = new FormData();
    form.append('workspace_id', String(t.ids.site));
    form.append('title', 'Form issue');
    form.append('description', '');
    form.append('assignee_id', String(t.people.assignee.id));
    form.append('priority_id', '4');
    form.append('start_date', String(start));
    form.append('is_worktime_required', 'true');
    form.append('categories[]', String(category));
    form.append('watchers[0]', String(t.people.member.id));
    const res = await server.callForm('POST', `${API}/issue`, form, t.tokens.manager);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(ZIssueSchema.parse(res.body)).toMatchObject({
      title: 'Form issue',
      description: null,
      assignee_id: t.people.assignee.id,
      status_id: 3,
      priority_id: 4,
      start_date: new Date(start * 1000).toISOString(),
      is_worktime_required: true,
      categories: [{ id: category, name: 'Doors', color: null }],
    });
    expect(res.body.watchers.map((w: { id: number }) => w.id)).toEqual([t.people.member.id]);

    const before = await countIssues(server, t.org.id);
    const bad = new FormData();
    bad.append('workspace_id', 'abc');
    bad.append('title', 'x');
    const invalid = await server.callForm('POST', `${API}/issue`, bad, t.tokens.manager);
    expect(invalid.status).toBe(422);
    expect(invalid.body.fields).toEqual({ workspace_id: 'invalid_format' });
    const withFile = new FormData();
    withFile.append('workspace_id', String(t.ids.site));
    withFile.append('title', 'With a photo');
    withFile.append('attachments[0][file]', new Blob(['abc'], { type: 'image/png' }), 'a.png');
    const file = await server.callForm('POST', `${API}/issue`, withFile, t.tokens.manager);
    expect(file.status).toBe(422);
    expect(file.body.error).toBe('file_type_not_allowed');
    expect((await server.callForm('POST', `${API}/issue`, form)).status).toBe(401);
    expect(await countIssues(server, t.org.id)).toBe(before);
  });
});

describe('OpenAPI', () => {
  it('documents the issue calls with the Issue schema', async () => {
    const res = await server.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    for (const path of [
      '/api/v4/issue/{id}',
      '/api/v4/issue/multiple/reassign',
      '/api/v4/issue/{id}/worktime-logs',
    ]) {
      expect(res.body.paths, path).toHaveProperty([path]);
    }
    expect(res.body.components.schemas).toHaveProperty('Issue');
    expect(res.body.components.schemas).toHaveProperty('IssuePermissions');
  });
});

describe('GET issue/{id}', () => {
  it('shows the issue with permissions and buttons for the caller; 404 elsewhere; 401 without login', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 3 });
    const asAssignee = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.assignee });
    expect(asAssignee.status).toBe(200);
    const issue = ZIssueSchema.parse(asAssignee.body);
    expect(issue.actions.map((a) => a.kind)).toEqual(['accept', 'decline']);
    expect(issue.permissions).toMatchObject({
      can_edit: true,
      special_action_required: true,
      canArchiveIssue: false,
    });
    const asMember = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.member });
    expect(asMember.body.actions).toEqual([]);
    expect(asMember.body.permissions).toMatchObject({ can_edit: false, can_comment: true });
    const asManager = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.manager });
    expect(asManager.body.permissions).toMatchObject({ can_edit: true, can_assign: true, can_delete: true });
    expect((await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.depotMember })).status).toBe(
      404,
    );
    expect((await server.call('GET', `${API}/issue/${id}`, { token: t.strangerToken })).status).toBe(404);
    expect((await server.call('GET', `${API}/issue/${id}`)).status).toBe(401);
    expect((await server.call('GET', `${API}/issue/abc`, { token: t.tokens.admin })).status).toBe(422);
  });

  it('a partner with limited access sees only the issues they are assigned to, reported or watch', async () => {
    const t = await createIssueTeam(server);
    await server.db
      .updateTable('collaborations')
      .set({ access_type: 'limited' })
      .where('id', '=', t.collaborationId)
      .execute();
    const others = await t.issue({ title: 'Not theirs' });
    const assigned = await t.issue({
      title: 'Assigned',
      assignee_id: t.people.collabMember.id,
      status_id: 3,
    });
    const reported = await t.issue({ title: 'Reported', created_by: t.people.collabMember.id });
    const watched = await t.issue({ title: 'Watched' });
    await server.db
      .insertInto('issue_watchers')
      .values({ client_id: t.org.id, issue_id: watched, user_id: t.people.collabMember.id })
      .execute();
    const seen = async (id: number) =>
      (await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.collabMember })).status;
    expect(await seen(others)).toBe(404);
    expect(await seen(assigned)).toBe(200);
    expect(await seen(reported)).toBe(200);
    expect(await seen(watched)).toBe(200);
    // And they cannot act on the hidden one.
    const before = await issueSnapshot(server, others);
    const comment = await server.call('POST', `${API}/issue/${others}/comments`, {
      token: t.tokens.collabMember,
      body: { comment: 'Hello' },
    });
    expect(comment.status).toBe(404);
    expect(await issueSnapshot(server, others)).toBe(before);
  });
});

describe('PUT issue/{id}', () => {
  it('edits fields with can_edit, logs {field: [before, after]}; dates as seconds', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ title: 'Old title' });
    const due = future(5);
    const res = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: { title: 'New title', due_date: due, priority_id: 4, rating: 4, is_worktime_required: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'New title',
      due_date: new Date(due * 1000).toISOString(),
      priority_id: 4,
      rating: 4,
      is_worktime_required: true,
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('updated');
    expect(log.changes).toMatchObject({
      title: ['Old title', 'New title'],
      priority_id: [3, 4],
      rating: [null, 4],
    });
    const badRating = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: { rating: 6 },
    });
    expect(badRating.body.fields).toEqual({ rating: 'invalid_format' });
  });

  it('changing the assignee follows the rules: status 3, back to 2 when cleared; refused for members', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.member.id, status_id: 6 });
    const res = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: { assignee_id: t.people.assignee.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      assignee_id: t.people.assignee.id,
      status_id: 3,
      last_assignee: { id: t.people.member.id },
    });
    const cleared = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: { assignee_id: null },
    });
    expect(cleared.body).toMatchObject({ assignee_id: null, status_id: 2 });
    const unavailable = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: { assignee_id: t.people.depotMember.id },
    });
    expect(unavailable.body.error).toBe('assignee_not_available');

    // In review, a new assignee who runs the workspace keeps it in review.
    const review = await t.issue({ assignee_id: t.people.assignee.id, status_id: 7 });
    const toManager = await server.call('PUT', `${API}/issue/${review}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.groupManager.id },
    });
    expect(toManager.body.status_id).toBe(7);

    const before = await issueSnapshot(server, review);
    const member = await server.call('PUT', `${API}/issue/${review}`, {
      token: t.tokens.member,
      body: { assignee_id: t.people.member.id },
    });
    expect(member.status).toBe(403);
    const title = await server.call('PUT', `${API}/issue/${review}`, {
      token: t.tokens.member,
      body: { title: 'Mine' },
    });
    expect(title.status).toBe(403);
    const description = await server.call('PUT', `${API}/issue/${review}`, {
      token: t.tokens.collabMember,
      body: { description: 'A longer description' },
    });
    expect(description.status).toBe(403);
    expect(await issueSnapshot(server, review)).toBe(before);
    const stranger = await server.call('PUT', `${API}/issue/${review}`, {
      token: t.strangerToken,
      body: { title: 'x' },
    });
    expect(stranger.status).toBe(404);
    expect(await issueSnapshot(server, review)).toBe(before);
  });

  it('the assignee edits; the creator while to do; categories replace; workspace moves with sub-issues', async () => {
    const t = await createIssueTeam(server);
    const own = await t.issue({ created_by: t.people.member.id, status_id: 2 });
    const ok = await server.call('PUT', `${API}/issue/${own}`, {
      token: t.tokens.member,
      body: { title: 'Renamed' },
    });
    expect(ok.status).toBe(200);
    const { id: category } = await server.db
      .insertInto('categories')
      .values({ client_id: t.org.id, name: 'Electric', color: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withCategory = await server.call('PUT', `${API}/issue/${own}`, {
      token: t.tokens.member,
      body: { categories: [category], category_id: category },
    });
    expect(withCategory.body.categories).toEqual([{ id: category, name: 'Electric', color: null }]);
    const foreign = await server.db
      .insertInto('categories')
      .values({ client_id: (await createIssueTeam(server)).org.id, name: 'Theirs', color: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrong = await server.call('PUT', `${API}/issue/${own}`, {
      token: t.tokens.member,
      body: { categories: [foreign.id] },
    });
    expect(wrong.body.fields).toEqual({ 'categories.0': 'not_found' });

    const parent = await t.issue({});
    const child = await t.issue({ parent_id: parent });
    const moved = await server.call('PUT', `${API}/issue/${parent}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot },
    });
    expect(moved.body.workspace_id).toBe(t.ids.depot);
    const childRow = await server.db
      .selectFrom('issues')
      .select('workspace_id')
      .where('id', '=', child)
      .executeTakeFirstOrThrow();
    expect(childRow.workspace_id).toBe(t.ids.depot);
    const childMove = await server.call('PUT', `${API}/issue/${child}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.site },
    });
    expect(childMove.body.fields).toEqual({ workspace_id: 'invalid_parent' });
  });
});

describe('DELETE issue/{id}', () => {
  it('follows checkDelete; soft-deletes the sub-issues too', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const child = await t.issue({ parent_id: id });
    const before = await issueSnapshot(server, id);
    for (const who of ['member', 'collabMember', 'assignee'] as const) {
      const res = await server.call('DELETE', `${API}/issue/${id}`, { token: t.tokens[who] });
      expect(res.status, who).toBe(403);
    }
    expect((await server.call('DELETE', `${API}/issue/${id}`, { token: t.strangerToken })).status).toBe(404);
    expect(await issueSnapshot(server, id)).toBe(before);
    const res = await server.call('DELETE', `${API}/issue/${id}`, { token: t.tokens.groupManager });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const rows = await server.db
      .selectFrom('issues')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [id, child])
      .execute();
    expect(rows.every((r) => r.deleted_at !== null)).toBe(true);
    expect((await server.call('GET', `${API}/issue/${child}`, { token: t.tokens.admin })).status).toBe(404);

    // The creator may delete their untouched to-do issue.
    const own = await t.issue({ created_by: t.people.member.id, status_id: 2 });
    expect((await server.call('DELETE', `${API}/issue/${own}`, { token: t.tokens.member })).status).toBe(200);
    const started = await t.issue({ created_by: t.people.member.id, status_id: 2, started_at: new Date() });
    const refused = await server.call('DELETE', `${API}/issue/${started}`, { token: t.tokens.member });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('status_not_allowed');
    // The admin may always delete, archived too.
    const archived = await t.issue({ status_id: 8, archived_at: new Date() });
    expect((await server.call('DELETE', `${API}/issue/${archived}`, { token: t.tokens.admin })).status).toBe(
      200,
    );
    const managerArchived = await t.issue({ status_id: 8, archived_at: new Date() });
    const byManager = await server.call('DELETE', `${API}/issue/${managerArchived}`, {
      token: t.tokens.manager,
    });
    expect(byManager.body.error).toBe('issue_archived');
  });
});

describe('people of the organisation only', () => {
  it('a person added later becomes available as assignee', async () => {
    const t = await createIssueTeam(server);
    const newcomer = await createUser(server.db, t.org.id, { firstName: 'New', lastName: 'Comer' });
    const id = await t.issue({});
    const before = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.admin });
    expect(before.body.workspace.available_assignees_ids).not.toContain(newcomer.id);
    await server.db
      .insertInto('workspace_users')
      .values({ client_id: t.org.id, workspace_id: t.ids.site, user_id: newcomer.id, role: 'member' })
      .execute();
    const after = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.admin });
    expect(after.body.workspace.available_assignees_ids).toContain(newcomer.id);
  });
});
