import { ZAttachmentListResponseSchema, ZIssueSchema } from '@workbench/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentForm,
  csv,
  csvWithComparisons,
  csvWithHtml,
  elfBinary,
  eml,
  gif,
  gifWithHtml,
  htmlAsEml,
  jpeg,
  mzBinary,
  noisyJpeg,
  pdf,
  pdfWithEmbeddedFile,
  pdfWithEscapedScript,
  pdfWithLaunch,
  pdfWithOpenActionScript,
  pdfWithScriptInObjectStream,
  plainPdfWithOpenAction,
  png,
  pngWithHtml,
  xlsx,
} from './helpers/attachments-factories.js';
import { API, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The bytes behind a file URL the API answered. */
async function fetchFile(url: string): Promise<Buffer> {
  const res = await fetch(`${server.url}${url}`);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const widthOf = async (url: string) => (await sharp(await fetchFile(url)).metadata()).width;

async function storedRows(issueId: number) {
  return server.db
    .selectFrom('attachments')
    .selectAll()
    .where('owner_type', '=', 'issue')
    .where('owner_id', '=', issueId)
    .execute();
}

describe('uploading attachments to an issue', () => {
  it('accepts images and documents by content, with thumbnails 200 and 1024 wide (never upscaled)', async () => {
    const t = await createIssueTeam(server, {
      settings: { attachment_priority: true, attachment_deadline: true },
    });
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const form = attachmentForm([
      { file: await jpeg(1600, 1200), name: 'pump.jpg', description: 'Broken pump', priority_id: 4 },
      { file: await png(600, 400), name: 'sketch.png' },
      { file: pdf(), name: 'manual.pdf' },
      { file: await xlsx(), name: 'readings.xlsx' },
      { file: csv(), name: 'readings.csv' },
    ]);
    const res = await server.callForm('POST', `${API}/issue/${id}/upload`, form, t.tokens.assignee);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = ZAttachmentListResponseSchema.parse(res.body);
    expect(data.map((a) => [a.name, a.mime_type, a.media_type, a.index])).toEqual([
      ['pump.jpg', 'image/jpeg', 'picture', 0],
      ['sketch.png', 'image/png', 'picture', 1],
      ['manual.pdf', 'application/pdf', 'document', 2],
      ['readings.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document', 3],
      ['readings.csv', 'text/csv', 'document', 4],
    ]);
    const [photo, sketch, manual] = data;
    expect(photo).toMatchObject({
      description: 'Broken pump',
      priority_id: 4,
      user: { id: t.people.assignee.id, full_name: 'Ava Assignee' },
      allowedToEdit: true,
      allowedToDelete: true,
      allowedToRemove: true,
    });
    expect(await widthOf(photo?.web_mob_thumbnail_url as string)).toBe(200);
    expect(await widthOf(photo?.thumbnail_1024_url as string)).toBe(1024);
    expect(await widthOf(photo?.url as string)).toBe(1600);
    expect(await widthOf(sketch?.thumbnail_1024_url as string)).toBe(600);
    expect(manual?.web_mob_thumbnail_url).toBeNull();
    expect((await fetchFile(manual?.url as string)).subarray(0, 5).toString()).toBe('%PDF-');

    // The issue shows them in gallery order, and counts the assignee's upload.
    const issue = ZIssueSchema.parse(
      (await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.admin })).body,
    );
    expect(issue.attachments.map((a) => a.name)).toEqual([
      'pump.jpg',
      'sketch.png',
      'manual.pdf',
      'readings.xlsx',
      'readings.csv',
    ]);
  });

  it('refuses a renamed program or text with NUL bytes, naming each file, and stores nothing', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const before = await issueSnapshot(server, id);
    const form = attachmentForm([
      { file: await png(300, 200), name: 'fine.png' },
      { file: elfBinary(), name: 'photo.jpg' },
      { file: mzBinary(), name: 'report.pdf' },
      { file: Buffer.from('a;b\n\0\0'), name: 'data.csv' },
    ]);
    const res = await server.callForm('POST', `${API}/issue/${id}/upload`, form, t.tokens.admin);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('file_type_not_allowed');
    expect(res.body.files).toEqual([
      { name: 'photo.jpg', key: 'file_type_not_allowed' },
      { name: 'report.pdf', key: 'file_type_not_allowed' },
      { name: 'data.csv', key: 'file_type_not_allowed' },
    ]);
    expect(res.body.fields).toEqual({
      'attachments.1.file': 'file_type_not_allowed',
      'attachments.2.file': 'file_type_not_allowed',
      'attachments.3.file': 'file_type_not_allowed',
    });
    expect(await storedRows(id)).toEqual([]);
    expect(await issueSnapshot(server, id)).toBe(before);
  });

  it('rescales an oversized photo to fit 2 MB; refuses an oversized document', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const big = await noisyJpeg();
    expect(big.length).toBeGreaterThan(2_000_000);
    const res = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: big, name: 'noise.jpg' }]),
      t.tokens.admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [photo] = ZAttachmentListResponseSchema.parse(res.body).data;
    expect(photo?.size_bytes).toBeLessThanOrEqual(2_000_000);
    const stored = await fetchFile(photo?.url as string);
    expect(stored.length).toBe(photo?.size_bytes);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(1920);
    expect(await widthOf(photo?.web_mob_thumbnail_url as string)).toBe(200);
    expect(await widthOf(photo?.thumbnail_1024_url as string)).toBe(1024);

    const tooBig = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: pdf(2_100_000), name: 'huge.pdf' }]),
      t.tokens.admin,
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.body).toMatchObject({
      error: 'file_too_big',
      files: [{ name: 'huge.pdf', key: 'file_too_big' }],
    });
    expect((await storedRows(id)).length).toBe(1);
  });

  it('refuses uploads over the 20 MB total of an issue', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    // 19.5 MB already stored (rows only: the total is what the rows say).
    await server.db
      .insertInto('attachments')
      .values(
        Array.from({ length: 10 }, (_, n) => ({
          client_id: t.org.id,
          owner_type: 'issue',
          owner_id: id,
          user_id: t.people.admin.id,
          file_key: `${t.org.id}/attachments/${String(n).padStart(32, '0')}.pdf`,
          original_filename: `old-${n}.pdf`,
          mime_type: 'application/pdf',
          size_bytes: 1_950_000,
          description: null,
          priority_id: null,
          due_date: null,
          created_at: new Date(),
          updated_at: new Date(),
          deleted_at: null,
        })),
      )
      .execute();
    const res = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: pdf(600_000), name: 'one-more.pdf' }]),
      t.tokens.admin,
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'total_limit_exceeded',
      files: [{ name: 'one-more.pdf', key: 'total_limit_exceeded' }],
    });
    expect((await storedRows(id)).length).toBe(10);
    const small = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: pdf(100_000), name: 'small.pdf' }]),
      t.tokens.admin,
    );
    expect(small.status).toBe(200);
  });

  it('needs can_add_attachments: a member who only sees the issue is refused; archived issues take files from admins only', async () => {
    const t = await createIssueTeam(server);
    const seen = await t.issue({ status_id: 8 });
    const form = () => attachmentForm([{ file: pdf(), name: 'note.pdf' }]);
    const member = await server.callForm('POST', `${API}/issue/${seen}/upload`, form(), t.tokens.member);
    expect(member.status).toBe(403);
    const archived = await t.issue({ status_id: 8, archived_at: new Date() });
    const manager = await server.callForm(
      'POST',
      `${API}/issue/${archived}/upload`,
      form(),
      t.tokens.manager,
    );
    expect(manager.status).toBe(403);
    const admin = await server.callForm('POST', `${API}/issue/${archived}/upload`, form(), t.tokens.admin);
    expect(admin.status).toBe(200);
    const stranger = await server.callForm(
      'POST',
      `${API}/issue/${archived}/upload`,
      form(),
      t.strangerToken,
    );
    expect(stranger.status).toBe(404);
    expect((await storedRows(seen)).length).toBe(0);
    expect((await storedRows(archived)).length).toBe(1);
  });

  it('checks the fields sent with a file: description ≤ 255, deadline not in the past', async () => {
    const t = await createIssueTeam(server, {
      settings: { attachment_priority: true, attachment_deadline: true },
    });
    const id = await t.issue({});
    const long = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: pdf(), name: 'a.pdf', description: 'x'.repeat(256) }]),
      t.tokens.admin,
    );
    expect(long.status).toBe(422);
    expect(long.body.fields).toEqual({ 'attachments.0.description': 'too_long' });
    const past = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: pdf(), name: 'a.pdf', due_date: Math.floor(Date.now() / 1000) - 3600 }]),
      t.tokens.admin,
    );
    expect(past.body.fields).toEqual({ 'attachments.0.due_date': 'date_in_past' });
    const noFile = new FormData();
    noFile.append('attachments[0][description]', 'A description of nothing');
    const orphan = await server.callForm('POST', `${API}/issue/${id}/upload`, noFile, t.tokens.admin);
    expect(orphan.body.fields).toEqual({ 'attachments.0.file': 'required' });
    const soon = Math.floor(Date.now() / 1000) + 3600;
    const ok = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: pdf(), name: 'a.pdf', due_date: soon, priority_id: 5 }]),
      t.tokens.admin,
    );
    expect(ok.body.data[0]).toMatchObject({ due_date: soon, priority_id: 5 });
  });

  it('refuses a priority or deadline where the organisation does not use them, and stores nothing', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const soon = Math.floor(Date.now() / 1000) + 3600;
    for (const [fields, field] of [
      [{ priority_id: 4 }, 'priority_id'],
      [{ due_date: soon }, 'due_date'],
    ] as const) {
      const res = await server.callForm(
        'POST',
        `${API}/issue/${id}/upload`,
        attachmentForm([{ file: pdf(), name: 'a.pdf', ...fields }]),
        t.tokens.admin,
      );
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ [field]: 'forbidden' });
    }
    expect(await storedRows(id)).toHaveLength(0);
    // Without them the same file is taken.
    const plain = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: pdf(), name: 'a.pdf', description: 'Report' }]),
      t.tokens.admin,
    );
    expect(plain.status).toBe(200);
  });

  it('takes files with a new issue and with a comment', async () => {
    const t = await createIssueTeam(server);
    const issueForm = attachmentForm(
      [{ file: await jpeg(400, 300), name: 'leak.jpg', description: 'Leak' }],
      {
        prefix: 'attachment',
        fields: { title: 'Leaking tap', workspace_id: String(t.ids.site) },
      },
    );
    const created = await server.callForm('POST', `${API}/issue`, issueForm, t.tokens.member);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.attachments).toMatchObject([{ name: 'leak.jpg', description: 'Leak', index: 0 }]);

    const refused = await server.callForm(
      'POST',
      `${API}/issue`,
      attachmentForm([{ file: elfBinary(), name: 'leak.jpg' }], {
        prefix: 'attachment',
        fields: { title: 'Should not exist', workspace_id: String(t.ids.site) },
      }),
      t.tokens.member,
    );
    expect(refused.status).toBe(422);
    const titles = await server.db
      .selectFrom('issues')
      .select('title')
      .where('client_id', '=', t.org.id)
      .execute();
    expect(titles.map((r) => r.title)).not.toContain('Should not exist');

    const commentForm = attachmentForm([{ file: pdf(), name: 'invoice.pdf' }], {
      fields: { comment: 'Invoice attached' },
    });
    const comment = await server.callForm(
      'POST',
      `${API}/issue/${created.body.id}/comments`,
      commentForm,
      t.tokens.member,
    );
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    expect(comment.body).toMatchObject({
      comment: 'Invoice attached',
      attachments: [{ name: 'invoice.pdf' }],
    });
    const list = await server.call('GET', `${API}/issue/${created.body.id}/comments`, {
      token: t.tokens.admin,
    });
    expect(list.body.data[0].attachments.map((a: { name: string }) => a.name)).toEqual(['invoice.pdf']);
    // A comment's files are not the issue's gallery.
    const issue = await server.call('GET', `${API}/issue/${created.body.id}`, { token: t.tokens.admin });
    expect(issue.body.attachments.map((a: { name: string }) => a.name)).toEqual(['leak.jpg']);
  });
});

describe('files with active content', () => {
  it('refuses CSVs with web-page markup, PNGs and GIFs with data appended, PDFs that act on their own, and web pages named .eml', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const refused = [
      { file: csvWithHtml(), name: 'readings.csv', key: 'file_content_not_allowed' },
      { file: await pngWithHtml(), name: 'photo.png', key: 'file_content_not_allowed' },
      { file: await gifWithHtml(), name: 'anim.gif', key: 'file_content_not_allowed' },
      { file: pdfWithOpenActionScript(), name: 'script.pdf', key: 'file_content_not_allowed' },
      { file: pdfWithEscapedScript(), name: 'escaped.pdf', key: 'file_content_not_allowed' },
      { file: pdfWithLaunch(), name: 'launch.pdf', key: 'file_content_not_allowed' },
      { file: pdfWithEmbeddedFile(), name: 'carrier.pdf', key: 'file_content_not_allowed' },
      { file: pdfWithScriptInObjectStream(), name: 'packed.pdf', key: 'file_content_not_allowed' },
      { file: htmlAsEml(), name: 'mail.eml', key: 'file_type_not_allowed' },
    ];
    for (const { file, name, key } of refused) {
      const res = await server.callForm(
        'POST',
        `${API}/issue/${id}/upload`,
        attachmentForm([{ file, name }]),
        t.tokens.admin,
      );
      expect(res.status, name).toBe(422);
      expect(res.body, name).toMatchObject({ error: key, files: [{ name, key }] });
    }
    expect(await storedRows(id)).toEqual([]);
  });

  it('accepts the harmless look-alikes: an e-mail with an HTML part, a table with < and >, a PDF that opens at a page', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const form = attachmentForm([
      { file: eml(), name: 'pump.eml' },
      { file: csvWithComparisons(), name: 'limits.csv' },
      { file: plainPdfWithOpenAction(), name: 'manual.pdf' },
      { file: await gif(), name: 'anim.gif' },
    ]);
    const res = await server.callForm('POST', `${API}/issue/${id}/upload`, form, t.tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((a: { name: string; mime_type: string }) => [a.name, a.mime_type])).toEqual([
      ['pump.eml', 'message/rfc822'],
      ['limits.csv', 'text/csv'],
      ['manual.pdf', 'application/pdf'],
      ['anim.gif', 'image/gif'],
    ]);
  });
});
