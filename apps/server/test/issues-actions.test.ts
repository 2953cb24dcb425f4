import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createIssueTeam>>;
type Who = keyof Team['tokens'];

const status = (t: Team, who: Who, id: number, body: Record<string, unknown>) =>
  server.call('POST', `${API}/issue/${id}/status`, { token: t.tokens[who], body });
const post = (t: Team, who: Who, path: string, body?: unknown) =>
  server.call('POST', `${API}${path}`, { token: t.tokens[who], ...(body !== undefined ? { body } : {}) });

/** Calls as each person and expects the answer; every refusal must leave the issue as it was. */
async function expectRefusals(
  id: number,
  call: (who: Who) => Promise<{ status: number; body: { error?: string } }>,
  refusals: Partial<Record<Who, [number, string]>>,
) {
  for (const [who, [code, key]] of Object.entries(refusals) as Array<[Who, [number, string]]>) {
    const before = await issueSnapshot(server, id);
    const res = await call(who);
    expect([res.status, res.body.error], who).toEqual([code, key]);
    expect(await issueSnapshot(server, id), who).toBe(before);
  }
}

describe('the whole path of an issue', () => {
  it('create → accept → start → mark done (work time required) → decline review → complete → archive → unarchive', async () => {
    const t = await createIssueTeam(server);
    const created = await post(t, 'manager', '/issue', {
      workspace_id: t.ids.site,
      title: 'Replace the lamp',
      assignee_id: t.people.assignee.id,
      is_worktime_required: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.status_id).toBe(3);

    // Only the assignee (or who edits) moves it; a plain member is refused and nothing changes.
    await expectRefusals(id, (who) => status(t, who, id, { status_id: 5 }), {
      member: [403, 'forbidden'],
      collabMember: [403, 'forbidden'],
    });
    await expectRefusals(id, (who) => status(t, who, id, { status_id: 6 }), {
      assignee: [422, 'status_not_allowed'],
    });
    const accepted = await status(t, 'assignee', id, { status_id: 5 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status_id).toBe(5);
    expect(accepted.body.actions.map((a: { kind: string }) => a.kind)).toEqual(['start']);

    const started = await status(t, 'assignee', id, { status_id: 6 });
    expect(started.body.status_id).toBe(6);
    const startedAt = (
      await server.db.selectFrom('issues').select('started_at').where('id', '=', id).executeTakeFirstOrThrow()
    ).started_at;
    expect(startedAt).not.toBeNull();
    expect(started.body.actions[0]).toMatchObject({ kind: 'mark_done', worktime_picker: 'required' });

    await expectRefusals(id, (who) => status(t, who, id, { status_id: 7 }), {
      assignee: [422, 'worktime_required'],
    });
    const done = await status(t, 'assignee', id, { status_id: 7, worktime_seconds: 1800 });
    expect(done.body).toMatchObject({ status_id: 7, worktime_total: 1800 });
    const logs = await server.db
      .selectFrom('worktime_logs')
      .select(['seconds', 'user_id'])
      .where('issue_id', '=', id)
      .execute();
    expect(logs).toEqual([{ seconds: 1800, user_id: t.people.assignee.id }]);

    // Review: managers decide; a decline needs a note, which becomes a comment and is logged.
    await expectRefusals(id, (who) => status(t, who, id, { status_id: 6, note: 'Redo' }), {
      assignee: [403, 'forbidden'],
    });
    await expectRefusals(id, (who) => status(t, who, id, { status_id: 6, note: '  ' }), {
      groupManager: [422, 'note_required'],
    });
    const declined = await status(t, 'groupManager', id, { status_id: 6, note: 'The lamp still flickers' });
    expect(declined.body).toMatchObject({ status_id: 6, number_of_comments: 1 });
    const comment = await server.db
      .selectFrom('issue_comments')
      .select(['comment', 'user_id'])
      .where('issue_id', '=', id)
      .execute();
    expect(comment).toEqual([{ comment: 'The lamp still flickers', user_id: t.people.groupManager.id }]);
    const logged = await server.db
      .selectFrom('activity_log')
      .select('changes')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .where('action', '=', 'status_changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.changes).toEqual({ status_id: [7, 6], note: 'The lamp still flickers' });
    // Started once: the second start keeps the first time.
    const again = await server.db
      .selectFrom('issues')
      .select('started_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(again.started_at?.toISOString()).toBe(startedAt?.toISOString());

    expect((await status(t, 'assignee', id, { status_id: 7 })).body.status_id).toBe(7);
    const completed = await status(t, 'manager', id, { status_id: 8 });
    expect(completed.body.status_id).toBe(8);
    const row = await server.db
      .selectFrom('issues')
      .select('completed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).not.toBeNull();

    const archived = await post(t, 'manager', `/issue/${id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    await expectRefusals(id, (who) => post(t, who, `/issue/${id}/unarchive`), {
      manager: [403, 'forbidden'],
      groupManager: [403, 'forbidden'],
      assignee: [403, 'forbidden'],
    });
    const unarchived = await post(t, 'admin', `/issue/${id}/unarchive`);
    expect(unarchived.body.archived).toBe(false);

    const history = await server.call('GET', `${API}/issue/${id}/activity_log?paginate_by=40`, {
      token: t.tokens.member,
    });
    expect(history.status).toBe(200);
    expect(history.body.data.map((a: { action: string }) => a.action)).toEqual([
      'unarchived',
      'archived',
      'status_changed',
      'status_changed',
      'status_changed',
      'status_changed',
      'status_changed',
      'status_changed',
      'created',
    ]);
    expect(history.body.data[0].user).toEqual({ id: t.people.admin.id, full_name: 'Ada Admin' });
  });

  it('decline needs a note; start waits for a future start date', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 3 });
    await expectRefusals(id, (who) => status(t, who, id, { status_id: 4 }), {
      assignee: [422, 'note_required'],
    });
    const declined = await status(t, 'assignee', id, { status_id: 4, note: 'Not my trade' });
    expect(declined.body.status_id).toBe(4);
    const later = await t.issue({
      assignee_id: t.people.assignee.id,
      status_id: 5,
      start_date: new Date(Date.now() + 3 * 86_400_000),
    });
    await expectRefusals(later, (who) => status(t, who, later, { status_id: 6 }), {
      assignee: [422, 'start_not_possible_yet'],
    });
    const bad = await status(t, 'assignee', later, { status_id: 9 });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ status_id: 'invalid_format' });
    expect(
      (await server.call('POST', `${API}/issue/${later}/status`, { body: { status_id: 6 } })).status,
    ).toBe(401);
  });
});

describe('menu actions by role', () => {
  it('archive: admins, managers, group managers; members and partners refused', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 8 });
    await expectRefusals(id, (who) => post(t, who, `/issue/${id}/archive`), {
      member: [403, 'forbidden'],
      assignee: [403, 'forbidden'],
      collabMember: [403, 'forbidden'],
      collabManager: [403, 'forbidden'],
    });
    for (const who of ['admin', 'manager', 'groupManager'] as const) {
      const issue = await t.issue({ status_id: 8 });
      expect((await post(t, who, `/issue/${issue}/archive`)).body.archived, who).toBe(true);
    }
    const open = await t.issue({ status_id: 6 });
    await expectRefusals(open, (who) => post(t, who, `/issue/${open}/archive`), {
      admin: [422, 'status_not_allowed'],
    });
    const archived = await t.issue({ status_id: 8, archived_at: new Date() });
    await expectRefusals(archived, (who) => post(t, who, `/issue/${archived}/archive`), {
      admin: [422, 'issue_archived'],
    });
    await expectRefusals(open, (who) => post(t, who, `/issue/${open}/unarchive`), {
      admin: [422, 'status_not_allowed'],
      member: [403, 'forbidden'],
    });
  });

  it('take over: a member at 1–5 when allowed; managers until completed; never partners', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 3 });
    await expectRefusals(id, (who) => post(t, who, `/issue/${id}/takeover`), {
      assignee: [422, 'already_assignee'],
      collabMember: [403, 'forbidden'],
      collabManager: [403, 'forbidden'],
    });
    const taken = await post(t, 'member', `/issue/${id}/takeover`);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({
      assignee_id: t.people.member.id,
      status_id: 5,
      last_assignee: { id: t.people.assignee.id },
    });
    const inProgress = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    await expectRefusals(inProgress, (who) => post(t, who, `/issue/${inProgress}/takeover`), {
      member: [422, 'status_not_allowed'],
    });
    const byManager = await post(t, 'groupManager', `/issue/${inProgress}/takeover`);
    expect(byManager.body).toMatchObject({ assignee_id: t.people.groupManager.id, status_id: 6 });

    const off = await createIssueTeam(server, { settings: { member_can_take_over_issue: false } });
    const closed = await off.issue({ status_id: 2 });
    await expectRefusals(closed, (who) => post(off, who, `/issue/${closed}/takeover`), {
      member: [403, 'forbidden'],
    });
  });

  it('reopen: a completed issue back to in progress, by managers', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 8, completed_at: new Date() });
    await expectRefusals(id, (who) => post(t, who, `/issue/${id}/reopen`), {
      member: [403, 'forbidden'],
      assignee: [403, 'forbidden'],
      collabManager: [403, 'forbidden'],
    });
    const reopened = await post(t, 'manager', `/issue/${id}/reopen`);
    expect(reopened.body.status_id).toBe(6);
    const row = await server.db
      .selectFrom('issues')
      .select('completed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).toBeNull();
    await expectRefusals(id, (who) => post(t, who, `/issue/${id}/reopen`), {
      manager: [422, 'status_not_allowed'],
    });
  });
});

describe('bulk actions', () => {
  it('quick complete: each issue on its own, with the rule keys', async () => {
    const t = await createIssueTeam(server);
    const ok = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const worktime = await t.issue({ status_id: 6, is_worktime_required: true });
    const attachment = await t.issue({
      status_id: 6,
      is_attachment_required: true,
      assignee_id: t.people.assignee.id,
    });
    const oneOpen = await t.issue({ status_id: 6 });
    await t.issue({ parent_id: oneOpen, status_id: 2 });
    await t.issue({ parent_id: oneOpen, status_id: 8 });
    const twoOpen = await t.issue({ status_id: 6 });
    await t.issue({ parent_id: twoOpen, status_id: 2 });
    await t.issue({ parent_id: twoOpen, status_id: 6 });
    const hidden = await (await createIssueTeam(server)).issue({ status_id: 6 });
    const snapshots = await Promise.all(
      [worktime, attachment, oneOpen, twoOpen].map((id) => issueSnapshot(server, id)),
    );
    const res = await post(t, 'admin', '/issue/quick_complete', {
      ids: [ok, worktime, attachment, oneOpen, twoOpen, hidden],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      completed: [{ id: ok }],
      not_completed: [
        { id: worktime, error: 'worktime_required' },
        { id: attachment, error: 'attachment_required' },
        { id: oneOpen, error: 'subtasks_not_completed_one' },
        { id: twoOpen, error: 'subtasks_not_completed' },
        { id: hidden, error: 'not_found' },
      ],
    });
    expect(
      await Promise.all([worktime, attachment, oneOpen, twoOpen].map((id) => issueSnapshot(server, id))),
    ).toEqual(snapshots);
    const done = await server.db
      .selectFrom('issues')
      .select(['status_id', 'completed_at'])
      .where('id', '=', ok)
      .executeTakeFirstOrThrow();
    expect(done.status_id).toBe(8);
    expect(done.completed_at).not.toBeNull();

    // Partners never quick-complete; a member only what they can edit.
    const other = await t.issue({ status_id: 6, assignee_id: t.people.assignee.id });
    const partner = await post(t, 'collabMember', '/issue/quick_complete', { ids: [other] });
    expect(partner.body.not_completed).toEqual([{ id: other, error: 'forbidden' }]);
    const member = await post(t, 'member', '/issue/quick_complete', { ids: [other] });
    expect(member.body.not_completed).toEqual([{ id: other, error: 'forbidden' }]);
    const assignee = await post(t, 'assignee', '/issue/quick_complete', { ids: [other] });
    expect(assignee.body.completed).toEqual([{ id: other }]);
    expect((await post(t, 'admin', '/issue/quick_complete', { ids: [] })).body.fields).toEqual({
      ids: 'required',
    });
  });

  it('multiple archive and delete answer per issue', async () => {
    const t = await createIssueTeam(server);
    const done = await t.issue({ status_id: 8 });
    const open = await t.issue({ status_id: 6 });
    const archive = await post(t, 'manager', '/issue/multiple/archive', { ids: [done, open] });
    expect(archive.body).toEqual({
      archived: [done],
      not_archived: [{ id: open, error: 'status_not_allowed' }],
    });
    const byMember = await post(t, 'member', '/issue/multiple/archive', { ids: [open] });
    expect(byMember.body).toEqual({ archived: [], not_archived: [{ id: open, error: 'forbidden' }] });

    const parent = await t.issue({});
    const child = await t.issue({ parent_id: parent });
    const hidden = await (await createIssueTeam(server)).issue({});
    const before = await issueSnapshot(server, open);
    const memberDelete = await post(t, 'member', '/issue/multiple/delete', { ids: [open] });
    expect(memberDelete.body).toEqual({ deleted: [], not_deleted: [{ id: open, error: 'forbidden' }] });
    expect(await issueSnapshot(server, open)).toBe(before);
    const deleted = await post(t, 'admin', '/issue/multiple/delete', { ids: [parent, child, hidden] });
    expect(deleted.body).toEqual({
      deleted: [parent, child],
      not_deleted: [{ id: hidden, error: 'not_found' }],
    });
  });

  it('reassign: each issue judged on its own, all or nothing per issue', async () => {
    const t = await createIssueTeam(server);
    const a = await t.issue({ assignee_id: t.people.member.id, status_id: 6 });
    const completed = await t.issue({ assignee_id: t.people.member.id, status_id: 8 });
    const depot = await t.issue({ workspace_id: t.ids.depot });
    const foreign = await (await createIssueTeam(server)).issue({});
    const before = await Promise.all([completed, depot].map((id) => issueSnapshot(server, id)));
    const res = await post(t, 'manager', '/issue/multiple/reassign', {
      issue_ids: `${a},${completed},${depot},${foreign}`,
      user_id: t.people.assignee.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reassigned_issues: [a],
      not_reassigned_issues_because_user_is_not_part_of_ws: [],
      permission_denied_for_issues: [depot, foreign],
      statuses_not_allowed: [completed],
    });
    expect(await Promise.all([completed, depot].map((id) => issueSnapshot(server, id)))).toEqual(before);
    const row = await server.db
      .selectFrom('issues')
      .select(['assignee_id', 'last_assignee_id', 'status_id'])
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      assignee_id: t.people.assignee.id,
      last_assignee_id: t.people.member.id,
      status_id: 3,
    });

    const site = await t.issue({});
    const notPart = await post(t, 'admin', '/issue/multiple/reassign', {
      issue_ids: [site, depot],
      user_id: t.people.depotMember.id,
    });
    expect(notPart.body).toMatchObject({
      reassigned_issues: [depot],
      not_reassigned_issues_because_user_is_not_part_of_ws: [site],
    });
    const byMember = await post(t, 'member', '/issue/multiple/reassign', {
      issue_ids: [site],
      user_id: t.people.member.id,
    });
    expect(byMember.body.permission_denied_for_issues).toEqual([site]);
    const bad = await post(t, 'admin', '/issue/multiple/reassign', {
      issue_ids: 'x,1',
      user_id: t.people.member.id,
    });
    expect(bad.body.fields).toEqual({ issue_ids: 'invalid_format' });
  });
});
