import { ZIssueCommentListResponseSchema, ZWorktimeLogListResponseSchema } from '@workbench/domain';
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

describe('comments', () => {
  it('anybody who sees the issue comments, archived too; listed oldest first, paged', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ status_id: 8, archived_at: new Date() });
    for (const [who, text] of [
      ['member', '  First  '],
      ['collabMember', 'Second'],
      ['manager', 'Third'],
    ] as const) {
      const res = await server.call('POST', `${API}/issue/${id}/comments`, {
        token: t.tokens[who],
        body: { comment: text },
      });
      expect(res.status, who).toBe(201);
    }
    const page = await server.call('GET', `${API}/issue/${id}/comments?paginate_by=2`, {
      token: t.tokens.assignee,
    });
    const list = ZIssueCommentListResponseSchema.parse(page.body);
    expect(list.total).toBe(3);
    expect(list.data.map((c) => [c.comment, c.user?.full_name])).toEqual([
      ['First', 'Mo Member'],
      ['Second', 'Cleo Collab'],
    ]);
    const second = await server.call('GET', `${API}/issue/${id}/comments?paginate_by=2&page=2`, {
      token: t.tokens.admin,
    });
    expect(second.body.data.map((c: { comment: string }) => c.comment)).toEqual(['Third']);
    const issue = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.admin });
    expect(issue.body.number_of_comments).toBe(3);
  });

  it('refuses empty or too long comments, other organisations and people who cannot see it', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const before = await issueSnapshot(server, id);
    const empty = await server.call('POST', `${API}/issue/${id}/comments`, {
      token: t.tokens.member,
      body: { comment: '   ' },
    });
    expect(empty.body.fields).toEqual({ comment: 'required' });
    const long = await server.call('POST', `${API}/issue/${id}/comments`, {
      token: t.tokens.member,
      body: { comment: 'x'.repeat(5001) },
    });
    expect(long.body.fields).toEqual({ comment: 'too_long' });
    const hidden = await server.call('POST', `${API}/issue/${id}/comments`, {
      token: t.tokens.depotMember,
      body: { comment: 'Hi' },
    });
    expect(hidden.status).toBe(404);
    const stranger = await server.call('GET', `${API}/issue/${id}/comments`, { token: t.strangerToken });
    expect(stranger.status).toBe(404);
    expect(
      (await server.call('POST', `${API}/issue/${id}/comments`, { body: { comment: 'Hi' } })).status,
    ).toBe(401);
    expect(await issueSnapshot(server, id)).toBe(before);
  });
});

describe('watchers and links', () => {
  it('who edits sets watchers among people who see the workspace; members are refused', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 5 });
    const set = await server.call('PUT', `${API}/issue/${id}/watchers`, {
      token: t.tokens.assignee,
      body: { user_ids: [t.people.member.id, t.people.collabMember.id] },
    });
    expect(set.status).toBe(200);
    expect(set.body.watchers.map((w: { id: number }) => w.id).sort()).toEqual(
      [t.people.member.id, t.people.collabMember.id].sort(),
    );
    const log = await server.db
      .selectFrom('activity_log')
      .select('changes')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .where('action', '=', 'watchers_changed')
      .executeTakeFirstOrThrow();
    expect(log.changes).toEqual({
      watchers: [[], [t.people.member.id, t.people.collabMember.id].sort((a, b) => a - b)],
    });
    const before = await issueSnapshot(server, id);
    const outsider = await server.call('PUT', `${API}/issue/${id}/watchers`, {
      token: t.tokens.manager,
      body: { user_ids: [t.people.depotMember.id] },
    });
    expect(outsider.body.fields).toEqual({ 'user_ids.0': 'not_in_workspace' });
    const member = await server.call('PUT', `${API}/issue/${id}/watchers`, {
      token: t.tokens.member,
      body: { user_ids: [] },
    });
    expect(member.status).toBe(403);
    const stranger = await server.call('PUT', `${API}/issue/${id}/watchers`, {
      token: t.strangerToken,
      body: { user_ids: [] },
    });
    expect(stranger.status).toBe(404);
    expect(await issueSnapshot(server, id)).toBe(before);
    // A collab manager edits watchers in the shared workspace.
    const lead = await server.call('PUT', `${API}/issue/${id}/watchers`, {
      token: t.tokens.collabManager,
      body: { user_ids: [t.people.collabMember.id] },
    });
    expect(lead.body.watchers.map((w: { id: number }) => w.id)).toEqual([t.people.collabMember.id]);
  });

  it('links: http(s) only; removed only from their own issue', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const other = await t.issue({});
    const added = await server.call('POST', `${API}/issue/${id}/links`, {
      token: t.tokens.manager,
      body: { url: 'https://example.test/plan.pdf', title: 'Plan' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ url: 'https://example.test/plan.pdf', title: 'Plan' });
    for (const url of ['javascript:alert(1)', 'ftp://example.test/x', 'not a url', '']) {
      const bad = await server.call('POST', `${API}/issue/${id}/links`, {
        token: t.tokens.manager,
        body: { url },
      });
      expect(bad.status, url).toBe(422);
    }
    const before = await issueSnapshot(server, id);
    const byMember = await server.call('POST', `${API}/issue/${id}/links`, {
      token: t.tokens.member,
      body: { url: 'https://example.test' },
    });
    expect(byMember.status).toBe(403);
    const wrongIssue = await server.call('DELETE', `${API}/issue/${other}/links/${added.body.id}`, {
      token: t.tokens.admin,
    });
    expect(wrongIssue.status).toBe(404);
    const memberDelete = await server.call('DELETE', `${API}/issue/${id}/links/${added.body.id}`, {
      token: t.tokens.member,
    });
    expect(memberDelete.status).toBe(403);
    expect(await issueSnapshot(server, id)).toBe(before);
    const removed = await server.call('DELETE', `${API}/issue/${id}/links/${added.body.id}`, {
      token: t.tokens.manager,
    });
    expect(removed.body).toEqual({ success: true });
    const issue = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.manager });
    expect(issue.body.links).toEqual([]);
  });
});

describe('work time', () => {
  it('the assignee in progress logs work time and runs a timer; the total is the sum', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const first = await server.call('POST', `${API}/issue/${id}/worktime-logs`, {
      token: t.tokens.assignee,
      body: { seconds: 900, note: 'Wiring' },
    });
    expect(first.status).toBe(201);
    const list = ZWorktimeLogListResponseSchema.parse(first.body);
    expect(list.worktime_total).toBe(900);
    expect(list.data).toMatchObject([{ seconds: 900, note: 'Wiring', user: { id: t.people.assignee.id } }]);

    expect(
      (await server.call('GET', `${API}/issue/${id}/timer`, { token: t.tokens.assignee })).body,
    ).toMatchObject({
      running: false,
      started_at: null,
    });
    const started = await server.call('POST', `${API}/issue/${id}/timer`, {
      token: t.tokens.assignee,
      body: { action: 'start' },
    });
    expect(started.body.running).toBe(true);
    // Move the start back an hour, as if the work took that long.
    await server.db
      .updateTable('issue_timers')
      .set({ started_at: new Date(Date.now() - 3_600_000) })
      .where('issue_id', '=', id)
      .execute();
    const stopped = await server.call('POST', `${API}/issue/${id}/timer`, {
      token: t.tokens.assignee,
      body: { action: 'stop' },
    });
    expect(stopped.body.running).toBe(false);
    expect(stopped.body.worktime_total).toBeGreaterThanOrEqual(900 + 3600);
    const logs = await server.call('GET', `${API}/issue/${id}/worktime-logs`, { token: t.tokens.member });
    const sum = logs.body.data.reduce((s: number, l: { seconds: number }) => s + l.seconds, 0);
    expect(logs.body.worktime_total).toBe(sum);
    expect(logs.body.data).toHaveLength(2);
    const stopAgain = await server.call('POST', `${API}/issue/${id}/timer`, {
      token: t.tokens.assignee,
      body: { action: 'stop' },
    });
    expect(stopAgain.body).toMatchObject({ running: false, worktime_total: sum });
  });

  it('refused with worktime_not_editable outside the rule; nothing changes', async () => {
    const t = await createIssueTeam(server);
    const accepted = await t.issue({ assignee_id: t.people.assignee.id, status_id: 5 });
    const review = await t.issue({ assignee_id: t.people.assignee.id, status_id: 7 });
    const cases: Array<[keyof typeof t.tokens, number]> = [
      ['assignee', accepted],
      ['manager', accepted],
      ['member', review],
      ['collabMember', review],
    ];
    for (const [who, id] of cases) {
      const before = await issueSnapshot(server, id);
      const log = await server.call('POST', `${API}/issue/${id}/worktime-logs`, {
        token: t.tokens[who],
        body: { seconds: 60 },
      });
      expect([log.status, log.body.error], who).toEqual([403, 'worktime_not_editable']);
      const timer = await server.call('POST', `${API}/issue/${id}/timer`, {
        token: t.tokens[who],
        body: { action: 'start' },
      });
      expect([timer.status, timer.body.error], who).toEqual([403, 'worktime_not_editable']);
      expect(await issueSnapshot(server, id), who).toBe(before);
    }
    // Managers in review.
    const ok = await server.call('POST', `${API}/issue/${review}/worktime-logs`, {
      token: t.tokens.groupManager,
      body: { seconds: 60 },
    });
    expect(ok.status).toBe(201);
    const bad = await server.call('POST', `${API}/issue/${review}/worktime-logs`, {
      token: t.tokens.groupManager,
      body: { seconds: 0 },
    });
    expect(bad.body.fields).toEqual({ seconds: 'invalid_format' });
    const badTimer = await server.call('POST', `${API}/issue/${review}/timer`, {
      token: t.tokens.groupManager,
      body: { action: 'pause' },
    });
    expect(badTimer.body.fields).toEqual({ action: 'invalid_format' });
    expect(
      (await server.call('GET', `${API}/issue/${review}/worktime-logs`, { token: t.strangerToken })).status,
    ).toBe(404);
    expect((await server.call('GET', `${API}/issue/${review}/timer`)).status).toBe(401);
  });
});

describe('timer after the status moved on', () => {
  it('a stop refused by the rule keeps the timer running and logs nothing', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const started = await server.call('POST', `${API}/issue/${id}/timer`, {
      token: t.tokens.assignee,
      body: { action: 'start' },
    });
    expect(started.body.running).toBe(true);
    // Completed by a manager meanwhile: the assignee may no longer edit work time.
    await server.db.updateTable('issues').set({ status_id: 8 }).where('id', '=', id).execute();
    const before = await issueSnapshot(server, id);
    const stop = await server.call('POST', `${API}/issue/${id}/timer`, {
      token: t.tokens.assignee,
      body: { action: 'stop' },
    });
    expect([stop.status, stop.body.error]).toEqual([403, 'worktime_not_editable']);
    expect(await issueSnapshot(server, id)).toBe(before);
    const state = await server.call('GET', `${API}/issue/${id}/timer`, { token: t.tokens.assignee });
    expect(state.body.running).toBe(true);
  });
});

describe('activity log', () => {
  it('newest first, paged, with who and what', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 3 });
    await server.call('POST', `${API}/issue/${id}/status`, {
      token: t.tokens.assignee,
      body: { status_id: 5 },
    });
    await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: { title: 'Renamed issue' },
    });
    const res = await server.call('GET', `${API}/issue/${id}/activity_log?paginate_by=1`, {
      token: t.tokens.member,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    expect(res.body.data[0]).toMatchObject({
      action: 'updated',
      user: { id: t.people.manager.id, full_name: 'Mia Manager' },
      changes: { title: ['Leaking pipe', 'Renamed issue'] },
    });
    expect(
      (await server.call('GET', `${API}/issue/${id}/activity_log`, { token: t.strangerToken })).status,
    ).toBe(404);
  });
});
