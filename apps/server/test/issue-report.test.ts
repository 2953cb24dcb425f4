import { ISSUE_REPORT_PARTS, type IssueReportPart } from '@workbench/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPendingMails } from '../src/jobs/mail-outbox.js';
import { REPORT_BUDGETS } from '../src/modules/issue-report/issue-report-service.js';
import { attachmentForm, jpeg } from './helpers/attachments-factories.js';
import { createUser } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { createPublicWorld, exhaustBudget, reportIssue, setPublicForm } from './helpers/public-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// GET issue/{id}/download/pdf and its public variant (issue 22; 001 §3 "Export payload", §5
// "Export", §7 "Exports"): the PDF parses, its text holds what was asked and nothing else, in
// letters beyond Latin-1, e-mail copies land in the outbox with the file attached, bad payloads
// get the spec's keys, the public variant needs the follow token, other organisations get 404.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A download as bytes with its status and headers (JSON errors parsed). */
async function download(path: string, token?: string) {
  const response = await fetch(`${server.url}${API}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : null;
  return { status: response.status, headers: response.headers, bytes, json };
}

/** The text of every page, whitespace collapsed, and the page count. */
async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return { text: pages.join('\n').replace(/\s+/g, ' '), pages: pdf.numPages };
}

const query = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

/** What each part of the report shows of the world's issue: a text no other part prints. */
const MARKERS: Record<IssueReportPart, string> = {
  header: 'Issue report #',
  title: 'Leaking pipe in the hall',
  details: 'Ava Assignee',
  description: 'Water drips from the ceiling',
  media: 'Pump before repair',
  comments: 'İşçi ğüşöç',
  activity_log: 'created the issue',
  ws_reference_number: 'REF-77',
  forms: '',
  checklists_on_report: 'Check the valve',
};

async function world() {
  const t = await createIssueTeam(server, { settings: { include_export_watchers: true } });
  await server.db
    .updateTable('workspaces')
    .set({ name: 'Łódź – Мастерская', reference_number: 'REF-77' })
    .where('id', '=', t.ids.site)
    .execute();
  const id = await t.issue({
    title: 'Leaking pipe in the hall',
    description: 'Water drips from the ceiling',
    assignee_id: t.people.assignee.id,
    status_id: 6,
  });
  const sub = await t.issue({ title: 'Sub: replace gasket', parent_id: id });
  await server.db
    .insertInto('issue_comments')
    .values({
      client_id: t.org.id,
      issue_id: id,
      user_id: t.people.manager.id,
      comment: 'İşçi ğüşöç — Їжак щастя',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  await server.db
    .insertInto('activity_log')
    .values({
      client_id: t.org.id,
      user_id: t.people.admin.id,
      entity_type: 'issue',
      entity_id: id,
      action: 'created',
      changes: '{}',
    })
    .execute();
  await server.db
    .insertInto('issue_watchers')
    .values({ client_id: t.org.id, issue_id: id, user_id: t.people.groupManager.id })
    .execute();
  const checklist = await server.db
    .insertInto('checklists')
    .values({
      client_id: t.org.id,
      issue_id: id,
      title: 'Safety checks',
      position: 0,
      created_by: t.people.admin.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('checklist_items')
    .values([
      {
        client_id: t.org.id,
        checklist_id: checklist.id,
        title: 'Check the valve',
        description: null,
        status_id: 2,
        position: 0,
      },
      {
        client_id: t.org.id,
        checklist_id: checklist.id,
        title: 'Close the tap',
        description: null,
        status_id: 1,
        position: 1,
      },
    ])
    .execute();
  const upload = await server.callForm(
    'POST',
    `${API}/issue/${id}/upload`,
    attachmentForm([
      { file: await jpeg(1600, 1200), name: 'before.jpg', description: 'Pump before repair' },
      { file: await jpeg(800, 600), name: 'after.jpg', description: 'Pump after repair' },
    ]),
    t.tokens.admin,
  );
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  const photos = upload.body.data.map((a: { id: number }) => a.id) as number[];
  return { ...t, id, sub, photos };
}

describe('GET issue/{id}/download/pdf', () => {
  it('makes the standard report with every part, in letters beyond Latin, named from the settings', async () => {
    const t = await world();
    const res = await download(
      `/issue/${t.id}/download/pdf${query({ language: 'en', include_subtasks: 1 })}`,
      t.tokens.manager,
    );
    expect(res.status, res.json && JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="Leaking_pipe_in_the_hall-/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toMatch(
      /^Leaking_pipe_in_the_hall-Łódź_Мастерская-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const { text, pages } = await pdfText(res.bytes);
    for (const marker of Object.values(MARKERS).filter(Boolean)) expect(text).toContain(marker);
    expect(text).toContain('Łódź – Мастерская');
    expect(text).toContain('Їжак щастя');
    expect(text).toContain('Sub: replace gasket');
    expect(text).toContain('Gus Group');
    expect(text).toContain('Pump after repair');
    expect(text).toContain('☑');
    expect(text).toContain(`1 / ${pages}`);
    // Both photos embedded, as images.
    expect(res.bytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('prints the dynamic form with its answers in the language asked, and only when forms are included', async () => {
    const t = await world();
    const design = await server.call('POST', `${API}/workspace/${t.ids.site}/form`, {
      token: t.tokens.admin,
      body: {
        title: { en: 'Boiler inspection', de: 'Kesselprüfung' },
        fields: [
          {
            key: 'pressure',
            kind: 'number',
            label: { en: 'Pressure (bar)', de: 'Druck (bar)' },
            required: true,
          },
          {
            key: 'state',
            kind: 'choice',
            label: { en: 'State', de: 'Zustand' },
            required: false,
            options: [
              { key: 'good', label: { en: 'Good', de: 'Gut' } },
              { key: 'worn', label: { en: 'Worn', de: 'Abgenutzt' } },
            ],
          },
        ],
      },
    });
    expect(design.status, JSON.stringify(design.body)).toBe(200);
    const stored = await server.call('POST', `${API}/forms/issue/${t.id}/store`, {
      token: t.tokens.admin,
      body: { form: { pressure: 1.8, state: 'worn' } },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBeLessThan(300);

    const withForms = await download(
      `/issue/${t.id}/download/pdf${query({ export_type: 'custom', include_forms: 1, language: 'de' })}`,
      t.tokens.manager,
    );
    expect(withForms.status, withForms.json && JSON.stringify(withForms.json)).toBe(200);
    const { text } = await pdfText(withForms.bytes);
    expect(text).toContain('Kesselprüfung');
    expect(text).toContain('Druck (bar)');
    expect(text).toContain('1.8');
    expect(text).toContain('Abgenutzt');

    const without = await download(
      `/issue/${t.id}/download/pdf${query({ export_type: 'custom', include_description: 1, language: 'de' })}`,
      t.tokens.manager,
    );
    expect((await pdfText(without.bytes)).text).not.toContain('Kesselprüfung');
  });

  it('shows each custom part alone, and sub-issues only when asked', async () => {
    const t = await world();
    for (const [index, part] of ISSUE_REPORT_PARTS.entries()) {
      const withSubtasks = index % 2 === 0;
      const flags = Object.fromEntries(ISSUE_REPORT_PARTS.map((p) => [`include_${p}`, p === part ? 1 : 0]));
      const res = await download(
        `/issue/${t.id}/download/pdf${query({ export_type: 'custom', include_subtasks: withSubtasks ? 1 : 0, language: 'en', ...flags })}`,
        t.tokens.admin,
      );
      expect(res.status, `${part}: ${res.json && JSON.stringify(res.json)}`).toBe(200);
      const { text } = await pdfText(res.bytes);
      for (const [other, marker] of Object.entries(MARKERS)) {
        if (!marker) continue;
        if (other === part) expect(text, part).toContain(marker);
        else expect(text, `${part} shows ${other}`).not.toContain(marker);
      }
      if (withSubtasks) expect(text, part).toContain('Sub: replace gasket');
      else expect(text, part).not.toContain('Sub: replace gasket');
    }
  });

  it('prints only the chosen photos, with or without their descriptions, and labels in the language asked', async () => {
    const t = await world();
    const [first, second] = t.photos as [number, number];
    const res = await download(
      `/issue/${t.id}/download/pdf${query({ export_type: 'custom', include_media: 1, include_details: 1, media: `${second}:0`, language: 'pl' })}`,
      t.tokens.admin,
    );
    expect(res.status).toBe(200);
    const { text } = await pdfText(res.bytes);
    expect(text).not.toContain('Pump before repair');
    expect(text).not.toContain('Pump after repair');
    expect(text).toContain('Zdjęcia');
    expect(text).toContain('Szczegóły');
    expect(res.bytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    const both = await download(
      `/issue/${t.id}/download/pdf${query({ export_type: 'custom', include_media: 1, media: `${second}:1,${first}:0`, language: 'tr' })}`,
      t.tokens.admin,
    );
    const turkish = await pdfText(both.bytes);
    expect(turkish.text).toContain('Pump after repair');
    expect(turkish.text).not.toContain('Pump before repair');
    expect(turkish.text).toContain('Fotoğraflar');
  });

  it('mails copies through the outbox with the PDF attached, in each reader’s language', async () => {
    const t = await world();
    const reader = await createUser(server.db, t.org.id, { email: 'leser@example.test', firstName: 'Lea' });
    await server.db.updateTable('users').set({ language: 'de' }).where('id', '=', reader.id).execute();
    const res = await download(
      `/issue/${t.id}/download/pdf${query({ send_email_copy: 1, email_addresses: 'owner@example.test; leser@example.test', language: 'en' })}`,
      t.tokens.manager,
    );
    expect(res.status).toBe(200);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const mails = await server.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_email', 'subject', 'text', 'attachments'])
      .where('kind', '=', 'issue_report')
      .where('client_id', '=', t.org.id)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.to_email)).toEqual(['owner@example.test', 'leser@example.test']);
    expect(mails[0]?.subject).toBe('Issue report: Leaking pipe in the hall');
    expect(mails[1]?.subject).toBe('Vorgangsbericht: Leaking pipe in the hall');
    expect(mails[0]?.text).toContain('Mia Manager');
    const [attachment] = mails[0]?.attachments ?? [];
    expect(attachment).toMatchObject({
      content_type: 'application/pdf',
      filename: expect.stringMatching(/\.pdf$/),
    });
    const stored = await server.ctx.storage.get(attachment?.storage_key ?? '');
    expect(stored?.equals(res.bytes)).toBe(true);
    // The sender hands the file to the transport.
    const sent: { to: string; attachments?: { filename: string; content: Buffer }[] }[] = [];
    await sendPendingMails(server.ctx, { sendMail: async (mail) => sent.push(mail) });
    const delivered = sent.find((m) => m.to === 'leser@example.test');
    expect(delivered?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Every copy got the file; once none waits any more, the stored copy is gone.
    expect(sent.filter((m) => m.attachments?.length)).toHaveLength(2);
    expect(await server.ctx.storage.get(attachment?.storage_key ?? '')).toBeUndefined();
  });

  it('refuses bad payloads with the spec’s keys and sends nothing', async () => {
    const t = await world();
    const before = await server.db.selectFrom('mail_outbox').select('id').execute();
    const refuse = async (
      params: Record<string, string | number>,
      field: string,
      key: string,
      fileType = 'pdf',
    ) => {
      const res = await download(`/issue/${t.id}/download/${fileType}${query(params)}`, t.tokens.admin);
      expect(res.status, JSON.stringify(params)).toBe(422);
      expect(res.json.fields?.[field], JSON.stringify(res.json)).toBe(key);
    };
    await refuse({ export_type: 'custom' }, 'export_type', 'at_least_one_checkbox');
    await refuse({ export_type: 'custom', include_title: 0 }, 'export_type', 'at_least_one_checkbox');
    await refuse(
      {
        send_email_copy: 1,
        email_addresses: Array.from({ length: 12 }, (_, n) => `p${n}@example.test`).join(';'),
      },
      'email_addresses',
      'too_many_emails',
    );
    await refuse(
      { send_email_copy: 1, email_addresses: 'ok@example.test;xy' },
      'email_addresses.1',
      'too_short',
    );
    await refuse(
      { send_email_copy: 1, email_addresses: `${'a'.repeat(250)}@example.test` },
      'email_addresses.0',
      'too_long',
    );
    await refuse(
      { send_email_copy: 1, email_addresses: 'not an address' },
      'email_addresses.0',
      'invalid_email',
    );
    await refuse({ send_email_copy: 1 }, 'email_addresses', 'required');
    await refuse({ export_type: 'fancy' }, 'export_type', 'invalid_format');
    await refuse({ include_subtasks: 'yes' }, 'include_subtasks', 'invalid_format');
    await refuse({ export_type: 'custom', include_media: 1, media: '12:x' }, 'media', 'invalid_format');
    await refuse({ language: 'xx' }, 'language', 'unsupported_language');
    await refuse({}, 'fileType', 'unsupported_type', 'docx');
    expect(await server.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('lets whoever sees the issue export it; others get 404, and copies are throttled', async () => {
    const t = await world();
    expect((await download(`/issue/${t.id}/download/pdf`, t.tokens.member)).status).toBe(200);
    expect((await download(`/issue/${t.id}/download/pdf`, t.tokens.collabMember)).status).toBe(200);
    expect((await download(`/issue/${t.id}/download/pdf`, t.tokens.depotMember)).status).toBe(404);
    expect((await download(`/issue/${t.id}/download/pdf`, t.strangerToken)).status).toBe(404);
    expect((await download(`/issue/${t.id}/download/pdf`)).status).toBe(401);
    expect((await download(`/issue/999999/download/pdf`, t.tokens.admin)).status).toBe(404);
    await exhaustBudget(server, REPORT_BUDGETS.mailCopies, `user:${t.people.admin.id}`);
    const throttled = await download(
      `/issue/${t.id}/download/pdf${query({ send_email_copy: 1, email_addresses: 'x@example.test' })}`,
      t.tokens.admin,
    );
    expect(throttled.status).toBe(429);
    expect(throttled.json.error).toBe('too_many_requests');
    // Without copies the same person still exports.
    expect((await download(`/issue/${t.id}/download/pdf`, t.tokens.admin)).status).toBe(200);
  });
});

describe('GET public/issue/{id}/download/pdf', () => {
  it('gives the reporter the follow page as a PDF with the right token only', async () => {
    const w = await createPublicWorld(server);
    await setPublicForm(server, w.org.id, 'workspace', { public_fields: ['description'] } as never);
    const { issueId, token } = await reportIssue(server, w, {
      title: 'Wasser im Flur – Çatı akıyor',
      description: 'Neben dem Aufzug',
    });
    const res = await download(`/public/issue/${issueId}/download/pdf${query({ token })}`);
    expect(res.status, res.json && JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('Wasser im Flur – Çatı akıyor');
    expect(text).toContain('Neben dem Aufzug');
    // The follow link's language (de).
    expect(text).toContain('Beschreibung');
    expect(
      (await download(`/public/issue/${issueId}/download/pdf${query({ token: `${token}x` })}`)).status,
    ).toBe(404);
    expect((await download(`/public/issue/${issueId}/download/pdf`)).status).toBe(404);
    expect((await download(`/public/issue/${issueId + 1000}/download/pdf${query({ token })}`)).status).toBe(
      404,
    );
  });
});
