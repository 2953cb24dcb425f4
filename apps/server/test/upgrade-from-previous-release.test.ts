import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readClientSettings } from '@workbench/domain';
import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { type RunningServer, startServer } from '../src/server.js';
import { uniqueEmail } from './helpers/factories.js';
import { TEST_APP_URL, underSchemaLock } from './helpers/test-server.js';

/**
 * The last migration of the previous release: a database that release made stops here, and this
 * release's migrations (0032_idempotency_keys and whatever follows) run over it when its server
 * starts. Move it to the newest migration of a release when that release is cut.
 */
const PREVIOUS_RELEASE_LAST_MIGRATION = '0031_issue_reports';
/** A table this release's first migration makes: absent from the previous release's database. */
const THIS_RELEASE_TABLE = 'idempotency_keys';

const databaseUrl = process.env.DATABASE_URL || undefined;
const kind = databaseUrl ? 'postgresql' : 'pglite';
const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'workbench-upgrade-test-'));
const PASSWORD = 'previous-release-password';

/** Runs `task` while no other test file migrates or drops a schema on the shared PostgreSQL. */
const exclusively = <T>(task: () => Promise<T>): Promise<T> => underSchemaLock(databaseUrl, task);

/**
 * Every migration in the folder, as migrate.ts lists them (the test checks below that migrating
 * to the latest applies exactly these, so the two lists cannot drift apart unnoticed).
 */
async function migrationsInFolder(): Promise<Record<string, Migration>> {
  const dir = join(import.meta.dirname, '../src/db/migrations');
  const names = readdirSync(dir)
    .filter((f) => /^\d{4}_\w+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''));
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [name, (await import(join(dir, `${name}.ts`))) as Migration]),
    ),
  );
}

let running: RunningServer | undefined;
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  if (databaseUrl) {
    await exclusively(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
});

type Ids = Awaited<ReturnType<typeof insertPreviousReleaseData>>;

/** What a person had in the previous release, written as its schema had it (plain SQL, no app code). */
async function insertPreviousReleaseData(db: Kysely<unknown>) {
  const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(db)).rows[0]?.id as number;
  const hash = await hashPassword(PASSWORD);
  const settings = JSON.stringify(readClientSettings({}));
  const org =
    await one(sql`INSERT INTO clients (name, settings) VALUES ('Old Release Facilities', ${settings}::jsonb)
    RETURNING id`);
  const person = async (first: string, role: 'admin' | 'user') => {
    const email = uniqueEmail(first.toLowerCase());
    const id =
      await one(sql`INSERT INTO users (client_id, main_client_id, first_name, last_name, email, status, role, password_hash)
      VALUES (${org}, ${org}, ${first}, 'Before', ${email}, 'active', ${role}, ${hash}) RETURNING id`);
    await sql`INSERT INTO user_clients (user_id, client_id, role) VALUES (${id}, ${org}, ${role})`.execute(
      db,
    );
    return { id, email };
  };
  const admin = await person('Olga', 'admin');
  const member = await person('Max', 'user');
  const site = await one(sql`INSERT INTO workspaces (client_id, name, translations, created_by)
    VALUES (${org}, 'Old Site', '{}'::jsonb, ${admin.id}) RETURNING id`);
  const room = await one(sql`INSERT INTO workspaces (client_id, parent_id, name, translations, created_by)
    VALUES (${org}, ${site}, 'Plant Room', '{}'::jsonb, ${admin.id}) RETURNING id`);
  await sql`INSERT INTO workspace_users (client_id, workspace_id, user_id, role)
    VALUES (${org}, ${site}, ${member.id}, 'member')`.execute(db);
  const issue = async (
    workspace: number,
    title: string,
    extra: { assignee?: number; status?: number; parent?: number },
  ) =>
    one(sql`INSERT INTO issues (client_id, workspace_id, parent_id, title, description, status_id, assignee_id,
        created_by, translations, created_at, updated_at)
      VALUES (${org}, ${workspace}, ${extra.parent ?? null}, ${title}, ${`${title}: noticed last week.`},
        ${extra.status ?? 2}, ${extra.assignee ?? null}, ${admin.id}, '{}'::jsonb,
        now() - interval '7 days', now() - interval '7 days')
      RETURNING id`);
  const pump = await issue(site, 'Pump rattles', { assignee: member.id, status: 3 });
  const filter = await issue(room, 'Filter clogged', {});
  const sub = await issue(site, 'Order a new bearing', { parent: pump, assignee: member.id, status: 3 });
  for (const [who, text] of [
    [admin.id, 'Please look at it this week'],
    [member.id, 'Bearing is worn'],
  ] as const) {
    await sql`INSERT INTO issue_comments (client_id, issue_id, user_id, comment) VALUES (${org}, ${pump}, ${who}, ${text})`.execute(
      db,
    );
  }
  const checklist = await one(sql`INSERT INTO checklists (client_id, issue_id, title, position, created_by)
    VALUES (${org}, ${pump}, 'Before leaving', 0, ${member.id}) RETURNING id`);
  for (const [position, title, status] of [
    [0, 'Close the valve', 2],
    [1, 'Label the pump', 1],
  ] as const) {
    await sql`INSERT INTO checklist_items (client_id, checklist_id, title, status_id, position)
      VALUES (${org}, ${checklist}, ${title}, ${status}, ${position})`.execute(db);
  }
  // A weekly schedule with no work due (materialize_at null): the materializer leaves it alone.
  const schedule =
    await one(sql`INSERT INTO schedules (client_id, workspace_id, title, assignee_id, start_date,
      repeat_unit, repeat_value, repeat_on, work_hours_start, work_hours_end, created_by)
    VALUES (${org}, ${site}, 'Weekly pump check', ${member.id}, '2026-01-05', 'weeks', 1, '{1}', '08:00', '16:00',
      ${admin.id})
    RETURNING id`);
  return { org, admin, member, site, room, pump, filter, sub, schedule };
}

const TABLES = [
  'clients',
  'users',
  'user_clients',
  'workspaces',
  'workspace_users',
  'issues',
  'issue_comments',
  'checklists',
  'checklist_items',
  'schedules',
  'issue_state_counts',
];

/** Every row of the tables above, by their previous columns (later migrations may add columns). */
async function snapshot(db: Kysely<unknown>, columnsOf?: Record<string, string[]>) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2`.execute(db);
    const columns = columnsOf?.[table];
    out[table] = columns
      ? rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])))
      : rows.map((row) => ({ ...row }));
  }
  return out;
}

describe(`upgrading a database of the previous release (${kind})`, () => {
  it('migrates it to this release with nothing lost, and the people log in, list and open their issues', async () => {
    const env = {
      APP_URL: TEST_APP_URL,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      WEB_DIST: join(process.cwd(), 'test', 'no-web-build'),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    };
    const config = readConfig(env);
    const migrations = await migrationsInFolder();
    expect(Object.keys(migrations)).toContain(PREVIOUS_RELEASE_LAST_MIGRATION);

    // 1. The previous release's database, with its people's data in it.
    const database = await openDatabase({ databaseUrl, databaseSchema: schema, dataDir });
    const db = database.db as unknown as Kysely<unknown>;
    let ids: Ids;
    let before: Record<string, unknown[]>;
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: schema ?? 'public',
      });
      const previous = await exclusively(() => migrator.migrateTo(PREVIOUS_RELEASE_LAST_MIGRATION));
      expect(previous.error).toBeUndefined();
      const applied = async () =>
        (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map(
          (r) => r.name,
        );
      const older = Object.keys(migrations)
        .sort()
        .filter((name) => name <= PREVIOUS_RELEASE_LAST_MIGRATION);
      expect(await applied()).toEqual(older);
      const table = await sql<{ t: string | null }>`SELECT to_regclass(${THIS_RELEASE_TABLE}) AS t`.execute(
        db,
      );
      expect(table.rows[0]?.t).toBeNull();

      ids = await insertPreviousReleaseData(db);
      before = await snapshot(db);
      expect(before.issues).toHaveLength(3);

      // 2. This release's migrations over it: exactly the folder's, and every old row as it was.
      await exclusively(() => migrateToLatest(database.db));
      expect(await applied()).toEqual(Object.keys(migrations).sort());
      const columns = Object.fromEntries(
        Object.entries(before).map(([t, rows]) => [t, Object.keys((rows[0] as object) ?? {})]),
      );
      expect(await snapshot(db, columns)).toEqual(before);
    } finally {
      await database.close();
    }

    // 3. This release's server on it (as `npm start` after an upgrade): everything there and working.
    running = await exclusively(() => startServer(config, { logger: false }));
    await running.app.listen({ port: 0, host: '127.0.0.1' });
    const address = running.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}/api/v4`;
    const call = async (method: string, path: string, token?: string, body?: unknown, headers = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: each check reads the shape it needs
      return { status: res.status, body: (await res.json()) as any };
    };
    const logIn = async (email: string) => {
      const res = await call('POST', '/auth/login', undefined, { email, password: PASSWORD });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.token as string;
    };
    const adminToken = await logIn(ids.admin.email);
    const memberToken = await logIn(ids.member.email);

    const list = await call('GET', '/issue/?paginate_by=50', adminToken);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.map((i: { title: string }) => i.title).sort()).toEqual([
      'Filter clogged',
      'Pump rattles',
    ]);
    const workspaces = await call('GET', '/workspace/flat', adminToken);
    expect(workspaces.status).toBe(200);
    expect(JSON.stringify(workspaces.body)).toContain('Plant Room');

    const pump = await call('GET', `/issue/${ids.pump}`, memberToken);
    expect(pump.status, JSON.stringify(pump.body)).toBe(200);
    expect(pump.body).toMatchObject({
      title: 'Pump rattles',
      description: 'Pump rattles: noticed last week.',
      status_id: 3,
      assignee: { id: ids.member.id },
      workspace: { id: ids.site, name: 'Old Site' },
      number_of_comments: 2,
    });
    const comments = await call('GET', `/issue/${ids.pump}/comments`, memberToken);
    expect(comments.body.data.map((c: { comment: string }) => c.comment)).toEqual([
      'Please look at it this week',
      'Bearing is worn',
    ]);
    const checklists = await call('GET', `/issue/${ids.pump}/checklists`, memberToken);
    expect(checklists.status, JSON.stringify(checklists.body)).toBe(200);
    expect(JSON.stringify(checklists.body)).toMatch(/Before leaving.*Close the valve.*Label the pump/);
    const schedule = await call('GET', `/schedule/${ids.schedule}`, adminToken);
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
    expect(schedule.body).toMatchObject({ title: 'Weekly pump check' });

    // Still working: writes on old rows, and this release's own feature (an idempotent retry) on the old data.
    const key = { 'idempotency-key': `upgrade-${randomBytes(4).toString('hex')}` };
    const first = await call('POST', `/issue/${ids.pump}/comments`, memberToken, { comment: 'Fixed' }, key);
    const retry = await call('POST', `/issue/${ids.pump}/comments`, memberToken, { comment: 'Fixed' }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body).toEqual(first.body);
    const after = await call('GET', `/issue/${ids.pump}/comments`, adminToken);
    expect(after.body.data.map((c: { comment: string }) => c.comment)).toEqual([
      'Please look at it this week',
      'Bearing is worn',
      'Fixed',
    ]);
    const created = await call('POST', '/issue', memberToken, {
      workspace_id: ids.site,
      title: 'New after upgrade',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listed = await call('GET', '/issue/?paginate_by=50', adminToken);
    expect(listed.body.data).toHaveLength(3);
  }, 150_000);
});
