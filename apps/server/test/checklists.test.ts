import {
  CHECKLIST_ITEM_STATUS,
  ZChecklistListResponseSchema,
  ZChecklistSchema,
  ZIssueSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentForm, elfBinary, png } from './helpers/attachments-factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { done, open } = CHECKLIST_ITEM_STATUS;

/** Everything stored about the checklists of an issue, to prove a refused call changed nothing. */
async function checklistSnapshot(issueId: number): Promise<string> {
  const checklists = await server.db
    .selectFrom('checklists')
    .selectAll()
    .where('issue_id', '=', issueId)
    .orderBy('id')
    .execute();
  const items = checklists.length
    ? await server.db
        .selectFrom('checklist_items')
        .selectAll()
        .where(
          'checklist_id',
          'in',
          checklists.map((c) => c.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return JSON.stringify({ checklists, items });
}

describe('checklists on an issue', () => {
  it('the assignee builds, renames, reorders, ticks and trims a checklist', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const token = t.tokens.assignee;

    const created = await server.call('POST', `${API}/issue/${id}/checklists`, {
      token,
      body: {
        title: ' Before handover ',
        items: [{ title: 'Close the valve' }, { title: 'Drain', description: 'Use the bucket' }],
      },
    });
    expect(created.status).toBe(200);
    const checklist = ZChecklistSchema.parse(created.body);
    expect(checklist).toMatchObject({ title: 'Before handover', items_count: 2, done_count: 0, index: 0 });
    expect(checklist.items.map((i) => [i.title, i.description, i.index, i.status_id])).toEqual([
      ['Close the valve', null, 0, open],
      ['Drain', 'Use the bucket', 1, open],
    ]);
    const base = `${API}/issue/${id}/checklist/${checklist.id}/items`;

    // A new item at the front pushes the others down.
    const added = await server.call('POST', base, { token, body: { title: 'Warn the tenants', index: 0 } });
    expect(added.status).toBe(200);
    const afterAdd = ZChecklistSchema.parse(added.body);
    expect(afterAdd.items.map((i) => [i.title, i.index])).toEqual([
      ['Warn the tenants', 0],
      ['Close the valve', 1],
      ['Drain', 2],
    ]);
    const [warn, valve, drain] = afterAdd.items as [
      (typeof afterAdd.items)[0],
      (typeof afterAdd.items)[0],
      (typeof afterAdd.items)[0],
    ];

    // Moving the first item to the end renumbers the rest.
    const moved = await server.call('PUT', `${base}/${warn.id}`, { token, body: { index: 2 } });
    expect(moved.status).toBe(200);
    expect(ZChecklistSchema.parse(moved.body).items.map((i) => [i.id, i.index])).toEqual([
      [valve.id, 0],
      [drain.id, 1],
      [warn.id, 2],
    ]);

    // Tick and edit in one call (001 §5: title, description, index, optional status_id).
    const ticked = await server.call('PUT', `${base}/${valve.id}`, {
      token,
      body: { title: 'Close the main valve', description: 'Red handle', index: 0, status_id: done },
    });
    expect(ticked.status).toBe(200);
    const afterTick = ZChecklistSchema.parse(ticked.body);
    expect(afterTick).toMatchObject({ items_count: 3, done_count: 1 });
    expect(afterTick.items[0]).toMatchObject({
      title: 'Close the main valve',
      description: 'Red handle',
      status_id: done,
      is_done: true,
    });

    // Untick.
    const unticked = await server.call('PUT', `${base}/${valve.id}`, { token, body: { status_id: open } });
    expect(ZChecklistSchema.parse(unticked.body).done_count).toBe(0);

    // Delete closes the gap.
    const removed = await server.call('DELETE', `${base}/${drain.id}`, { token });
    expect(removed.status).toBe(200);
    expect(ZChecklistSchema.parse(removed.body).items.map((i) => [i.id, i.index])).toEqual([
      [valve.id, 0],
      [warn.id, 1],
    ]);

    // A second checklist, renamed and moved first.
    const second = ZChecklistSchema.parse(
      (await server.call('POST', `${API}/issue/${id}/checklists`, { token, body: { title: 'After' } })).body,
    );
    expect(second.index).toBe(1);
    const renamed = await server.call('PUT', `${API}/issue/${id}/checklists/${second.id}`, {
      token,
      body: { title: 'Afterwards', index: 0 },
    });
    expect(renamed.status).toBe(200);
    const list = ZChecklistListResponseSchema.parse(
      (await server.call('GET', `${API}/issue/${id}/checklists`, { token: t.tokens.member })).body,
    );
    expect(list.data.map((c) => [c.title, c.index, c.items.length])).toEqual([
      ['Afterwards', 0, 0],
      ['Before handover', 1, 2],
    ]);

    // Deleting a checklist takes its items along and renumbers the rest.
    const deleted = await server.call('DELETE', `${API}/issue/${id}/checklists/${second.id}`, { token });
    expect(deleted.status).toBe(200);
    const after = ZChecklistListResponseSchema.parse(
      (await server.call('GET', `${API}/issue/${id}/checklists`, { token })).body,
    );
    expect(after.data.map((c) => [c.id, c.index])).toEqual([[checklist.id, 0]]);

    const activity = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(activity.map((a) => a.action)).toEqual([
      'checklist_added',
      'checklist_added',
      'checklist_removed',
    ]);
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const other = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const token = t.tokens.assignee;
    const checklist = ZChecklistSchema.parse(
      (
        await server.call('POST', `${API}/issue/${id}/checklists`, {
          token,
          body: { title: 'Steps', items: [{ title: 'One' }] },
        })
      ).body,
    );
    const itemId = checklist.items[0]?.id;
    const before = await checklistSnapshot(id);
    const bad: [string, string, unknown, number, string][] = [
      ['POST', `${API}/issue/${id}/checklists`, { title: '   ' }, 422, 'validation_failed'],
      ['POST', `${API}/issue/${id}/checklists`, { title: 'x'.repeat(256) }, 422, 'validation_failed'],
      ['POST', `${API}/issue/${id}/checklist/${checklist.id}/items`, { title: '' }, 422, 'validation_failed'],
      [
        'PUT',
        `${API}/issue/${id}/checklist/${checklist.id}/items/${itemId}`,
        { status_id: 7 },
        422,
        'validation_failed',
      ],
      [
        'PUT',
        `${API}/issue/${id}/checklist/${checklist.id}/items/${itemId}`,
        { description: 'x'.repeat(301) },
        422,
        'validation_failed',
      ],
      // The checklist belongs to another issue of the same organisation.
      ['PUT', `${API}/issue/${other}/checklists/${checklist.id}`, { title: 'Moved?' }, 404, 'not_found'],
      [
        'POST',
        `${API}/issue/${other}/checklist/${checklist.id}/items`,
        { title: 'Sneaky' },
        404,
        'not_found',
      ],
    ];
    for (const [method, path, body, status, key] of bad) {
      const res = await server.call(method, path, { token, body });
      expect([res.status, res.body.error], `${method} ${path} ${JSON.stringify(body)}`).toEqual([
        status,
        key,
      ]);
    }
    expect(await checklistSnapshot(id)).toBe(before);
  });

  it('who only sees the issue reads its checklists but changes nothing; strangers get 404', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const checklist = ZChecklistSchema.parse(
      (
        await server.call('POST', `${API}/issue/${id}/checklists`, {
          token: t.tokens.manager,
          body: { title: 'Steps', items: [{ title: 'One' }] },
        })
      ).body,
    );
    const itemId = checklist.items[0]?.id;
    const before = await checklistSnapshot(id);
    const writes: [string, string, unknown][] = [
      ['POST', `${API}/issue/${id}/checklists`, { title: 'Mine' }],
      ['PUT', `${API}/issue/${id}/checklists/${checklist.id}`, { title: 'Renamed' }],
      ['DELETE', `${API}/issue/${id}/checklists/${checklist.id}`, undefined],
      ['POST', `${API}/issue/${id}/checklist/${checklist.id}/items`, { title: 'Two' }],
      ['PUT', `${API}/issue/${id}/checklist/${checklist.id}/items/${itemId}`, { status_id: done }],
      ['DELETE', `${API}/issue/${id}/checklist/${checklist.id}/items/${itemId}`, undefined],
      ['POST', `${API}/convert-checklist-item-to-issue-or-subtask/${itemId}`, { type: 'issue' }],
    ];
    // Mo (a member of the Site) and Cleo (the partner's member) see the issue but may not edit it.
    for (const who of ['member', 'collabMember'] as const) {
      const read = await server.call('GET', `${API}/issue/${id}/checklists`, { token: t.tokens[who] });
      expect(read.status, who).toBe(200);
      for (const [method, path, body] of writes) {
        const res = await server.call(method, path, { token: t.tokens[who], ...(body ? { body } : {}) });
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
      }
    }
    // Dan works in another workspace and the stranger in another organisation: nothing to see.
    for (const token of [t.tokens.depotMember, t.strangerToken]) {
      expect((await server.call('GET', `${API}/issue/${id}/checklists`, { token })).status).toBe(404);
      for (const [method, path, body] of writes) {
        const res = await server.call(method, path, { token, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await checklistSnapshot(id)).toBe(before);
  });
});

describe('converting an item', () => {
  it('into a sub-issue of the checklist’s issue: the item leaves the checklist', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const token = t.tokens.assignee;
    const checklist = ZChecklistSchema.parse(
      (
        await server.call('POST', `${API}/issue/${id}/checklists`, {
          token,
          body: {
            title: 'Steps',
            items: [{ title: 'Order a new pump', description: 'Model KSB Etanorm 40' }, { title: 'Fit it' }],
          },
        })
      ).body,
    );
    const [pump, fit] = checklist.items as [(typeof checklist.items)[0], (typeof checklist.items)[0]];
    const res = await server.call('POST', `${API}/convert-checklist-item-to-issue-or-subtask/${pump.id}`, {
      token,
      body: { type: 'subtask' },
    });
    expect(res.status).toBe(200);
    const issue = ZIssueSchema.parse(res.body);
    expect(issue).toMatchObject({ title: 'Order a new pump', description: 'Model KSB Etanorm 40' });
    const row = await server.db
      .selectFrom('issues')
      .select(['parent_id', 'workspace_id', 'created_by'])
      .where('id', '=', issue.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ parent_id: id, workspace_id: t.ids.site, created_by: t.people.assignee.id });
    const list = ZChecklistListResponseSchema.parse(
      (await server.call('GET', `${API}/issue/${id}/checklists`, { token })).body,
    );
    expect(list.data[0]?.items.map((i) => [i.id, i.index])).toEqual([[fit.id, 0]]);
    const logged = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .where('action', '=', 'checklist_item_converted')
      .executeTakeFirstOrThrow();
    expect(logged.changes).toMatchObject({
      issue_id: issue.id,
      type: 'subtask',
      item_title: 'Order a new pump',
    });
  });

  it('into a separate issue in the same or a named workspace, under the issue rules', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const token = t.tokens.manager;
    const checklist = ZChecklistSchema.parse(
      (
        await server.call('POST', `${API}/issue/${id}/checklists`, {
          token,
          body: { title: 'Steps', items: [{ title: 'Paint the hall' }, { title: 'X' }, { title: 'Short' }] },
        })
      ).body,
    );
    const [paint, tiny, short] = checklist.items as [
      (typeof checklist.items)[0],
      (typeof checklist.items)[0],
      (typeof checklist.items)[0],
    ];
    const res = await server.call('POST', `${API}/convert-checklist-item-to-issue-or-subtask/${paint.id}`, {
      token,
      body: { type: 'issue', workspace_id: t.ids.room },
    });
    expect(res.status).toBe(200);
    const row = await server.db
      .selectFrom('issues')
      .select(['parent_id', 'workspace_id', 'title'])
      .where('id', '=', ZIssueSchema.parse(res.body).id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ parent_id: null, workspace_id: t.ids.room, title: 'Paint the hall' });

    // The issue rules apply: a one-letter title is too short, a short description too; the item stays.
    const before = await checklistSnapshot(id);
    const tooShort = await server.call(
      'POST',
      `${API}/convert-checklist-item-to-issue-or-subtask/${tiny.id}`,
      {
        token,
        body: { type: 'issue' },
      },
    );
    expect(tooShort.status).toBe(422);
    const badDescription = await server.call(
      'POST',
      `${API}/convert-checklist-item-to-issue-or-subtask/${short.id}`,
      { token, body: { type: 'issue', description: 'Too short' } },
    );
    expect([badDescription.status, badDescription.body.error]).toEqual([422, 'description_too_short']);
    // A workspace the caller cannot see is not found.
    const hidden = await server.call(
      'POST',
      `${API}/convert-checklist-item-to-issue-or-subtask/${short.id}`,
      {
        token,
        body: { type: 'issue', workspace_id: t.ids.depot },
      },
    );
    expect(hidden.status).toBe(404);
    expect(await checklistSnapshot(id)).toBe(before);
  });
});

describe('attachments of an item', () => {
  it('the assignee attaches a photo; a refused file or caller writes nothing', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const checklist = ZChecklistSchema.parse(
      (
        await server.call('POST', `${API}/issue/${id}/checklists`, {
          token: t.tokens.assignee,
          body: { title: 'Proof', items: [{ title: 'Photo of the new pump' }] },
        })
      ).body,
    );
    const itemId = checklist.items[0]?.id;
    const path = `${API}/issue/${id}/checklist/${checklist.id}/items/${itemId}/upload`;
    const res = await server.callForm(
      'POST',
      path,
      attachmentForm([{ file: await png(300, 200), name: 'pump.png', description: 'Installed' }]),
      t.tokens.assignee,
    );
    expect(res.status).toBe(200);
    const [attachment] = ZChecklistSchema.parse(res.body).items[0]?.attachments ?? [];
    expect(attachment).toMatchObject({
      name: 'pump.png',
      mime_type: 'image/png',
      media_type: 'picture',
      description: 'Installed',
      allowedToEdit: true,
    });
    const countRows = async () =>
      (
        await server.db
          .selectFrom('attachments')
          .select('id')
          .where('owner_type', '=', 'checklist_item')
          .where('owner_id', '=', itemId ?? 0)
          .execute()
      ).length;
    expect(await countRows()).toBe(1);

    // An executable renamed to .png is refused by its content; a member who only sees the issue is refused.
    const bad = await server.callForm(
      'POST',
      path,
      attachmentForm([{ file: elfBinary(), name: 'virus.png' }]),
      t.tokens.assignee,
    );
    expect([bad.status, bad.body.error]).toEqual([422, 'file_type_not_allowed']);
    const member = await server.callForm(
      'POST',
      path,
      attachmentForm([{ file: await png(40, 40), name: 'mine.png' }]),
      t.tokens.member,
    );
    expect(member.status).toBe(403);
    expect(await countRows()).toBe(1);

    // The list shows it to whoever sees the issue; deleting the item lets the file go.
    const list = ZChecklistListResponseSchema.parse(
      (await server.call('GET', `${API}/issue/${id}/checklists`, { token: t.tokens.member })).body,
    );
    expect(list.data[0]?.items[0]?.attachments).toHaveLength(1);
    expect(list.data[0]?.items[0]?.attachments[0]?.allowedToDelete).toBe(false);
    await server.call('DELETE', `${API}/issue/${id}/checklist/${checklist.id}/items/${itemId}`, {
      token: t.tokens.assignee,
    });
    const row = await server.db
      .selectFrom('attachments')
      .select('deleted_at')
      .where('owner_type', '=', 'checklist_item')
      .where('owner_id', '=', itemId ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
