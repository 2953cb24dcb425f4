import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';
import { hashToken } from '../apps/server/src/modules/auth/tokens.js';

/**
 * The benchmark organisation, built with set-based SQL (INSERT ... SELECT generate_series) on a
 * freshly migrated, empty database: one organisation with 500 people, a workspace tree of 10
 * sites (or `sites`) x 9 buildings x 10 rooms (1,000 workspaces), roles, categories, comments and
 * `issues` issues spread over statuses, assignees, priorities and two years of dates.
 */
export const SITES = 10;
export const BUILDINGS_PER_SITE = 9;
export const ROOMS_PER_BUILDING = 10;
export const WORKSPACES = SITES * (1 + BUILDINGS_PER_SITE * (1 + ROOMS_PER_BUILDING));
export const USERS = 500;

/** The people the scenarios run as, with their raw bearer tokens. */
export type BenchActors = {
  clientId: number;
  admin: { userId: number; token: string };
  /** Manager of the first site (its buildings and rooms through the tree). */
  manager: { userId: number; token: string };
  /** The first site: the filtered list asks for it with include_sub_ws=1. */
  siteId: number;
  /** Two people with many issues in that site: the filtered list's assignees. */
  assignees: [number, number];
  /** A word present in about one issue in ten. */
  searchWord: string;
  issues: number;
};

const CLIENT_ID = 1;
// Ids are given explicitly (OVERRIDING SYSTEM VALUE) so the tree and the spread are computable.
const siteId = (s: number) => 1 + s;

/** The workspace ids of a tree of `sites` sites: sites 1..sites, then the buildings, then the rooms. */
export function workspaceTree(sites = SITES) {
  const buildingBase = sites + 1; // buildings: sites+1 .. sites+sites*BUILDINGS_PER_SITE
  const roomBase = buildingBase + sites * BUILDINGS_PER_SITE;
  return {
    sites,
    buildingBase,
    roomBase,
    workspaces: sites * (1 + BUILDINGS_PER_SITE * (1 + ROOMS_PER_BUILDING)),
  };
}

// Words titles and descriptions are made of; 'leak' appears in about one title in ten.
const VERBS = [
  'Repair',
  'Inspect',
  'Clean',
  'Replace',
  'Check',
  'Paint',
  'Install',
  'Service',
  'Fix',
  'Remove',
];
const OBJECTS = [
  'window',
  'door lock',
  'radiator',
  'light fitting',
  'floor tiles',
  'ceiling panel',
  'air conditioner',
  'fire extinguisher',
  'water tap',
  'leak under sink',
  'smoke detector',
  'elevator button',
  'parking barrier',
  'coffee machine',
  'printer',
  'ventilation grille',
];
const DETAILS = [
  'Reported by the morning shift, please look at it before noon.',
  'Tenant called twice about this, the noise is getting worse every day.',
  'Spare parts are in the basement storage, key at the reception desk.',
  'Needs two people and a ladder; check the safety sheet first.',
  'Water leak visible on the wall below, put a bucket there until repaired.',
  'Part of the yearly maintenance plan agreed with the building owner.',
  'Photos attached by the reporter show rust on the frame and a broken hinge.',
  'Urgent: visitors are expected on Monday and the entrance must look tidy.',
];

export const textArray = (words: string[]) =>
  sql.raw(`ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`);

/** A deterministic pseudo-random integer in [0, n) from an integer expression and a salt. */
export const pick = (expr: RawBuilder<unknown>, salt: number, n: number) =>
  sql`((hashint8((${expr})::bigint * 7919 + ${sql.lit(salt)}) & 2147483647) % ${sql.lit(n)})`;

export async function run(
  db: Kysely<Database>,
  label: string,
  statement: RawBuilder<unknown>,
): Promise<void> {
  const started = Date.now();
  await statement.execute(db);
  if (label) console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Seeds the benchmark data; the database must be migrated and empty. */
export async function seedBench(db: Kysely<Database>, issues: number, sites = SITES): Promise<BenchActors> {
  const { buildingBase, roomBase, workspaces } = workspaceTree(sites);
  await run(
    db,
    '',
    sql`INSERT INTO clients (id, name) OVERRIDING SYSTEM VALUE VALUES (${sql.lit(CLIENT_ID)}, 'Bench Facility Services')`,
  );
  await run(
    db,
    `${USERS} users`,
    sql`INSERT INTO users (id, client_id, main_client_id, first_name, last_name, email, status, role)
      OVERRIDING SYSTEM VALUE
      SELECT g, ${sql.lit(CLIENT_ID)}, ${sql.lit(CLIENT_ID)},
          (${textArray(['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas'])})[1 + g % 10],
          (${textArray(['Berger', 'Huber', 'Wagner', 'Gruber', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Bauer', 'Wolf'])})[1 + (g / 10) % 10],
          'bench' || g || '@bench.test', 'active', CASE WHEN g = 1 THEN 'admin' ELSE 'user' END
        FROM generate_series(1, ${sql.lit(USERS)}) g`,
  );
  await run(
    db,
    '',
    sql`INSERT INTO user_clients (user_id, client_id, role) SELECT id, client_id, role FROM users`,
  );
  await run(
    db,
    `${workspaces} workspaces`,
    sql`INSERT INTO workspaces (id, client_id, parent_id, name) OVERRIDING SYSTEM VALUE
      SELECT g, ${sql.lit(CLIENT_ID)}, NULL, 'Site ' || g FROM generate_series(1, ${sql.lit(sites)}) g
      UNION ALL
      SELECT ${sql.lit(buildingBase)} + g, ${sql.lit(CLIENT_ID)}, ${sql.lit(siteId(0))} + g / ${sql.lit(BUILDINGS_PER_SITE)},
          'Building ' || (g / ${sql.lit(BUILDINGS_PER_SITE)} + 1) || '-' || (g % ${sql.lit(BUILDINGS_PER_SITE)} + 1)
        FROM generate_series(0, ${sql.lit(sites * BUILDINGS_PER_SITE - 1)}) g
      UNION ALL
      SELECT ${sql.lit(roomBase)} + g, ${sql.lit(CLIENT_ID)}, ${sql.lit(buildingBase)} + g / ${sql.lit(ROOMS_PER_BUILDING)}, 'Room ' || (100 + g)
        FROM generate_series(0, ${sql.lit(sites * BUILDINGS_PER_SITE * ROOMS_PER_BUILDING - 1)}) g`,
  );
  // Roles: a manager per site (users 2..sites+1), a group manager per building, members in rooms.
  await run(
    db,
    'workspace roles',
    sql`INSERT INTO workspace_users (client_id, workspace_id, user_id, role)
      SELECT ${sql.lit(CLIENT_ID)}, g, 1 + g, 'manager' FROM generate_series(1, ${sql.lit(sites)}) g
      UNION ALL
      SELECT ${sql.lit(CLIENT_ID)}, ${sql.lit(buildingBase)} + g, ${sql.lit(sites + 2)} + g, 'group_manager'
        FROM generate_series(0, ${sql.lit(sites * BUILDINGS_PER_SITE - 1)}) g
      UNION ALL
      SELECT ${sql.lit(CLIENT_ID)}, ${sql.lit(roomBase)} + g, 102 + g % ${sql.lit(USERS - 102)}, 'member'
        FROM generate_series(0, ${sql.lit(sites * BUILDINGS_PER_SITE * ROOMS_PER_BUILDING - 1)}) g`,
  );
  await run(
    db,
    '',
    sql`INSERT INTO categories (id, client_id, name, color) OVERRIDING SYSTEM VALUE
      SELECT g, ${sql.lit(CLIENT_ID)}, 'Category ' || g, '#3366' || lpad(to_hex(g * 10), 2, '0')
        FROM generate_series(1, 20) g`,
  );

  // Bulk load: the issue indexes are dropped and built again afterwards (much faster than
  // maintaining them row by row), and foreign-key and counter triggers are skipped
  // (session_replication_role, on one pinned connection); derived data is rebuilt after the load.
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'issues' AND indexname <> 'issues_pkey'`.execute(
    db,
  );
  for (const index of indexes) await run(db, '', sql`DROP INDEX ${sql.id(index.name)}`);
  await db.connection().execute(async (conn) => {
    await run(conn, '', sql`SET session_replication_role = replica`);
    try {
      await insertIssues(conn, issues, workspaces);
    } finally {
      await run(conn, '', sql`SET session_replication_role = DEFAULT`);
    }
  });
  for (const index of indexes) await run(db, `index ${index.name}`, sql.raw(index.definition));
  // The state counters (migration 0010) as its trigger would have kept them.
  await run(db, '', sql`DELETE FROM issue_state_counts`);
  await run(
    db,
    'state counters',
    sql`INSERT INTO issue_state_counts (client_id, workspace_id, top_level, status_id, archived, count)
      SELECT client_id, workspace_id, parent_id IS NULL, status_id, archived_at IS NOT NULL, count(*)
        FROM issues WHERE deleted_at IS NULL
        GROUP BY client_id, workspace_id, parent_id IS NULL, status_id, archived_at IS NOT NULL
      UNION ALL
      SELECT client_id, 0, parent_id IS NULL, status_id, archived_at IS NOT NULL, count(*)
        FROM issues WHERE deleted_at IS NULL
        GROUP BY client_id, parent_id IS NULL, status_id, archived_at IS NOT NULL`,
  );

  await run(
    db,
    'comments',
    sql`INSERT INTO issue_comments (client_id, issue_id, user_id, comment)
      SELECT ${sql.lit(CLIENT_ID)}, 1 + ${pick(sql`g`, 20, issues)}, 2 + ${pick(sql`g`, 21, USERS - 1)}, 'Looked at it, will continue tomorrow.'
        FROM generate_series(1, ${sql.lit(Math.floor(issues / 5))}) g`,
  );
  for (const table of ['clients', 'users', 'workspaces', 'categories', 'issues']) {
    await run(
      db,
      '',
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`,
    );
  }

  return benchActors(db, issues);
}

/**
 * Issues in chunks (progress, and bounded memory in PGlite). Every seventh issue is a
 * sub-issue of the issue before it, in the same workspace. Statuses: 1 2 3 4 5 6 7 8 at about
 * 5 10 15 3 10 15 7 35 %, a third of the completed ones archived; new and unassigned
 * issues (1, 2) have no assignee.
 */
async function insertIssues(db: Kysely<Database>, issues: number, workspaces: number): Promise<void> {
  const g = sql`g`;
  const group = sql`(g - 1) / 7`;
  const bucket = pick(g, 11, 100);
  const status = sql`(CASE
      WHEN ${bucket} < 5 THEN 1 WHEN ${bucket} < 15 THEN 2 WHEN ${bucket} < 30 THEN 3
      WHEN ${bucket} < 33 THEN 4 WHEN ${bucket} < 43 THEN 5 WHEN ${bucket} < 58 THEN 6
      WHEN ${bucket} < 65 THEN 7 ELSE 8 END)`;
  const created = sql`(now() - make_interval(mins => ${pick(g, 13, 730 * 24 * 60)}::int))`;
  const chunk = 100_000;
  for (let from = 1; from <= issues; from += chunk) {
    const to = Math.min(issues, from + chunk - 1);
    await run(
      db,
      `issues ${from}..${to}`,
      sql`INSERT INTO issues (id, client_id, workspace_id, parent_id, title, description, status_id,
          priority_id, category_id, assignee_id, created_by, start_date, due_date, process_number,
          archived_at, completed_at, created_at, updated_at, workspace_path)
        OVERRIDING SYSTEM VALUE
        SELECT g, ${sql.lit(CLIENT_ID)}, w.id,
            CASE WHEN g % 7 = 0 THEN g - 1 END,
            (${textArray(VERBS)})[1 + ${pick(g, 2, VERBS.length)}] || ' ' || (${textArray(OBJECTS)})[1 + ${pick(g, 3, OBJECTS.length)}],
            CASE WHEN ${pick(g, 4, 10)} < 8 THEN (${textArray(DETAILS)})[1 + ${pick(g, 5, DETAILS.length)}] END,
            s.status,
            (ARRAY[0, 2, 3, 3, 3, 4, 5])[1 + ${pick(g, 6, 7)}],
            CASE WHEN ${pick(g, 7, 3)} > 0 THEN 1 + ${pick(g, 8, 20)} END,
            CASE WHEN s.status > 2 THEN 2 + ${pick(g, 9, USERS - 1)} END,
            2 + ${pick(g, 10, USERS - 1)},
            CASE WHEN ${pick(g, 14, 10)} < 6 THEN s.created + interval '2 days' END,
            CASE WHEN ${pick(g, 15, 10)} < 6 THEN s.created + interval '9 days' END,
            'WB-' || g,
            CASE WHEN s.status = 8 AND ${pick(g, 16, 3)} = 0 THEN s.created + interval '20 days' END,
            CASE WHEN s.status = 8 THEN s.created + interval '10 days' END,
            s.created,
            least(now(), s.created + make_interval(mins => ${pick(g, 17, 30 * 24 * 60)}::int)),
            w.path
          FROM generate_series(${sql.lit(from)}, ${sql.lit(to)}) g
            CROSS JOIN LATERAL (SELECT ${status} AS status, ${created} AS created) s
            JOIN workspaces w ON w.id = 1 + ${pick(group, 1, workspaces)}`,
    );
  }
}

/** Fresh session tokens for the admin and the site manager, and the filtered list's assignees. */
export async function benchActors(db: Kysely<Database>, issues: number): Promise<BenchActors> {
  const adminToken = `bench-admin-${Date.now()}`;
  const managerToken = `bench-manager-${Date.now()}`;
  await run(
    db,
    '',
    sql`INSERT INTO user_tokens (client_id, user_id, kind, token_hash, expires_at)
      VALUES (${sql.lit(CLIENT_ID)}, 1, 'session', ${hashToken(adminToken)}, now() + interval '1 day'),
             (${sql.lit(CLIENT_ID)}, 2, 'session', ${hashToken(managerToken)}, now() + interval '1 day')`,
  );
  // The two people with most open issues in the first site: a realistic "my team" filter.
  const { rows } = await sql<{ assignee_id: number }>`
    SELECT assignee_id FROM issues
      WHERE workspace_id IN (SELECT id FROM workspaces WHERE id = ${sql.lit(siteId(0))} OR parent_id = ${sql.lit(siteId(0))}
          OR parent_id IN (SELECT id FROM workspaces WHERE parent_id = ${sql.lit(siteId(0))}))
        AND assignee_id IS NOT NULL AND status_id = 6
      GROUP BY assignee_id ORDER BY count(*) DESC, assignee_id LIMIT 2`.execute(db);
  return {
    clientId: CLIENT_ID,
    admin: { userId: 1, token: adminToken },
    manager: { userId: 2, token: managerToken },
    siteId: siteId(0),
    assignees: [rows[0]?.assignee_id ?? 2, rows[1]?.assignee_id ?? 3],
    searchWord: 'leak',
    issues,
  };
}
