import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Template = { id: number; text: string; category_id: number | null };

async function setUp() {
  const team = await createTeam(server.db);
  const workspace = await addWorkspace(server.db, team.org.id, 'Site');
  const manager = await createUser(server.db, team.org.id, {
    role: 'user',
    firstName: 'Max',
    lastName: 'Manager',
  });
  await addWorkspaceRole(server.db, manager, workspace, 'manager');
  await addWorkspaceRole(server.db, team.member, workspace, 'member');
  const [plumbing, cleaning] = await server.db
    .insertInto('categories')
    .values([
      { client_id: team.org.id, name: 'Plumbing', color: '#1c7ed6' },
      { client_id: team.org.id, name: 'Cleaning', color: null },
    ])
    .returning('id')
    .execute();
  return {
    ...team,
    plumbing: plumbing?.id as number,
    cleaning: cleaning?.id as number,
    adminToken: await login(server, team.admin),
    managerToken: await login(server, manager),
    memberToken: await login(server, team.member),
  };
}

/** Inserts templates with distinct, increasing times so the sorts are deterministic. */
async function insertTemplates(clientId: number, rows: Array<{ text: string; category_id: number | null }>) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  return server.db
    .insertInto('text_templates')
    .values(
      rows.map((r, i) => ({
        client_id: clientId,
        text: r.text,
        category_id: r.category_id,
        created_by: null,
        created_at: new Date(base + i * 60_000),
        // Updated in the opposite order of creation.
        updated_at: new Date(base + (rows.length - i) * 3_600_000),
      })),
    )
    .returning('id')
    .execute();
}

describe('text templates', () => {
  it('a manager adds, reads, edits and deletes one; the author and category come along', async () => {
    const { managerToken, memberToken, plumbing, cleaning } = await setUp();
    const created = await server.call('POST', `${API}/text-templates`, {
      token: managerToken,
      body: { text: '  Replaced the seal and tested for leaks. ', category_id: plumbing },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      text: 'Replaced the seal and tested for leaks.',
      category_id: plumbing,
      category: { id: plumbing, name: 'Plumbing', color: '#1c7ed6' },
      created_by: { full_name: 'Max Manager' },
    });
    const id = created.body.id as number;

    const read = await server.call('GET', `${API}/text-templates/${id}`, { token: memberToken });
    expect(read.status).toBe(200);
    expect(read.body.text).toBe('Replaced the seal and tested for leaks.');

    const edited = await server.call('PUT', `${API}/text-templates/${id}`, {
      token: managerToken,
      body: { text: 'Replaced the seal.', category_id: cleaning },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      text: 'Replaced the seal.',
      category: { id: cleaning, name: 'Cleaning' },
    });
    expect(Date.parse(edited.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));
    const uncategorised = await server.call('PUT', `${API}/text-templates/${id}`, {
      token: managerToken,
      body: { category_id: null },
    });
    expect(uncategorised.body).toMatchObject({
      text: 'Replaced the seal.',
      category_id: null,
      category: null,
    });

    const deleted = await server.call('DELETE', `${API}/text-templates/${id}`, { token: managerToken });
    expect(deleted.body).toEqual({ success: true });
    expect((await server.call('GET', `${API}/text-templates/${id}`, { token: managerToken })).status).toBe(
      404,
    );
  });

  it('lists by category and search, sorts by created, updated and text, pages with the envelope', async () => {
    const { org, adminToken, memberToken, plumbing, cleaning } = await setUp();
    const ids = await insertTemplates(org.id, [
      { text: 'Bled the radiators', category_id: null },
      { text: 'cleaned the filter (100%)', category_id: cleaning },
      { text: 'Checked the pump', category_id: plumbing },
      { text: 'Aired the room', category_id: cleaning },
    ]);
    const other = await createTeam(server.db);
    await insertTemplates(other.org.id, [{ text: 'Not ours: cleaned', category_id: null }]);
    const texts = async (query: string) => {
      const res = await server.call('GET', `${API}/text-templates?${query}`, { token: memberToken });
      expect(res.status, query).toBe(200);
      return res.body.data.map((t: Template) => t.text);
    };

    // Default: last updated first (updated runs opposite to creation here).
    expect(await texts('')).toEqual([
      'Bled the radiators',
      'cleaned the filter (100%)',
      'Checked the pump',
      'Aired the room',
    ]);
    expect(await texts('sort_by=created&sort_direction=desc')).toEqual([
      'Aired the room',
      'Checked the pump',
      'cleaned the filter (100%)',
      'Bled the radiators',
    ]);
    expect(await texts('sort_by=name&sort_direction=asc')).toEqual([
      'Aired the room',
      'Bled the radiators',
      'Checked the pump',
      'cleaned the filter (100%)',
    ]);
    expect(await texts(`category_id=${cleaning}&sort_by=name&sort_direction=asc`)).toEqual([
      'Aired the room',
      'cleaned the filter (100%)',
    ]);
    expect(await texts('search=CLEAN')).toEqual(['cleaned the filter (100%)']);
    // Pattern characters are literal.
    expect(await texts('search=100%25')).toEqual(['cleaned the filter (100%)']);
    expect(await texts('search=_')).toEqual([]);
    // Unsupported values fall back to the defaults, never an error.
    expect(await texts('sort_by=colour&paginate_by=7&page=-2&category_id=abc')).toHaveLength(4);

    const page = await server.call(
      'GET',
      `${API}/text-templates?paginate_by=20&page=1&category_id=${plumbing}`,
      {
        token: adminToken,
      },
    );
    expect(page.body).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 1,
      from: 1,
      to: 1,
      last_page: 1,
      next_page_url: null,
    });
    expect(page.body.first_page_url).toContain(`category_id=${plumbing}`);
    expect(page.body.data[0].id).toBe(ids[2]?.id);
    // A page beyond the end is empty, not an error.
    const beyond = await server.call('GET', `${API}/text-templates?page=9`, { token: adminToken });
    expect(beyond.body).toMatchObject({ data: [], total: 4, from: null });
  });

  it('GET config?get_only=templates gives id, text and category, newest first, at most 2000', async () => {
    const { org, memberToken, plumbing } = await setUp();
    await insertTemplates(
      org.id,
      Array.from({ length: 2005 }, (_, i) => ({
        text: `Template ${i}`,
        category_id: i === 2004 ? plumbing : null,
      })),
    );
    const res = await server.call('GET', `${API}/config?get_only=templates`, { token: memberToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['templates']);
    expect(res.body.templates).toHaveLength(2000);
    // insertTemplates updates the first row last: 'Template 0' is the newest change.
    expect(res.body.templates[0]).toEqual({ id: expect.any(Number), text: 'Template 0', category: null });
    expect(res.body.templates.at(-1).text).toBe('Template 1999');
    // The oldest change, the only one with a category, is past the cap.
    expect(res.body.templates.some((t: { category: unknown }) => t.category !== null)).toBe(false);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const { org, adminToken } = await setUp();
    const foreign = await createTeam(server.db);
    const [foreignCategory] = await server.db
      .insertInto('categories')
      .values({ client_id: foreign.org.id, name: 'Theirs', color: null })
      .returning('id')
      .execute();
    const bodies = [
      {},
      { text: '   ' },
      { text: 'x'.repeat(5001) },
      { text: 'ok', category_id: 'plumbing' },
      { text: 'ok', category_id: foreignCategory?.id },
    ];
    for (const body of bodies) {
      const res = await server.call('POST', `${API}/text-templates`, { token: adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const longest = await server.call('POST', `${API}/text-templates`, {
      token: adminToken,
      body: { text: 'y'.repeat(5000) },
    });
    expect(longest.status).toBe(200);
    const rows = await server.db
      .selectFrom('text_templates')
      .select('text')
      .where('client_id', '=', org.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a plain member reads but may not manage; a stranger sees none of them', async () => {
    const { org, memberToken, adminToken } = await setUp();
    const [row] = await insertTemplates(org.id, [{ text: 'Ours', category_id: null }]);
    const id = row?.id as number;
    expect(
      (await server.call('POST', `${API}/text-templates`, { token: memberToken, body: { text: 'Mine' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await server.call('PUT', `${API}/text-templates/${id}`, {
          token: memberToken,
          body: { text: 'Mine' },
        })
      ).status,
    ).toBe(403);
    expect((await server.call('DELETE', `${API}/text-templates/${id}`, { token: memberToken })).status).toBe(
      403,
    );
    expect((await server.call('GET', `${API}/text-templates`, { token: memberToken })).body.total).toBe(1);

    const stranger = await createTeam(server.db);
    const strangerToken = await login(server, stranger.admin);
    expect((await server.call('GET', `${API}/text-templates/${id}`, { token: strangerToken })).status).toBe(
      404,
    );
    expect((await server.call('GET', `${API}/text-templates`, { token: strangerToken })).body.total).toBe(0);
    expect(
      (await server.call('GET', `${API}/config?get_only=templates`, { token: strangerToken })).body.templates,
    ).toEqual([]);
    expect((await server.call('GET', `${API}/text-templates/${id}`, { token: adminToken })).status).toBe(200);
  });
});
