/**
 * The schedules benchmark (issue 16): seeds a fresh database with the issue bench's organisation
 * (10 sites, 500 people) and 10,000 active schedules of mixed rules (mostly days, weeks and
 * months, a few hours; about one in six for each of 2-3 assets; some with a seasonal break), then
 * materializes them one year ahead and prints the time and the issues made, runs the materializer
 * again (it must make none), counts duplicate occurrences (must be 0) and measures GET /schedule/
 * with autocannon as the admin.
 *
 *   npm run bench:schedules                                   both databases, 10,000 schedules
 *   npm run bench:schedules -- --db=pglite --schedules=2000 --duration=5
 *   options: --days=365 (horizon), --connections=10
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { materializeDue } from '../apps/server/src/modules/schedules/schedule-materializer.js';
import {
  type DbKind,
  type Measurement,
  measure,
  openBenchDatabase,
  printTable,
  type RunOptions,
  startBenchApp,
} from './issue-list.js';
import { type BenchActors, pick, run, seedBench, textArray, USERS, workspaceTree } from './seed.js';

const SITES = 10;
const TITLES = [
  'Fire door inspection',
  'Boiler check',
  'Cleaning round',
  'Lift inspection',
  'Filter change',
  'Meter reading',
];

type Options = RunOptions & { dbs: DbKind[]; schedules: number; days: number };

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
    schedules: number('schedules', 10_000),
    days: number('days', 365),
    duration: number('duration', 10),
    connections: number('connections', 10),
    reuse: false,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    workDir: process.env.BENCH_DIR ?? '/tmp/workbench-bench-schedules',
    schema: 'bench_schedules',
  };
}

/**
 * The mix, by n % 100: 1 % hours (every 8 hours in 06:00-22:00), 12 % days (every 1-7 days, some
 * without weekends), 40 % weeks (every 1-4 weeks on one or two weekdays), 47 % months (every 1, 2,
 * 3 or 6 months, half of them "the first Monday"). One in ten has a yearly break in August; one in
 * six is FOR EACH ASSET on 2 or 3 assets. Planned as the create call does: due now, from now on.
 */
async function seedSchedules(db: Kysely<Database>, actors: BenchActors, options: Options): Promise<void> {
  const { workspaces } = workspaceTree(SITES);
  const clientId = sql.lit(actors.clientId);
  const g = sql`g`;
  const bucket = sql`(g % 100)`;
  await run(
    db,
    `${workspaces * 2} assets`,
    sql`INSERT INTO assets (client_id, workspace_id, name, created_by)
      SELECT ${clientId}, 1 + (g - 1) % ${sql.lit(workspaces)}, 'Asset ' || g, 1
        FROM generate_series(1, ${sql.lit(workspaces * 2)}) g`,
  );
  await run(
    db,
    `${options.schedules} schedules`,
    sql`INSERT INTO schedules (client_id, workspace_id, title, description, priority_id, assignee_id,
        assignee_status, start_date, repeat_unit, repeat_value, exclude_weekends, repeat_on,
        repeat_week_of_month, work_hours_start, work_hours_end, seasonal_break_type,
        seasonal_break_start, seasonal_break_end, seasonal_break_yearly, reschedule_mode, assets_mode,
        created_by, next_issue_scheduled_at, materialize_at)
      SELECT ${clientId}, 1 + ${pick(g, 60, workspaces)},
          (${textArray(TITLES)})[1 + ${pick(g, 61, TITLES.length)}] || ' ' || g, 'Planned work ' || g,
          (ARRAY[2, 3, 3, 4, 5])[1 + ${pick(g, 62, 5)}],
          CASE WHEN ${pick(g, 63, 4)} > 0 THEN 2 + ${pick(g, 64, USERS - 1)} END,
          CASE WHEN ${pick(g, 65, 3)} > 0 THEN 5 END,
          current_date,
          CASE WHEN ${bucket} < 1 THEN 'hours' WHEN ${bucket} < 13 THEN 'days'
            WHEN ${bucket} < 53 THEN 'weeks' ELSE 'months' END,
          CASE WHEN ${bucket} < 1 THEN 8 WHEN ${bucket} < 13 THEN 1 + ${pick(g, 66, 7)}
            WHEN ${bucket} < 53 THEN 1 + ${pick(g, 67, 4)} ELSE (ARRAY[1, 2, 3, 6])[1 + ${pick(g, 68, 4)}] END,
          ${bucket} BETWEEN 1 AND 12 AND ${pick(g, 69, 2)} = 0,
          CASE WHEN ${bucket} BETWEEN 13 AND 52 THEN
              CASE WHEN ${pick(g, 70, 3)} = 0 THEN ARRAY[1, 4] ELSE ARRAY[1 + ${pick(g, 71, 5)}] END::smallint[]
            WHEN ${bucket} >= 53 AND ${pick(g, 72, 2)} = 0 THEN ARRAY[1]::smallint[]
            ELSE '{}'::smallint[] END,
          CASE WHEN ${bucket} >= 53 AND ${pick(g, 72, 2)} = 0 THEN 1 END,
          CASE WHEN ${bucket} < 1 THEN '06:00' ELSE '07:00' END,
          CASE WHEN ${bucket} < 1 THEN '22:00' ELSE '15:00' END,
          CASE WHEN ${pick(g, 73, 10)} = 0 THEN 'YES' ELSE 'NO' END,
          CASE WHEN ${pick(g, 73, 10)} = 0 THEN make_date(extract(year FROM current_date)::int, 8, 1) END,
          CASE WHEN ${pick(g, 73, 10)} = 0 THEN make_date(extract(year FROM current_date)::int, 8, 31) END,
          ${pick(g, 73, 10)} = 0,
          CASE WHEN ${pick(g, 74, 3)} = 0 THEN 'before_next_start_date' ELSE 'on_start_date' END,
          'FOR_EACH_ASSET', 1, now(), now()
        FROM generate_series(1, ${sql.lit(options.schedules)}) g`,
  );
  await run(
    db,
    'schedule assets (one in six: 2-3 assets)',
    sql`INSERT INTO schedule_assets (client_id, schedule_id, asset_id)
      SELECT ${clientId}, s.id, a.id
        FROM schedules s
        JOIN LATERAL (SELECT id FROM assets a WHERE a.workspace_id = s.workspace_id ORDER BY id
          LIMIT 2 + ${pick(sql`s.id`, 75, 2)}) a ON true
        WHERE ${pick(sql`s.id`, 76, 6)} = 0`,
  );
  await run(
    db,
    'watchers',
    sql`INSERT INTO schedule_people (client_id, schedule_id, user_id, role)
      SELECT ${clientId}, id, 2 + ${pick(sql`id`, 77, USERS - 1)}, 'watcher' FROM schedules WHERE id % 2 = 0`,
  );
}

async function count(db: Kysely<Database>, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function benchDatabase(kind: DbKind, options: Options): Promise<Measurement[]> {
  console.log(
    `\n== ${kind}: ${options.schedules.toLocaleString('en')} schedules, ${options.days} days ahead`,
  );
  const { handle, env } = await openBenchDatabase(kind, options);
  try {
    const started = Date.now();
    await migrateToLatest(handle.db);
    const actors = await seedBench(handle.db, 1000, SITES);
    await seedSchedules(handle.db, actors, options);
    await sql`VACUUM ANALYZE`.execute(handle.db);
    console.log(`  data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const ctx = { db: handle.db, dbKind: handle.kind };
    const now = new Date();
    const horizon = new Date(now.getTime() + options.days * 86_400_000);
    let t = Date.now();
    const first = await materializeDue(ctx, { now, horizon });
    const firstSeconds = (Date.now() - t) / 1000;
    console.log(
      `  materialize ${options.days} days ahead: ${firstSeconds.toFixed(1)} s, ${first.issuesCreated.toLocaleString('en')} issues (${Math.round(first.issuesCreated / firstSeconds).toLocaleString('en')} issues/s)`,
    );
    t = Date.now();
    const second = await materializeDue(ctx, { now, horizon });
    console.log(
      `  second run: ${((Date.now() - t) / 1000).toFixed(2)} s, ${second.issuesCreated} issues, ${second.schedules} schedules claimed`,
    );
    const duplicates = await count(
      handle.db,
      sql<{ n: number }>`SELECT count(*)::int AS n FROM (
        SELECT schedule_id, start_date, asset_id FROM issues
          WHERE schedule_id IS NOT NULL AND deleted_at IS NULL GROUP BY 1, 2, 3 HAVING count(*) > 1) d`,
    );
    const issues = await count(
      handle.db,
      sql<{ n: number }>`SELECT count(*)::int AS n FROM issues WHERE schedule_id IS NOT NULL`,
    );
    const occurrences = await count(
      handle.db,
      sql<{ n: number }>`SELECT count(*)::int AS n FROM schedule_occurrences`,
    );
    console.log(`  duplicates: ${duplicates}; schedule issues ${issues}, occurrence rows ${occurrences}`);
    if (duplicates || second.issuesCreated || issues !== occurrences) throw new Error('not exactly once');
    await sql`VACUUM ANALYZE`.execute(handle.db);

    const { app, base } = await startBenchApp(handle, env, 1000);
    try {
      const token = actors.admin.token;
      return [
        await measure(
          base,
          { key: 'baseline', name: 'baseline (one indexed SELECT)', path: '/api/v4/bench/baseline', token },
          kind,
          options,
        ),
        await measure(
          base,
          { key: 'list', name: 'GET /schedule/ (admin, page 1)', path: '/api/v4/schedule/', token },
          kind,
          options,
        ),
      ];
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
