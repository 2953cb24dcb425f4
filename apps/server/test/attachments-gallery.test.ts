import { readdirSync } from 'node:fs';
import { ZAttachmentCommentListResponseSchema, ZIssueSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/storage/file-storage.js';
import { attachmentForm, elfBinary, pdf, png } from './helpers/attachments-factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createIssueTeam>>;

/** An issue in progress for Ava, with one file of hers and one of the manager's. */
async function issueWithTwoFiles(t: Team) {
  const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
  const upload = async (token: string, name: string) => {
    const res = await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: await png(320, 240), name }]),
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data[0].id as number;
  };
  const own = await upload(t.tokens.assignee, 'ava.png');
  const managers = await upload(t.tokens.manager, 'mia.png');
  return { id, own, managers };
}

async function gallery(id: number, token: string) {
  const res = await server.call('GET', `${API}/issue/${id}`, { token });
  return ZIssueSchema.parse(res.body).attachments;
}

/** Everything stored about an issue's attachments and the files on disk. */
async function attachmentState(id: number) {
  const rows = await server.db
    .selectFrom('attachments')
    .selectAll()
    .where('owner_type', '=', 'issue')
    .where('owner_id', '=', id)
    .orderBy('id')
    .execute();
  return JSON.stringify(rows);
}

/** Files on disk of one organisation (keys start with its id). */
function storedFileCount(clientId: number): number {
  if (!(server.ctx.storage instanceof LocalDiskStorage)) throw new Error('tests store files on disk');
  const root = `${(server.ctx.storage as unknown as { root: string }).root}/${clientId}`;
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`);
      else count++;
    }
  };
  walk(root);
  return count;
}

describe('the gallery', () => {
  it('flags: a member edits and deletes only own files, a manager all of them', async () => {
    const t = await createIssueTeam(server);
    const { id, own, managers } = await issueWithTwoFiles(t);
    const asAssignee = await gallery(id, t.tokens.assignee);
    expect(asAssignee.map((a) => [a.id, a.allowedToEdit, a.allowedToDelete, a.allowedToRemove])).toEqual([
      [own, true, true, true],
      [managers, false, false, false],
    ]);
    const asManager = await gallery(id, t.tokens.manager);
    expect(asManager.map((a) => [a.allowedToEdit, a.allowedToDelete])).toEqual([
      [true, true],
      [true, true],
    ]);
    // A member who only sees the issue may do nothing with either.
    const asMember = await gallery(id, t.tokens.member);
    expect(asMember.every((a) => !a.allowedToEdit && !a.allowedToDelete)).toBe(true);
    expect(asMember.map((a) => a.user?.full_name)).toEqual(['Ava Assignee', 'Mia Manager']);
  });

  it('reorders with PUT issue/{id} [{id, index}]; unknown ids and callers without edit rights change nothing', async () => {
    const t = await createIssueTeam(server);
    const { id, own, managers } = await issueWithTwoFiles(t);
    const res = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.assignee,
      body: {
        attachments: [
          { id: managers, index: 0 },
          { id: own, index: 1 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.attachments.map((a: { id: number }) => a.id)).toEqual([managers, own]);
    const before = await attachmentState(id);
    const unknown = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.manager,
      body: {
        attachments: [
          { id: own, index: 0 },
          { id: 999_999, index: 1 },
        ],
      },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toEqual({ 'attachments.1.id': 'not_found' });
    const member = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.member,
      body: { attachments: [{ id: own, index: 0 }] },
    });
    expect(member.status).toBe(403);
    expect(await attachmentState(id)).toBe(before);
  });

  it('saves edits, additions and deletions with _method=PUT, all or nothing', async () => {
    const t = await createIssueTeam(server, {
      settings: { attachment_priority: true, attachment_deadline: true },
    });
    const { id, own, managers } = await issueWithTwoFiles(t);
    const files = storedFileCount(t.org.id);
    expect(files).toBe(6);

    // One bad file refuses the whole save: no edit, no deletion, no new file, no new title.
    const before = await attachmentState(id);
    const bad = attachmentForm(
      [
        { id: own, description: 'Changed' },
        { file: elfBinary(), name: 'new.jpg' },
      ],
      {
        prefix: 'attachment',
        fields: { _method: 'PUT', title: 'Renamed', 'delete_attachments[0]': String(own) },
      },
    );
    const refused = await server.callForm('POST', `${API}/issue/${id}`, bad, t.tokens.manager);
    expect(refused.status).toBe(422);
    expect(refused.body.files).toEqual([{ name: 'new.jpg', key: 'file_type_not_allowed' }]);
    expect(await attachmentState(id)).toBe(before);
    expect(storedFileCount(t.org.id)).toBe(files);

    // The assignee may not delete the manager's file: refused, and the new file is not kept.
    const notTheirs = attachmentForm([{ file: pdf(), name: 'extra.pdf' }], {
      prefix: 'attachment',
      fields: { _method: 'PUT', 'delete_attachments[0]': String(managers) },
    });
    const forbidden = await server.callForm('POST', `${API}/issue/${id}`, notTheirs, t.tokens.assignee);
    expect(forbidden.status).toBe(403);
    expect(await attachmentState(id)).toBe(before);
    expect(storedFileCount(t.org.id)).toBe(files);

    const soon = Math.floor(Date.now() / 1000) + 86_400;
    const good = attachmentForm(
      [
        { id: own, description: 'Pump after repair', due_date: soon, priority_id: 3 },
        { file: pdf(), name: 'report.pdf', description: 'Report' },
      ],
      {
        prefix: 'attachment',
        fields: { _method: 'PUT', title: 'Pump repaired', 'delete_attachments[0]': String(managers) },
      },
    );
    const saved = await server.callForm('POST', `${API}/issue/${id}`, good, t.tokens.manager);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.title).toBe('Pump repaired');
    expect(
      saved.body.attachments.map(
        (a: { name: string; description: string | null; due_date: number | null }) => [
          a.name,
          a.description,
          a.due_date,
        ],
      ),
    ).toEqual([
      ['ava.png', 'Pump after repair', soon],
      ['report.pdf', 'Report', null],
    ]);
    const deleted = await server.db
      .selectFrom('attachments')
      .select('deleted_at')
      .where('id', '=', managers)
      .executeTakeFirstOrThrow();
    expect(deleted.deleted_at).not.toBeNull();
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .where('action', '=', 'attachments_changed')
      .execute();
    expect(log).toHaveLength(1);

    // An attachment of another issue is not found through this one.
    const other = await issueWithTwoFiles(t);
    const foreign = await server.callForm(
      'POST',
      `${API}/issue/${id}`,
      attachmentForm([{ id: other.own, description: 'Hijack' }], { prefix: 'attachment' }),
      t.tokens.admin,
    );
    expect(foreign.status).toBe(404);
  });

  it('comments on an attachment when the organisation allows it', async () => {
    const t = await createIssueTeam(server);
    const { id, own } = await issueWithTwoFiles(t);
    for (const [who, text] of [
      ['member', 'Looks rusty'],
      ['manager', ' Replace it '],
    ] as const) {
      const res = await server.call('POST', `${API}/issue/${id}/attachment_comment`, {
        token: t.tokens[who],
        body: { comment: text, attachment_id: own },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const list = await server.call('GET', `${API}/issue/${id}/attachment_comment?attachment_id=${own}`, {
      token: t.tokens.assignee,
    });
    const { data } = ZAttachmentCommentListResponseSchema.parse(list.body);
    expect(data.map((c) => [c.comment, c.user?.first_name])).toEqual([
      ['Looks rusty', 'Mo'],
      ['Replace it', 'Mia'],
    ]);
    const empty = await server.call('POST', `${API}/issue/${id}/attachment_comment`, {
      token: t.tokens.member,
      body: { comment: '  ', attachment_id: own },
    });
    expect(empty.body.fields).toEqual({ comment: 'required' });
    const other = await t.issue({});
    const elsewhere = await server.call(
      'GET',
      `${API}/issue/${other}/attachment_comment?attachment_id=${own}`,
      {
        token: t.tokens.admin,
      },
    );
    expect(elsewhere.status).toBe(404);
    const stranger = await server.call('POST', `${API}/issue/${id}/attachment_comment`, {
      token: t.strangerToken,
      body: { comment: 'Hello', attachment_id: own },
    });
    expect(stranger.status).toBe(404);

    const off = await createIssueTeam(server, { settings: { attachment_comments: false } });
    const offIssue = await issueWithTwoFiles(off);
    const refused = await server.call('POST', `${API}/issue/${offIssue.id}/attachment_comment`, {
      token: off.tokens.manager,
      body: { comment: 'Not here', attachment_id: offIssue.own },
    });
    expect(refused.status).toBe(403);
    const count = await server.db
      .selectFrom('attachment_comments')
      .select('id')
      .where('attachment_id', '=', offIssue.own)
      .execute();
    expect(count).toEqual([]);
  });

  it("the assignee's upload fulfils 'attachment required' for mark done", async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({
      assignee_id: t.people.assignee.id,
      status_id: 6,
      is_attachment_required: true,
    });
    const early = await server.call('POST', `${API}/issue/${id}/status`, {
      token: t.tokens.assignee,
      body: { status_id: 7 },
    });
    expect(early.status).toBe(422);
    expect(early.body.error).toBe('attachment_required');
    // Someone else's file does not count.
    await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: await png(200, 200), name: 'by-manager.png' }]),
      t.tokens.manager,
    );
    const still = await server.call('POST', `${API}/issue/${id}/status`, {
      token: t.tokens.assignee,
      body: { status_id: 7 },
    });
    expect(still.body.error).toBe('attachment_required');
    await server.callForm(
      'POST',
      `${API}/issue/${id}/upload`,
      attachmentForm([{ file: await png(200, 200), name: 'done.png' }]),
      t.tokens.assignee,
    );
    const done = await server.call('POST', `${API}/issue/${id}/status`, {
      token: t.tokens.assignee,
      body: { status_id: 7 },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status_id).toBe(7);
  });

  it('marks done with the required photo in the same request (the photo-required modal)', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({
      assignee_id: t.people.assignee.id,
      status_id: 6,
      is_attachment_required: true,
    });
    const markDone = (file: Buffer, name: string) =>
      server.callForm(
        'POST',
        `${API}/issue/${id}/status`,
        attachmentForm([{ file, name }], { fields: { status_id: '7' } }),
        t.tokens.manager,
      );
    // A refused file refuses the status change too.
    const refused = await markDone(elfBinary(), 'photo.jpg');
    expect(refused.status).toBe(422);
    const unchanged = await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.manager });
    expect([unchanged.body.status_id, unchanged.body.attachments]).toEqual([6, []]);
    const done = await markDone(await png(300, 300), 'photo.png');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status_id).toBe(7);
    expect(done.body.attachments.map((a: { name: string }) => a.name)).toEqual(['photo.png']);
  });
});
