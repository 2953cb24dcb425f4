/**
 * The asset list benchmark (issue 15): seeds a fresh database with a facility manager's
 * organisation (40 sites of the issue bench's tree, 20,000 assets in ~400 groups and 5 systems,
 * regulatory files on about half of them, open issues naming assets), starts the real app and
 * measures GET asset and GET asset/filter_options with autocannon as the admin and as a member of
 * three sites, with bench/issue-list.ts's helpers (same app start, baseline route and table).
 *
 *   npm run bench:assets                                   both databases, 20,000 assets
 *   npm run bench:assets -- --db=pglite --assets=5000 --duration=5
 *   options: --issues=20000 (issues seeded; about a third name an asset), --connections=10,
 *   --seed-only (seed, then stop: for EXPLAIN ANALYZE by hand, schema bench_assets)
 */
import { REGULATORY_FILE_KINDS } from '@workbench/domain';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/connection.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { hashToken } from '../apps/server/src/modules/auth/tokens.js';
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
import { type BenchActors, pick, run, seedBench, textArray, USERS, workspaceTree } from './seed.js';

const SITES = 40;
const SYSTEMS = ['Heating', 'Fire safety', 'Lifts', 'Ventilation', 'Electrical'];
/** Four kinds of equipment per system, in the order of SYSTEMS. */
const KINDS = [
  ...['Boiler', 'Heat pump', 'Circulation pump', 'Heat exchanger'],
  ...['Fire door', 'Smoke extractor', 'Sprinkler valve', 'Fire alarm panel'],
  ...['Passenger lift', 'Goods lift', 'Escalator', 'Platform lift'],
  ...['Air handler', 'Exhaust fan', 'Chiller', 'Fan coil'],
  ...['Switchboard', 'Emergency light', 'UPS', 'Generator'],
];
const GROUP_KINDS = ['Boiler room', 'Fire compartment', 'Lift shaft', 'Plant room', 'Electrical room'];
const MANUFACTURERS = ['Viessmann', 'Bosch', 'Schindler', 'Kone', 'Otis', 'Daikin', 'Siemens', 'Grundfos'];
const MODELS = [
  'Vitocrossal 300',
  'Magna3',
  'Gen2',
  'MonoSpace 500',
  'EcoStruxure',
  'Sinteso FC20',
  'VRV 5',
  'Logano plus',
];
/** The member sees these sites (and their buildings and rooms), besides a few rooms of the issue seed. */
const MEMBER_SITES = [2, 3, 4];

type Options = RunOptions & { dbs: DbKind[]; assets: number; issues: number; seedOnly: boolean };

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
    assets: number('assets', 20_000),
    issues: number('issues', 20_000),
    duration: number('duration', 10),
    connections: number('connections', 10),
    reuse: false,
    seedOnly: argv.includes('--seed-only'),
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    workDir: process.env.BENCH_DIR ?? '/tmp/workbench-bench-assets',
    schema: 'bench_assets',
  };
}

type AssetActors = BenchActors & { member: { userId: number; token: string }; serialFragment: string };

/** The issue bench's organisation on 40 sites, then the assets, their files and issues (set-based SQL). */
async function seedAssets(db: Kysely<Database>, options: Options): Promise<AssetActors> {
  const actors = await seedBench(db, options.issues, SITES);
  const { sites, buildingBase, roomBase, workspaces } = workspaceTree(SITES);
  const clientId = sql.lit(actors.clientId);
  const g = sql`g`;
  await run(
    db,
    `${SYSTEMS.length} systems`,
    sql`INSERT INTO asset_systems (id, client_id, name, created_by) OVERRIDING SYSTEM VALUE
      SELECT g, ${clientId}, (${textArray(SYSTEMS)})[g], 1 FROM generate_series(1, ${sql.lit(SYSTEMS.length)}) g`,
  );
  // One group per site and per building, with the id of its workspace; a third have a manager.
  const groups = buildingBase + sites * 9 - 1;
  await run(
    db,
    `${groups} groups`,
    sql`INSERT INTO asset_groups (id, client_id, workspace_id, name, created_by) OVERRIDING SYSTEM VALUE
      SELECT w.id, ${clientId}, w.id, (${textArray(GROUP_KINDS)})[1 + w.id % ${sql.lit(GROUP_KINDS.length)}] || ' ' || w.name, 1
        FROM workspaces w WHERE w.id < ${sql.lit(roomBase)}`,
  );
  await run(
    db,
    '',
    sql`INSERT INTO asset_group_managers (client_id, group_id, user_id)
      SELECT ${clientId}, id, 2 + ${pick(sql`id`, 40, USERS - 1)} FROM asset_groups WHERE id % 3 = 0`,
  );
  // Assets anywhere in the tree; 60 % in the group of their building (or site); statuses 1..5 at
  // about 60 15 10 10 5 %; a system on 90 %.
  const bucket = pick(g, 33, 100);
  await run(
    db,
    `${options.assets} assets`,
    sql`INSERT INTO assets (id, client_id, workspace_id, group_id, system_id, name, status, manufacturer,
        model, serial_number, reference_number, description, created_by, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT g, ${clientId}, w.id,
          CASE WHEN ${pick(g, 32, 10)} < 6 THEN CASE WHEN w.id >= ${sql.lit(roomBase)} THEN w.parent_id ELSE w.id END END,
          CASE WHEN ${pick(g, 34, 10)} > 0 THEN 1 + x.system END,
          (${textArray(KINDS)})[1 + x.system * 4 + ${pick(g, 35, 4)}] || ' ' || g,
          CASE WHEN ${bucket} < 60 THEN 1 WHEN ${bucket} < 75 THEN 2 WHEN ${bucket} < 85 THEN 3
            WHEN ${bucket} < 95 THEN 4 ELSE 5 END,
          (${textArray(MANUFACTURERS)})[1 + ${pick(g, 36, MANUFACTURERS.length)}],
          (${textArray(MODELS)})[1 + ${pick(g, 37, MODELS.length)}],
          'SN-' || upper(substr(md5(g::text), 1, 10)), 'INV-' || (100000 + g),
          CASE WHEN ${pick(g, 38, 3)} = 0 THEN 'Yearly inspection by the manufacturer; key at the reception.' END,
          1, x.created, x.created + interval '30 days'
        FROM generate_series(1, ${sql.lit(options.assets)}) g,
          LATERAL (SELECT ${pick(g, 31, SYSTEMS.length)} AS system, 1 + ${pick(g, 30, workspaces)} AS ws,
            now() - make_interval(days => ${pick(g, 39, 1500)}::int) - interval '30 days' AS created) x
          JOIN workspaces w ON w.id = x.ws`,
  );
  await run(
    db,
    'asset managers',
    sql`INSERT INTO asset_managers (client_id, asset_id, user_id)
      SELECT ${clientId}, id, 2 + ${pick(sql`id`, 41, USERS - 1)} FROM assets WHERE ${pick(sql`id`, 42, 4)} = 0`,
  );
  // One file per covered asset (same id), valid until one year ago .. two years ahead: about a
  // third expired. The file_key names no stored file: the list never reads it.
  await run(
    db,
    'regulatory files',
    sql`INSERT INTO regulatory_files (id, client_id, name, kind, file_key, original_filename, mime_type,
        size_bytes, issued_on, valid_until, uploaded_by) OVERRIDING SYSTEM VALUE
      SELECT a.id, ${clientId}, 'Certificate ' || a.serial_number,
          (${textArray([...REGULATORY_FILE_KINDS])})[1 + ${pick(sql`a.id`, 43, REGULATORY_FILE_KINDS.length)}],
          'bench/regulatory/' || a.id || '.pdf', 'certificate-' || a.id || '.pdf', 'application/pdf', 120000,
          x.valid_until - 365, x.valid_until, 1
        FROM assets a, LATERAL (SELECT current_date + (${pick(sql`a.id`, 44, 1095)}::int - 365) AS valid_until) x
        WHERE ${pick(sql`a.id`, 45, 2)} = 0`,
  );
  await run(
    db,
    '',
    sql`INSERT INTO regulatory_file_assets (client_id, file_id, asset_id)
      SELECT ${clientId}, id, id FROM regulatory_files`,
  );
  // About a third of the issues name an asset of their own workspace (when it has any).
  await run(
    db,
    'issues naming assets',
    sql`WITH ranked AS (
        SELECT id, workspace_id, row_number() OVER (PARTITION BY workspace_id ORDER BY id) - 1 AS n,
            count(*) OVER (PARTITION BY workspace_id) AS c
          FROM assets)
      UPDATE issues i SET asset_id = r.id FROM ranked r
        WHERE r.workspace_id = i.workspace_id AND r.n = ${pick(sql`i.id`, 46, 1_000_000)} % r.c
          AND ${pick(sql`i.id`, 47, 3)} = 0`,
  );
  // The member: a role on three sites, so their buildings and rooms.
  const memberId = USERS + 1;
  await run(
    db,
    '',
    sql`INSERT INTO users (id, client_id, main_client_id, first_name, last_name, email, status, role)
      OVERRIDING SYSTEM VALUE
      VALUES (${sql.lit(memberId)}, ${clientId}, ${clientId}, 'Mia', 'Member', 'member@bench.test', 'active', 'user')`,
  );
  await run(
    db,
    '',
    sql`INSERT INTO user_clients (user_id, client_id, role) VALUES (${sql.lit(memberId)}, ${clientId}, 'user')`,
  );
  await run(
    db,
    '',
    sql`INSERT INTO workspace_users (client_id, workspace_id, user_id, role)
      SELECT ${clientId}, s, ${sql.lit(memberId)}, 'member' FROM unnest(${sql.lit(`{${MEMBER_SITES.join(',')}}`)}::int[]) s`,
  );
  const memberToken = `bench-member-${Date.now()}`;
  await run(
    db,
    '',
    sql`INSERT INTO user_tokens (client_id, user_id, kind, token_hash, expires_at)
      VALUES (${clientId}, ${sql.lit(memberId)}, 'session', ${hashToken(memberToken)}, now() + interval '1 day')`,
  );
  for (const table of ['users', 'asset_systems', 'asset_groups', 'assets', 'regulatory_files']) {
    await run(
      db,
      '',
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`,
    );
  }
  // A serial-number fragment (three characters) of an asset the member sees: some tens of matches
  // for the admin, a few for the member.
  const { rows } = await sql<{ serial: string }>`
    SELECT a.serial_number AS serial FROM assets a JOIN workspaces w ON w.id = a.workspace_id
      WHERE a.status <> 5 AND (w.id = ${sql.lit(MEMBER_SITES[0])} OR w.parent_id = ${sql.lit(MEMBER_SITES[0])})
      ORDER BY a.id LIMIT 1`.execute(db);
  const serialFragment = rows[0]?.serial.slice(5, 8) ?? 'SN-';
  return { ...actors, member: { userId: memberId, token: memberToken }, serialFragment };
}

/** The scenarios for one person; the deep page lies at 90 % of what they see. */
async function scenariosOf(
  base: string,
  who: string,
  token: string,
  actors: AssetActors,
): Promise<Scenario[]> {
  const response = await fetch(`${base}/api/v4/asset`, { headers: { authorization: `Bearer ${token}` } });
  const { total } = (await response.json()) as { total: number };
  const deepPage = Math.max(1, Math.floor((total * 0.9) / 20));
  const filtered = new URLSearchParams({ status: '1,2,3', systems: '1,2', legal_requirements: 'expired' });
  const list = '/api/v4/asset';
  return [
    { key: 'default', name: `${who}: default (name asc, 20)`, path: list, token },
    {
      key: 'issues',
      name: `${who}: sort_by=asset_issues desc`,
      path: `${list}?sort_by=asset_issues&sort_direction=desc`,
      token,
    },
    { key: 'filtered', name: `${who}: status+systems+expired`, path: `${list}?${filtered}`, token },
    {
      key: 'search',
      name: `${who}: search "${actors.serialFragment}"`,
      path: `${list}?search=${actors.serialFragment}`,
      token,
    },
    { key: 'deep', name: `${who}: deep page (${deepPage})`, path: `${list}?page=${deepPage}`, token },
    { key: 'options', name: `${who}: filter_options`, path: `${list}/filter_options`, token },
  ];
}

async function benchDatabase(kind: DbKind, options: Options): Promise<Measurement[]> {
  console.log(`\n== ${kind}: ${options.assets.toLocaleString('en')} assets, ${SITES} sites`);
  const { handle, env } = await openBenchDatabase(kind, options);
  try {
    const actors = await prepareData(handle, options);
    if (options.seedOnly) return [];
    const { app, base } = await startBenchApp(handle, env, actors.issues);
    try {
      const chosen: Scenario[] = [
        baselineScenario(actors),
        ...(await scenariosOf(base, 'admin', actors.admin.token, actors)),
        ...(await scenariosOf(base, 'member', actors.member.token, actors)),
      ];
      return await measureAll(base, chosen, kind, options);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

async function prepareData(handle: DatabaseHandle, options: Options): Promise<AssetActors> {
  const started = Date.now();
  await migrateToLatest(handle.db);
  const actors = await seedAssets(handle.db, options);
  await sql`VACUUM ANALYZE`.execute(handle.db);
  console.log(`  data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return actors;
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const results: Measurement[] = [];
  for (const kind of options.dbs) results.push(...(await benchDatabase(kind, options)));
  printTable(results);
  // A scenario whose every request outlasted the run completes none: a failure too.
  const none = results.filter((r) => r.requests === 0);
  if (none.length)
    console.log(`\nNo request completed in: ${none.map((r) => `${r.db} ${r.scenario}`).join(', ')}`);
  if (results.some((r) => r.non2xx + r.errors > 0) || none.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
