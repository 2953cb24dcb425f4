/**
 * EXPLAIN ANALYZE of every statement GET issue/ runs for one query string, on a database seeded
 * by `npm run bench -- --seed-only`:
 *   npx tsx bench/explain.ts --db=postgres 'issue_state=in_progress&assignees=5,6' [--user=2] [--generic]
 */

import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readIssueListQuery } from '@workbench/domain';
import { CompiledQuery, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/schema.js';
import { findIssueListPage } from '../apps/server/src/modules/issues/issue-list-queries.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const kind = argv.find((a) => a.startsWith('--db='))?.split('=')[1] ?? 'postgres';
  const userId = Number(argv.find((a) => a.startsWith('--user='))?.split('=')[1] ?? 1);
  const queryString = argv.find((a) => !a.startsWith('--')) ?? '';
  const workDir = process.env.BENCH_DIR ?? '/tmp/workbench-bench';
  const captured: CompiledQuery[] = [];
  const dialect =
    kind === 'pglite'
      ? new PGliteDialect({ pglite: new PGlite(join(workDir, 'pglite', 'pglite')) })
      : new PostgresDialect({
          pool: new pg.Pool({
            connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
            options: '-c search_path=bench',
            max: 1,
          }),
        });
  const db = new Kysely<Database>({
    dialect,
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const user = await db
    .selectFrom('users')
    .select(['id', 'client_id', 'role'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // --generic: the plan a prepared statement settles on after five runs (no parameter values known).
  if (argv.includes('--generic'))
    await db.executeQuery(CompiledQuery.raw('SET plan_cache_mode = force_generic_plan'));
  captured.length = 0;
  const query = readIssueListQuery(Object.fromEntries(new URLSearchParams(queryString)));
  const started = performance.now();
  const result = await findIssueListPage(
    db,
    { userId: user.id, clientId: user.client_id, role: user.role },
    query,
  );
  console.log(
    `findIssueListPage: ${(performance.now() - started).toFixed(1)} ms, ${result.rows.length} rows, total ${result.total}`,
  );
  const statements = [...captured];
  for (const statement of statements) {
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, [...statement.parameters]),
    );
    console.log(`\n--- ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}...`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  await db.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
