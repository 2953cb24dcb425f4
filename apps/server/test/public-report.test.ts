import { ASSET_STATUS } from '@workbench/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUDGETS, hashedKey } from '../src/http/rate-limit.js';
import { createAsset } from './helpers/assets-factories.js';
import { jpeg, pdf, png } from './helpers/attachments-factories.js';
import { addWorkspace } from './helpers/factories.js';
import {
  API,
  createPublicWorld,
  exhaustBudget,
  outboxOf,
  reportFields,
  reportForm,
  reportIssue,
  reportJson,
  setPublicForm,
} from './helpers/public-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// POST public/issue (issue 19): a report without an account from a workspace's or an asset's QR code.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
// Every call here comes from one address: each test starts with fresh budgets.
beforeEach(async () => {
  await server.db.deleteFrom('rate_limits').execute();
});

const issuesOf = (clientId: number) =>
  server.db.selectFrom('issues').selectAll().where('client_id', '=', clientId).orderBy('id').execute();

describe('POST public/issue', () => {
  it('creates one issue in the workspace that its staff see and no one else, with the reporter and a follow link', async () => {
    const w = await createPublicWorld(server);
    const res = await reportJson(server, {
      workspace_id: w.code,
      title: 'Water on the floor',
      description: 'By the lift',
      reporter_name: 'Tina Tenant',
      reporter_email: 'Tina@Example.test',
      language: 'de',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      workspace: 'Building A',
      organisation: w.org.name,
      email_sent: true,
      thank_you: {},
      primary_color: null,
    });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.follow_url).toBe(
      `http://app.test/public/issue?issueId=${res.body.issue_id}&token=${res.body.token}`,
    );
    const issues = await issuesOf(w.org.id);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      id: res.body.issue_id,
      workspace_id: w.workspaceId,
      title: 'Water on the floor',
      description: 'By the lift',
      status_id: 2,
      priority_id: 3,
      created_by: null,
      assignee_id: null,
      asset_id: null,
    });
    // The staff see it, with its public reporter; another organisation does not.
    const detail = await server.call('GET', `${API}/issue/${res.body.issue_id}`, { token: w.tokens.member });
    expect(detail.status).toBe(200);
    expect(detail.body.public_report).toMatchObject({
      reporter: { full_name: 'Tina Tenant', email: 'tina@example.test', is_public_user: true },
      form_type: 'workspace',
      language: 'de',
      subscribed: true,
    });
    const list = await server.call('GET', `${API}/issue/?paginate_by=50`, { token: w.tokens.member });
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: { id: number }) => i.id)).toContain(res.body.issue_id);
    expect(
      (await server.call('GET', `${API}/issue/${res.body.issue_id}`, { token: w.tokens.stranger })).status,
    ).toBe(404);
    const strangerList = await server.call('GET', `${API}/issue/?paginate_by=50`, {
      token: w.tokens.stranger,
    });
    expect(strangerList.body.data.map((i: { id: number }) => i.id)).not.toContain(res.body.issue_id);
    // The reporter, the link, the log entry, the confirmation mail in the reporter's language.
    const reporters = await server.db
      .selectFrom('public_reporters')
      .selectAll()
      .where('client_id', '=', w.org.id)
      .execute();
    expect(reporters).toMatchObject([
      { email: 'tina@example.test', full_name: 'Tina Tenant', language: 'de' },
    ]);
    const links = await server.db
      .selectFrom('public_issue_links')
      .selectAll()
      .where('issue_id', '=', res.body.issue_id)
      .execute();
    expect(links).toMatchObject([
      {
        kind: 'reporter',
        reporter_id: reporters[0]?.id,
        email: 'tina@example.test',
        subscribed: true,
        form_type: 'workspace',
      },
    ]);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'user_id'])
      .where('client_id', '=', w.org.id)
      .where('entity_type', '=', 'issue')
      .execute();
    expect(log).toEqual([{ action: 'reported_publicly', user_id: null }]);
    const mails = await outboxOf(server, w.org.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_email: 'tina@example.test', kind: 'public_report_received' });
    expect(mails[0]?.subject).toContain('Meldung erhalten: Water on the floor');
    expect(mails[0]?.text).toContain(w.org.name);
    expect(mails[0]?.text).toContain(res.body.follow_url);
    expect(mails[0]?.text).toContain(
      `http://app.test/public/issue/unsubscribe?issueId=${res.body.issue_id}&token=${res.body.token}`,
    );
    expect(mails[0]?.html).toContain('&amp;token=');
  });

  it('keeps one reporter per organisation and address, refreshed by each report', async () => {
    const w = await createPublicWorld(server);
    await reportIssue(server, w, { reporter_email: 'tina@example.test', reporter_name: 'Tina' });
    await reportIssue(server, w, {
      reporter_email: 'TINA@example.test',
      reporter_name: 'Tina Tenant',
      language: 'pl',
    });
    await reportIssue(server, w, { reporter_email: null, reporter_name: null });
    const reporters = await server.db
      .selectFrom('public_reporters')
      .select(['email', 'full_name', 'language'])
      .where('client_id', '=', w.org.id)
      .execute();
    expect(reporters).toEqual([{ email: 'tina@example.test', full_name: 'Tina Tenant', language: 'pl' }]);
    // An anonymous report has its link too, with nobody to mail.
    const links = await server.db
      .selectFrom('public_issue_links')
      .select(['email', 'reporter_id'])
      .where('client_id', '=', w.org.id)
      .orderBy('id')
      .execute();
    expect(links).toHaveLength(3);
    expect(links[2]).toEqual({ email: null, reporter_id: null });
    expect((await outboxOf(server, w.org.id)).map((m) => m.subject)).toEqual([
      expect.stringContaining('Meldung erhalten'),
      expect.stringContaining('Zgłoszenie przyjęte'),
    ]);
  });

  it('drops the fields the form hides and checks those it requires', async () => {
    const w = await createPublicWorld(server);
    // The standard form: no category, priority or phone.
    const other = await server.db
      .insertInto('categories')
      .values({ client_id: w.stranger.org.id, name: 'Theirs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { issueId } = await reportIssue(server, w, {
      priority_id: 5,
      category_id: other.id,
      reporter_phone: '+43 1 234',
    });
    const issue = await server.db
      .selectFrom('issues')
      .selectAll()
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow();
    expect(issue).toMatchObject({ priority_id: 3, category_id: null });
    const reporter = await server.db
      .selectFrom('public_reporters')
      .select('phone')
      .where('client_id', '=', w.org.id)
      .executeTakeFirstOrThrow();
    expect(reporter.phone).toBeNull();

    // Required: the title (title_mandatory); a form that shows the category takes only the organisation's.
    const missing = await reportJson(server, { workspace_id: w.code, description: 'No title' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ error: 'title_mandatory', fields: { title: 'title_mandatory' } });
    await setPublicForm(server, w.org.id, 'workspace', {
      fields: reportFields(
        ['title', 'description', 'category_id', 'priority_id', 'reporter_email'],
        ['title', 'reporter_email'],
      ),
    });
    const noEmail = await reportJson(server, { workspace_id: w.code, title: 'Broken door' });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.fields).toEqual({ reporter_email: 'required' });
    const foreign = await reportJson(server, {
      workspace_id: w.code,
      title: 'Broken door',
      reporter_email: 'a@example.test',
      category_id: other.id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.fields).toEqual({ category_id: 'not_found' });
    const own = await server.db
      .insertInto('categories')
      .values({ client_id: w.org.id, name: 'Doors' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ok = await reportJson(server, {
      workspace_id: w.code,
      title: 'Broken door',
      reporter_email: 'a@example.test',
      category_id: own.id,
      priority_id: 4,
    });
    expect(ok.status).toBe(201);
    expect(
      await server.db
        .selectFrom('issues')
        .select(['category_id', 'priority_id'])
        .where('id', '=', ok.body.issue_id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ category_id: own.id, priority_id: 4 });

    // A form without a title takes the description's first line as the title.
    await setPublicForm(server, w.org.id, 'workspace', {
      fields: reportFields(['description', 'attachments'], ['description']),
    });
    const short = await reportJson(server, { workspace_id: w.code, title: 'Ignored', description: '' });
    expect(short.status).toBe(422);
    expect(short.body.fields).toEqual({ description: 'required' });
    const fromDescription = await reportJson(server, {
      workspace_id: w.code,
      title: 'Ignored',
      description: 'Lift stuck\nbetween floors 2 and 3',
    });
    expect(fromDescription.status).toBe(201);
    expect(
      (
        await server.db
          .selectFrom('issues')
          .select('title')
          .where('id', '=', fromDescription.body.issue_id)
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('Lift stuck');
  });

  it('refuses a filled-in honeypot, an archived, deleted or unknown workspace and a disabled form, writing nothing', async () => {
    const w = await createPublicWorld(server);
    const spam = await reportJson(server, {
      workspace_id: w.code,
      title: 'Cheap pills',
      website: 'http://spam.test',
    });
    expect(spam.status).toBe(422);
    expect(spam.body.error).toBe('spam_detected');
    expect(
      (await reportJson(server, { workspace_id: 'AAAAAAAAAAAAAAAAAAAAAA', title: 'Hello there' })).status,
    ).toBe(404);
    // A numeric id works only for a workspace older than the codes.
    expect(
      (await reportJson(server, { workspace_id: String(w.workspaceId), title: 'Hello there' })).status,
    ).toBe(404);
    expect((await reportJson(server, { title: 'Hello there' })).status).toBe(422);

    await setPublicForm(server, w.org.id, 'workspace', { enabled: false });
    const disabled = await reportJson(server, { workspace_id: w.code, title: 'Hello there' });
    expect(disabled.status).toBe(422);
    expect(disabled.body.error).toBe('public_form_disabled');

    await server.db
      .updateTable('workspaces')
      .set({ archived_at: new Date() })
      .where('id', '=', w.workspaceId)
      .execute();
    const archived = await reportJson(server, { workspace_id: w.code, title: 'Hello there' });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('workspace_archived');
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', w.workspaceId)
      .execute();
    const deleted = await reportJson(server, { workspace_id: w.code, title: 'Hello there' });
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe('not_found');

    expect(await issuesOf(w.org.id)).toEqual([]);
    expect(await outboxOf(server, w.org.id)).toEqual([]);
    expect(
      await server.db.selectFrom('public_reporters').select('id').where('client_id', '=', w.org.id).execute(),
    ).toEqual([]);
  });

  it('takes a legacy numeric workspace id while the workspace has one', async () => {
    const w = await createPublicWorld(server);
    await server.db
      .updateTable('workspaces')
      .set({ public_id_legacy: true })
      .where('id', '=', w.workspaceId)
      .execute();
    const res = await reportJson(server, { workspace_id: w.workspaceId, title: 'Heating is off' });
    expect(res.status).toBe(201);
    expect((await issuesOf(w.org.id))[0]?.workspace_id).toBe(w.workspaceId);
  });

  it("reports about an asset by its public code, into the asset's workspace, with the asset form", async () => {
    const w = await createPublicWorld(server);
    const other = await addWorkspace(server.db, w.org.id, 'Boiler room');
    const asset = await createAsset(server.db, {
      client_id: w.org.id,
      workspace_id: other,
      name: 'Boiler 7',
    });
    await setPublicForm(server, w.org.id, 'asset', {
      fields: reportFields(['description', 'reporter_email'], ['description']),
      allow_follow: false,
      texts: { en: { title: null, intro: null, thank_you: 'Thanks, the caretaker knows.' } },
    });
    const res = await reportJson(server, {
      asset_id: asset.publicCode,
      title: 'Not shown on this form',
      description: 'Loud banging noise',
      reporter_email: 'tina@example.test',
    });
    expect(res.status).toBe(201);
    // No following on this form: no token, no link to follow, no mail.
    expect(res.body).toMatchObject({
      token: null,
      follow_url: null,
      email_sent: false,
      workspace: 'Boiler room',
      thank_you: { en: 'Thanks, the caretaker knows.' },
    });
    const [issue] = await issuesOf(w.org.id);
    expect(issue).toMatchObject({ workspace_id: other, asset_id: asset.id, title: 'Loud banging noise' });
    const link = await server.db
      .selectFrom('public_issue_links')
      .select(['form_type', 'kind'])
      .where('issue_id', '=', res.body.issue_id)
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ form_type: 'asset', kind: 'reporter' });
    expect(await outboxOf(server, w.org.id)).toEqual([]);

    // By its id, nothing; an archived asset refuses with its key; a deleted one is gone.
    expect((await reportJson(server, { asset_id: asset.id, description: 'Loud banging' })).status).toBe(404);
    await server.db
      .updateTable('assets')
      .set({ status: ASSET_STATUS.ARCHIVED })
      .where('id', '=', asset.id)
      .execute();
    const archived = await reportJson(server, { asset_id: asset.publicCode, description: 'Loud banging' });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('asset_archived');
    await server.db
      .updateTable('assets')
      .set({ deleted_at: new Date() })
      .where('id', '=', asset.id)
      .execute();
    expect(
      (await reportJson(server, { asset_id: asset.publicCode, description: 'Loud banging' })).status,
    ).toBe(404);
    // Both a workspace and an asset: one or the other.
    expect(
      (await reportJson(server, { asset_id: asset.publicCode, workspace_id: w.code, description: 'x' }))
        .status,
    ).toBe(422);
  });

  it('takes a multipart form with pictures (attachments[i][file], attachments[i][name]), pictures only, at most 5', async () => {
    const w = await createPublicWorld(server);
    const res = await reportForm(
      server,
      {
        workspace_id: w.code,
        title: 'Cracked window',
        reporter_email: 'tina@example.test',
        follow: 'false',
        priority_id: '5',
      },
      [
        { data: await jpeg(64, 48), name: 'window.jpg' },
        { data: await png(32, 32), name: 'detail.png' },
      ],
    );
    expect(res.status).toBe(201);
    const files = await server.db
      .selectFrom('attachments')
      .select(['owner_type', 'owner_id', 'user_id', 'original_filename', 'media_type'])
      .where('client_id', '=', w.org.id)
      .orderBy('sort_index')
      .execute();
    expect(files).toEqual([
      {
        owner_type: 'issue',
        owner_id: res.body.issue_id,
        user_id: null,
        original_filename: 'window.jpg',
        media_type: 'picture',
      },
      {
        owner_type: 'issue',
        owner_id: res.body.issue_id,
        user_id: null,
        original_filename: 'detail.png',
        media_type: 'picture',
      },
    ]);
    // follow=false: no mails; priority hidden on the standard form.
    expect(res.body.email_sent).toBe(false);
    const link = await server.db
      .selectFrom('public_issue_links')
      .select('subscribed')
      .where('issue_id', '=', res.body.issue_id)
      .executeTakeFirstOrThrow();
    expect(link.subscribed).toBe(false);
    expect((await issuesOf(w.org.id))[0]?.priority_id).toBe(3);
    // The staff see the pictures on the issue.
    const detail = await server.call('GET', `${API}/issue/${res.body.issue_id}`, { token: w.tokens.member });
    expect(detail.body.attachments).toHaveLength(2);

    const document = await reportForm(server, { workspace_id: w.code, title: 'Cracked window' }, [
      { data: await jpeg(20, 20), name: 'ok.jpg' },
      { data: pdf(), name: 'plan.pdf' },
    ]);
    expect(document.status).toBe(422);
    expect(document.body.error).toBe('file_type_not_allowed');
    expect(document.body.files).toEqual([{ name: 'plan.pdf', key: 'file_type_not_allowed' }]);
    const six = await reportForm(
      server,
      { workspace_id: w.code, title: 'Cracked window' },
      await Promise.all(
        [1, 2, 3, 4, 5, 6].map(async (n) => ({ data: await jpeg(10 + n, 10), name: `p${n}.jpg` })),
      ),
    );
    expect(six.status).toBe(422);
    expect(six.body.fields).toEqual({ attachments: 'too_long' });
    expect(await issuesOf(w.org.id)).toHaveLength(1);

    // A form that hides pictures drops them.
    await setPublicForm(server, w.org.id, 'workspace', { fields: reportFields(['title'], ['title']) });
    const hidden = await reportForm(server, { workspace_id: w.code, title: 'No pictures here' }, [
      { data: await jpeg(20, 20), name: 'dropped.jpg' },
    ]);
    expect(hidden.status).toBe(201);
    expect(
      await server.db
        .selectFrom('attachments')
        .select('id')
        .where('owner_id', '=', hidden.body.issue_id)
        .execute(),
    ).toEqual([]);
  });

  it('answers 429 past the budget of reports per address and per workspace', async () => {
    const w = await createPublicWorld(server);
    for (let n = 0; n < BUDGETS.publicReports.limit; n++) {
      expect((await reportJson(server, { workspace_id: w.code, title: `Report number ${n}` })).status).toBe(
        201,
      );
    }
    const refused = await reportJson(server, { workspace_id: w.code, title: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await issuesOf(w.org.id)).toHaveLength(BUDGETS.publicReports.limit);

    // Another address has its own budget, but the workspace's budget is shared.
    await server.db.deleteFrom('rate_limits').execute();
    await exhaustBudget(server, BUDGETS.publicReportsPerWorkspace, `workspace:${w.workspaceId}`);
    const full = await reportJson(server, { workspace_id: w.code, title: 'The workspace is full' });
    expect(full.status).toBe(429);
    const other = await addWorkspace(server.db, w.org.id, 'Building B');
    const { public_code } = await server.db
      .selectFrom('workspaces')
      .select('public_code')
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect((await reportJson(server, { workspace_id: public_code, title: 'Another building' })).status).toBe(
      201,
    );
    expect(
      await server.db
        .selectFrom('rate_limits')
        .select('key')
        .where('bucket', '=', BUDGETS.publicReports.bucket)
        .execute(),
    ).toEqual([{ key: hashedKey('ip', '127.0.0.1') }]);
  });
});
