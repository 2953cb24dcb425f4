/**
 * The live updates benchmark (issue 20): the issue list bench's data and load (bench/issue-list.ts),
 * measured without SSE clients, then with 1,000 connected clients of GET /api/v4/events (half the
 * admin's sessions, half the site manager's, in a child process of their own so they share no
 * event loop with the server or autocannon), then with those clients while 200 issues of the
 * manager's site change through the API: the delay from sending a change to its delivery to the
 * first and to the last of the 1,000 streams (p50/p99).
 *
 *   npm run bench:live                                   PostgreSQL, 1,000,000 issues
 *   npm run bench:live -- --db=pglite --issues=50000     (or BENCH_ISSUES=50000)
 *   options: --db=postgres|pglite|both, --clients=1000, --changes=200, --duration=10,
 *   --connections=50, --reuse (keep an earlier seed of the same size)
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/connection.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { issueToken } from '../apps/server/src/modules/auth/tokens.js';
import {
  type DbKind,
  listScenarios,
  type Measurement,
  measure,
  openBenchDatabase,
  type RunOptions,
  type Scenario,
  startBenchApp,
} from './issue-list.js';
import { type BenchActors, benchActors, seedBench } from './seed.js';

type Options = RunOptions & { dbs: DbKind[]; issues: number; clients: number; changes: number };

function readOptions(argv: string[]): Options {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const number = (name: string, fallback: number) => {
    const value = Number(arg(name) ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  const db = arg('db') ?? 'postgres';
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new Error('--db must be pglite, postgres or both');
  return {
    dbs: db === 'both' ? ['pglite', 'postgres'] : [db as DbKind],
    issues: number('issues', Number(process.env.BENCH_ISSUES ?? 1_000_000)),
    clients: number('clients', 1000),
    changes: number('changes', 200),
    duration: number('duration', 10),
    connections: number('connections', 50),
    reuse: argv.includes('--reuse'),
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    workDir: process.env.BENCH_DIR ?? '/tmp/workbench-bench-live',
    schema: 'bench_live',
  };
}

// ---- The SSE clients (the child process) ----

type ToClients = { type: 'connect'; url: string; tokens: string[] } | { type: 'close' };
type FromClients =
  | { type: 'ready'; connected: number; failed: number }
  | { type: 'delivered'; entityId: number; first: number; last: number; count: number };

const now = () => performance.timeOrigin + performance.now();

/** Opens the streams; reports when all are open, then each issue change once every stream has it. */
function runClients(): void {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  const seen = new Map<string, { first: number; last: number; count: number }>();
  let streams = 0;
  const send = (message: FromClients) => process.send?.(message);
  const onEvent = (block: string) => {
    if (!block.includes('event: change')) return;
    const lines = block.split('\n');
    const data = lines.find((l) => l.startsWith('data: '));
    const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
    if (!data || !id) return;
    const change = JSON.parse(data.slice(6)) as { entity_type: string; entity_id: number; action: string };
    if (change.entity_type !== 'issue' || change.action !== 'updated') return;
    const at = now();
    const entry = seen.get(id) ?? { first: at, last: at, count: 0 };
    entry.last = at;
    entry.count += 1;
    seen.set(id, entry);
    if (entry.count === streams) send({ type: 'delivered', entityId: change.entity_id, ...entry });
  };
  process.on('message', (message: ToClients) => {
    if (message.type === 'close') {
      for (const request of requests) request.destroy();
      agent.destroy();
      process.exit(0);
    }
    let opened = 0;
    let failed = 0;
    const settle = () => {
      if (opened + failed === message.tokens.length) {
        streams = opened;
        send({ type: 'ready', connected: opened, failed });
      }
    };
    for (const token of message.tokens) {
      const request = http.get(
        `${message.url}/api/v4/events`,
        { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            failed += 1;
            res.resume();
            settle();
            return;
          }
          res.setEncoding('utf8');
          let buffer = '';
          let first = true;
          res.on('data', (chunk: string) => {
            if (first) {
              first = false;
              opened += 1;
              settle();
            }
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              onEvent(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
            }
          });
        },
      );
      request.on('error', () => {
        failed += 1;
        settle();
      });
      requests.push(request);
    }
  });
}

// ---- The server side ----

function startClients(base: string, tokens: string[]): Promise<{ child: ChildProcess; connected: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: process.execArgv });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.on('message', (message: FromClients) => {
      if (message.type !== 'ready') return;
      if (message.failed) fail(new Error(`${message.failed} of ${tokens.length} streams failed to open`));
      else done({ child, connected: message.connected });
    });
    child.send({ type: 'connect', url: base, tokens } satisfies ToClients);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Renames `count` issues of the manager's site one after another, paced over `seconds`; the delays to the streams. */
async function changeIssues(
  base: string,
  actors: BenchActors,
  handle: DatabaseHandle,
  child: ChildProcess,
  count: number,
  seconds: number,
  offset: number,
): Promise<{ first: number[]; last: number[]; missing: number }> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM issues
      WHERE workspace_id IN (SELECT id FROM workspaces WHERE id = ${actors.siteId} OR parent_id = ${actors.siteId}
          OR parent_id IN (SELECT id FROM workspaces WHERE parent_id = ${actors.siteId}))
        AND deleted_at IS NULL AND archived_at IS NULL
      ORDER BY id LIMIT ${count} OFFSET ${offset}`.execute(handle.db);
  if (rows.length < count) throw new Error(`only ${rows.length} issues in the site to change`);
  const sent = new Map<number, number>();
  const first: number[] = [];
  const last: number[] = [];
  let waiting: (() => void) | undefined;
  const onMessage = (message: FromClients) => {
    if (message.type !== 'delivered') return;
    const at = sent.get(message.entityId);
    if (at === undefined) return;
    first.push(message.first - at);
    last.push(message.last - at);
    if (last.length === count) waiting?.();
  };
  child.on('message', onMessage);
  const gap = (seconds * 1000) / count;
  const allDelivered = new Promise<void>((done) => {
    waiting = done;
  });
  for (const [i, row] of rows.entries()) {
    const started = now();
    sent.set(row.id, started);
    const res = await fetch(`${base}/api/v4/issue/${row.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${actors.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Live bench change ${i} ${Date.now()}` }),
    });
    if (res.status !== 200) throw new Error(`PUT issue ${row.id}: ${res.status} ${await res.text()}`);
    const wait = started + gap - now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  }
  // Every change must reach every stream; give the last ones 30 s.
  await Promise.race([allDelivered, new Promise((done) => setTimeout(done, 30_000).unref())]);
  child.off('message', onMessage);
  return { first, last, missing: count - last.length };
}

async function benchDatabase(kind: DbKind, options: Options): Promise<void> {
  console.log(`\n== ${kind}: ${options.issues.toLocaleString('en')} issues, ${options.clients} SSE clients`);
  const { handle, env } = await openBenchDatabase(kind, options);
  try {
    await migrateToLatest(handle.db);
    const existing = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM issues`.execute(handle.db)).rows[0]?.n ?? 0,
    );
    if (existing && !(options.reuse && existing === options.issues)) {
      throw new Error(`The bench database holds ${existing} issues; run without --reuse to start afresh.`);
    }
    const actors = existing
      ? await benchActors(handle.db, options.issues)
      : await seedBench(handle.db, options.issues);
    await sql`VACUUM ANALYZE`.execute(handle.db);
    const tokens: string[] = [];
    for (let i = 0; i < options.clients; i++) {
      const userId = i % 2 === 0 ? actors.admin.userId : actors.manager.userId;
      tokens.push(
        (
          await issueToken(handle.db, {
            userId,
            clientId: actors.clientId,
            kind: 'session',
            ttlMs: 86_400_000,
          })
        ).raw,
      );
    }
    const { app, base } = await startBenchApp(handle, env, actors.issues);
    const scenarios = listScenarios(actors);
    const rows: Array<{ phase: string; m: Measurement }> = [];
    let child: ChildProcess | undefined;
    try {
      console.log('  without SSE clients:');
      for (const s of scenarios) rows.push({ phase: 'no clients', m: await measure(base, s, kind, options) });

      const started = now();
      const clients = await startClients(base, tokens);
      child = clients.child;
      console.log(`  ${clients.connected} streams open in ${((now() - started) / 1000).toFixed(1)} s:`);
      for (const s of scenarios)
        rows.push({ phase: `${clients.connected} clients`, m: await measure(base, s, kind, options) });

      const f = (values: number[]) =>
        `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;
      const report = (label: string, delays: Awaited<ReturnType<typeof changeIssues>>) => {
        console.log(
          `  change → delivery, ${label}, ${delays.last.length} changes to ${clients.connected} streams (from sending the PUT):`,
        );
        console.log(`    first stream: ${f(delays.first)}`);
        console.log(`    last stream:  ${f(delays.last)}`);
        if (delays.missing) {
          console.log(`    NOT delivered to every stream within 30 s: ${delays.missing} changes`);
          process.exitCode = 1;
        }
      };

      console.log(`  ${clients.connected} clients, ${options.changes} issue changes, no list load:`);
      const quiet = await changeIssues(
        base,
        actors,
        handle,
        clients.child,
        options.changes,
        Math.max(2, options.duration - 2),
        0,
      );
      report('no list load', quiet);

      console.log(
        `  ${clients.connected} clients and ${options.changes} issue changes during the default list:`,
      );
      const [m, loaded] = await Promise.all([
        measure(base, scenarios[0] as Scenario, kind, options),
        // measure() first waits for idle and warms up for 2 s: start the changes a little later.
        new Promise<void>((done) => setTimeout(done, 3_000)).then(() =>
          changeIssues(
            base,
            actors,
            handle,
            clients.child,
            options.changes,
            Math.max(2, options.duration - 2),
            options.changes,
          ),
        ),
      ]);
      rows.push({ phase: `${clients.connected} clients + changes`, m });
      report('during the list load', loaded);

      child.send({ type: 'close' } satisfies ToClients);
      child = undefined;
      console.log('  without SSE clients again:');
      for (const s of scenarios)
        rows.push({ phase: 'no clients (again)', m: await measure(base, s, kind, options) });

      const lines = [
        '| database | phase | scenario | p50 ms | p97.5 ms | p99 ms | req/s | failed |',
        '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
        ...rows.map(
          ({ phase, m }) =>
            `| ${kind} | ${phase} | ${m.scenario} | ${m.p50} | ${m.p97_5} | ${m.p99} | ${m.rps.toFixed(0)} | ${m.non2xx + m.errors} |`,
        ),
      ];
      console.log(`\n${lines.join('\n')}`);
      for (const key of scenarios.map((s) => s.key)) {
        const without = rows
          .filter((r) => r.phase.startsWith('no clients') && r.m.key === key)
          .map((r) => r.m);
        const withClients = rows.find(
          (r) => r.phase === `${clients.connected} clients` && r.m.key === key,
        )?.m;
        if (!without.length || !withClients) continue;
        const rps = without.reduce((sum, m) => sum + m.rps, 0) / without.length;
        const p99 = without.reduce((sum, m) => sum + m.p99, 0) / without.length;
        console.log(
          `  ${key}: with ${clients.connected} idle clients req/s ${((withClients.rps / rps - 1) * 100).toFixed(1)} %, p99 ${withClients.p99} ms vs ${p99.toFixed(0)} ms without (mean of the two runs without)`,
        );
      }
    } finally {
      child?.send({ type: 'close' } satisfies ToClients);
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  for (const kind of options.dbs) await benchDatabase(kind, options);
}

if (process.argv.includes('--clients')) {
  runClients();
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
