import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIssueFormForReport } from '../src/modules/dynamic-forms/form-report.js';
import { materializeDue } from '../src/modules/schedules/schedule-materializer.js';
import { planSchedule } from '../src/modules/schedules/schedule-plan.js';
import { login } from './helpers/factories.js';
import { createIssueTeam } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { makePng } from './helpers/workspaces-factories.js';

// Dynamic forms (issue 22; 000 §7, 001 §7): a workspace's design by its admins, forms filled on
// issues and schedules by whoever may edit them (checked by the form's own rules, nothing stored
// when wrong), photo answers from the caller's own uploads, schedule-made issues carrying the
// schedule's form, the exports' 'form' column and the PDF's rows; another organisation gets 404.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const API = '/api/v4';

const DESIGN = {
  title: { en: 'Boiler inspection', de: 'Kesselprüfung' },
  fields: [
    {
      key: 'pressure',
      kind: 'number',
      label: { en: 'Pressure (bar)', de: 'Druck (bar)' },
      required: true,
      min: 0,
      max: 6,
    },
    { key: 'leak', kind: 'yes_no', label: { en: 'Leak found', de: 'Leck gefunden' }, required: true },
    {
      key: 'state',
      kind: 'choice',
      label: { en: 'State' },
      required: false,
      options: [
        { key: 'good', label: { en: 'Good', de: 'Gut' } },
        { key: 'worn', label: { en: 'Worn', de: 'Abgenutzt' } },
      ],
    },
    { key: 'photo', kind: 'photo', label: { en: 'Photo' }, required: false, max_photos: 3 },
  ],
};

const saveDesign = (token: string, workspaceId: number, body: unknown = DESIGN) =>
  server.call('POST', `${API}/workspace/${workspaceId}/form`, { token, body });
const issueForm = (token: string, issueId: number) =>
  server.call('GET', `${API}/forms/issue/${issueId}`, { token });
const storeIssue = (token: string, issueId: number, form: Record<string, unknown>) =>
  server.call('POST', `${API}/forms/issue/${issueId}/store`, { token, body: { form } });
const updateIssue = (token: string, formId: number, form: Record<string, unknown>) =>
  server.call('PUT', `${API}/forms/issue_form/${formId}`, { token, body: { form } });

async function upload(token: string, files: Array<{ data: Buffer; name: string }>) {
  const form = new FormData();
  for (const f of files)
    form.append('files[]', new Blob([new Uint8Array(f.data)], { type: 'image/png' }), f.name);
  return server.callForm('POST', `${API}/forms/upload_attachments`, form, token);
}

const formRows = (issueId: number) =>
  server.db.selectFrom('issue_forms').selectAll().where('issue_id', '=', issueId).execute();

describe('POST and GET workspace/{id}/form', () => {
  it('admins define, replace and remove the design; who sees the workspace reads it', async () => {
    const t = await createIssueTeam(server);
    expect(
      (await server.call('GET', `${API}/workspace/${t.ids.site}/form`, { token: t.tokens.member })).body,
    ).toEqual({
      form: null,
    });
    const saved = await saveDesign(t.tokens.admin, t.ids.site);
    expect(saved.status).toBe(200);
    expect(saved.body.form).toMatchObject({
      workspace_id: t.ids.site,
      title: DESIGN.title,
      updated_by: { id: t.people.admin.id },
    });
    expect(saved.body.form.fields.map((f: { key: string }) => f.key)).toEqual([
      'pressure',
      'leak',
      'state',
      'photo',
    ]);
    // Limits of another kind are dropped (a yes/no has no options).
    const read = await server.call('GET', `${API}/workspace/${t.ids.site}/form`, { token: t.tokens.member });
    expect(read.body.form.fields[1]).toEqual(DESIGN.fields[1]);
    // Replace, then remove with no fields.
    const replaced = await saveDesign(t.tokens.admin, t.ids.site, { fields: [DESIGN.fields[0]] });
    expect(replaced.body.form.fields).toHaveLength(1);
    const removed = await saveDesign(t.tokens.admin, t.ids.site, { fields: [] });
    expect(removed.body).toEqual({ form: null });
    expect(
      await server.db
        .selectFrom('workspace_forms')
        .selectAll()
        .where('workspace_id', '=', t.ids.site)
        .execute(),
    ).toEqual([]);
  });

  it('refuses managers and members (403), bad designs (422, nothing stored) and another organisation (404)', async () => {
    const t = await createIssueTeam(server);
    for (const token of [t.tokens.manager, t.tokens.member, t.tokens.collabManager]) {
      expect((await saveDesign(token, t.ids.site)).status).toBe(403);
    }
    const field = DESIGN.fields[0];
    const bad: Array<[unknown, string, string]> = [
      [{ fields: [field, field] }, 'fields.1.key', 'duplicate_field_key'],
      [
        { fields: [{ key: 'c', kind: 'choice', label: { en: 'C' }, required: true }] },
        'fields.0.options',
        'options_required',
      ],
      [
        { fields: [{ key: 'c', kind: 'text', label: {}, required: true }] },
        'fields.0.label',
        'required_field',
      ],
      [
        { fields: [{ key: 'Not a key', kind: 'text', label: { en: 'C' } }] },
        'fields.0.key',
        'invalid_format',
      ],
      [{ fields: [{ key: 'c', kind: 'signature', label: { en: 'C' } }] }, 'fields.0.kind', 'invalid_format'],
      [
        { fields: Array.from({ length: 51 }, (_, n) => ({ ...field, key: `f${n}` })) },
        'fields',
        'invalid_format',
      ],
    ];
    for (const [body, path, key] of bad) {
      const res = await saveDesign(t.tokens.admin, t.ids.site, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.fields?.[path], JSON.stringify(res.body)).toBe(key);
    }
    expect(
      await server.db
        .selectFrom('workspace_forms')
        .selectAll()
        .where('workspace_id', '=', t.ids.site)
        .execute(),
    ).toEqual([]);
    expect((await saveDesign(t.strangerToken, t.ids.site)).status).toBe(404);
    expect(
      (await server.call('GET', `${API}/workspace/${t.ids.site}/form`, { token: t.strangerToken })).status,
    ).toBe(404);
  });
});

describe('an issue form', () => {
  it('is filled, read, changed and removed by whoever may edit the issue, by the form’s own rules', async () => {
    const t = await createIssueTeam(server);
    const issueId = await t.issue({ assignee_id: t.people.assignee.id, status_id: 5 });
    // No design yet: nothing to fill.
    const none = await storeIssue(t.tokens.admin, issueId, { pressure: 1, leak: false });
    expect([none.status, none.body.error]).toEqual([422, 'no_workspace_form']);
    await saveDesign(t.tokens.admin, t.ids.site);
    // The read: the design to fill, and who may.
    const empty = await issueForm(t.tokens.assignee, issueId);
    expect(empty.body).toMatchObject({ form: null, can_edit: true, workspace_form: { title: DESIGN.title } });
    expect((await issueForm(t.tokens.member, issueId)).body.can_edit).toBe(false);
    // A member who neither made nor works on it may not fill it.
    expect((await storeIssue(t.tokens.member, issueId, { pressure: 1, leak: false })).status).toBe(403);
    // Bad answers: every field with its key, nothing stored.
    const bad = await storeIssue(t.tokens.assignee, issueId, { pressure: 9, state: 'broken', extra: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({
      'form.pressure': 'number_out_of_range',
      'form.leak': 'required_field',
      'form.state': 'invalid_option',
      'form.extra': 'unknown_field',
    });
    for (const form of [
      { pressure: 'x', leak: false },
      { pressure: 1, leak: 'maybe' },
    ]) {
      expect((await storeIssue(t.tokens.assignee, issueId, form)).status).toBe(422);
    }
    expect(
      (
        await server.call('POST', `${API}/forms/issue/${issueId}/store`, {
          token: t.tokens.assignee,
          body: { form: { pressure: { a: 1 } } },
        })
      ).status,
    ).toBe(422);
    expect(await formRows(issueId)).toEqual([]);
    // Good answers.
    const stored = await storeIssue(t.tokens.assignee, issueId, {
      pressure: '2.5',
      leak: false,
      state: 'good',
    });
    expect(stored.status).toBe(201);
    expect(stored.body.form).toMatchObject({
      issue_id: issueId,
      schedule_id: null,
      title: DESIGN.title,
      answers: { pressure: 2.5, leak: false, state: 'good' },
      photos: [],
      updated_by: { id: t.people.assignee.id, full_name: 'Ava Assignee' },
    });
    const formId = stored.body.form.id;
    expect((await storeIssue(t.tokens.admin, issueId, { pressure: 1, leak: true })).status).toBe(409);
    expect((await issueForm(t.tokens.member, issueId)).body.form.answers).toEqual({
      pressure: 2.5,
      leak: false,
      state: 'good',
    });
    // A redesign leaves the filled copy as it was: its own rules still apply.
    await saveDesign(t.tokens.admin, t.ids.site, {
      fields: [{ key: 'other', kind: 'text', label: { en: 'Other' } }],
    });
    const kept = await updateIssue(t.tokens.manager, formId, { pressure: 3, leak: true });
    expect(kept.status).toBe(200);
    expect(kept.body.form.fields.map((f: { key: string }) => f.key)).toEqual([
      'pressure',
      'leak',
      'state',
      'photo',
    ]);
    expect(kept.body.form.answers).toEqual({ pressure: 3, leak: true });
    expect(
      (await updateIssue(t.tokens.manager, formId, { pressure: 3, leak: true, other: 'x' })).body.fields,
    ).toEqual({
      'form.other': 'unknown_field',
    });
    expect((await updateIssue(t.tokens.member, formId, { pressure: 1, leak: true })).status).toBe(403);
    expect((await formRows(issueId))[0]?.answers).toEqual({ pressure: 3, leak: true });
    // The activity log tells of it.
    const actions = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', issueId)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['form_filled', 'form_updated']);
    // Removed by an editor only.
    expect(
      (await server.call('DELETE', `${API}/forms/issue_form/${formId}`, { token: t.tokens.member })).status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `${API}/forms/issue_form/${formId}`, { token: t.tokens.assignee })).body,
    ).toEqual({
      success: true,
    });
    expect(await formRows(issueId)).toEqual([]);
  });

  it('answers 404 to another organisation on every id route', async () => {
    const t = await createIssueTeam(server);
    await saveDesign(t.tokens.admin, t.ids.site);
    const issueId = await t.issue();
    const { body } = await storeIssue(t.tokens.admin, issueId, { pressure: 1, leak: true });
    const formId = body.form.id;
    const stranger = t.strangerToken;
    expect((await issueForm(stranger, issueId)).status).toBe(404);
    expect((await storeIssue(stranger, issueId, { pressure: 1, leak: true })).status).toBe(404);
    expect((await updateIssue(stranger, formId, { pressure: 1, leak: true })).status).toBe(404);
    expect(
      (await server.call('DELETE', `${API}/forms/issue_form/${formId}`, { token: stranger })).status,
    ).toBe(404);
    // The partner sharing the Site sees it (and its lead may edit the issue).
    expect((await issueForm(t.tokens.collabMember, issueId)).status).toBe(200);
    expect((await updateIssue(t.tokens.collabManager, formId, { pressure: 2, leak: true })).status).toBe(200);
    expect((await formRows(issueId))[0]?.answers).toEqual({ pressure: 2, leak: true });
  });

  it('takes photo answers from the caller’s own fresh uploads only', async () => {
    const t = await createIssueTeam(server);
    await saveDesign(t.tokens.admin, t.ids.site);
    const issueId = await t.issue({ assignee_id: t.people.assignee.id, status_id: 5 });
    const png = await makePng(40, 30);
    const up = await upload(t.tokens.assignee, [
      { data: png, name: 'gauge.png' },
      { data: png, name: 'valve.png' },
    ]);
    expect(up.status).toBe(201);
    expect(up.body.data.map((p: { name: string }) => p.name)).toEqual(['gauge.png', 'valve.png']);
    const [gauge, valve] = up.body.data.map((p: { id: number }) => p.id);
    // Not images, or nothing: refused, nothing stored.
    const before = await server.db.selectFrom('form_uploads').select('id').execute();
    const text = await server.callForm(
      'POST',
      `${API}/forms/upload_attachments`,
      (() => {
        const f = new FormData();
        f.append('files[]', new Blob(['<html></html>'], { type: 'image/png' }), 'page.png');
        return f;
      })(),
      t.tokens.assignee,
    );
    expect([text.status, text.body.error]).toEqual([422, 'file_type_not_allowed']);
    expect(
      (await server.callForm('POST', `${API}/forms/upload_attachments`, new FormData(), t.tokens.assignee))
        .status,
    ).toBe(422);
    expect(await server.db.selectFrom('form_uploads').select('id').execute()).toEqual(before);
    // Someone else's upload is not yours to use.
    const theirs = await upload(t.tokens.manager, [{ data: png, name: 'theirs.png' }]);
    const refused = await storeIssue(t.tokens.assignee, issueId, {
      pressure: 1,
      leak: true,
      photo: [gauge, theirs.body.data[0].id],
    });
    expect(refused.body.fields).toEqual({ 'form.photo': 'photo_not_found' });
    expect(await formRows(issueId)).toEqual([]);
    const stored = await storeIssue(t.tokens.assignee, issueId, {
      pressure: 1,
      leak: true,
      photo: [gauge, valve],
    });
    expect(stored.status).toBe(201);
    expect(
      stored.body.form.photos.map((p: { name: string; url: string }) => [
        p.name,
        p.url.startsWith('/api/v4/files/'),
      ]),
    ).toEqual([
      ['gauge.png', true],
      ['valve.png', true],
    ]);
    // A used photo is linked: not usable again elsewhere; kept ones stay when another edits.
    const other = await t.issue({ assignee_id: t.people.assignee.id, status_id: 5 });
    expect(
      (await storeIssue(t.tokens.assignee, other, { pressure: 1, leak: true, photo: [gauge] })).body.fields,
    ).toEqual({
      'form.photo': 'photo_not_found',
    });
    const edit = await updateIssue(t.tokens.manager, stored.body.form.id, {
      pressure: 1,
      leak: true,
      photo: [valve],
    });
    expect(edit.body.form.photos.map((p: { name: string }) => p.name)).toEqual(['valve.png']);
    // The photo file is served by its signed URL.
    const file = await fetch(`${server.url}${edit.body.form.photos[0].url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
  });
});

describe('a schedule form', () => {
  it('is set by the schedule’s editors and carried into the issues the schedule creates', async () => {
    const t = await createIssueTeam(server);
    await saveDesign(t.tokens.admin, t.ids.site);
    const scheduleId = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      start_date: '2026-03-02',
      created_by: t.people.admin.id,
    });
    const store = (token: string, form: Record<string, unknown>) =>
      server.call('POST', `${API}/forms/schedule/${scheduleId}/store`, { token, body: { form } });
    expect((await store(t.tokens.member, { pressure: 1, leak: false })).status).toBe(403);
    expect((await store(t.strangerToken, { pressure: 1, leak: false })).status).toBe(404);
    expect((await store(t.tokens.manager, { pressure: 99, leak: false })).body.fields).toEqual({
      'form.pressure': 'number_out_of_range',
    });
    const stored = await store(t.tokens.manager, { pressure: 1.5, leak: false });
    expect(stored.status).toBe(201);
    expect(stored.body.form).toMatchObject({
      schedule_id: scheduleId,
      issue_id: null,
      answers: { pressure: 1.5, leak: false },
    });
    const formId = stored.body.form.id;
    const read = await server.call('GET', `${API}/forms/schedule/${scheduleId}`, { token: t.tokens.manager });
    expect(read.body).toMatchObject({ can_edit: true, form: { id: formId } });
    expect(
      (await server.call('GET', `${API}/forms/schedule/${scheduleId}`, { token: t.tokens.member })).body
        .can_edit,
    ).toBe(false);
    const put = (token: string, form: Record<string, unknown>) =>
      server.call('PUT', `${API}/forms/schedule_form/${formId}`, { token, body: { form } });
    expect((await put(t.tokens.member, { pressure: 2, leak: true })).status).toBe(403);
    expect((await put(t.strangerToken, { pressure: 2, leak: true })).status).toBe(404);
    expect((await put(t.tokens.admin, { pressure: 2, state: 'worn', leak: true })).body.form.answers).toEqual(
      {
        pressure: 2,
        leak: true,
        state: 'worn',
      },
    );
    // The materializer copies it into each new issue.
    const now = new Date('2026-03-02T10:00:00Z');
    await planSchedule(server.db, scheduleId, now);
    await materializeDue(server.ctx, { now, leadDays: 2 });
    const issues = await server.db
      .selectFrom('issues')
      .select('id')
      .where('schedule_id', '=', scheduleId)
      .execute();
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      const res = await issueForm(t.tokens.assignee, issue.id);
      expect(res.body.form).toMatchObject({
        title: DESIGN.title,
        answers: { pressure: 2, leak: true, state: 'worn' },
      });
    }
    // Removing it leaves the issues' copies; an archived schedule is not changed.
    expect(
      (await server.call('DELETE', `${API}/forms/schedule_form/${formId}`, { token: t.strangerToken }))
        .status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', `${API}/forms/schedule_form/${formId}`, { token: t.tokens.member }))
        .status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `${API}/forms/schedule_form/${formId}`, { token: t.tokens.manager }))
        .status,
    ).toBe(200);
    expect((await issueForm(t.tokens.admin, issues[0]?.id as number)).body.form).not.toBeNull();
    await server.db
      .updateTable('schedules')
      .set({ archived_at: new Date() })
      .where('id', '=', scheduleId)
      .execute();
    expect((await store(t.tokens.admin, { pressure: 1, leak: false })).body.error).toBe('schedule_archived');
  });
});

describe('exports and the PDF', () => {
  it("the issue list export has a 'form' column and the report reads the rows", async () => {
    const t = await createIssueTeam(server);
    await saveDesign(t.tokens.admin, t.ids.site);
    const issueId = await t.issue({ title: 'Boiler check' });
    const png = await makePng(20, 20);
    const up = await upload(t.tokens.admin, [{ data: png, name: 'boiler.png' }]);
    await storeIssue(t.tokens.admin, issueId, {
      pressure: 2.5,
      leak: true,
      state: 'good',
      photo: [up.body.data[0].id],
    });
    const plain = await t.issue({ title: 'No form' });
    const res = await fetch(`${server.url}${API}/issue/export?format=json&ids=${issueId},${plain}`, {
      headers: { authorization: `Bearer ${t.tokens.admin}` },
    });
    const rows = (await res.json()) as Array<{ id: number; form: string | null }>;
    expect(rows.find((r) => r.id === issueId)?.form).toBe(
      'Pressure (bar): 2.5\nLeak found: Yes\nState: Good\nPhoto: boiler.png',
    );
    expect(rows.find((r) => r.id === plain)?.form).toBeNull();
    const csv = await (
      await fetch(`${server.url}${API}/issue/export?format=csv&ids=${issueId}`, {
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      })
    ).text();
    expect(csv).toContain('"Pressure (bar): 2.5\nLeak found: Yes');

    expect(await loadIssueFormForReport(server.db, t.org.id, issueId, 'de')).toEqual({
      title: 'Kesselprüfung',
      rows: [
        { label: 'Druck (bar)', value: '2.5' },
        { label: 'Leck gefunden', value: 'Ja' },
        { label: 'State', value: 'Gut' },
        { label: 'Photo', value: 'boiler.png' },
      ],
    });
    expect(await loadIssueFormForReport(server.db, t.org.id, plain, 'de')).toBeNull();
    // Another organisation's id reads nothing.
    const other = await createIssueTeam(server);
    expect(await loadIssueFormForReport(server.db, other.org.id, issueId, 'en')).toBeNull();
  });
});

describe('the demo', () => {
  it('gives Building A the boiler inspection form and an issue answers it by its own rules', async () => {
    const demo = await startTestServer();
    try {
      const { seedDemoIfEmpty } = await import('../src/seed/demo.js');
      const { seedDemoDynamicForms } = await import('../src/seed/demo-dynamic-forms.js');
      const { checkFormAnswers } = await import('@workbench/domain');
      expect(await seedDemoIfEmpty(demo.db)).toBe(true);
      await seedDemoDynamicForms(demo.ctx);
      await seedDemoDynamicForms(demo.ctx);
      const forms = await demo.db.selectFrom('issue_forms').selectAll().execute();
      expect(forms).toHaveLength(1);
      expect(await demo.db.selectFrom('workspace_forms').selectAll().execute()).toHaveLength(1);
      const form = forms[0] as unknown as {
        definition: never;
        answers: Record<string, unknown>;
        issue_id: number;
      };
      expect(checkFormAnswers(form.definition, form.answers).ok).toBe(true);
      const token = await login(demo, { email: 'anna@demo.test', password: 'demo12345' });
      const read = await demo.call('GET', `${API}/forms/issue/${form.issue_id}`, { token });
      expect(read.body).toMatchObject({ can_edit: true, form: { title: { en: 'Boiler inspection' } } });
      expect(read.body.form.photos).toHaveLength(1);
    } finally {
      await demo.close();
    }
  });
});
