import { PUBLIC_COMMENT_UPLOAD_MINUTES, PUBLIC_REOPEN_DAYS } from '@workbench/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUDGETS, hashedKey } from '../src/http/rate-limit.js';
import { jpeg, pdf } from './helpers/attachments-factories.js';
import {
  API,
  createPublicWorld,
  exhaustBudget,
  outboxOf,
  type PublicWorld,
  reportIssue,
  setPublicForm,
} from './helpers/public-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The follow page of a public report (issue 19): every read and write needs the link's token;
// comments and photos, confirm and reopen, the status mails and their unsubscribe links.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.db.deleteFrom('rate_limits').execute();
});

const detail = (id: number, token: string) =>
  server.call('GET', `${API}/public/issue/detail/${id}?token=${encodeURIComponent(token)}`);
const setIssue = (id: number, values: Record<string, unknown>) =>
  server.db.updateTable('issues').set(values).where('id', '=', id).execute();
const linkOf = (issueId: number, kind: 'reporter' | 'watcher') =>
  server.db
    .selectFrom('public_issue_links')
    .selectAll()
    .where('issue_id', '=', issueId)
    .where('kind', '=', kind)
    .executeTakeFirst();
const fakeToken = 'A'.repeat(43);

function uploadForm(files: Array<{ data: Buffer; name: string }>): FormData {
  const form = new FormData();
  files.forEach((file, n) => {
    form.append(`attachments[${n}][file]`, new Blob([file.data]), file.name);
    form.append(`attachments[${n}][name]`, file.name);
  });
  return form;
}

/** A reported issue assigned to the caretaker at status 5 (accepted), with a picture. */
async function acceptedReport(w: PublicWorld, body: Record<string, unknown> = {}) {
  const report = await reportIssue(server, w, body);
  await setIssue(report.issueId, { assignee_id: w.caretaker.id, status_id: 5 });
  return report;
}
const staffStatus = (w: PublicWorld, id: number, status: number) =>
  server.call('POST', `${API}/issue/${id}/status`, {
    token: w.tokens.caretaker,
    body: { status_id: status },
  });

describe('GET public/issue/detail/{id}', () => {
  it('shows the title, status, dates and only the public fields; nothing of people, addresses or ids', async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await reportIssue(server, w);
    await setIssue(issueId, {
      assignee_id: w.caretaker.id,
      status_id: 5,
      due_date: new Date('2030-01-02T00:00:00Z'),
    });
    await server.call('POST', `${API}/issue/${issueId}/comments`, {
      token: w.tokens.caretaker,
      body: { comment: 'Internal: check the pipes' },
    });
    await server.db
      .insertInto('issue_comments')
      .values({
        client_id: w.org.id,
        issue_id: issueId,
        user_id: w.caretaker.id,
        comment: 'We are on it',
        is_public: true,
      })
      .execute();
    const res = await detail(issueId, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: issueId,
      title: 'Water on the floor',
      status: { id: 5, name: 'accepted', shown_as: 'accepted' },
      workspace: 'Building A',
      asset: null,
      organisation: { name: w.org.name, logo: null },
      language: 'de',
      // The standard form: description, attachments, due date, assignee (first name).
      shown: ['description', 'attachments', 'due_date', 'assignee'],
      description: 'By the lift on the 2nd floor',
      category: null,
      priority_id: null,
      due_date: '2030-01-02T00:00:00.000Z',
      assignee: 'Carl',
      attachments: [],
      allow_comments: true,
      can_confirm: false,
      can_reopen: false,
      has_email: true,
      subscribed: true,
    });
    // Only the public reply, named as the form names staff.
    expect(res.body.comments).toMatchObject([
      { comment: 'We are on it', by_reporter: false, author: 'Carl', can_upload: false },
    ]);
    const page = JSON.stringify(res.body);
    for (const secret of ['tina@example.test', w.caretaker.email, 'Internal', 'Caretaker'])
      expect(page).not.toContain(secret);
    expect(page).not.toContain(`"${w.workspaceId}"`);

    // The admins choose: full names, the category and priority, no description.
    await setPublicForm(server, w.org.id, 'workspace', {
      staff_names: 'hidden',
      public_fields: ['category', 'priority'],
    });
    const narrow = await detail(issueId, token);
    expect(narrow.body).toMatchObject({
      description: null,
      due_date: null,
      assignee: null,
      priority_id: 3,
      category: null,
    });
    expect(narrow.body.comments[0].author).toBeNull();
  });

  it('answers 404 with the same body for a wrong token, another issue’s token, an unknown or deleted issue', async () => {
    const w = await createPublicWorld(server);
    const a = await reportIssue(server, w);
    const b = await reportIssue(server, w);
    const unknown = await detail(2_000_000, fakeToken);
    expect(unknown.status).toBe(404);
    for (const res of [
      await detail(a.issueId, fakeToken),
      await detail(a.issueId, b.token),
      await detail(a.issueId, `${a.token}x`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
    // A missing or short token finds nothing alike, whatever the id.
    for (const res of [
      await server.call('GET', `${API}/public/issue/detail/${a.issueId}`),
      await server.call('GET', `${API}/public/issue/detail/2000000`),
      await detail(a.issueId, 'x'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
    const comment = await server.call('POST', `${API}/public/issue/${a.issueId}/comment`, {
      body: { comment: 'Hi' },
    });
    expect(comment.status).toBe(404);
    expect(comment.body).toEqual(unknown.body);
    // A watcher's token opens only its unsubscribe call.
    await setIssue(a.issueId, {
      external_email_address: 'owner@example.test',
      assignee_id: w.caretaker.id,
      status_id: 5,
    });
    await staffStatus(w, a.issueId, 6);
    const watcher = await linkOf(a.issueId, 'watcher');
    expect(watcher).toBeDefined();
    const byWatcher = await detail(a.issueId, watcher?.token ?? '');
    expect(byWatcher.status).toBe(404);
    expect(byWatcher.body).toEqual(unknown.body);
    const commentByWatcher = await server.call('POST', `${API}/public/issue/${a.issueId}/comment`, {
      body: { token: watcher?.token, comment: 'Hello' },
    });
    expect(commentByWatcher.status).toBe(404);
    await setIssue(a.issueId, { deleted_at: new Date() });
    const deleted = await detail(a.issueId, a.token);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(unknown.body);
  });

  it('spends the budget of public views: 429 past it', async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await reportIssue(server, w);
    await exhaustBudget(server, BUDGETS.publicViews, hashedKey('ip', '127.0.0.1'));
    expect((await detail(issueId, token)).status).toBe(429);
  });
});

describe('POST public/issue/{id}/comment and …/comment/{commentId}/upload', () => {
  it("adds the reporter's comment, which staff see as the reporter's, with photos within the hour", async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await reportIssue(server, w);
    const res = await server.call('POST', `${API}/public/issue/${issueId}/comment`, {
      body: { token, comment: 'It is getting worse' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      comment: 'It is getting worse',
      by_reporter: true,
      author: null,
      attachments: [],
      can_upload: true,
    });
    const staff = await server.call('GET', `${API}/issue/${issueId}/comments`, { token: w.tokens.member });
    expect(staff.status).toBe(200);
    expect(staff.body.data ?? staff.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ comment: 'It is getting worse', by_reporter: true, is_public: true }),
      ]),
    );
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'user_id'])
      .where('entity_id', '=', issueId)
      .where('action', '=', 'commented')
      .execute();
    expect(log).toEqual([{ action: 'commented', user_id: null }]);

    const path = `${API}/public/issue/${issueId}/comment/${res.body.id}/upload?token=${encodeURIComponent(token)}`;
    const upload = await server.callForm(
      'POST',
      path,
      uploadForm([{ data: await jpeg(40, 30), name: 'puddle.jpg' }]),
    );
    expect(upload.status).toBe(200);
    expect(upload.body.attachments).toMatchObject([
      { original_filename: 'puddle.jpg', media_type: 'picture' },
    ]);
    expect(upload.body.attachments[0].url).toMatch(/\/files\//);
    const stored = await server.db
      .selectFrom('attachments')
      .select(['owner_type', 'owner_id', 'user_id'])
      .where('client_id', '=', w.org.id)
      .execute();
    expect(stored).toEqual([{ owner_type: 'comment', owner_id: res.body.id, user_id: null }]);
    // The follow page shows the comment with its photo.
    const page = await detail(issueId, token);
    expect(page.body.comments).toMatchObject([
      { id: res.body.id, attachments: [{ original_filename: 'puddle.jpg' }] },
    ]);

    // Pictures only; a wrong token is a 404; someone else's comment is not found.
    const document = await server.callForm('POST', path, uploadForm([{ data: pdf(), name: 'plan.pdf' }]));
    expect(document.status).toBe(422);
    expect(document.body.error).toBe('file_type_not_allowed');
    const wrong = await server.callForm(
      'POST',
      `${API}/public/issue/${issueId}/comment/${res.body.id}/upload?token=${fakeToken}`,
      uploadForm([{ data: await jpeg(20, 20), name: 'x.jpg' }]),
    );
    expect(wrong.status).toBe(404);
    const staffComment = await server.db
      .insertInto('issue_comments')
      .values({
        client_id: w.org.id,
        issue_id: issueId,
        user_id: w.caretaker.id,
        comment: 'Reply',
        is_public: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notOwn = await server.callForm(
      'POST',
      `${API}/public/issue/${issueId}/comment/${staffComment.id}/upload?token=${encodeURIComponent(token)}`,
      uploadForm([{ data: await jpeg(20, 20), name: 'x.jpg' }]),
    );
    expect(notOwn.status).toBe(404);
    expect(notOwn.body).toEqual(wrong.body);

    // After the hour, the comment takes no more photos.
    await server.db
      .updateTable('issue_comments')
      .set({ created_at: new Date(Date.now() - (PUBLIC_COMMENT_UPLOAD_MINUTES + 1) * 60_000) })
      .where('id', '=', res.body.id)
      .execute();
    const late = await server.callForm(
      'POST',
      path,
      uploadForm([{ data: await jpeg(20, 20), name: 'late.jpg' }]),
    );
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('comment_upload_closed');
    expect((await detail(issueId, token)).body.comments[0].can_upload).toBe(false);
  });

  it('refuses comments when the form turns them off, and a wrong token like an unknown issue', async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await reportIssue(server, w);
    const wrong = await server.call('POST', `${API}/public/issue/${issueId}/comment`, {
      body: { token: fakeToken, comment: 'Hello' },
    });
    const unknown = await server.call('POST', `${API}/public/issue/2000000/comment`, {
      body: { token: fakeToken, comment: 'Hello' },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
    await setPublicForm(server, w.org.id, 'workspace', { allow_comments: false });
    const off = await server.call('POST', `${API}/public/issue/${issueId}/comment`, {
      body: { token, comment: 'Hello' },
    });
    expect(off.status).toBe(422);
    expect(off.body.error).toBe('comments_disabled');
    expect((await detail(issueId, token)).body.allow_comments).toBe(false);
    expect(
      await server.db.selectFrom('issue_comments').select('id').where('issue_id', '=', issueId).execute(),
    ).toEqual([]);
  });

  it('spends the budget of writes: 429 past it', async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await reportIssue(server, w);
    await exhaustBudget(server, BUDGETS.publicIssueWrites, hashedKey('ip', '127.0.0.1'));
    const res = await server.call('POST', `${API}/public/issue/${issueId}/comment`, {
      body: { token, comment: 'Hi' },
    });
    expect(res.status).toBe(429);
    const unsubscribe = await server.call('POST', `${API}/public/mail/unsubscribe/${issueId}`, {
      body: { token },
    });
    expect(unsubscribe.status).toBe(429);
  });
});

describe('GET public/issue/{id}/attachment_comment', () => {
  it('lists the comments on the pictures the page shows, only when the form makes them public', async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await reportIssue(server, w);
    const picture = await server.db
      .insertInto('attachments')
      .values({
        client_id: w.org.id,
        owner_type: 'issue',
        owner_id: issueId,
        user_id: null,
        file_key: `${w.org.id}/attachments/${'a'.repeat(32)}.jpg`,
        original_filename: 'puddle.jpg',
        mime_type: 'image/jpeg',
        size_bytes: 10,
        description: null,
        priority_id: null,
        due_date: null,
        created_at: new Date(),
        updated_at: new Date(),
        deleted_at: null,
        media_type: 'picture',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staffPicture = await server.db
      .insertInto('attachments')
      .values({
        client_id: w.org.id,
        owner_type: 'issue',
        owner_id: issueId,
        user_id: w.caretaker.id,
        file_key: `${w.org.id}/attachments/${'b'.repeat(32)}.jpg`,
        original_filename: 'internal.jpg',
        mime_type: 'image/jpeg',
        size_bytes: 10,
        description: null,
        priority_id: null,
        due_date: null,
        created_at: new Date(),
        updated_at: new Date(),
        deleted_at: null,
        media_type: 'picture',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [attachment_id, comment] of [
      [picture.id, 'The drain is blocked'],
      [staffPicture.id, 'Internal note'],
    ] as const) {
      await server.db
        .insertInto('attachment_comments')
        .values({ client_id: w.org.id, attachment_id, user_id: w.caretaker.id, comment })
        .execute();
    }
    const path = `${API}/public/issue/${issueId}/attachment_comment?token=${encodeURIComponent(token)}`;
    // The standard form keeps them private.
    expect((await server.call('GET', path)).body).toEqual({ data: [] });
    // The page shows only the reporter's pictures.
    expect((await detail(issueId, token)).body.attachments.map((a: { id: number }) => a.id)).toEqual([
      picture.id,
    ]);
    await setPublicForm(server, w.org.id, 'workspace', {
      public_fields: ['attachments', 'attachment_comments'],
      staff_names: 'full_name',
    });
    const res = await server.call('GET', path);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject([
      { attachment_id: picture.id, comment: 'The drain is blocked', author: 'Carl Caretaker' },
    ]);
    expect(
      (await server.call('GET', `${API}/public/issue/${issueId}/attachment_comment?token=${fakeToken}`))
        .status,
    ).toBe(404);
  });
});

describe('PUT public/issue/{id}', () => {
  it('lets the reporter confirm a fix in review and reopen what was completed lately, through the staff status path', async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await acceptedReport(w);
    const put = (status_id: number, comment?: string) =>
      server.call('PUT', `${API}/public/issue/${issueId}`, {
        body: { token, status_id, ...(comment ? { comment } : {}) },
      });
    // Not in review yet: nothing to confirm.
    const early = await put(8);
    expect(early.status).toBe(422);
    expect(early.body.error).toBe('status_not_allowed');
    expect((await staffStatus(w, issueId, 6)).status).toBe(200);
    expect((await staffStatus(w, issueId, 7)).status).toBe(200);
    expect((await detail(issueId, token)).body).toMatchObject({ can_confirm: true, can_reopen: false });
    const mailsBefore = (await outboxOf(server, w.org.id)).length;
    const confirmed = await put(8, 'Dry now, thank you');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: { id: 8 }, can_confirm: false, can_reopen: true });
    expect(confirmed.body.completed_at).not.toBeNull();
    expect(confirmed.body.comments).toMatchObject([{ comment: 'Dry now, thank you', by_reporter: true }]);
    // The reporter is not mailed about their own confirmation.
    expect((await outboxOf(server, w.org.id)).length).toBe(mailsBefore);
    const row = await server.db
      .selectFrom('issues')
      .selectAll()
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow();
    expect(row.status_id).toBe(8);
    expect(row.completed_at).not.toBeNull();
    expect(row.started_at).not.toBeNull();

    const reopened = await put(6);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: { id: 6 }, completed_at: null });
    const actions = await server.db
      .selectFrom('activity_log')
      .select(['action', 'user_id'])
      .where('entity_id', '=', issueId)
      .where('action', 'like', 'reporter_%')
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'reporter_confirmed', user_id: null },
      { action: 'reporter_reopened', user_id: null },
    ]);
    // Anything else is refused.
    expect((await put(7)).body.error).toBe('status_not_allowed');
    expect((await put(4)).body.error).toBe('status_not_allowed');

    // Too late to reopen; a form without reopening allows neither.
    await setIssue(issueId, {
      status_id: 8,
      completed_at: new Date(Date.now() - (PUBLIC_REOPEN_DAYS + 1) * 86_400_000),
    });
    const late = await put(6);
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('reopen_period_over');
    await setIssue(issueId, { completed_at: new Date() });
    await setPublicForm(server, w.org.id, 'workspace', { allow_reopen: false });
    expect((await put(6)).body.error).toBe('status_not_allowed');
    const wrong = await server.call('PUT', `${API}/public/issue/${issueId}`, {
      body: { token: fakeToken, status_id: 6 },
    });
    expect(wrong.status).toBe(404);
  });
});

describe('status mails and unsubscribing', () => {
  it("mails the reporter on in progress, in review and completed, in the reporter's language, until they unsubscribe", async () => {
    const w = await createPublicWorld(server);
    const { issueId, token } = await acceptedReport(w, { language: 'pl', reporter_name: 'Tina' });
    const statusMails = async () =>
      (await outboxOf(server, w.org.id)).filter((m) => m.kind === 'public_report_status');
    expect((await staffStatus(w, issueId, 6)).status).toBe(200);
    const [started] = await statusMails();
    expect(started).toMatchObject({ to_email: 'tina@example.test' });
    expect(started?.subject).toBe(`W realizacji: Water on the floor · ${w.org.name}`);
    expect(started?.text).toContain('Dzień dobry Tina,');
    expect(started?.text).toContain(`http://app.test/public/issue?issueId=${issueId}&token=${token}`);
    const unsubscribeUrl = `http://app.test/public/issue/unsubscribe?issueId=${issueId}&token=${token}`;
    expect(started?.text).toContain(unsubscribeUrl);
    expect((await staffStatus(w, issueId, 7)).status).toBe(200);
    expect((await statusMails()).map((m) => m.subject)).toEqual([
      expect.stringContaining('W realizacji'),
      expect.stringContaining('Do sprawdzenia'),
    ]);
    expect(
      (await server.call('GET', `${API}/issue/${issueId}`, { token: w.tokens.member })).body.public_report
        .subscribed,
    ).toBe(true);

    // Unsubscribe with the link's token: no more mails.
    const wrong = await server.call('POST', `${API}/public/mail/unsubscribe/${issueId}`, {
      body: { token: fakeToken },
    });
    expect(wrong.status).toBe(404);
    const off = await server.call('POST', `${API}/public/mail/unsubscribe/${issueId}`, { body: { token } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ subscribed: false, title: 'Water on the floor', organisation: w.org.name });
    expect((await detail(issueId, token)).body.subscribed).toBe(false);
    expect(
      (await server.call('GET', `${API}/issue/${issueId}`, { token: w.tokens.member })).body.public_report
        .subscribed,
    ).toBe(false);
    await server.call('POST', `${API}/issue/${issueId}/status`, {
      token: w.tokens.admin,
      body: { status_id: 8 },
    });
    expect(
      await server.db
        .selectFrom('issues')
        .select('status_id')
        .where('id', '=', issueId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status_id: 8 });
    expect(await statusMails()).toHaveLength(2);
    // And back on (the follow page's switch).
    const on = await server.call('POST', `${API}/public/mail/unsubscribe/${issueId}`, {
      body: { token, subscribe: true },
    });
    expect(on.body.subscribed).toBe(true);
    await server.call('POST', `${API}/issue/${issueId}/reopen`, { token: w.tokens.admin });
    expect((await statusMails()).map((m) => m.subject).at(-1)).toContain('W realizacji');
  });

  it('mails the external address on the same statuses, with its own unsubscribe link', async () => {
    const w = await createPublicWorld(server);
    // An anonymous report: the reporter's language is the mails' language.
    const { issueId, token } = await acceptedReport(w, { reporter_email: null, language: 'en' });
    await setIssue(issueId, { external_email_address: 'owner@example.test' });
    expect((await staffStatus(w, issueId, 6)).status).toBe(200);
    const watcherMails = async () =>
      (await outboxOf(server, w.org.id)).filter((m) => m.kind === 'external_watcher_status');
    const [first] = await watcherMails();
    expect(first).toMatchObject({ to_email: 'owner@example.test' });
    expect(first?.subject).toContain('In progress: Water on the floor');
    const watcher = await linkOf(issueId, 'watcher');
    expect(watcher).toMatchObject({ email: 'owner@example.test', subscribed: true });
    const url = `http://app.test/public/issue/watchers-unsubscribe?issueId=${issueId}&token=${watcher?.token}`;
    expect(first?.text).toContain(url);
    // The watcher's mail carries no follow link.
    expect(first?.text).not.toContain('/public/issue?');
    expect(first?.text).not.toContain(token);

    // Each token opens only its own kind.
    const crossed = await server.call('POST', `${API}/public/mail/unsubscribe/${issueId}`, {
      body: { token, type: 'watcher' },
    });
    expect(crossed.status).toBe(404);
    const crossed2 = await server.call('POST', `${API}/public/mail/unsubscribe/${issueId}`, {
      body: { token: watcher?.token, type: 'reporter' },
    });
    expect(crossed2.status).toBe(404);
    const off = await server.call('POST', `${API}/public/mail/unsubscribe/${issueId}`, {
      body: { token: watcher?.token, type: 'watcher' },
    });
    expect(off.status).toBe(200);
    expect(off.body.subscribed).toBe(false);
    expect((await staffStatus(w, issueId, 7)).status).toBe(200);
    expect(await watcherMails()).toHaveLength(1);

    // A new address is subscribed again, under the same link.
    await setIssue(issueId, { external_email_address: 'new-owner@example.test' });
    await server.call('POST', `${API}/issue/${issueId}/status`, {
      token: w.tokens.admin,
      body: { status_id: 8 },
    });
    const mails = await watcherMails();
    expect(mails.map((m) => m.to_email)).toEqual(['owner@example.test', 'new-owner@example.test']);
    expect(mails[1]?.subject).toContain('Completed');
    expect((await linkOf(issueId, 'watcher'))?.token).toBe(watcher?.token);
  });

  it('mails the external address of an issue staff made, without a reporter', async () => {
    const w = await createPublicWorld(server);
    const created = await server.call('POST', `${API}/issue`, {
      token: w.tokens.caretaker,
      body: {
        workspace_id: w.workspaceId,
        title: 'Replace the lamp',
        assignee_id: w.caretaker.id,
        external_email_address: 'tenant@example.test',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.public_report).toBeNull();
    expect((await staffStatus(w, created.body.id, 6)).status).toBe(200);
    const mails = await outboxOf(server, w.org.id);
    expect(mails).toMatchObject([{ to_email: 'tenant@example.test', kind: 'external_watcher_status' }]);
    // No follow page for it.
    const watcher = await linkOf(created.body.id, 'watcher');
    expect((await detail(created.body.id, watcher?.token ?? '')).status).toBe(404);
  });
});
