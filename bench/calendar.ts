/**
 * The calendar benchmark (issue 17): the issue bench's organisation and issues (1,000,000 by
 * default: 10 sites, 1,010 workspaces, 500 people, dates over the last two years), plus 200
 * schedules materialized 30 days ahead (the rest of their year are prepared tasks), then measures
 * with autocannon as the admin:
 *  - the weekly users view: GET /calendar/users for this week (page 1: 25 people, their items,
 *    prepared tasks and presence);
 *  - the daily workspaces view: GET /calendar/workspaces for today (page 1: 25 workspaces);
 *  - the yearly grid: GET /calendar/yearly for this year (page 1: 50 schedules).
 *
 *   npm run bench:calendar                                both databases, 1,000,000 issues
 *   npm run bench:calendar -- --db=postgres --issues=100000 --duration=5
 *   options: --connections=10, --schedules=200
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/connection.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { materializeDue } from '../apps/server/src/modules/schedules/schedule-materializer.js';
import {
  baselineScenario,
  type DbKind,
  type Measurement,
  measureAll,
  openBenchDatabase,
  printTable,
  type RunOptions,
  type Scenario,
  startBenchApp,
} from './issue-list.js';
import { type BenchActors, pick, run, SITES, seedBench, textArray, USERS, workspaceTree } from './seed.js';

type Options = RunOptions & { dbs: DbKind[]; issues: number; schedules: number };

function readOptions(argv: string[]): Options {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const db = arg('db') ?? 'both';
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new Error('--db must be pglite, postgres or both');
  const number = (name: string, fallback: number) => {
    const value = Number(arg(name) ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  return {
    dbs: db === 'both' ? ['pglite', 'postgres'] : [db as DbKind],
    issues: number('issues', 1_000_000),
    schedules: number('schedules', 200),
    duration: number('duration', 10),
    connections: number('connections', 10),
    reuse: false,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    workDir: process.env.BENCH_DIR ?? '/tmp/workbench-bench-calendar',
    schema: 'bench_calendar',
  };
}

const TITLES = ['Fire door inspection', 'Boiler check', 'Cleaning round', 'Lift inspection', 'Filter change'];

/**
 * The calendar's data on top of the issue bench's seed (unless there already): the schedules,
 * materialized 30 days ahead. Also used by `npm run bench` (issue-list.ts).
 */
export async function prepareCalendar(
  handle: DatabaseHandle,
  actors: BenchActors,
  schedules: number,
): Promise<void> {
  const existing = await sql<{ n: string }>`SELECT count(*) AS n FROM schedules`.execute(handle.db);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return;
  await seedSchedules(handle.db, actors, schedules);
  const now = new Date();
  const made = await materializeDue(
    { db: handle.db, dbKind: handle.kind },
    { now, horizon: new Date(now.getTime() + 30 * 86_400_000) },
  );
  console.log(`  materialized ${made.issuesCreated.toLocaleString('en')} schedule issues`);
}

/** Schedules of every kind the yearly grid shows: weekly on one weekday, or monthly; assigned to the bench's people. */
async function seedSchedules(db: Kysely<Database>, actors: BenchActors, count: number): Promise<void> {
  const { workspaces } = workspaceTree(SITES);
  const g = sql`g`;
  await run(
    db,
    `${count} schedules`,
    sql`INSERT INTO schedules (client_id, workspace_id, title, description, priority_id, assignee_id,
        assignee_status, start_date, repeat_unit, repeat_value, exclude_weekends, repeat_on,
        work_hours_start, work_hours_end, reschedule_mode, assets_mode, created_by,
        next_issue_scheduled_at, materialize_at)
      SELECT ${sql.lit(actors.clientId)}, 1 + ${pick(g, 80, workspaces)},
          (${textArray(TITLES)})[1 + ${pick(g, 81, TITLES.length)}] || ' ' || g, 'Planned work ' || g,
          3, 2 + ${pick(g, 82, USERS - 1)}, 5, date_trunc('year', current_date)::date,
          CASE WHEN g % 2 = 0 THEN 'weeks' ELSE 'months' END, 1, false,
          CASE WHEN g % 2 = 0 THEN ARRAY[1 + ${pick(g, 83, 5)}]::smallint[] ELSE '{}'::smallint[] END,
          '07:00', '15:00', 'on_start_date', 'FOR_EACH_ASSET', 1, now(), now()
        FROM generate_series(1, ${sql.lit(count)}) g`,
  );
}

/** The Monday of this week and today (UTC days; the organisation's zone is a few hours off at most). */
function days(): { monday: string; sunday: string; today: string; year: number } {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const weekday = (now.getUTCDay() + 6) % 7;
  const monday = new Date(now.getTime() - weekday * 86_400_000).toISOString().slice(0, 10);
  const sunday = new Date(Date.parse(monday) + 6 * 86_400_000).toISOString().slice(0, 10);
  return { monday, sunday, today, year: now.getUTCFullYear() };
}

/** The weekly users view, the daily workspaces view and the yearly grid, as the admin. */
export function calendarScenarios(actors: BenchActors): Scenario[] {
  const { monday, sunday, today, year } = days();
  const token = actors.admin.token;
  return [
    {
      key: 'weekly_users',
      name: 'weekly users (25 people, a week)',
      path: `/api/v4/calendar/users?start_date=${monday}&end_date=${sunday}`,
      token,
    },
    {
      key: 'daily_workspaces',
      name: 'daily workspaces (25 workspaces, a day)',
      path: `/api/v4/calendar/workspaces?start_date=${today}&end_date=${today}`,
      token,
    },
    {
      key: 'yearly',
      name: 'yearly grid (50 schedules, a year)',
      path: `/api/v4/calendar/yearly?year=${year}`,
      token,
    },
  ];
}

/** How many items one answer of a scenario holds (printed beside the figures). */
async function itemsOf(base: string, scenario: Scenario): Promise<string> {
  const response = await fetch(base + scenario.path, {
    headers: { authorization: `Bearer ${scenario.token}` },
  });
  if (response.status !== 200) return `HTTP ${response.status}`;
  const body = (await response.json()) as {
    data?: Array<{ issues?: unknown[]; full_day?: unknown[]; events?: Array<{ count: number }> }>;
  };
  let items = 0;
  for (const row of body.data ?? []) {
    items += (row.issues?.length ?? 0) + (row.full_day?.length ?? 0);
    for (const cell of row.events ?? []) items += cell.count;
  }
  return `${body.data?.length ?? 0} rows, ${items} items`;
}

async function benchDatabase(kind: DbKind, options: Options): Promise<Measurement[]> {
  console.log(`\n== ${kind}: ${options.issues.toLocaleString('en')} issues, ${options.schedules} schedules`);
  const { handle, env } = await openBenchDatabase(kind, options);
  try {
    const started = Date.now();
    await migrateToLatest(handle.db);
    const actors = await seedBench(handle.db, options.issues);
    await prepareCalendar(handle, actors, options.schedules);
    await sql`VACUUM ANALYZE`.execute(handle.db);
    console.log(`  data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const { app, base } = await startBenchApp(handle, env, options.issues);
    try {
      const chosen = [baselineScenario(actors), ...calendarScenarios(actors)];
      for (const scenario of chosen.slice(1))
        console.log(`  ${scenario.name}: ${await itemsOf(base, scenario)}`);
      return await measureAll(base, chosen, kind, options);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const results: Measurement[] = [];
  for (const kind of options.dbs) results.push(...(await benchDatabase(kind, options)));
  if (results.length) printTable(results);
}

// Run as a script, not when bench/issue-list.ts imports the helpers above.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
