import {
  ISSUE_SEARCH_CANDIDATES,
  type IssueListPageResponse,
  ZIssueListPageResponseSchema,
} from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSearchWordShares } from '../src/modules/issues/search-word-share.js';
import { addWorkspaceRole, createUser, login } from './helpers/factories.js';
import { API, addPartner, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

/**
 * An organisation (see createIssueTeam) with a spread of issues: every state, sub-workspaces,
 * assignees, priorities, categories, dates, a sub-issue, and rows that are never listed.
 */
async function seedList() {
  const t = await createIssueTeam(server);
  const { people, ids } = t;
  const category = async (name: string, color: string | null) =>
    (
      await server.db
        .insertInto('categories')
        .values({ client_id: t.org.id, name, color })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const plumbing = await category('Plumbing', '#0000ff');
  const glazing = await category('Glazing', null);
  const paint = await category('Paint', '#ff0000');
  const now = Date.now();
  const issue = t.issue;
  const leak = await issue({
    title: 'Leaking pipe in the kitchen',
    description: 'Water under the sink',
    status_id: 3,
    assignee_id: people.assignee.id,
    priority_id: 5,
    category_id: plumbing,
    process_number: '100001',
    due_date: new Date(now - DAY),
    start_date: new Date(now - 3 * DAY),
    created_at: at('2026-01-01T10:00:00Z'),
    updated_at: at('2026-03-05T10:00:00Z'),
  });
  const window = await issue({
    workspace_id: ids.room,
    title: 'Broken window',
    description: 'Glass shattered by the storm',
    status_id: 6,
    assignee_id: people.manager.id,
    created_by: people.manager.id,
    priority_id: 2,
    start_date: new Date(now + 5 * DAY),
    due_date: new Date(now + 10 * DAY),
    created_at: at('2026-01-02T10:00:00Z'),
    updated_at: at('2026-03-01T10:00:00Z'),
  });
  await server.db
    .insertInto('issue_categories')
    .values({ client_id: t.org.id, issue_id: window, category_id: glazing })
    .execute();
  const fence = await issue({
    workspace_id: ids.depot,
    title: 'Paint the fence',
    status_id: 8,
    created_by: people.depotMember.id,
    priority_id: 3,
    category_id: paint,
    start_date: new Date(now + 2 * DAY),
    created_at: at('2026-01-03T10:00:00Z'),
    updated_at: at('2026-03-03T10:00:00Z'),
  });
  const oldReport = await issue({
    title: 'Old report',
    status_id: 5,
    archived_at: new Date(),
    priority_id: 4,
    assignee_id: people.assignee.id,
    created_at: at('2026-01-04T10:00:00Z'),
    updated_at: at('2026-03-04T10:00:00Z'),
  });
  const declined = await issue({
    title: 'Declined request',
    status_id: 4,
    priority_id: 3,
    created_at: at('2026-01-05T10:00:00Z'),
    updated_at: at('2026-03-02T10:00:00Z'),
  });
  const review = await issue({
    title: 'Zinc roof check',
    status_id: 7,
    priority_id: 3,
    assignee_id: people.member.id,
    due_date: new Date(now + 20 * DAY),
    created_at: at('2026-01-06T10:00:00Z'),
    updated_at: at('2026-02-20T10:00:00Z'),
  });
  // A sub-issue of the leak (open), listed only with include_subtasks / issue_type=task.
  const subtask = await issue({
    parent_id: leak,
    title: 'Buy a new pipe',
    status_id: 1,
    created_at: at('2026-01-07T10:00:00Z'),
    updated_at: at('2026-02-10T10:00:00Z'),
  });
  // Never listed: a scheduled preview and a deleted issue.
  await issue({ title: 'Scheduled preview', status_id: 0 });
  await issue({ title: 'Deleted leak', status_id: 3, deleted_at: new Date() });
  await server.db
    .insertInto('issue_comments')
    .values(
      [1, 2].map((n) => ({
        client_id: t.org.id,
        issue_id: leak,
        user_id: people.admin.id,
        comment: `c${n}`,
      })),
    )
    .execute();
  return {
    ...t,
    categories: { plumbing, glazing, paint },
    issues: { leak, window, fence, oldReport, declined, review, subtask },
  };
}

async function list(token: string, query = ''): Promise<IssueListPageResponse> {
  const res = await server.call('GET', `${API}/issue/${query ? `?${query}` : ''}`, { token });
  if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
  return ZIssueListPageResponseSchema.parse(res.body);
}
const titles = (page: IssueListPageResponse) => page.data.map((i) => i.title);
const idsOf = (page: IssueListPageResponse) => page.data.map((i) => i.id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('GET issue/ (the issue list)', () => {
  it('needs a login', async () => {
    expect((await server.call('GET', `${API}/issue/`)).status).toBe(401);
    expect((await server.call('GET', `${API}/issue`)).status).toBe(401);
  });

  it('lists the active top-level issues by default, newest update first, with every field', async () => {
    const t = await seedList();
    const page = await list(t.tokens.admin);
    expect(titles(page)).toEqual([
      'Leaking pipe in the kitchen',
      'Paint the fence',
      'Declined request',
      'Broken window',
      'Zinc roof check',
    ]);
    const leak = page.data[0];
    expect(leak).toMatchObject({
      id: t.issues.leak,
      status_id: 3,
      priority_id: 5,
      parent_id: null,
      workspace: { id: t.ids.site, name: 'Site' },
      assignee: { id: t.people.assignee.id, full_name: 'Ava Assignee', profile_image: null },
      category: { id: t.categories.plumbing, name: 'Plumbing', color: '#0000ff' },
      due_state: 'overdue',
      open_subtasks_count: 1,
      number_of_comments: 2,
      process_number: '100001',
      archived: false,
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-03-05T10:00:00.000Z',
    });
    expect(page.data.find((i) => i.id === t.issues.declined)).toMatchObject({
      assignee: null,
      category: null,
      due_state: null,
      open_subtasks_count: 0,
      number_of_comments: 0,
    });
    // The same list under /issue (no slash).
    expect(titles(await list(t.tokens.admin, ''))).toEqual(titles(page));
    const plain = await server.call('GET', `${API}/issue`, { token: t.tokens.admin });
    expect(plain.body.total).toBe(5);
  });

  it('shows each state tab with its statuses and counts every tab with the same filters', async () => {
    const t = await seedList();
    const { issues } = t;
    const expected: Record<string, number[]> = {
      all_active: [issues.leak, issues.window, issues.fence, issues.declined, issues.review],
      to_do: [issues.leak],
      declined: [issues.declined],
      accepted: [],
      in_progress: [issues.window],
      in_review: [issues.review],
      completed: [issues.fence],
      archived: [issues.oldReport],
      all: [issues.leak, issues.window, issues.fence, issues.declined, issues.review, issues.oldReport],
    };
    for (const [tab, ids] of Object.entries(expected)) {
      const page = await list(t.tokens.admin, `issue_state=${tab}`);
      expect(idsOf(page), tab).toEqual(sorted(ids));
      expect(page.total, tab).toBe(ids.length);
      expect(page.state_counts).toEqual({
        all_active: 5,
        to_do: 1,
        declined: 1,
        accepted: 0,
        in_progress: 1,
        in_review: 1,
        completed: 1,
        archived: 1,
        all: 6,
      });
    }
    // Counts follow the other filters: only the Site's own issues (not the Room, not the Depot).
    const site = await list(t.tokens.admin, `workspaces=${t.ids.site}&issue_state=completed`);
    expect(site.total).toBe(0);
    expect(site.state_counts).toEqual({
      all_active: 3,
      to_do: 1,
      declined: 1,
      accepted: 0,
      in_progress: 0,
      in_review: 1,
      completed: 0,
      archived: 1,
      all: 4,
    });
  });

  it('lists sub-issues with include_subtasks=1 or issue_type=task', async () => {
    const t = await seedList();
    const withSubtasks = await list(t.tokens.admin, 'include_subtasks=1&issue_state=to_do');
    expect(idsOf(withSubtasks)).toEqual(sorted([t.issues.leak, t.issues.subtask]));
    expect(withSubtasks.data.find((i) => i.id === t.issues.subtask)?.parent_id).toBe(t.issues.leak);
    expect(withSubtasks.state_counts.to_do).toBe(2);
    expect(idsOf(await list(t.tokens.admin, 'issue_type=task&issue_state=all'))).toEqual([t.issues.subtask]);
    expect(
      idsOf(await list(t.tokens.admin, 'issue_type=issue&include_subtasks=1&issue_state=to_do')),
    ).toEqual([t.issues.leak]);
  });

  it('searches full text with a prefix on the last word, by process number, and short terms by title', async () => {
    const t = await seedList();
    const search = async (term: string) =>
      idsOf(await list(t.tokens.admin, `issue_state=all&search=${encodeURIComponent(term)}`));
    expect(await search('kitchen')).toEqual([t.issues.leak]);
    expect(await search('pipe kitch')).toEqual([t.issues.leak]);
    expect(await search('SHATTER')).toEqual([t.issues.window]); // description, any case
    expect(await search('storm glass')).toEqual([t.issues.window]);
    expect(await search('100001')).toEqual([t.issues.leak]);
    expect(await search('10000')).toEqual([]); // a process number matches whole
    // Short terms: anywhere in the title.
    expect(await search('ow')).toEqual([t.issues.window]);
    expect(await search('in')).toEqual(
      sorted([t.issues.leak, t.issues.window, t.issues.fence, t.issues.declined, t.issues.review]),
    );
    expect(await search('nothing like this')).toEqual([]);
    expect(await search("it's & (| !")).toEqual([]); // tsquery syntax is only text
    expect(await search('Deleted')).toEqual([]);
    // Without sort_by the best match comes first: the process number, then the text rank.
    const mentions = await t.issue({
      title: 'Pipe pipe pipe',
      description: 'Every pipe mentioned, and 100001 too',
      status_id: 2,
      updated_at: at('2026-01-01T00:00:00Z'),
    });
    const ranked = await list(t.tokens.admin, 'issue_state=all&search=pipe');
    expect(ranked.data.map((i) => i.id)).toEqual([mentions, t.issues.leak]);
    const byNumber = await list(t.tokens.admin, 'issue_state=all&search=100001');
    expect(byNumber.data.map((i) => i.id)).toEqual([t.issues.leak, mentions]);
    // A sort_by wins over the rank.
    const byTitle = await list(
      t.tokens.admin,
      'issue_state=all&search=pipe&sort_by=title&sort_direction=desc',
    );
    expect(byTitle.data.map((i) => i.id)).toEqual([mentions, t.issues.leak]);
    const byTitleAsc = await list(
      t.tokens.admin,
      'issue_state=all&search=pipe&sort_by=title&sort_direction=asc',
    );
    expect(byTitleAsc.data.map((i) => i.id)).toEqual([t.issues.leak, mentions]);
    const counts = await list(t.tokens.admin, 'search=window');
    expect(counts.state_counts).toMatchObject({ all_active: 1, in_progress: 1, to_do: 0, all: 1 });
    // The searched words follow an edit at once (a stored vector the database keeps).
    const edited = await server.call('PUT', `${API}/issue/${t.issues.window}`, {
      token: t.tokens.admin,
      body: { title: 'Cracked skylight', description: 'Hail damage' },
    });
    expect(edited.status).toBe(200);
    expect(await search('skylight')).toEqual([t.issues.window]);
    expect(await search('hail')).toEqual([t.issues.window]);
    expect(await search('storm glass')).toEqual([]);
  });

  it('a search matching more issues than it ranks says so, and pages through the same ones', async () => {
    const t = await createIssueTeam(server);
    const many = ISSUE_SEARCH_CANDIDATES + 30;
    const bulk = (from: number, to: number) =>
      sql`INSERT INTO issues (client_id, workspace_id, created_by, title, status_id, priority_id, translations)
        SELECT ${t.org.id}, ${t.ids.site}, ${t.people.admin.id}, 'Valve check ' || n,
            CASE WHEN n % 4 = 0 THEN 8 ELSE 2 END, 3, '{}'
          FROM generate_series(${from}::int, ${to}::int) AS n`.execute(server.db);
    // The candidates are the newest matches: the oldest one is left out, the best of the newest
    // ranks first though newer ones follow it.
    const oldest = await t.issue({ title: 'Valve valve valve valve', status_id: 2 });
    await bulk(1, many - 10);
    const best = await t.issue({ title: 'Valve valve valve', status_id: 2 });
    await bulk(many - 9, many);

    // The same answers whichever way the candidates are read: all matches through the full-text
    // index (a word the statistics do not know as common), or a scan stopping after the first
    // ones (once ANALYZE has counted "valve" in most issues).
    const searchesOf = async (work: () => Promise<void>) =>
      (await server.countStatements(work)).sql.filter((text) => text.includes('matches AS MATERIALIZED'));
    for (const readBy of ['index', 'early stop'] as const) {
      if (readBy === 'early stop') {
        await sql`ANALYZE issues`.execute(server.db);
        forgetSearchWordShares(server.ctx.db);
      }
      let first = await list(t.tokens.admin, 'search=valve&paginate_by=200');
      const statements = await searchesOf(async () => {
        first = await list(t.tokens.admin, 'search=valve&paginate_by=200');
      });
      expect(statements.some((text) => text.includes(`LIMIT ${ISSUE_SEARCH_CANDIDATES + 1}`))).toBe(
        readBy === 'early stop',
      );
      expect(first.search_capped).toBe(true);
      // The best match first; the counts are those of the first matches found, at most the bound.
      expect(first.data[0]?.id).toBe(best);
      expect(first.state_counts.all).toBe(ISSUE_SEARCH_CANDIDATES);
      expect(first.state_counts.to_do + first.state_counts.completed).toBe(ISSUE_SEARCH_CANDIDATES);
      expect(first.total).toBe(first.state_counts.all_active);
      expect(first.last_page).toBe(Math.ceil(first.total / 200));
      // Every page of the search, one after another: each issue once, as many as the total.
      const seen = new Set<number>();
      for (let page = 1; page <= first.last_page; page++) {
        const next = await list(t.tokens.admin, `search=valve&paginate_by=200&page=${page}`);
        expect(next.search_capped).toBe(true);
        for (const issue of next.data) seen.add(issue.id);
      }
      expect(seen.size).toBe(first.total);
      expect(seen.has(oldest)).toBe(false);
      // Past the last page: no rows, the same capped counts.
      const past = await list(t.tokens.admin, `search=valve&paginate_by=200&page=${first.last_page + 1}`);
      expect(past.data).toEqual([]);
      expect(past).toMatchObject({ search_capped: true, total: first.total });
      // A narrower search is counted exactly: "12" as a prefix, 12 and 120…129.
      const narrow = await list(t.tokens.admin, 'search=valve%20check%2012');
      expect(narrow.search_capped).toBe(false);
      expect(narrow.total).toBe(11);
    }
  });

  it('filters by workspaces, with or without their sub-workspaces', async () => {
    const t = await seedList();
    const { issues, ids } = t;
    expect(idsOf(await list(t.tokens.admin, `workspaces=${ids.site}`))).toEqual(
      sorted([issues.leak, issues.declined, issues.review]),
    );
    expect(idsOf(await list(t.tokens.admin, `workspaces=${ids.site}&include_sub_ws=1`))).toEqual(
      sorted([issues.leak, issues.declined, issues.review, issues.window]),
    );
    expect(idsOf(await list(t.tokens.admin, `workspaces=${ids.room},${ids.depot}`))).toEqual(
      sorted([issues.window, issues.fence]),
    );
    // Unreadable parts are ignored.
    expect(idsOf(await list(t.tokens.admin, `workspaces=x,${ids.depot},,`))).toEqual([issues.fence]);
  });

  it('filters assignees within a subtree by stored paths, which follow moves and deletions', async () => {
    const t = await seedList();
    const { issues, ids, people } = t;
    const mine = (root: number) =>
      list(
        t.tokens.admin,
        `workspaces=${root}&include_sub_ws=1&assignees=${people.manager.id},${people.assignee.id}&issue_state=all`,
      ).then(idsOf);
    expect(await mine(ids.site)).toEqual(sorted([issues.leak, issues.oldReport, issues.window]));
    expect(await mine(ids.depot)).toEqual([]);
    // A room below the room, and the room moved under the depot: its issues go with it.
    const closet = (
      await server.call('POST', `${API}/workspace`, {
        token: t.tokens.admin,
        body: { name: 'Closet', parent_id: ids.room },
      })
    ).body.id as number;
    const hinge = await t.issue({
      workspace_id: closet,
      title: 'Loose hinge',
      assignee_id: people.manager.id,
    });
    expect(await mine(ids.site)).toEqual(sorted([issues.leak, issues.oldReport, issues.window, hinge]));
    const moved = await server.call('PUT', `${API}/workspace/${ids.room}`, {
      token: t.tokens.admin,
      body: { parent_id: ids.depot },
    });
    expect(moved.status).toBe(200);
    expect(await mine(ids.site)).toEqual(sorted([issues.leak, issues.oldReport]));
    expect(await mine(ids.depot)).toEqual(sorted([issues.window, hinge]));
    expect(await mine(ids.room)).toEqual(sorted([issues.window, hinge]));
    // An issue moved to another workspace takes that workspace's path.
    await server.db.updateTable('issues').set({ workspace_id: ids.site }).where('id', '=', hinge).execute();
    expect(await mine(ids.depot)).toEqual([issues.window]);
    // A deleted workspace's issues (and those below it) leave the subtree, as with workspace ids.
    await server.db.updateTable('issues').set({ workspace_id: closet }).where('id', '=', hinge).execute();
    const deleted = await server.call('DELETE', `${API}/workspace/${ids.room}`, { token: t.tokens.admin });
    expect(deleted.status).toBeLessThan(300);
    expect(await mine(ids.depot)).toEqual([]);
    // Every path is its parent's and the issue's its workspace's.
    const { rows } = await sql<{ wrong: number }>`
      SELECT (SELECT count(*)::int FROM workspaces w LEFT JOIN workspaces p ON p.id = w.parent_id
          WHERE w.client_id = ${t.org.id}
            AND w.path IS DISTINCT FROM (CASE WHEN p.id IS NULL THEN ARRAY[w.id] ELSE p.path || w.id END))
        + (SELECT count(*)::int FROM issues i JOIN workspaces w ON w.id = i.workspace_id
          WHERE i.client_id = ${t.org.id} AND i.workspace_path IS DISTINCT FROM w.path) AS wrong`.execute(
      server.db,
    );
    expect(rows[0]?.wrong).toBe(0);
  });

  it('filters by assignees (0 = unassigned), reporters, priorities and categories', async () => {
    const t = await seedList();
    const { issues, people, categories } = t;
    expect(idsOf(await list(t.tokens.admin, `assignees=${people.assignee.id}&issue_state=all`))).toEqual(
      sorted([issues.leak, issues.oldReport]),
    );
    expect(idsOf(await list(t.tokens.admin, 'assignees=0'))).toEqual(sorted([issues.fence, issues.declined]));
    expect(idsOf(await list(t.tokens.admin, `assignees=0,${people.manager.id}`))).toEqual(
      sorted([issues.fence, issues.declined, issues.window]),
    );
    expect(
      idsOf(await list(t.tokens.admin, `reporters=${people.manager.id},${people.depotMember.id}`)),
    ).toEqual(sorted([issues.window, issues.fence]));
    expect(idsOf(await list(t.tokens.admin, 'priority_id=5'))).toEqual([issues.leak]);
    expect(idsOf(await list(t.tokens.admin, 'priority_id=2,5&issue_state=all'))).toEqual(
      sorted([issues.leak, issues.window]),
    );
    // Main category or an extra one.
    expect(idsOf(await list(t.tokens.admin, `categories=${categories.glazing}`))).toEqual([issues.window]);
    expect(
      idsOf(await list(t.tokens.admin, `categories=${categories.plumbing},${categories.paint}`)),
    ).toEqual(sorted([issues.leak, issues.fence]));
  });

  it('filters by a date range on each date type', async () => {
    const t = await seedList();
    const { issues } = t;
    const range = (q: string) => list(t.tokens.admin, `issue_state=all&${q}`).then(idsOf);
    expect(await range('date_from=2026-01-02&date_to=2026-01-03')).toEqual(
      sorted([issues.window, issues.fence]),
    );
    expect(await range('date_type=created&date_to=2026-01-01')).toEqual([issues.leak]);
    expect(await range(`date_from=${Date.parse('2026-01-06T00:00:00Z') / 1000}`)).toEqual([issues.review]);
    expect(
      await range('date_type=updated&date_from=2026-03-03T00:00:00Z&date_to=2026-03-04T23:00:00Z'),
    ).toEqual(sorted([issues.fence, issues.oldReport]));
    const today = new Date().toISOString().slice(0, 10);
    expect(await range(`date_type=start_date&date_from=${today}`)).toEqual(
      sorted([issues.window, issues.fence]),
    );
    expect(await range(`date_type=due_date&date_to=${today}`)).toEqual([issues.leak]);
    expect(
      await range(`date_type=due_date&date_from=${new Date(Date.now() + 15 * DAY).toISOString()}`),
    ).toEqual([issues.review]);
    // An unreadable date is no filter; an unknown date type is "created".
    expect((await list(t.tokens.admin, 'issue_state=all&date_from=yesterday')).total).toBe(6);
    expect(await range('date_type=whenever&date_to=2026-01-01')).toEqual([issues.leak]);
  });

  it('sorts by every sort_by in both directions', async () => {
    const t = await seedList();
    const { leak, window, fence, declined, review, oldReport } = t.issues;
    const order = async (sortBy: string, dir: 'asc' | 'desc', filter = '') =>
      (
        await list(t.tokens.admin, `issue_state=all&sort_by=${sortBy}&sort_direction=${dir}${filter}`)
      ).data.map((i) => i.id);
    // With a filter that keeps every issue, the counts are counted and the page is sorted in
    // the same pass over the matches (issue-list-queries.ts): the same order either way.
    const everything = '&date_type=created&date_from=2000-01-01';
    const expectBoth = async (sortBy: string, asc: number[], desc = [...asc].reverse()) => {
      expect(await order(sortBy, 'asc'), `${sortBy} asc`).toEqual(asc);
      expect(await order(sortBy, 'desc'), `${sortBy} desc`).toEqual(desc);
      expect(await order(sortBy, 'asc', everything), `${sortBy} asc, counted`).toEqual(asc);
      expect(await order(sortBy, 'desc', everything), `${sortBy} desc, counted`).toEqual(desc);
    };
    await expectBoth('created', [leak, window, fence, oldReport, declined, review]);
    await expectBoth('updated', [review, window, declined, fence, oldReport, leak]);
    await expectBoth('title', [window, declined, leak, oldReport, fence, review]);
    // Workspace names: Depot, Room, Site (ties by id in the same direction).
    await expectBoth('workspace', [fence, window, leak, oldReport, declined, review]);
    await expectBoth('status', [leak, declined, oldReport, window, review, fence]);
    // Nulls: last ascending, first descending (PostgreSQL's order), ties by id.
    await expectBoth(
      'start_date',
      [leak, fence, window, oldReport, declined, review],
      [review, declined, oldReport, window, fence, leak],
    );
    await expectBoth(
      'due_date',
      [leak, window, review, fence, oldReport, declined],
      [declined, oldReport, fence, review, window, leak],
    );
    // Deadline: no due date always last.
    await expectBoth(
      'deadline',
      [leak, window, review, fence, oldReport, declined],
      [review, window, leak, declined, oldReport, fence],
    );
    // Upcoming: starting from now first, then the rest; issues without a start last.
    await expectBoth(
      'upcoming',
      [fence, window, leak, oldReport, declined, review],
      [window, fence, leak, review, declined, oldReport],
    );
    // Category names: Glazing is an extra category only, so Paint, Plumbing; none last.
    await expectBoth(
      'category',
      [fence, leak, window, oldReport, declined, review],
      [leak, fence, review, declined, oldReport, window],
    );
    // Assignees: Ava Assignee (leak, oldReport), Mia Manager (window), Mo Member (review); none last.
    await expectBoth(
      'assignee',
      [leak, oldReport, window, review, fence, declined],
      [review, window, oldReport, leak, declined, fence],
    );
  });

  it('pages with the envelope and falls back to defaults for unsupported values', async () => {
    const t = await seedList();
    const first = await server.call('GET', `${API}/issue/?issue_state=all&paginate_by=20&page=1`, {
      token: t.tokens.admin,
    });
    expect(first.body).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 6,
      from: 1,
      to: 6,
      last_page: 1,
    });
    // 7 issues with sub-issues; an unsupported page size is 20; 3 is the schedule page's latest issues (000 §7).
    const odd = await list(t.tokens.admin, 'include_subtasks=1&issue_state=all&paginate_by=7');
    expect(odd.per_page).toBe(20);
    expect(odd.total).toBe(7);
    const latest = await list(t.tokens.admin, 'include_subtasks=1&issue_state=all&paginate_by=3');
    expect(latest).toMatchObject({ per_page: 3, total: 7, last_page: 3 });
    expect(latest.data).toHaveLength(3);
    const many = [];
    for (let n = 0; n < 16; n++) many.push(t.issue({ title: `Filler ${n}`, status_id: 2 }));
    await Promise.all(many);
    const page1 = await list(t.tokens.admin, 'issue_state=to_do&sort_by=title&sort_direction=asc');
    expect(page1).toMatchObject({ total: 17, per_page: 20, last_page: 1 });
    const p2 = await server.call('GET', `${API}/issue/?issue_state=all&paginate_by=20&page=2&sort_by=title`, {
      token: t.tokens.admin,
    });
    const page2 = ZIssueListPageResponseSchema.parse(p2.body);
    expect(page2).toMatchObject({
      current_page: 2,
      from: 21,
      to: 22,
      total: 22,
      last_page: 2,
      next_page_url: null,
    });
    expect(page2.data).toHaveLength(2);
    expect(page2.prev_page_url).toBe(`${API}/issue/?issue_state=all&sort_by=title&page=1`);
    expect(page2.first_page_url).toBe(`${API}/issue/?issue_state=all&sort_by=title&page=1`);
    const firstPage = await list(t.tokens.admin, 'issue_state=all&sort_by=title');
    expect(firstPage.next_page_url).toBe(`${API}/issue/?issue_state=all&sort_by=title&page=2`);
    expect(firstPage.data).toHaveLength(20);
    expect(new Set([...idsOf(firstPage), ...idsOf(page2)]).size).toBe(22);
    // Past the last page: an empty page, not an error.
    const past = await list(t.tokens.admin, 'issue_state=all&page=9');
    expect(past).toMatchObject({ data: [], from: null, to: null, total: 22 });

    // Unsupported values fall back: tab all_active, sort updated desc, no filters.
    const fallback = await list(
      t.tokens.admin,
      'issue_state=nope&sort_by=size&sort_direction=up&page=-2&paginate_by=abc&priority_id=9&assignees=x&issue_type=bug&include_sub_ws=7&date_type=x',
    );
    const defaults = await list(t.tokens.admin);
    expect(fallback.data.map((i) => i.id)).toEqual(defaults.data.map((i) => i.id));
    expect(fallback).toMatchObject({ current_page: 1, per_page: 20, total: defaults.total });
    // A repeated parameter is read like a comma list.
    expect(idsOf(await list(t.tokens.admin, 'priority_id=2&priority_id=5&issue_state=all'))).toEqual(
      sorted([t.issues.leak, t.issues.window]),
    );
  });

  it('keeps the sub-issue listing when parent_id is given', async () => {
    const t = await seedList();
    const res = await server.call('GET', `${API}/issue/?parent_id=${t.issues.leak}&include_subtasks=1`, {
      token: t.tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: { id: number }) => i.id)).toEqual([t.issues.subtask]);
    expect(res.body.state_counts).toBeUndefined();
    const bad = await server.call('GET', `${API}/issue/?parent_id=abc`, { token: t.tokens.admin });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ parent_id: 'required' });
    expect(
      (await server.call('GET', `${API}/issue/?parent_id=${t.issues.leak}`, { token: t.strangerToken }))
        .status,
    ).toBe(404);
  });

  it('shows only my issues (assigned to me or created by me) with the only_my_issues setting', async () => {
    const t = await seedList();
    await server.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ only_my_issues: true }) })
      .where('id', '=', t.people.manager.id)
      .execute();
    const mine = await t.issue({ title: 'Reported by Mia', created_by: t.people.manager.id, status_id: 2 });
    const page = await list(t.tokens.manager, 'issue_state=all');
    expect(idsOf(page)).toEqual(sorted([t.issues.window, mine]));
    expect(page.state_counts).toMatchObject({ all: 2, to_do: 1, in_progress: 1 });
    // Without the setting the manager sees the whole Site.
    expect((await list(t.tokens.groupManager, 'issue_state=all')).total).toBe(6);
  });

  it('shows a member only the issues of their workspaces, a partner the shared ones, a stranger none', async () => {
    const t = await seedList();
    const { issues } = t;
    const site = [issues.leak, issues.window, issues.declined, issues.review, issues.oldReport];
    expect(idsOf(await list(t.tokens.member, 'issue_state=all'))).toEqual(sorted(site));
    expect(idsOf(await list(t.tokens.depotMember, 'issue_state=all'))).toEqual([issues.fence]);
    // Naming a workspace one cannot see shows nothing from it.
    expect((await list(t.tokens.depotMember, `workspaces=${t.ids.site}&issue_state=all`)).total).toBe(0);
    // The partner with full access sees the shared Site and its Room.
    expect(idsOf(await list(t.tokens.collabMember, 'issue_state=all'))).toEqual(sorted(site));
    // Another organisation sees none of ours, whatever it names.
    const stranger = await list(t.strangerToken, `issue_state=all&workspaces=${t.ids.site}&include_sub_ws=1`);
    expect(stranger.total).toBe(0);
    expect(stranger.state_counts.all).toBe(0);
    expect((await list(t.strangerToken, 'issue_state=all&search=kitchen')).total).toBe(0);
  });

  it('shows a partner with limited access only the issues they are assigned to, reported or watch', async () => {
    const t = await seedList();
    const limited = await addPartner(
      server,
      { orgId: t.org.id, adminId: t.people.admin.id },
      t.ids.site,
      'limited',
    );
    const cleo = limited.collabMember;
    const token = await login(server, cleo);
    const assigned = await t.issue({ title: 'For the partner', assignee_id: cleo.id, status_id: 5 });
    const reported = await t.issue({ title: 'From the partner', created_by: cleo.id, status_id: 2 });
    const watched = await t.issue({ title: 'Watched by the partner', status_id: 6 });
    await server.db
      .insertInto('issue_watchers')
      .values({ client_id: t.org.id, issue_id: watched, user_id: cleo.id })
      .execute();
    const page = await list(token, 'issue_state=all');
    expect(idsOf(page)).toEqual(sorted([assigned, reported, watched]));
    expect(page.state_counts).toMatchObject({ all: 3, all_active: 3, accepted: 1, to_do: 1, in_progress: 1 });
    // A new member of ours with no workspace sees nothing.
    const newcomer = await createUser(server.db, t.org.id);
    expect((await list(await login(server, newcomer), 'issue_state=all')).total).toBe(0);
    await addWorkspaceRole(server.db, newcomer, t.ids.room, 'member');
    expect(idsOf(await list(await login(server, newcomer), 'issue_state=all'))).toEqual([t.issues.window]);
  });
});
