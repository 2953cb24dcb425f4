import ExcelJS from 'exceljs';
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

const TRICKY = '=SUM(1,2) "quoted", <b>&</b>\nsecond line';
const today = () => new Date().toISOString().slice(0, 10);

async function seed() {
  const t = await createIssueTeam(server);
  const tricky = await t.issue({
    title: TRICKY,
    status_id: 3,
    priority_id: 5,
    assignee_id: t.people.assignee.id,
    process_number: 'P-1',
    updated_at: new Date('2026-03-05T10:00:00Z'),
  });
  const plain = await t.issue({
    title: 'Plain issue',
    status_id: 6,
    updated_at: new Date('2026-03-04T10:00:00Z'),
  });
  const depot = await t.issue({
    workspace_id: t.ids.depot,
    title: 'Depot issue',
    status_id: 8,
    created_by: t.people.depotMember.id,
    updated_at: new Date('2026-03-03T10:00:00Z'),
  });
  const archived = await t.issue({
    title: 'Archived one',
    status_id: 8,
    archived_at: new Date(),
    updated_at: new Date('2026-03-02T10:00:00Z'),
  });
  await t.issue({ title: 'Deleted one', status_id: 3, deleted_at: new Date() });
  return { ...t, issueIds: { tricky, plain, depot, archived } };
}

/** The raw answer: status, headers and bytes. */
async function download(path: string, token?: string) {
  const response = await fetch(`${server.url}${API}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const jsonIds = async (path: string, token: string) => {
  const res = await download(path, token);
  expect(res.status).toBe(200);
  return (JSON.parse(res.bytes.toString('utf8')) as Array<{ id: number }>).map((r) => r.id);
};

describe('GET issue/export', () => {
  it('csv: content type, file name, BOM, RFC 4180 quoting and the formula guard', async () => {
    const t = await seed();
    const res = await download('/issue/export?format=csv', t.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="issues-${today()}.csv"`);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'id,process_number,title,status,priority,workspace,assignee,reporter,category,asset,asset_group,start_date,due_date,created_at,updated_at,archived,form',
    );
    expect(text).toContain(
      `${t.issueIds.tricky},P-1,"'=SUM(1,2) ""quoted"", <b>&</b>\nsecond line",Awaiting acceptance,Urgent,Site,Ava Assignee,`,
    );
    expect(text).toContain(`${t.issueIds.plain},,Plain issue,In progress,Normal,Site,,`);
    // Default tab: active issues only, in the list's order (updated desc).
    expect(text.trim().split('\r\n').length).toBe(4);
    expect(text.indexOf(String(t.issueIds.tricky))).toBeLessThan(text.indexOf('Plain issue'));
    expect(text).not.toContain('Archived one');
    expect(text).not.toContain('Deleted one');
  });

  it('json: an array of the columns, the same rows', async () => {
    const t = await seed();
    const res = await download('/issue/export?format=json', t.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="issues-${today()}.json"`);
    const rows = JSON.parse(res.bytes.toString('utf8'));
    expect(rows.map((r: { id: number }) => r.id)).toEqual([
      t.issueIds.tricky,
      t.issueIds.plain,
      t.issueIds.depot,
    ]);
    expect(rows[0]).toMatchObject({
      id: t.issueIds.tricky,
      process_number: 'P-1',
      title: TRICKY,
      status: 'Awaiting acceptance',
      priority: 'Urgent',
      workspace: 'Site',
      assignee: 'Ava Assignee',
      category: null,
      archived: false,
      updated_at: '2026-03-05T10:00:00.000Z',
    });
    // The 16 columns and the dynamic form's answers (issue 22).
    expect(Object.keys(rows[0])).toHaveLength(17);
  });

  it("names status and priority in the caller's language, as the list shows them", async () => {
    const t = await seed();
    await server.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', t.people.admin.id)
      .execute();
    const rows = JSON.parse(
      (await download('/issue/export?format=json', t.tokens.admin)).bytes.toString('utf8'),
    );
    expect(rows.map((r: { status: string; priority: string }) => [r.status, r.priority])).toEqual([
      ['Wartet auf Annahme', 'Dringend'],
      ['In Arbeit', 'Mittel'],
      ['Erledigt', 'Mittel'],
    ]);
    // The Croatian family's codes read the Croatian names; an unknown code reads English.
    await server.db
      .updateTable('users')
      .set({ language: 'sr' })
      .where('id', '=', t.people.admin.id)
      .execute();
    const csv = (await download('/issue/export?format=csv', t.tokens.admin)).bytes.toString('utf8');
    expect(csv).toContain('Plain issue,U tijeku,Srednji,');
    await server.db
      .updateTable('users')
      .set({ language: 'xx' })
      .where('id', '=', t.people.admin.id)
      .execute();
    const xml = (await download('/issue/export?format=xml', t.tokens.admin)).bytes.toString('utf8');
    expect(xml).toContain('<status>In progress</status>');
  });

  it('xml: a root <issues> of escaped <issue> elements', async () => {
    const t = await seed();
    const res = await download('/issue/export?format=xml', t.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="issues-${today()}.xml"`);
    const text = res.bytes.toString('utf8');
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<issues>\n')).toBe(true);
    expect(text.trimEnd().endsWith('</issues>')).toBe(true);
    expect(text.match(/<issue>/g)).toHaveLength(3);
    expect(text).toContain(
      '<title>=SUM(1,2) &quot;quoted&quot;, &lt;b&gt;&amp;&lt;/b&gt;\nsecond line</title>',
    );
    expect(text).toContain('<category/>');
    expect(text).not.toContain('<b>');
  });

  it('xlsx: a workbook with the header and the rows, text kept as text', async () => {
    const t = await seed();
    const res = await download('/issue/export?format=xlsx', t.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="issues-${today()}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(3).value).toBe('title');
    expect(sheet?.getRow(2).getCell(1).value).toBe(t.issueIds.tricky);
    expect(sheet?.getRow(2).getCell(3).value).toBe(TRICKY);
    expect(sheet?.getRow(2).getCell(3).formula).toBeUndefined();
    expect(sheet?.getRow(3).getCell(3).value).toBe('Plain issue');
    expect(sheet?.actualRowCount).toBe(4);
  });

  it('applies the list filters and the state tab', async () => {
    const t = await seed();
    expect(
      await jsonIds(`/issue/export?format=json&assignees=${t.people.assignee.id}`, t.tokens.admin),
    ).toEqual([t.issueIds.tricky]);
    expect(await jsonIds(`/issue/export?format=json&workspaces=${t.ids.depot}`, t.tokens.admin)).toEqual([
      t.issueIds.depot,
    ]);
    expect(await jsonIds('/issue/export?format=json&issue_state=archived', t.tokens.admin)).toEqual([
      t.issueIds.archived,
    ]);
    expect(await jsonIds('/issue/export?format=json&search=plain', t.tokens.admin)).toEqual([
      t.issueIds.plain,
    ]);
    expect(
      await jsonIds('/issue/export?format=json&sort_by=title&sort_direction=asc', t.tokens.admin),
    ).toEqual([t.issueIds.tricky, t.issueIds.depot, t.issueIds.plain]);
    // Paging parameters are ignored: everything is exported.
    expect(await jsonIds('/issue/export?format=json&page=2&paginate_by=20', t.tokens.admin)).toHaveLength(3);
  });

  it('with ids: only the selected issues the list would show, in the tab asked for', async () => {
    const t = await seed();
    const { tricky, plain, archived, depot } = t.issueIds;
    const deleted = await t.issue({ title: 'Gone', deleted_at: new Date() });
    expect(
      await jsonIds(`/issue/export?format=json&ids=${tricky},${archived},${deleted},abc`, t.tokens.admin),
    ).toEqual([tricky]);
    expect(
      await jsonIds(
        `/issue/export?format=json&issue_state=all&ids=${tricky},${archived},${deleted}`,
        t.tokens.admin,
      ),
    ).toEqual([tricky, archived]);
    // The other filters still apply.
    expect(
      await jsonIds(
        `/issue/export?format=json&ids=${depot},${plain}&workspaces=${t.ids.site}`,
        t.tokens.admin,
      ),
    ).toEqual([plain]);
  });

  it('visibility: a member gets only the issues of their workspaces; another organisation gets nothing', async () => {
    const t = await seed();
    const all = `${Object.values(t.issueIds).join(',')}&issue_state=all`;
    expect(await jsonIds('/issue/export?format=json', t.tokens.depotMember)).toEqual([t.issueIds.depot]);
    expect(await jsonIds(`/issue/export?format=json&ids=${all}`, t.tokens.depotMember)).toEqual([
      t.issueIds.depot,
    ]);
    expect(await jsonIds(`/issue/export?format=json&ids=${all}`, t.strangerToken)).toEqual([]);
    expect(await jsonIds('/issue/export?format=json', t.strangerToken)).toEqual([]);
    const csv = await download(`/issue/export?format=csv&ids=${all}`, t.strangerToken);
    expect(csv.bytes.toString('utf8').slice(1).trim().split('\r\n')).toHaveLength(1);
  });

  it('refuses an unknown or missing format with 422 invalid_format, and a caller without login with 401', async () => {
    const t = await seed();
    for (const query of ['format=pdf', 'format=', '']) {
      const res = await server.call('GET', `${API}/issue/export?${query}`, { token: t.tokens.admin });
      expect(res.status, query).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_format', fields: { format: 'invalid_format' } });
    }
    const anonymous = await server.call('GET', `${API}/issue/export?format=csv`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET issue/export across batches', () => {
  it('streams every row, in the list order, past the batch size', async () => {
    const t = await createIssueTeam(server);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const values = Array.from({ length: 1105 }, (_, n) => ({
      client_id: t.org.id,
      workspace_id: t.ids.site,
      created_by: t.people.admin.id,
      title: `Bulk ${n}`,
      status_id: 3,
      translations: '{}',
      updated_at: new Date(base + n * 60_000),
    }));
    const inserted = await server.db.insertInto('issues').values(values).returning('id').execute();
    const expected = inserted.map((r) => r.id).reverse();
    expect(await jsonIds('/issue/export?format=json', t.tokens.admin)).toEqual(expected);
    const csv = await download('/issue/export?format=csv&sort_by=updated&sort_direction=asc', t.tokens.admin);
    const lines = csv.bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(1106);
    expect(lines[1]?.startsWith(`${inserted[0]?.id},,Bulk 0,`)).toBe(true);
    expect(lines[1105]?.startsWith(`${inserted[1104]?.id},,Bulk 1104,`)).toBe(true);
  });
});
