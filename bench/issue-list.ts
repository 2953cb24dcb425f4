/**
 * The issue list benchmark (issue 5, "Performance"): seeds a fresh database with a million issues
 * (and the calendar's 200 schedules), vacuums and analyses it, starts the real app in this
 * process, and measures with autocannon (in a child process, so the load generator does not share
 * the server's event loop) the default and filtered list, a search, page 2000 and the three
 * calendar views, each warmed up and measured between two runs of a baseline route (one indexed
 * SELECT behind the same auth hook), against which its ratios are taken.
 *
 *   npm run bench                                  both databases, 1,000,000 issues
 *   npm run bench -- --db=pglite --issues=100000   one database, fewer issues
 *   options: --duration=10 (s per scenario), --connections=50, --reuse (keep an earlier seed of
 *   the same size), --seed-only (seed, then stop: for EXPLAIN ANALYZE by hand),
 *   --only=search,deep (some scenarios: default, filtered, search, deep, weekly_users,
 *   daily_workspaces, yearly; the baseline is measured next to each, always)
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { readConfig } from '../apps/server/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/connection.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { requireUser } from '../apps/server/src/http/authenticate.js';
import { openFileStorage } from '../apps/server/src/storage/open-storage.js';
import { calendarScenarios, prepareCalendar } from './calendar.js';
import { type BenchActors, benchActors, seedBench } from './seed.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const run = promisify(execFile);

export type DbKind = 'pglite' | 'postgres';
type Options = {
  dbs: DbKind[];
  issues: number;
  duration: number;
  connections: number;
  reuse: boolean;
  seedOnly: boolean;
  /** Scenario keys to run; empty: all. */
  only: string[];
  postgresUrl: string;
  workDir: string;
  /** The PostgreSQL schema a run re-creates. */
  schema: string;
};
/** What the helpers below (exported for bench/asset-list.ts) read of the options. */
export type RunOptions = Pick<
  Options,
  'reuse' | 'postgresUrl' | 'workDir' | 'schema' | 'duration' | 'connections'
>;

const SCENARIO_KEYS = [
  'baseline',
  'default',
  'filtered',
  'search',
  'deep',
  'weekly_users',
  'daily_workspaces',
  'yearly',
  'sidebar',
  'sidebar_deep',
  'picker_deep',
  'yearly_deep',
];

function readOptions(argv: string[]): Options {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const db = arg('db') ?? 'both';
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new Error('--db must be pglite, postgres or both');
  const number = (name: string, fallback: number) => {
    const value = Number(arg(name) ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  const only = arg('only')?.split(',').filter(Boolean) ?? [];
  const unknown = only.filter((key) => !SCENARIO_KEYS.includes(key));
  if (unknown.length) throw new Error(`--only: unknown ${unknown.join(', ')} (${SCENARIO_KEYS.join(', ')})`);
  return {
    dbs: db === 'both' ? ['pglite', 'postgres'] : [db as DbKind],
    issues: number('issues', 1_000_000),
    duration: number('duration', 10),
    connections: number('connections', 50),
    reuse: argv.includes('--reuse'),
    seedOnly: argv.includes('--seed-only'),
    only,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    workDir: process.env.BENCH_DIR ?? '/tmp/workbench-bench',
    schema: 'bench',
  };
}

/** Opens the database of one run: a fresh PGlite folder, or a re-created schema on PostgreSQL. */
export async function openBenchDatabase(
  kind: DbKind,
  options: RunOptions,
): Promise<{ handle: DatabaseHandle; env: NodeJS.ProcessEnv }> {
  const dataDir = join(options.workDir, kind);
  if (kind === 'pglite') {
    if (!options.reuse) rmSync(dataDir, { recursive: true, force: true });
    const env = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' };
    return { handle: await openDatabase({ dataDir }), env };
  }
  if (!options.reuse) {
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${options.schema}" CASCADE`);
    await admin.end();
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: options.postgresUrl,
    DATABASE_SCHEMA: options.schema,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
  };
  return {
    handle: await openDatabase({ databaseUrl: options.postgresUrl, databaseSchema: options.schema, dataDir }),
    env,
  };
}

/** Seeds unless --reuse finds an earlier seed of the same size; then refreshes planner statistics. */
async function prepareData(handle: DatabaseHandle, options: Options): Promise<BenchActors> {
  const started = Date.now();
  await migrateToLatest(handle.db);
  // The seeded issues (the calendar's schedules add some of their own).
  const existing = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM issues WHERE schedule_id IS NULL`.execute(handle.db);
  const count = Number(existing.rows[0]?.n ?? 0);
  if (count && !(options.reuse && count === options.issues)) {
    throw new Error(`The bench database holds ${count} issues; run without --reuse to start afresh.`);
  }
  let actors: BenchActors;
  if (count) {
    console.log(`  reusing ${count} issues`);
    actors = await benchActors(handle.db, options.issues);
  } else {
    actors = await seedBench(handle.db, options.issues);
  }
  // The calendar's schedules (bench/calendar.ts), 200 of them materialized 30 days ahead.
  await prepareCalendar(handle, actors, 200);
  // Vacuumed and analysed before anything is measured: a baseline measured while PostgreSQL
  // still vacuums a million new rows runs at half speed and flatters every ratio.
  await sql`VACUUM ANALYZE`.execute(handle.db);
  console.log(`  data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return actors;
}

export type Scenario = { key: string; name: string; path: string; token: string };

/** The default and the filtered list, the two every list benchmark measures. */
export function listScenarios(actors: BenchActors): Scenario[] {
  const filtered = new URLSearchParams({
    issue_state: 'in_progress',
    assignees: actors.assignees.join(','),
    workspaces: String(actors.siteId),
    include_sub_ws: '1',
  });
  return [
    {
      key: 'default',
      name: 'default list (admin, page 1)',
      path: '/api/v4/issue/',
      token: actors.admin.token,
    },
    {
      key: 'filtered',
      name: 'filtered (state+assignees+site subtree, manager)',
      path: `/api/v4/issue/?${filtered}`,
      token: actors.manager.token,
    },
  ];
}

/** The bench's baseline route (startBenchApp): the same auth hook, then one SELECT by primary key. */
export function baselineScenario(actors: BenchActors): Scenario {
  return {
    key: 'baseline',
    name: 'baseline (one indexed SELECT)',
    path: '/api/v4/bench/baseline',
    token: actors.admin.token,
  };
}

function scenarios(actors: BenchActors): Scenario[] {
  return [
    baselineScenario(actors),
    ...listScenarios(actors),
    {
      key: 'search',
      name: `search "${actors.searchWord}"`,
      path: `/api/v4/issue/?search=${actors.searchWord}`,
      token: actors.admin.token,
    },
    {
      key: 'deep',
      name: 'deep page (page 2000)',
      path: '/api/v4/issue/?page=2000',
      token: actors.admin.token,
    },
    ...calendarScenarios(actors),
    // The infinite lists, at their first page and deep in them (001 §9: sidebar 30 a page,
    // people picker 20, yearly 50).
    {
      key: 'sidebar',
      name: 'sidebar "no date" (page 1 of 30)',
      path: '/api/v4/calendar/unscheduled?page=1&paginate_by=30',
      token: actors.admin.token,
    },
    {
      key: 'sidebar_deep',
      name: 'sidebar "no date" (page 100 of 30)',
      path: '/api/v4/calendar/unscheduled?page=100&paginate_by=30',
      token: actors.admin.token,
    },
    {
      key: 'picker_deep',
      name: 'people picker (page 20 of 20)',
      path: '/api/v4/users/filter-mix?page=20&paginate_by=20',
      token: actors.admin.token,
    },
    {
      key: 'yearly_deep',
      name: 'yearly grid (page 4 of 50 schedules)',
      path: `/api/v4/calendar/yearly?year=${new Date().getUTCFullYear()}&page=4`,
      token: actors.admin.token,
    },
  ];
}

export type Measurement = {
  db: DbKind;
  key: string;
  scenario: string;
  p50: number;
  p97_5: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  check: string;
  /**
   * The baseline measured just before and just after this scenario: a ratio against its own
   * neighbours means the same from run to run (the machine's pace drifts while PostgreSQL
   * vacuums, checkpoints or the page cache warms).
   */
  neighbours?: { rps: number[]; p99: number[] };
};

/** autocannon's --json summary (the fields read here). */
type AutocannonResult = {
  latency: { p50: number; p97_5: number; p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

async function autocannon(
  url: string,
  token: string,
  seconds: number,
  connections: number,
): Promise<AutocannonResult> {
  const { stdout } = await run(
    process.execPath,
    [
      join(root, 'node_modules/autocannon/autocannon.js'),
      '--json',
      '--no-progress',
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-H',
      `authorization=Bearer ${token}`,
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as AutocannonResult;
}

/**
 * Requests still queued from a scenario (a slow one's timed-out requests go on running) must not
 * slow the next: wait until the baseline answers quickly again.
 */
async function waitUntilIdle(base: string, token: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${base}/api/v4/bench/baseline`, { headers: { authorization: `Bearer ${token}` } });
    if (Date.now() - started < 50) return;
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** One request first: it must answer 200, and a list must have rows (an empty page is no result). */
async function checkScenario(base: string, scenario: Scenario): Promise<string> {
  const response = await fetch(base + scenario.path, {
    headers: { authorization: `Bearer ${scenario.token}` },
  });
  const body = (await response.json()) as { total?: number; data?: unknown[] };
  if (response.status !== 200)
    throw new Error(`${scenario.name}: HTTP ${response.status} ${JSON.stringify(body)}`);
  if (body.total === undefined) return 'ok';
  if (!body.data?.length) throw new Error(`${scenario.name}: an empty page (total ${body.total})`);
  return `${body.data.length} of ${body.total}`;
}

/**
 * Builds the real app on the database, adds the baseline route (the same server, the same auth
 * hook, one SELECT by primary key of one of the `issues` issues) and listens on a free port.
 */
export async function startBenchApp(
  handle: DatabaseHandle,
  env: NodeJS.ProcessEnv,
  issues: number,
): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; base: string }> {
  const config = readConfig(env);
  const ctx = {
    db: handle.db,
    dbKind: handle.kind,
    listen: handle.listen,
    config,
    storage: openFileStorage(config),
  };
  const app = await buildApp(ctx);
  // The baseline: the same server, the same auth hook, one SELECT by primary key.
  app.get('/api/v4/bench/baseline', { onRequest: requireUser(ctx) }, async () => {
    const id = 1 + Math.floor(Math.random() * issues);
    const row = await ctx.db
      .selectFrom('issues')
      .select(['id', 'title', 'status_id', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return { issue: row ?? null };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base };
}

/** One scenario: idle first, checked, warmed up, then measured and printed. */
export async function measure(
  base: string,
  scenario: Scenario,
  kind: DbKind,
  options: RunOptions,
): Promise<Measurement> {
  await waitUntilIdle(base, scenario.token);
  const check = await checkScenario(base, scenario);
  await autocannon(base + scenario.path, scenario.token, 2, options.connections); // warm-up
  const r = await autocannon(base + scenario.path, scenario.token, options.duration, options.connections);
  const m: Measurement = {
    db: kind,
    key: scenario.key,
    scenario: scenario.name,
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    rps: r.requests.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    check,
  };
  console.log(
    `  ${m.scenario.padEnd(50)} p50 ${m.p50} ms  p97.5 ${m.p97_5} ms  p99 ${m.p99} ms  ${m.rps.toFixed(0)} req/s  non-2xx ${m.non2xx}  errors ${m.errors}  (${check})`,
  );
  return m;
}

/**
 * Every scenario, with the baseline measured first and again after each one (B S1 B S2 B …), so
 * each scenario's ratio is taken against the baseline next to it, not against one measured
 * minutes earlier. Without a baseline among them, the scenarios one after another.
 */
export async function measureAll(
  base: string,
  scenarios: Scenario[],
  kind: DbKind,
  options: RunOptions,
): Promise<Measurement[]> {
  const baseline = scenarios.find((s) => s.key === 'baseline');
  const results: Measurement[] = [];
  if (!baseline) {
    for (const scenario of scenarios) results.push(await measure(base, scenario, kind, options));
    return results;
  }
  let before = await measure(base, baseline, kind, options);
  results.push(before);
  for (const scenario of scenarios.filter((s) => s !== baseline)) {
    const m = await measure(base, scenario, kind, options);
    const after = await measure(base, baseline, kind, options);
    m.neighbours = { rps: [before.rps, after.rps], p99: [before.p99, after.p99] };
    results.push(m);
    before = after;
  }
  return results;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

async function benchDatabase(kind: DbKind, options: Options): Promise<Measurement[]> {
  console.log(`\n== ${kind}: ${options.issues.toLocaleString('en')} issues`);
  const { handle, env } = await openBenchDatabase(kind, options);
  try {
    const actors = await prepareData(handle, options);
    if (options.seedOnly) return [];
    const { app, base } = await startBenchApp(handle, env, actors.issues);
    try {
      const chosen = scenarios(actors).filter(
        (s) => s.key === 'baseline' || !options.only.length || options.only.includes(s.key),
      );
      return await measureAll(base, chosen, kind, options);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

/**
 * The figures as a Markdown table. Ratios are against the baseline measured next to the scenario
 * (its neighbours' mean, with the neighbours' req/s beside it), else the run's first baseline;
 * the baseline rows themselves are the neighbours.
 */
export function printTable(results: Measurement[]): void {
  const lines = [
    '| database | scenario | p50 ms | p97.5 ms | p99 ms | req/s | baseline req/s (before, after) | req/s vs baseline | p99 vs baseline | failed (non-2xx, errors, timeouts) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const kind of new Set(results.map((r) => r.db))) {
    const rows = results.filter((r) => r.db === kind);
    const first = rows.find((r) => r.key === 'baseline');
    for (const r of rows.filter((row) => row.key !== 'baseline')) {
      const baseRps = r.neighbours ? mean(r.neighbours.rps) : first?.rps;
      const baseP99 = r.neighbours ? mean(r.neighbours.p99) : first?.p99;
      const rpsRatio = baseRps ? (r.rps / baseRps).toFixed(2) : '-';
      const p99Ratio = baseP99 !== undefined ? (r.p99 / Math.max(baseP99, 1)).toFixed(2) : '-';
      const around = r.neighbours
        ? r.neighbours.rps.map((v) => v.toFixed(0)).join(', ')
        : (first?.rps.toFixed(0) ?? '-');
      lines.push(
        `| ${kind} | ${r.scenario} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.rps.toFixed(0)} | ${around} | ${rpsRatio} | ${p99Ratio} | ${r.non2xx + r.errors} |`,
      );
    }
  }
  console.log(`\n${lines.join('\n')}`);
  const failures = results.filter((r) => r.non2xx + r.errors > 0);
  if (failures.length)
    console.log(
      `\nNon-2xx responses or errors in: ${failures.map((f) => `${f.db} ${f.scenario}`).join(', ')}`,
    );
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const results: Measurement[] = [];
  for (const kind of options.dbs) results.push(...(await benchDatabase(kind, options)));
  printTable(results);
  if (results.some((r) => r.non2xx + r.errors > 0)) process.exitCode = 1;
}

// Run as a script, not when bench/asset-list.ts imports the helpers above.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
