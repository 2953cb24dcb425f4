import {
  CHECKLIST_ITEM_STATUS,
  ZChecklistListResponseSchema,
  ZChecklistSchema,
  ZChecklistTemplateListResponseSchema,
  ZChecklistTemplateSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function addCategory(clientId: number, name: string): Promise<number> {
  const row = await server.db
    .insertInto('categories')
    .values({ client_id: clientId, name, color: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function templateSnapshot(clientId: number): Promise<string> {
  const templates = await server.db
    .selectFrom('checklist_templates')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  const items = await server.db
    .selectFrom('checklist_template_items')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  return JSON.stringify({ templates, items });
}

describe('checklist templates', () => {
  it('round trip: save a ticked checklist as a template, assign it to another issue, same items, all open', async () => {
    const t = await createIssueTeam(server);
    const first = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const second = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6, title: 'Second pump' });
    const category = await addCategory(t.org.id, 'Plumbing');
    const checklist = ZChecklistSchema.parse(
      (
        await server.call('POST', `${API}/issue/${first}/checklists`, {
          token: t.tokens.assignee,
          body: {
            title: 'Pump swap',
            items: [
              { title: 'Close the valve', description: 'Red handle' },
              { title: 'Drain' },
              { title: 'Swap the pump' },
            ],
          },
        })
      ).body,
    );
    const drain = checklist.items[1];
    await server.call('PUT', `${API}/issue/${first}/checklist/${checklist.id}/items/${drain?.id}`, {
      token: t.tokens.assignee,
      body: { status_id: CHECKLIST_ITEM_STATUS.done },
    });

    // Ava (a member) may not keep templates; Mia (a workspace manager) may.
    const refused = await server.call(
      'POST',
      `${API}/checklist-templates/save-checklist-as-template/${checklist.id}`,
      {
        token: t.tokens.assignee,
        body: {},
      },
    );
    expect(refused.status).toBe(403);
    const saved = await server.call(
      'POST',
      `${API}/checklist-templates/save-checklist-as-template/${checklist.id}`,
      {
        token: t.tokens.manager,
        body: { category_id: category },
      },
    );
    expect(saved.status).toBe(200);
    const template = ZChecklistTemplateSchema.parse(saved.body);
    expect(template).toMatchObject({
      name: 'Pump swap',
      category: { id: category, name: 'Plumbing' },
      items_count: 3,
    });

    // Everyone of the organisation reads templates; assigning needs edit permission on the issue.
    const read = await server.call('GET', `${API}/checklist-templates/${template.id}`, {
      token: t.tokens.member,
    });
    expect(read.status).toBe(200);
    const assigned = await server.call(
      'POST',
      `${API}/issue/${second}/assign-checklist-from-template/${template.id}`,
      { token: t.tokens.assignee },
    );
    expect(assigned.status).toBe(200);
    const copy = ZChecklistSchema.parse(assigned.body);
    expect(copy.title).toBe('Pump swap');
    const strip = (items: { title: string; description: string | null; index: number }[]) =>
      items.map(({ title, description, index }) => ({ title, description, index }));
    expect(strip(copy.items)).toEqual(strip(checklist.items));
    expect(copy.items.every((i) => i.status_id === CHECKLIST_ITEM_STATUS.open)).toBe(true);
    const onSecond = ZChecklistListResponseSchema.parse(
      (await server.call('GET', `${API}/issue/${second}/checklists`, { token: t.tokens.member })).body,
    );
    expect(onSecond.data.map((c) => c.id)).toEqual([copy.id]);

    // The member who only sees the second issue may not assign to it.
    const memberAssign = await server.call(
      'POST',
      `${API}/issue/${second}/assign-checklist-from-template/${template.id}`,
      { token: t.tokens.member },
    );
    expect(memberAssign.status).toBe(403);

    // A partner working on the issue cannot see our templates at all.
    const partnerRead = await server.call('GET', `${API}/checklist-templates/${template.id}`, {
      token: t.tokens.collabMember,
    });
    expect(partnerRead.status).toBe(404);
  });

  it('create, edit items in a new order, delete; managers only, bad input writes nothing', async () => {
    const t = await createIssueTeam(server);
    const category = await addCategory(t.org.id, 'Electrics');
    const created = await server.call('POST', `${API}/checklist-templates`, {
      token: t.tokens.admin,
      body: { name: 'Fuse box', category_id: category, items: [{ title: 'Switch off' }, { title: 'Test' }] },
    });
    expect(created.status).toBe(200);
    const template = ZChecklistTemplateSchema.parse(created.body);
    const [off, test] = template.items as [(typeof template.items)[0], (typeof template.items)[0]];

    const updated = await server.call('PUT', `${API}/checklist-templates/${template.id}`, {
      token: t.tokens.manager,
      body: {
        name: 'Fuse box check',
        category_id: null,
        items: [
          { id: test.id, title: 'Test the circuit' },
          { title: 'Label' },
          { id: off.id, title: 'Switch off' },
        ],
      },
    });
    expect(updated.status).toBe(200);
    const after = ZChecklistTemplateSchema.parse(updated.body);
    expect(after).toMatchObject({ name: 'Fuse box check', category: null });
    expect(after.items.map((i) => [i.title, i.index])).toEqual([
      ['Test the circuit', 0],
      ['Label', 1],
      ['Switch off', 2],
    ]);
    expect(after.items[0]?.id).toBe(test.id);

    const before = await templateSnapshot(t.org.id);
    const otherOrgCategory = await addCategory(t.partner.org.id, 'Theirs');
    const refusals: [string, string, string, unknown, number][] = [
      ['member', 'POST', `${API}/checklist-templates`, { name: 'Mine' }, 403],
      ['member', 'PUT', `${API}/checklist-templates/${template.id}`, { name: 'Mine' }, 403],
      ['member', 'DELETE', `${API}/checklist-templates/${template.id}`, undefined, 403],
      ['admin', 'POST', `${API}/checklist-templates`, { name: '' }, 422],
      [
        'admin',
        'POST',
        `${API}/checklist-templates`,
        { name: 'Other category', category_id: otherOrgCategory },
        422,
      ],
      [
        'admin',
        'PUT',
        `${API}/checklist-templates/${template.id}`,
        { items: [{ id: 2_000_000_000, title: 'Not ours' }] },
        422,
      ],
      [
        'admin',
        'POST',
        `${API}/checklist-templates`,
        { name: 'Many', items: Array(201).fill({ title: 'x' }) },
        422,
      ],
    ];
    for (const [who, method, path, body, status] of refusals) {
      const res = await server.call(method, path, {
        token: t.tokens[who as 'member' | 'admin'],
        ...(body ? { body } : {}),
      });
      expect(res.status, `${who} ${method} ${path} ${String(JSON.stringify(body)).slice(0, 80)}`).toBe(
        status,
      );
    }
    expect(await templateSnapshot(t.org.id)).toBe(before);

    const deleted = await server.call('DELETE', `${API}/checklist-templates/${template.id}`, {
      token: t.tokens.admin,
    });
    expect(deleted.status).toBe(200);
    const gone = await server.call('GET', `${API}/checklist-templates/${template.id}`, {
      token: t.tokens.admin,
    });
    expect(gone.status).toBe(404);
  });

  it('lists with the category filter, the three sorts (updated descending by default) and paging', async () => {
    const t = await createIssueTeam(server);
    const plumbing = await addCategory(t.org.id, 'Plumbing');
    const names = ['Bravo', 'alpha', 'Delta', 'charlie'];
    const ids: number[] = [];
    for (const [n, name] of names.entries()) {
      const res = await server.call('POST', `${API}/checklist-templates`, {
        token: t.tokens.admin,
        body: { name, category_id: n % 2 === 0 ? plumbing : null },
      });
      ids.push(ZChecklistTemplateSchema.parse(res.body).id);
    }
    // Distinct, known times: created in list order; 'alpha' updated last.
    for (const [n, id] of ids.entries()) {
      const created = new Date(Date.UTC(2026, 0, 1 + n));
      await server.db
        .updateTable('checklist_templates')
        .set({ created_at: created, updated_at: new Date(Date.UTC(2026, 1, n === 1 ? 20 : 1 + n)) })
        .where('id', '=', id)
        .execute();
    }
    const list = async (query: string, token = t.tokens.member) => {
      const res = await server.call('GET', `${API}/checklist-templates${query}`, { token });
      expect(res.status, query).toBe(200);
      return ZChecklistTemplateListResponseSchema.parse(res.body);
    };
    expect((await list('')).data.map((x) => x.name)).toEqual(['alpha', 'charlie', 'Delta', 'Bravo']);
    expect((await list('?sort_by=name&sort_direction=asc')).data.map((x) => x.name)).toEqual([
      'alpha',
      'Bravo',
      'charlie',
      'Delta',
    ]);
    expect((await list('?sort_by=created&sort_direction=asc')).data.map((x) => x.name)).toEqual(names);
    const filtered = await list(`?category_id=${plumbing}&sort_by=name&sort_direction=asc`);
    expect(filtered.data.map((x) => x.name)).toEqual(['Bravo', 'Delta']);
    expect(filtered.total).toBe(2);
    expect((await list('?search=ALP')).data.map((x) => x.name)).toEqual(['alpha']);

    // Paging with the spec's page sizes only.
    for (let n = 0; n < 19; n++) {
      await server.call('POST', `${API}/checklist-templates`, {
        token: t.tokens.admin,
        body: { name: `Extra ${n}` },
      });
    }
    const page2 = await list('?page=2&sort_by=name&sort_direction=asc');
    expect(page2).toMatchObject({ current_page: 2, per_page: 20, total: 23, last_page: 2, from: 21, to: 23 });
    expect(page2.prev_page_url).toContain('sort_by=name');
    expect((await list('?paginate_by=40')).data).toHaveLength(23);
    const bad = await server.call('GET', `${API}/checklist-templates?paginate_by=25`, {
      token: t.tokens.admin,
    });
    expect(bad.status).toBe(422);
    const badSort = await server.call('GET', `${API}/checklist-templates?sort_by=title`, {
      token: t.tokens.admin,
    });
    expect(badSort.status).toBe(422);

    // Another organisation sees none of them.
    expect((await list('', t.strangerToken)).total).toBe(0);
  });
});
