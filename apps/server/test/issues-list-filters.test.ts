import { type IssueListPageResponse, ZIssueListPageResponseSchema } from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment } from './helpers/equipment-factories.js';
import { createUser } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A small deterministic generator, so every run seeds the same spread. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
}

type SeededIssue = {
  id: number;
  workspace_id: number;
  parent_id: number | null;
  status_id: number;
  archived: boolean;
  priority_id: number;
  assignee_id: number | null;
  created_by: number | null;
  watchers: number[];
  workers: number[];
  schedule_id: number | null;
  asset_id: number | null;
  rating: number | null;
};

const SCHEDULES = [null, 7001, 7002] as const;
const ASSETS = [null, 8001, 8002, 8003] as const;
const RATINGS = [null, 1, 2, 3, 4, 5] as const;

/**
 * The issue team (createIssueTeam) plus a second partner person, job positions, a favourite
 * workspace and 40 issues whose people, schedules, assets and ratings are drawn at random (with
 * a fixed seed): the filters are then checked against a plain filter over the same rows.
 */
async function seedFilterData() {
  const t = await createIssueTeam(server);
  const { people, org, ids } = t;
  // The assets the issues name (issues.asset_id references assets): fixed ids, made once per database.
  // So are the schedules (issues.schedule_id references schedules).
  for (const id of SCHEDULES) {
    if (id === null) continue;
    await sql`INSERT INTO schedules (id, client_id, workspace_id, title, start_date, repeat_unit,
        repeat_value, work_hours_start, work_hours_end) OVERRIDING SYSTEM VALUE
      VALUES (${id}, ${org.id}, ${ids.site}, ${`Schedule ${id}`}, '2026-01-01', 'weeks', 1, '08:00', '16:00')
      ON CONFLICT (id) DO NOTHING`.execute(server.db);
  }
  for (const id of ASSETS) {
    if (id === null) continue;
    await sql`INSERT INTO assets (id, client_id, workspace_id, name) OVERRIDING SYSTEM VALUE
      VALUES (${id}, ${org.id}, ${ids.site}, ${`Asset ${id}`}) ON CONFLICT (id) DO NOTHING`.execute(
      server.db,
    );
  }
  const position = async (name: string) =>
    (
      await server.db
        .insertInto('job_positions')
        .values({ client_id: org.id, name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const electrician = await position('Electrician');
  const plumber = await position('Plumber');
  await server.db
    .updateTable('users')
    .set({ job_position_id: electrician })
    .where('id', 'in', [people.assignee.id, people.manager.id])
    .execute();
  await server.db
    .updateTable('users')
    .set({ job_position_id: plumber })
    .where('id', '=', people.member.id)
    .execute();
  // Someone of the partner company who is also a member of the owner organisation.
  const both = await createUser(server.db, t.partner.org.id, { firstName: 'Bo', lastName: 'Both' });
  await server.db
    .insertInto('user_clients')
    .values({ user_id: both.id, client_id: org.id, role: 'user' })
    .execute();
  await server.db
    .insertInto('workspace_favorites')
    .values({ client_id: org.id, user_id: people.admin.id, workspace_id: ids.site })
    .execute();

  const staff = [people.admin, people.manager, people.member, people.assignee, people.depotMember];
  const partners = [people.collabMember, people.collabManager, both];
  const everyone = [...staff, ...partners].map((p) => p.id);
  const pick = generator(20_260_101);
  const issues: SeededIssue[] = [];
  for (let n = 0; n < 40; n++) {
    const parent =
      n > 4 && pick([false, false, false, true]) ? pick(issues.filter((i) => !i.parent_id)) : null;
    const row: Omit<SeededIssue, 'id' | 'watchers' | 'workers'> = {
      workspace_id: parent ? parent.workspace_id : pick([ids.site, ids.room, ids.depot]),
      parent_id: parent?.id ?? null,
      status_id: pick([1, 2, 3, 4, 5, 6, 7, 8]),
      archived: pick([false, false, false, true]),
      priority_id: pick([2, 3, 4, 5]),
      assignee_id: pick([null, ...everyone]),
      created_by: pick([null, ...everyone]),
      schedule_id: pick(SCHEDULES),
      asset_id: pick(ASSETS),
      rating: pick(RATINGS),
    };
    const { archived, ...columns } = row;
    const id = await t.issue({
      ...columns,
      archived_at: archived ? new Date() : null,
      title: `Issue ${n}`,
      updated_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
    });
    const watchers = [...new Set([pick([null, ...everyone]), pick([null, ...everyone])])].filter(
      (w): w is number => w !== null,
    );
    const workers = [...new Set([pick([null, ...everyone]), pick([null, null, ...everyone])])].filter(
      (w): w is number => w !== null,
    );
    if (watchers.length) {
      await server.db
        .insertInto('issue_watchers')
        .values(watchers.map((user_id) => ({ client_id: org.id, issue_id: id, user_id })))
        .execute();
    }
    for (const user_id of workers) {
      // Two logs for one person must still count the issue once.
      await server.db
        .insertInto('worktime_logs')
        .values([1, 2].map(() => ({ client_id: org.id, issue_id: id, user_id, seconds: 600, note: null })))
        .execute();
    }
    issues.push({ ...row, id, watchers, workers });
  }
  // A worktime log without a person (a deleted user) matches no one.
  await server.db
    .insertInto('worktime_logs')
    .values({ client_id: org.id, issue_id: issues[0]?.id ?? 0, user_id: null, seconds: 60, note: null })
    .execute();

  const memberships = await server.db.selectFrom('user_clients').select(['user_id', 'client_id']).execute();
  const companiesOf = (userId: number | null) =>
    userId === null ? [] : memberships.filter((m) => m.user_id === userId).map((m) => m.client_id);
  const positionOf = new Map<number, number>([
    [people.assignee.id, electrician],
    [people.manager.id, electrician],
    [people.member.id, plumber],
  ]);
  return {
    ...t,
    issues,
    everyone,
    partners: partners.map((p) => p.id),
    companies: [org.id, t.partner.org.id, 999_999],
    positions: { electrician, plumber },
    companiesOf,
    positionOf,
  };
}

type Seeded = Awaited<ReturnType<typeof seedFilterData>>;
type Filter = Record<string, number[] | number>;

/** What the list must return for these filters: a plain filter over the seeded rows. */
function bruteForce(s: Seeded, filter: Filter): number[] {
  const list = (key: string) => {
    const v = filter[key];
    return Array.isArray(v) ? v : [];
  };
  const has = (key: string) => list(key).length > 0;
  const anyOf = (values: Array<number | null>, wanted: number[]) =>
    values.some((v) => v !== null && wanted.includes(v));
  const roles = (i: SeededIssue) => ({
    assignee: [i.assignee_id],
    reporter: [i.created_by],
    watcher: i.watchers,
    worker: i.workers,
  });
  const inCompanies = (users: Array<number | null>, companies: number[]) =>
    users.some((u) => s.companiesOf(u).some((c) => companies.includes(c)));
  const favourites = [s.ids.site, ...(filter.include_sub_ws === 1 ? [s.ids.room] : [])];

  return s.issues
    .filter((i) => {
      const r = roles(i);
      const everyRole = [...r.assignee, ...r.reporter, ...r.watcher, ...r.worker];
      if (has('users') && !anyOf(everyRole, list('users'))) return false;
      if (has('externals') && !anyOf(everyRole, list('externals'))) return false;
      if (has('assignees') && !anyOf(r.assignee, list('assignees'))) return false;
      if (has('reporters') && !anyOf(r.reporter, list('reporters'))) return false;
      if (has('watchers') && !anyOf(r.watcher, list('watchers'))) return false;
      if (has('worked_on_by') && !anyOf(r.worker, list('worked_on_by'))) return false;
      if (has('assignee_companies') && !inCompanies(r.assignee, list('assignee_companies'))) return false;
      if (has('reporter_companies') && !inCompanies(r.reporter, list('reporter_companies'))) return false;
      if (has('watcher_companies') && !inCompanies(r.watcher, list('watcher_companies'))) return false;
      if (has('worked_on_by_companies') && !inCompanies(r.worker, list('worked_on_by_companies')))
        return false;
      if (has('collaborators') && !inCompanies(everyRole, list('collaborators'))) return false;
      if (has('job_positions')) {
        const position = i.assignee_id === null ? undefined : s.positionOf.get(i.assignee_id);
        if (position === undefined || !list('job_positions').includes(position)) return false;
      }
      if (has('schedule_id') && !anyOf([i.schedule_id], list('schedule_id'))) return false;
      if (has('asset_ids') && !anyOf([i.asset_id], list('asset_ids'))) return false;
      if (has('rating') && !anyOf([i.rating], list('rating'))) return false;
      if (has('priority_id') && !list('priority_id').includes(i.priority_id)) return false;
      if (has('workspaces') && !list('workspaces').includes(i.workspace_id)) return false;
      if (filter.filter_ws === 1 && !favourites.includes(i.workspace_id)) return false;
      return true;
    })
    .map((i) => i.id)
    .sort((a, b) => a - b);
}

/** Every listed issue (all states, sub-issues too) for these filters, as the caller. */
async function listIds(token: string, filter: Filter, extra = ''): Promise<number[]> {
  const params = new URLSearchParams({ issue_state: 'all', include_subtasks: '1', paginate_by: '200' });
  for (const [key, value] of Object.entries(filter)) {
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const res = await server.call('GET', `${API}/issue/?${params}${extra}`, { token });
  if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
  const page: IssueListPageResponse = ZIssueListPageResponseSchema.parse(res.body);
  return page.data.map((i) => i.id).sort((a, b) => a - b);
}

describe('GET issue/: people, companies, positions, schedules, assets, rating, favourite workspaces', () => {
  let s: Seeded;
  beforeAll(async () => {
    s = await seedFilterData();
  });

  it('lists everything without a filter (the brute force sees the same rows)', async () => {
    expect(await listIds(s.tokens.admin, {})).toEqual(bruteForce(s, {}));
    expect(bruteForce(s, {})).toHaveLength(40);
  });

  it('filters by a person in each role and in any role', async () => {
    for (const person of s.everyone) {
      for (const key of ['users', 'watchers', 'worked_on_by', 'assignees', 'reporters']) {
        const filter = { [key]: [person] };
        const expected = bruteForce(s, filter);
        expect(await listIds(s.tokens.admin, filter), `${key}=${person}`).toEqual(expected);
      }
    }
    // Several people: any of them.
    const two = { users: [s.everyone[1] ?? 0, s.everyone[6] ?? 0] };
    expect(await listIds(s.tokens.admin, two)).toEqual(bruteForce(s, two));
    // The filters are not empty by accident: every role matches somebody.
    for (const key of ['users', 'watchers', 'worked_on_by']) {
      const matched = s.everyone.filter((p) => bruteForce(s, { [key]: [p] }).length > 0);
      expect(matched.length, key).toBeGreaterThan(2);
    }
  });

  it('filters by externals (partner people) in any role', async () => {
    for (const person of s.partners) {
      const filter = { externals: [person] };
      const expected = bruteForce(s, filter);
      expect(expected.length).toBeGreaterThan(0);
      expect(await listIds(s.tokens.admin, filter)).toEqual(expected);
    }
    const all = { externals: s.partners };
    expect(await listIds(s.tokens.admin, all)).toEqual(bruteForce(s, all));
  });

  it('filters by the company of the assignee, reporter, watcher, worker, and in any role (collaborators)', async () => {
    const keys = [
      'assignee_companies',
      'reporter_companies',
      'watcher_companies',
      'worked_on_by_companies',
      'collaborators',
    ];
    for (const company of s.companies) {
      for (const key of keys) {
        const filter = { [key]: [company] };
        expect(await listIds(s.tokens.admin, filter), `${key}=${company}`).toEqual(bruteForce(s, filter));
      }
    }
    // The partner company narrows to fewer issues than the owner; an unknown company to none.
    const partner = bruteForce(s, { collaborators: [s.partner.org.id] });
    expect(partner.length).toBeGreaterThan(0);
    expect(partner.length).toBeLessThan(40);
    expect(await listIds(s.tokens.admin, { collaborators: [999_999] })).toEqual([]);
  });

  it('filters by job position (of the assignee), schedule, asset and rating', async () => {
    const cases: Filter[] = [
      { job_positions: [s.positions.electrician] },
      { job_positions: [s.positions.plumber] },
      { job_positions: [s.positions.electrician, s.positions.plumber] },
      { schedule_id: [7001] },
      { schedule_id: [7001, 7002] },
      { asset_ids: [8002] },
      { asset_ids: [8001, 8003] },
      { rating: [5] },
      { rating: [1, 2, 3] },
    ];
    for (const filter of cases) {
      const expected = bruteForce(s, filter);
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(await listIds(s.tokens.admin, filter), JSON.stringify(filter)).toEqual(expected);
    }
    // The single names of 000 §3 join the lists.
    expect(await listIds(s.tokens.admin, {}, `&workspace_id=${s.ids.depot}`)).toEqual(
      bruteForce(s, { workspaces: [s.ids.depot] }),
    );
  });

  it('filters by the favourite workspaces (filter_ws), with sub-workspaces on request', async () => {
    const own = { filter_ws: 1 };
    expect(await listIds(s.tokens.admin, own)).toEqual(bruteForce(s, own));
    const withSub = { filter_ws: 1, include_sub_ws: 1 };
    expect(await listIds(s.tokens.admin, withSub)).toEqual(bruteForce(s, withSub));
    expect(bruteForce(s, withSub).length).toBeGreaterThan(bruteForce(s, own).length);
    // Favourites are the caller's own: the manager has none.
    expect(await listIds(s.tokens.manager, own)).toEqual([]);
  });

  it('combines filters with AND (each list with OR), also with the earlier filters', async () => {
    const pick = generator(7);
    const options: Array<() => Filter> = [
      () => ({ users: [pick(s.everyone)] }),
      () => ({ watchers: [pick(s.everyone), pick(s.everyone)] }),
      () => ({ worked_on_by: [pick(s.everyone)] }),
      () => ({ externals: [pick(s.partners)] }),
      () => ({ collaborators: [pick(s.companies)] }),
      () => ({ assignee_companies: [pick(s.companies)] }),
      () => ({ job_positions: [s.positions.electrician] }),
      () => ({ schedule_id: [pick([7001, 7002])] }),
      () => ({ asset_ids: [pick([8001, 8002, 8003])] }),
      () => ({ rating: [pick([1, 2, 3, 4, 5]), pick([1, 2, 3, 4, 5])] }),
      () => ({ priority_id: [pick([2, 3, 4, 5])] }),
      () => ({ workspaces: [pick([s.ids.site, s.ids.room, s.ids.depot])] }),
      () => ({ filter_ws: 1 }),
    ];
    let nonEmpty = 0;
    for (let n = 0; n < 30; n++) {
      const filter: Filter = { ...pick(options)(), ...pick(options)(), ...pick(options)() };
      const expected = bruteForce(s, filter);
      if (expected.length) nonEmpty++;
      expect(await listIds(s.tokens.admin, filter), JSON.stringify(filter)).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThan(5);
  });

  it('keeps visibility: a member sees only the filtered issues of their own workspaces', async () => {
    const visible = new Set(await listIds(s.tokens.member, {}));
    expect(visible.size).toBeGreaterThan(0);
    expect(visible.size).toBeLessThan(40);
    for (const filter of [
      { users: [s.people.assignee.id] },
      { collaborators: [s.partner.org.id] },
      { rating: [4, 5] },
      { worked_on_by: s.everyone },
    ] as Filter[]) {
      const expected = bruteForce(s, filter).filter((id) => visible.has(id));
      expect(await listIds(s.tokens.member, filter), JSON.stringify(filter)).toEqual(expected);
    }
    // Another organisation finds nothing, whatever it names.
    expect(await listIds(s.strangerToken, { users: s.everyone })).toEqual([]);
  });

  it('ignores bad values (never a 500) and shows them in the page urls only when valid', async () => {
    const all = bruteForce(s, {});
    for (const bad of [
      'rating=9',
      'rating=0,6,x',
      'users=abc',
      'users=,,',
      'watchers=-1',
      'filter_ws=maybe',
      'schedule_id=1.5',
      'asset_ids=a',
      'collaborators[]=1',
      'job_positions=99999999999999999999',
      'externals=1e3',
    ]) {
      const res = await server.call(
        'GET',
        `${API}/issue/?issue_state=all&include_subtasks=1&paginate_by=200&${bad}`,
        {
          token: s.tokens.admin,
        },
      );
      expect(res.status, bad).toBe(200);
      const ids = (res.body.data as Array<{ id: number }>).map((i) => i.id).sort((a, b) => a - b);
      expect(ids, bad).toEqual(all);
    }
    // Text no column can hold is refused whatever the parameter (input hygiene), never ignored silently.
    const nul = await server.call('GET', `${API}/issue/?issue_state=all&asset_ids=%00`, {
      token: s.tokens.admin,
    });
    expect(nul.status).toBe(422);
    expect(nul.body.fields).toEqual({ asset_ids: 'invalid_characters' });
    // Repeated parameters read like a comma list; the page urls carry the filters.
    const person = s.people.assignee.id;
    const res = await server.call(
      'GET',
      `${API}/issue/?issue_state=all&include_subtasks=1&paginate_by=20&users=${person}&users=x&rating=5,9`,
      { token: s.tokens.admin },
    );
    expect(res.status).toBe(200);
    const expected = bruteForce(s, { users: [person], rating: [5] });
    expect(res.body.total).toBe(expected.length);
    expect(String(res.body.first_page_url)).toContain(`users=${person}`);
    expect(String(res.body.first_page_url)).toContain('rating=5');
    expect(String(res.body.first_page_url)).not.toMatch(/rating=5(%2C|,)9/);
  });
});

describe('GET issue/?equipment=', () => {
  it('lists the issues that name any of the items (issues.equipment_ids), with the other filters', async () => {
    const t = await createIssueTeam(server);
    const { org, ids } = t;
    const item = async (title: string) =>
      (await createEquipment(server.db, { client_id: org.id, workspace_id: ids.site, title })).id;
    const drill = await item('Drill');
    const ladder = await item('Ladder');
    const meter = await item('Meter');
    const both = await t.issue({ title: 'Both', equipment_ids: [drill, ladder] });
    const drillOnly = await t.issue({ title: 'Drill only', equipment_ids: [drill], priority_id: 5 });
    const ladderOnly = await t.issue({ title: 'Ladder only', equipment_ids: [ladder] });
    await t.issue({ title: 'None' });
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(await listIds(t.tokens.admin, { equipment: [drill] })).toEqual(sorted([both, drillOnly]));
    expect(await listIds(t.tokens.admin, { equipment: [ladder, meter] })).toEqual(sorted([both, ladderOnly]));
    expect(await listIds(t.tokens.admin, { equipment: [meter] })).toEqual([]);
    // With another filter (AND), and the page urls keep it.
    expect(await listIds(t.tokens.admin, { equipment: [drill], priority_id: [5] })).toEqual([drillOnly]);
    const res = await server.call('GET', `${API}/issue/?issue_state=all&equipment=${drill},x`, {
      token: t.tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(String(res.body.first_page_url)).toContain(`equipment=${drill}`);
  });
});
