import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { addAcceptedCollaboration } from './helpers/users-factories.js';

// The staff side of public reports (issue 19): the declined notification, public replies, the
// reporter on the issue answer, and GET users/external-reporters.

const API = '/api/v4';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Report = {
  email?: string | null;
  name?: string;
  language?: string;
  subscribed?: boolean;
  status?: number;
};

/** A publicly reported issue as POST public/issue leaves it: no creator, a reporter and their link. */
async function reportPublicly(clientId: number, workspaceId: number, report: Report = {}) {
  const { db } = server;
  const email =
    report.email === undefined ? `tenant-${randomBytes(4).toString('hex')}@example.test` : report.email;
  const known = email
    ? await db
        .selectFrom('public_reporters')
        .select('id')
        .where('client_id', '=', clientId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
    : undefined;
  const reporter =
    known ??
    (email
      ? await db
          .insertInto('public_reporters')
          .values({
            client_id: clientId,
            email,
            full_name: report.name ?? 'Tina Tenant',
            phone: '+43 1 234',
            language: report.language ?? 'de',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : undefined);
  const issue = await db
    .insertInto('issues')
    .values({
      client_id: clientId,
      workspace_id: workspaceId,
      title: 'Water on the floor',
      description: 'By the lift',
      status_id: report.status ?? 2,
      translations: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('public_issue_links')
    .values({
      client_id: clientId,
      issue_id: issue.id,
      kind: 'reporter',
      reporter_id: reporter?.id ?? null,
      email,
      reporter_name: report.name ?? 'Tina Tenant',
      language: report.language ?? 'de',
      token: randomBytes(32).toString('base64url'),
      subscribed: report.subscribed ?? true,
    })
    .execute();
  return { issueId: issue.id, reporterId: reporter?.id ?? null, email };
}

async function world() {
  const team = await createTeam(server.db);
  const site = await addWorkspace(server.db, team.org.id, 'Building A');
  const depot = await addWorkspace(server.db, team.org.id, 'Depot');
  const manager = await createUser(server.db, team.org.id, { firstName: 'Mia', lastName: 'Manager' });
  await addWorkspaceRole(server.db, manager, site, 'manager');
  await addWorkspaceRole(server.db, team.member, site, 'member');
  const [admin, managerToken, member] = await Promise.all([
    login(server, team.admin),
    login(server, manager),
    login(server, team.member),
  ]);
  return { ...team, site, depot, manager, tokens: { admin, manager: managerToken, member } };
}

const outboxTo = (email: string, kind: string) =>
  server.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .where('kind', '=', kind)
    .execute();

describe('POST issue/{id}/external/send_declined_issue_notification', () => {
  it('tells the reporter of a declined issue in their language, keeps the message as a public reply, and records when', async () => {
    const w = await world();
    const r = await reportPublicly(w.org.id, w.site, { status: 4, language: 'de' });
    const res = await server.call(
      'POST',
      `${API}/issue/${r.issueId}/external/send_declined_issue_notification`,
      {
        token: w.tokens.admin,
        body: { message: 'The leak is the neighbour’s: we told the landlord.' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, sent_to: r.email });
    const mails = await outboxTo(r.email as string, 'public_report_declined');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('The leak is the neighbour’s');
    expect(mails[0]?.client_id).toBe(w.org.id);

    const issue = await server.call('GET', `${API}/issue/${r.issueId}`, { token: w.tokens.admin });
    expect(issue.body.public_report.declined_notification_sent_at).toBe(res.body.sent_at);
    const comments = await server.call('GET', `${API}/issue/${r.issueId}/comments`, {
      token: w.tokens.admin,
    });
    expect(comments.body.data).toEqual([
      expect.objectContaining({
        comment: 'The leak is the neighbour’s: we told the landlord.',
        is_public: true,
        by_reporter: false,
      }),
    ]);
    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', r.issueId)
      .execute();
    expect(log.map((l) => l.action)).toContain('declined_notification_sent');
  });

  it('refuses what cannot be told, changing nothing', async () => {
    const w = await world();
    const open = await reportPublicly(w.org.id, w.site, { status: 2 });
    const unsubscribed = await reportPublicly(w.org.id, w.site, { status: 4, subscribed: false });
    const anonymous = await reportPublicly(w.org.id, w.site, { status: 4, email: null });
    const staffIssue = await server.db
      .insertInto('issues')
      .values({
        client_id: w.org.id,
        workspace_id: w.site,
        title: 'Staff issue',
        status_id: 4,
        translations: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const send = (id: number, token = w.tokens.admin) =>
      server.call('POST', `${API}/issue/${id}/external/send_declined_issue_notification`, {
        token,
        body: {},
      });

    expect(await send(open.issueId)).toMatchObject({ status: 422, body: { error: 'status_not_allowed' } });
    expect(await send(unsubscribed.issueId)).toMatchObject({
      status: 422,
      body: { error: 'no_reporter_email' },
    });
    expect(await send(anonymous.issueId)).toMatchObject({
      status: 422,
      body: { error: 'no_reporter_email' },
    });
    expect(await send(staffIssue.id)).toMatchObject({ status: 422, body: { error: 'not_public_report' } });

    const declined = await reportPublicly(w.org.id, w.site, { status: 4 });
    // A plain member may not change the issue; another organisation does not see it.
    expect((await send(declined.issueId, w.tokens.member)).status).toBe(403);
    const other = await createTeam(server.db);
    expect((await send(declined.issueId, await login(server, other.admin))).status).toBe(404);
    expect(await outboxTo(declined.email as string, 'public_report_declined')).toHaveLength(0);
    const link = await server.db
      .selectFrom('public_issue_links')
      .select('declined_notification_sent_at')
      .where('issue_id', '=', declined.issueId)
      .executeTakeFirstOrThrow();
    expect(link.declined_notification_sent_at).toBeNull();
  });
});

describe('POST issue/{id}/comments is_public', () => {
  it('a public reply is e-mailed to the reporter; an internal comment is not', async () => {
    const w = await world();
    const r = await reportPublicly(w.org.id, w.site, { language: 'en' });
    const internal = await server.call('POST', `${API}/issue/${r.issueId}/comments`, {
      token: w.tokens.manager,
      body: { comment: 'Tenant again, check the pipe' },
    });
    expect(internal.status).toBe(201);
    expect(internal.body).toMatchObject({ is_public: false, by_reporter: false });

    const form = new FormData();
    form.append('comment', 'We will come tomorrow at 9.');
    form.append('is_public', 'true');
    const reply = await server.callForm('POST', `${API}/issue/${r.issueId}/comments`, form, w.tokens.manager);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ is_public: true, comment: 'We will come tomorrow at 9.' });
    const mails = await outboxTo(r.email as string, 'public_report_reply');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('We will come tomorrow at 9.');
    expect(mails[0]?.text).not.toContain('check the pipe');
  });

  it('is refused on an issue nobody reported publicly, and by a partner', async () => {
    const w = await world();
    const staffIssue = await server.db
      .insertInto('issues')
      .values({
        client_id: w.org.id,
        workspace_id: w.site,
        title: 'Staff issue',
        status_id: 2,
        translations: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await server.call('POST', `${API}/issue/${staffIssue.id}/comments`, {
      token: w.tokens.admin,
      body: { comment: 'Hello?', is_public: true },
    });
    expect(res).toMatchObject({ status: 422, body: { error: 'not_public_report' } });
    const count = await server.db
      .selectFrom('issue_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('issue_id', '=', staffIssue.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    const partner = await createTeam(server.db);
    await addAcceptedCollaboration(server.db, w.org.id, partner.org.id, w.site, [
      { userId: partner.admin.id, role: 'collab_admin' },
    ]);
    const r = await reportPublicly(w.org.id, w.site);
    const partnerToken = await login(server, partner.admin);
    const byPartner = await server.call('POST', `${API}/issue/${r.issueId}/comments`, {
      token: partnerToken,
      body: { comment: 'We are the plumbers', is_public: true },
    });
    expect(byPartner).toMatchObject({ status: 422, body: { error: 'not_public_report' } });
    // The partner sees who reported, but not how to reach them.
    const seen = await server.call('GET', `${API}/issue/${r.issueId}`, { token: partnerToken });
    expect(seen.status).toBe(200);
    expect(seen.body.public_report.reporter).toEqual({
      id: r.reporterId,
      full_name: 'Tina Tenant',
      email: null,
      phone: null,
      is_public_user: true,
    });
    const own = await server.call('GET', `${API}/issue/${r.issueId}`, { token: w.tokens.member });
    expect(own.body.public_report).toMatchObject({
      reporter: { full_name: 'Tina Tenant', email: r.email, phone: '+43 1 234', is_public_user: true },
      form_type: 'workspace',
      subscribed: true,
      declined_notification_sent_at: null,
    });
  });
});

describe('GET users/external-reporters', () => {
  it('admins see every reporter with their counts; managers those of their workspaces; members nobody', async () => {
    const w = await world();
    const tina = await reportPublicly(w.org.id, w.site, { email: 'tina@example.test', name: 'Tina Tenant' });
    await reportPublicly(w.org.id, w.site, { email: 'TINA@example.test', name: 'Tina Tenant' });
    await reportPublicly(w.org.id, w.depot, { email: 'dora@example.test', name: 'Dora Depot' });
    await reportPublicly(w.org.id, w.site, { email: null });

    const all = await server.call('GET', `${API}/users/external-reporters`, { token: w.tokens.admin });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    const byEmail = Object.fromEntries(all.body.data.map((r: { email: string }) => [r.email, r]));
    expect(byEmail['tina@example.test']).toMatchObject({
      id: tina.reporterId,
      issues_count: 2,
      is_public_user: true,
    });
    expect(byEmail['dora@example.test']).toMatchObject({ issues_count: 1 });

    const searched = await server.call('GET', `${API}/users/external-reporters?search=dora`, {
      token: w.tokens.admin,
    });
    expect(searched.body.data.map((r: { email: string }) => r.email)).toEqual(['dora@example.test']);

    const managed = await server.call('GET', `${API}/users/external-reporters`, { token: w.tokens.manager });
    expect(managed.body.data.map((r: { email: string }) => r.email)).toEqual(['tina@example.test']);

    expect(
      (await server.call('GET', `${API}/users/external-reporters`, { token: w.tokens.member })).status,
    ).toBe(403);
    const other = await createTeam(server.db);
    const foreign = await server.call('GET', `${API}/users/external-reporters`, {
      token: await login(server, other.admin),
    });
    expect(foreign.body).toMatchObject({ total: 0, data: [] });

    // A deleted report no longer counts; a reporter with none left is not listed.
    await server.db
      .updateTable('issues')
      .set({ deleted_at: new Date() })
      .where('workspace_id', '=', w.depot)
      .execute();
    const after = await server.call('GET', `${API}/users/external-reporters`, { token: w.tokens.admin });
    expect(after.body.data.map((r: { email: string }) => r.email)).toEqual(['tina@example.test']);
  });
});
