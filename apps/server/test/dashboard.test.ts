import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, login } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// GET dashboard/statistics (issue 21): the numbers on a small world, each equal to the total of
// the issue list its query opens; member vs manager vs partner vs admin; another organisation's
// issues never counted. PUT user/me/onboarding and POST user/me/privacy_consent with config.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
/** Later today (UTC day, as the list's due badge), at least a second from now. */
function laterToday(): Date {
  const now = Date.now();
  const end = new Date(new Date(now).toISOString().slice(0, 10)).getTime() + 24 * HOUR;
  return new Date(now + Math.max(1000, (end - now) / 2));
}

async function stats(token: string, query = '') {
  const res = await server.call('GET', `${API}/dashboard/statistics${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The total the issue list gives for a figure's query: the number must be the same. */
async function listTotal(token: string, query: string): Promise<number> {
  const res = await server.call('GET', `${API}/issue/?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.total as number;
}

describe('GET dashboard/statistics', () => {
  it("counts a member's own work as the issue list does, and nothing of management", async () => {
    const t = await createIssueTeam(server);
    const { member, admin } = t.people;
    await t.issue({ title: 'Overdue 1', assignee_id: member.id, status_id: 5, due_date: ago(2 * 24 * HOUR) });
    await t.issue({
      title: 'Overdue 2',
      assignee_id: member.id,
      status_id: 6,
      due_date: ago(HOUR),
      workspace_id: t.ids.room,
    });
    await t.issue({ title: 'Due today', assignee_id: member.id, status_id: 5, due_date: laterToday() });
    // Not overdue: completed, in review (show_in_review_overdue off), archived, someone else's.
    await t.issue({ title: 'Done late', assignee_id: member.id, status_id: 8, due_date: ago(HOUR) });
    await t.issue({ title: 'In review', assignee_id: member.id, status_id: 7, due_date: ago(HOUR) });
    await t.issue({
      title: 'Archived',
      assignee_id: member.id,
      status_id: 5,
      due_date: ago(HOUR),
      archived_at: new Date(),
    });
    await t.issue({
      title: 'Not mine',
      assignee_id: t.people.assignee.id,
      status_id: 5,
      due_date: ago(HOUR),
    });
    // Declined issues the member reported.
    await t.issue({ title: 'Declined', created_by: member.id, assignee_id: admin.id, status_id: 4 });

    const body = await stats(t.tokens.member);
    expect(body.weeks).toBe(12);
    expect(body.management).toBeNull();
    expect(body.mine.in_review).toBeNull();
    expect(body.mine.overdue.count).toBe(2);
    expect(body.mine.overdue.rows.map((r: { title: string }) => r.title)).toEqual(['Overdue 1', 'Overdue 2']);
    expect(body.mine.due_today.count).toBe(1);
    expect(body.mine.due_today.rows[0]).toMatchObject({ title: 'Due today', workspace: { name: 'Site' } });
    expect(body.mine.declined.count).toBe(1);
    for (const figure of [body.mine.overdue, body.mine.due_today, body.mine.declined]) {
      expect(await listTotal(t.tokens.member, figure.query)).toBe(figure.count);
    }
    expect(body.mine.overdue.query).toContain('due_state=overdue');
    expect(body.mine.overdue.query).toContain(`assignees=${member.id}`);
  });

  it('gives managers the figures of their workspaces, admins the whole organisation, partners their share', async () => {
    const t = await createIssueTeam(server);
    const { assignee, depotMember } = t.people;
    await t.issue({ title: 'Site late', assignee_id: assignee.id, status_id: 5, due_date: ago(HOUR) });
    await t.issue({ title: 'Site late 2', assignee_id: assignee.id, status_id: 2, due_date: ago(HOUR) });
    await t.issue({ title: 'Room late', workspace_id: t.ids.room, status_id: 6, due_date: ago(HOUR) });
    await t.issue({
      title: 'Depot late',
      workspace_id: t.ids.depot,
      assignee_id: depotMember.id,
      status_id: 5,
      due_date: ago(HOUR),
    });
    await t.issue({ title: 'Review', status_id: 7 });
    await t.issue({ title: 'Completed now', status_id: 8, completed_at: new Date() });
    // Another organisation's overdue issue is never counted.
    const stranger = await createIssueTeam(server);
    await stranger.issue({ title: 'Elsewhere', status_id: 5, due_date: ago(HOUR) });

    const admin = await stats(t.tokens.admin, '?weeks=4');
    expect(admin.management.scope).toBe('organisation');
    expect(admin.management.overdue.count).toBe(4);
    expect(admin.management.per_week).toHaveLength(4);
    const thisWeek = admin.management.per_week[3];
    expect(thisWeek.week).toMatch(/^\d{4}-W\d{2}$/);
    expect(thisWeek.opened).toBe(6);
    expect(thisWeek.completed).toBe(1);
    expect(await listTotal(t.tokens.admin, thisWeek.opened_query)).toBe(6);
    expect(
      admin.management.overdue_by_workspace.map((w: { workspace: { name: string }; count: number }) => [
        w.workspace.name,
        w.count,
      ]),
    ).toEqual([
      ['Site', 2],
      ['Depot', 1],
      ['Room', 1],
    ]);
    for (const w of admin.management.overdue_by_workspace)
      expect(await listTotal(t.tokens.admin, w.query)).toBe(w.count);
    expect(admin.mine.in_review.count).toBe(1);

    const manager = await stats(t.tokens.manager);
    expect(manager.management.scope).toBe('managed');
    expect(manager.management.overdue.count).toBe(3);
    expect(await listTotal(t.tokens.manager, manager.management.overdue.query)).toBe(3);
    expect(
      manager.management.overdue_by_workspace.map((w: { workspace: { name: string } }) => w.workspace.name),
    ).toEqual(['Site', 'Room']);
    expect(manager.mine.in_review.count).toBe(1);

    // The partner's lead sees the shared Site (and its Room) only.
    const partner = await stats(t.tokens.collabManager);
    expect(partner.management.overdue.count).toBe(3);
    expect(
      partner.management.overdue_by_workspace.map((w: { workspace: { name: string } }) => w.workspace.name),
    ).not.toContain('Depot');
    expect(await listTotal(t.tokens.collabManager, partner.management.overdue.query)).toBe(3);

    // A member of the Depot manages nothing.
    expect((await stats(t.tokens.depotMember)).management).toBeNull();
    // The other organisation's admin sees only its own one.
    expect((await stats(stranger.tokens.admin)).management.overdue.count).toBe(1);
  });

  it('measures schedule issues done by their due date, and leaves it out without schedules', async () => {
    const t = await createIssueTeam(server);
    const schedule = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site });
    const due = ago(24 * HOUR);
    await t.issue({ schedule_id: schedule, status_id: 8, due_date: due, completed_at: ago(25 * HOUR) });
    await t.issue({ schedule_id: schedule, status_id: 8, due_date: due, completed_at: ago(HOUR) });
    await t.issue({ schedule_id: schedule, status_id: 5, due_date: due });
    await t.issue({ schedule_id: schedule, status_id: 5, due_date: new Date(Date.now() + 48 * HOUR) });
    const body = await stats(t.tokens.admin);
    expect(body.management.schedules_on_time).toMatchObject({ due: 3, on_time: 1, percent: 33.3 });
    expect(await listTotal(t.tokens.admin, body.management.schedules_on_time.query)).toBe(3);

    const admin = await server.call('PUT', `${API}/client/${t.org.id}`, {
      token: t.tokens.admin,
      body: { settings: { include_schedules: false, include_equipment: false } },
    });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    const off = await stats(t.tokens.admin);
    expect(off.management.schedules_on_time).toBeNull();
    expect(off.management.equipment_overdue).toBeNull();
  });

  it('refuses a bad number of weeks and callers without a session', async () => {
    const t = await createTeam(server.db);
    const token = await login(server, t.member);
    for (const weeks of ['0', '53', 'x', '2.5']) {
      const res = await server.call('GET', `${API}/dashboard/statistics?weeks=${weeks}`, { token });
      expect(res.status, weeks).toBe(422);
    }
    expect((await server.call('GET', `${API}/dashboard/statistics`)).status).toBe(401);
  });
});

describe('onboarding and privacy consent', () => {
  it('derives steps from the data, stores marks and the skip, and shows them in config', async () => {
    const t = await createTeam(server.db);
    const token = await login(server, t.admin);
    const config = async () =>
      (await server.call('GET', `${API}/config?get_only=onboarding_progress`, { token })).body
        .onboarding_progress;
    // Two people already: invite_people is done; no workspace, no issue yet.
    expect(await config()).toEqual({ completed_steps: ['invite_people'], dismissed: false });

    const ws = await server.call('POST', `${API}/workspace`, { token, body: { name: 'Main building' } });
    expect(ws.status, JSON.stringify(ws.body)).toBeLessThan(300);
    expect((await config()).completed_steps).toEqual(['create_workspace', 'invite_people']);

    const marked = await server.call('PUT', `${API}/user/me/onboarding`, {
      token,
      body: { completed_steps: ['print_qr_code'] },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toEqual({
      completed_steps: ['create_workspace', 'invite_people', 'print_qr_code'],
      dismissed: false,
    });
    const skipped = await server.call('PUT', `${API}/user/me/onboarding`, {
      token,
      body: { dismissed: true },
    });
    expect(skipped.body.dismissed).toBe(true);
    expect(await config()).toEqual({
      completed_steps: ['create_workspace', 'invite_people', 'print_qr_code'],
      dismissed: true,
    });

    for (const body of [
      { completed_steps: ['fly_to_the_moon'] },
      { dismissed: 'yes' },
      { completed_steps: 'create_issue' },
    ]) {
      const res = await server.call('PUT', `${API}/user/me/onboarding`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await config()).dismissed).toBe(true);
  });

  it('records the privacy consent once and shows it in config', async () => {
    const t = await createTeam(server.db);
    const token = await login(server, t.member);
    const consent = async () =>
      (await server.call('GET', `${API}/config?get_only=privacy_policy_consent`, { token })).body
        .privacy_policy_consent;
    expect(await consent()).toEqual({ consented_at: null });
    const first = await server.call('POST', `${API}/user/me/privacy_consent`, { token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.consented_at).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 20));
    const second = await server.call('POST', `${API}/user/me/privacy_consent`, { token });
    expect(second.body.consented_at).toBe(first.body.consented_at);
    expect(await consent()).toEqual({ consented_at: first.body.consented_at });
    // The admin's own consent is untouched.
    const adminToken = await login(server, t.admin);
    const admin = await server.call('GET', `${API}/config?get_only=privacy_policy_consent`, {
      token: adminToken,
    });
    expect(admin.body.privacy_policy_consent.consented_at).toBeNull();
  });
});
