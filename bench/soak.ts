/**
 * The soak benchmark (issue 23): the issue bench's organisation (bench/seed.ts) plus a partner
 * company sharing one building, served by the real server (apps/server/src/main.ts with its
 * background jobs) in a child process of its own, so its memory is measured alone. An open-loop
 * scheduler sends operations at a steady rate whatever the answers take (latency counts from the
 * moment a request was due), mixed over several roles: the admin, the first site's manager,
 * technicians (members of rooms, assignees of that room's work), and the partner's member —
 * issue lists (default and filtered), opening an issue, comments, status changes (mark done /
 * decline the review, a cycle that never runs out), ticking checklist items, calendar reads and
 * the bell's unread count.
 *
 * Every minute it prints requests, errors, p50/p95/p99 and the server's RSS (/proc/PID/status)
 * and heap (used, and used after a forced GC). At the end: whether memory levelled off (the
 * slopes of RSS and of the heap after GC over the second half) and whether p99 drifted (the last
 * minutes against the first); exits 1 if either fails or more than --max-error-rate failed.
 *
 *   npm run bench:soak                                          PostgreSQL, 100,000 issues, 30 min at 50/s
 *   npm run bench:soak -- --minutes=3 --issues=20000 --db=pglite
 *   options: --rate=50 (requests per second), --warmup=30 (seconds, not counted),
 *   --max-rss-slope=2 and --max-heap-slope=1 (MB per minute over the second half),
 *   --max-p99-drift=1.5 (last minutes' p99 / first minutes', ignored below +5 ms),
 *   --max-error-rate=0.001
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '../apps/server/src/db/connection.js';
import type { DbKind } from './issue-list.js';
import type { BenchActors } from './seed.js';

// The server child loads only the app: the bench's own modules are imported in main(), dynamically.
type ToServer = { type: 'memory'; gc: boolean };
type FromServer = { type: 'memory'; rss: number; heapUsed: number };

async function runServer(): Promise<void> {
  process.on('message', (message: ToServer) => {
    if (message.type !== 'memory') return;
    if (message.gc) (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapUsed } satisfies FromServer);
  });
  // The bench went away: stop as on Ctrl-C (frees the PGlite data folder).
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  await import('../apps/server/src/main.js');
}

// ---- Options ----

type Options = {
  db: DbKind;
  issues: number;
  minutes: number;
  rate: number;
  warmup: number;
  maxRssSlope: number;
  maxHeapSlope: number;
  maxP99Drift: number;
  maxErrorRate: number;
  reuse: boolean;
  postgresUrl: string;
  workDir: string;
  schema: string;
  duration: number;
  connections: number;
};

function readOptions(argv: string[]): Options {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const number = (name: string, fallback: number, integer = true) => {
    const value = Number(arg(name) ?? fallback);
    if (!(value > 0) || (integer && !Number.isInteger(value))) throw new Error(`--${name} must be positive`);
    return value;
  };
  const db = arg('db') ?? 'postgres';
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres');
  return {
    db,
    issues: number('issues', 100_000),
    minutes: number('minutes', 30),
    rate: number('rate', 50),
    warmup: number('warmup', 30),
    maxRssSlope: number('max-rss-slope', 2, false),
    maxHeapSlope: number('max-heap-slope', 1, false),
    maxP99Drift: number('max-p99-drift', 1.5, false),
    maxErrorRate: number('max-error-rate', 0.001, false),
    reuse: false,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    workDir: process.env.BENCH_DIR ?? '/tmp/workbench-bench-soak',
    schema: 'bench_soak',
    duration: 0,
    connections: 0,
  };
}

// ---- The people and what they work on ----

type Actor = { name: string; userId: number; token: string };
type Checklist = {
  actor: Actor;
  issueId: number;
  checklistId: number;
  items: Array<{ id: number; done: boolean }>;
};
/** Issues in progress one actor marks done; their reviews go back to them when declined. */
type Pool = { actor: Actor; ids: number[] };
type World = {
  admin: Actor;
  manager: Actor;
  technicians: Actor[];
  partner: Actor;
  /** Issues each actor may open and comment on. */
  visible: Map<Actor, number[]>;
  /** In progress: the technicians' own issues, and the manager's site's issues for the manager. */
  pools: Pool[];
  /** In review, waiting for the admin (technicians' issues) or the manager (the site's) to decline. */
  review: Array<{ id: number; pool: Pool }>;
  checklists: Checklist[];
  filteredPath: string;
};

const TECHNICIANS = 6;
const PARTNER_BUILDING_OF_SITE_1 = 0; // the first building of the first site is shared

/**
 * Adds to the seed what the soak's roles need: technicians (room members) assigned to the work in
 * their rooms, a partner company whose member works in a shared building, and session tokens.
 */
async function prepareWorld(handle: DatabaseHandle, actors: BenchActors): Promise<Omit<World, 'checklists'>> {
  const { sql } = await import('kysely');
  const { issueToken } = await import('../apps/server/src/modules/auth/tokens.js');
  const { workspaceTree } = await import('./seed.js');
  const db = handle.db;
  const token = async (userId: number, clientId: number) =>
    (await issueToken(db, { userId, clientId, kind: 'session', ttlMs: 7 * 86_400_000 })).raw;
  const { roomBase, buildingBase } = workspaceTree();

  // Room members of the first site's rooms; each gets the open work of their rooms (in progress).
  const { rows: members } = await sql<{ user_id: number }>`
    SELECT DISTINCT wu.user_id FROM workspace_users wu JOIN workspaces w ON w.id = wu.workspace_id
      WHERE wu.role = 'member' AND w.id >= ${roomBase}
        AND w.parent_id IN (SELECT id FROM workspaces WHERE parent_id = ${actors.siteId})
      ORDER BY wu.user_id LIMIT ${TECHNICIANS}`.execute(db);
  const technicians: Actor[] = [];
  const pools: Pool[] = [];
  const visible = new Map<Actor, number[]>();
  for (const { user_id } of members) {
    const actor = {
      name: `technician ${user_id}`,
      userId: user_id,
      token: await token(user_id, actors.clientId),
    };
    const rooms = sql`(SELECT workspace_id FROM workspace_users WHERE user_id = ${user_id} AND role = 'member')`;
    const { rows } = await sql<{ id: number }>`
      UPDATE issues SET assignee_id = ${user_id}, status_id = 6, updated_at = now()
        WHERE workspace_id IN ${rooms} AND status_id BETWEEN 3 AND 7
          AND archived_at IS NULL AND deleted_at IS NULL
        RETURNING id`.execute(db);
    const { rows: all } = await sql<{ id: number }>`
      SELECT id FROM issues WHERE workspace_id IN ${rooms} AND deleted_at IS NULL ORDER BY id`.execute(db);
    technicians.push(actor);
    pools.push({ actor, ids: rows.map((r) => r.id) });
    visible.set(
      actor,
      all.map((r) => r.id),
    );
  }

  const site = sql`(SELECT id FROM workspaces WHERE id = ${actors.siteId} OR parent_id = ${actors.siteId}
      OR parent_id IN (SELECT id FROM workspaces WHERE parent_id = ${actors.siteId}))`;
  const mine = sql`(${sql.join(technicians.map((t) => sql`${t.userId}`))})`;
  const siteIssues = async (status: number, limit: number) =>
    (
      await sql<{ id: number }>`
      SELECT id FROM issues WHERE workspace_id IN ${site} AND status_id = ${status}
        AND archived_at IS NULL AND deleted_at IS NULL AND (assignee_id IS NULL OR assignee_id NOT IN ${mine})
        ORDER BY id LIMIT ${limit}`.execute(db)
    ).rows.map((r) => r.id);
  const admin = { name: 'admin', ...actors.admin };
  const manager = { name: 'manager', ...actors.manager };
  const managerPool: Pool = { actor: manager, ids: await siteIssues(6, 2000) };
  pools.push(managerPool);
  const review = (await siteIssues(7, 500)).map((id) => ({ id, pool: managerPool }));
  const { rows: siteAll } = await sql<{ id: number }>`
    SELECT id FROM issues WHERE workspace_id IN ${site} AND deleted_at IS NULL ORDER BY id LIMIT 20000`.execute(
    db,
  );
  visible.set(
    manager,
    siteAll.map((r) => r.id),
  );
  visible.set(
    admin,
    Array.from({ length: 20_000 }, (_, i) => 1 + Math.floor((i * actors.issues) / 20_000)),
  );

  // The partner company (a provider with full access) and its member in the shared building.
  const shared = buildingBase + PARTNER_BUILDING_OF_SITE_1;
  const { rows: partnerClient } = await sql<{ id: number }>`
    INSERT INTO clients (name) VALUES ('Bench Partner Services') RETURNING id`.execute(db);
  const partnerClientId = partnerClient[0]?.id as number;
  const { rows: partnerUser } = await sql<{ id: number }>`
    INSERT INTO users (client_id, main_client_id, first_name, last_name, email, status, role)
      VALUES (${partnerClientId}, ${partnerClientId}, 'Petra', 'Partner', 'partner@bench.test', 'active', 'user')
      RETURNING id`.execute(db);
  const partnerUserId = partnerUser[0]?.id as number;
  await sql`INSERT INTO user_clients (user_id, client_id, role) VALUES (${partnerUserId}, ${partnerClientId}, 'user')`.execute(
    db,
  );
  const { rows: collaboration } = await sql<{ id: number }>`
    INSERT INTO collaborations (client_id, partner_client_id, type, access_type, invitation_status,
        invited_email, invited_by, invitee_user_id, responded_at)
      VALUES (${actors.clientId}, ${partnerClientId}, 'provider', 'full', 'accepted', 'partner@bench.test',
        ${actors.admin.userId}, ${partnerUserId}, now())
      RETURNING id`.execute(db);
  const collaborationId = collaboration[0]?.id as number;
  await sql`INSERT INTO collaboration_workspaces (client_id, collaboration_id, workspace_id)
      VALUES (${actors.clientId}, ${collaborationId}, ${shared})`.execute(db);
  await sql`INSERT INTO collaboration_users (client_id, collaboration_id, workspace_id, user_id, role)
      VALUES (${actors.clientId}, ${collaborationId}, ${shared}, ${partnerUserId}, 'member')`.execute(db);
  const partner = {
    name: 'partner member',
    userId: partnerUserId,
    token: await token(partnerUserId, partnerClientId),
  };
  const { rows: sharedIssues } = await sql<{ id: number }>`
    SELECT id FROM issues WHERE workspace_id = ${shared} AND deleted_at IS NULL ORDER BY id`.execute(db);
  visible.set(
    partner,
    sharedIssues.map((r) => r.id),
  );

  const filtered = new URLSearchParams({
    issue_state: 'in_progress',
    assignees: actors.assignees.join(','),
    workspaces: String(actors.siteId),
    include_sub_ws: '1',
  });
  return {
    admin,
    manager,
    technicians,
    partner,
    visible,
    pools,
    review,
    filteredPath: `/issue/?${filtered}`,
  };
}

// ---- HTTP ----

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let base = '';

function send(
  method: string,
  path: string,
  actor: Actor,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${base}/api/v4${path}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          authorization: `Bearer ${actor.token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', fail);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout (30 s)')));
    request.on('error', fail);
    request.end(payload);
  });
}

/** A request that must succeed (setup): its JSON answer. */
async function must<T>(method: string, path: string, actor: Actor, body?: unknown): Promise<T> {
  const { status, text } = await send(method, path, actor, body);
  if (status < 200 || status >= 300)
    throw new Error(`${method} ${path} as ${actor.name}: HTTP ${status} ${text}`);
  return JSON.parse(text) as T;
}

/** Checks every actor sees its list and its issues, and puts checklists on some of their work. */
async function prepareThroughApi(world: Omit<World, 'checklists'>): Promise<Checklist[]> {
  for (const actor of [world.admin, world.manager, ...world.technicians, world.partner]) {
    const ids = world.visible.get(actor) ?? [];
    const list = await must<{ total: number }>('GET', '/issue/', actor);
    if (!ids.length || !list.total)
      throw new Error(`${actor.name} sees no issues (list total ${list.total})`);
    await must('GET', `/issue/${ids[0]}`, actor);
  }
  const checklists: Checklist[] = [];
  const add = async (actor: Actor, issueId: number) => {
    const made = await must<{ id: number; items: Array<{ id: number }> }>(
      'POST',
      `/issue/${issueId}/checklists`,
      actor,
      {
        title: 'Soak round',
        items: ['Switch off', 'Inspect', 'Replace part', 'Test', 'Clean up'].map((title) => ({ title })),
      },
    );
    checklists.push({
      actor,
      issueId,
      checklistId: made.id,
      items: made.items.map((i) => ({ id: i.id, done: false })),
    });
  };
  for (const pool of world.pools) {
    for (const id of pool.ids.slice(0, pool.actor === world.manager ? 40 : 5)) await add(pool.actor, id);
  }
  return checklists;
}

// ---- The mix ----

type Op = { kind: string; weight: number; run: () => Promise<number> | undefined };

const any = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Today and this week (UTC days), for the calendar reads. */
function days(): { monday: string; sunday: string; today: string } {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const sunday = new Date(Date.parse(monday) + 6 * 86_400_000).toISOString().slice(0, 10);
  return { monday, sunday, today };
}

function operations(world: World): Op[] {
  const { admin, manager, technicians, partner } = world;
  const people = [admin, manager, ...technicians, partner];
  const get = (path: string, actor: Actor) => send('GET', path, actor).then((r) => r.status);
  const issueOf = (actor: Actor) => any(world.visible.get(actor) as number[]);
  const { monday, sunday, today } = days();
  let comments = 0;
  const techPools = world.pools.filter((p) => p.actor !== manager);
  const managerPool = world.pools.find((p) => p.actor === manager) as Pool;

  /** Mark one issue in progress done, or decline one in review (back to its pool): a cycle. */
  const changeStatus = () => {
    const reviewing =
      world.review.length > 0 && (Math.random() < 0.5 || !world.pools.some((p) => p.ids.length));
    if (reviewing) {
      const item = world.review.splice(Math.floor(Math.random() * world.review.length), 1)[0];
      if (!item) return undefined;
      const by = item.pool === managerPool ? manager : admin;
      return send('POST', `/issue/${item.id}/status`, by, {
        status_id: 6,
        note: 'Please check it again.',
      }).then((r) => {
        if (r.status === 200) item.pool.ids.push(item.id);
        return r.status;
      });
    }
    const candidates = Math.random() < 0.7 ? techPools.filter((p) => p.ids.length) : [];
    const pool = candidates.length ? any(candidates) : managerPool;
    const id = pool.ids.splice(Math.floor(Math.random() * pool.ids.length), 1)[0];
    if (id === undefined) return undefined;
    return send('POST', `/issue/${id}/status`, pool.actor, { status_id: 7, worktime_seconds: 900 }).then(
      (r) => {
        if (r.status === 200) world.review.push({ id, pool });
        return r.status;
      },
    );
  };

  const tick = () => {
    const checklist = any(world.checklists);
    const item = any(checklist.items);
    item.done = !item.done;
    // The admin ticks on the manager's checklists too (admins edit everywhere).
    const by = checklist.actor === manager && Math.random() < 0.3 ? admin : checklist.actor;
    return send(
      'PUT',
      `/issue/${checklist.issueId}/checklist/${checklist.checklistId}/items/${item.id}`,
      by,
      { status_id: item.done ? 2 : 1 },
    ).then((r) => r.status);
  };

  const comment = (actor: Actor) => {
    comments += 1;
    return send('POST', `/issue/${issueOf(actor)}/comments`, actor, {
      comment: `Soak comment ${comments}: checked on site, continuing tomorrow.`,
    }).then((r) => r.status);
  };

  return [
    { kind: 'list default (admin)', weight: 8, run: () => get('/issue/', admin) },
    { kind: 'list default (technician)', weight: 8, run: () => get('/issue/', any(technicians)) },
    { kind: 'list default (partner)', weight: 4, run: () => get('/issue/', partner) },
    { kind: 'list filtered (manager)', weight: 8, run: () => get(world.filteredPath, manager) },
    {
      kind: 'list my work (technician)',
      weight: 4,
      run: () => {
        const t = any(technicians);
        return get(`/issue/?issue_state=in_progress&assignees=${t.userId}`, t);
      },
    },
    {
      kind: 'open issue',
      weight: 18,
      run: () => {
        const actor = any(people);
        return get(`/issue/${issueOf(actor)}`, actor);
      },
    },
    { kind: 'comment', weight: 8, run: () => comment(any([manager, ...technicians, partner])) },
    { kind: 'status change', weight: 8, run: changeStatus },
    { kind: 'checklist tick', weight: 8, run: tick },
    {
      kind: 'calendar weekly users (admin)',
      weight: 4,
      run: () => get(`/calendar/users?start_date=${monday}&end_date=${sunday}`, admin),
    },
    {
      kind: 'calendar daily workspaces (manager)',
      weight: 4,
      run: () => get(`/calendar/workspaces?start_date=${today}&end_date=${today}`, manager),
    },
    { kind: 'unread count', weight: 18, run: () => get('/notification/unread_count', any(people)) },
  ];
}

// ---- Measuring ----

type Sample = { kind: string; ms: number; ok: boolean; status: number };
type Minute = { samples: Sample[]; rss: number; heapUsed: number; heapAfterGc: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number)
    : 0;
const sortedMs = (samples: Sample[]) => samples.map((s) => s.ms).sort((a, b) => a - b);
const mb = (bytes: number) => bytes / 1024 / 1024;

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

function memoryOf(server: ChildProcess, gc: boolean): Promise<FromServer> {
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error('the server did not report its memory within 30 s')),
      30_000,
    );
    server.once('message', (message: FromServer) => {
      clearTimeout(timer);
      done(message);
    });
    server.send({ type: 'memory', gc } satisfies ToServer);
  });
}

/**
 * Sends the mix at `rate` per second for `seconds`, open loop: each request is due at its slot
 * and its latency counts from then, however late the ones before it answer.
 */
async function drive(
  ops: Op[],
  rate: number,
  seconds: number,
  onSample: (s: Sample) => void,
): Promise<{ dropped: number }> {
  const total = ops.reduce((s, o) => s + o.weight, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (const op of ops) {
      r -= op.weight;
      if (r < 0) return op;
    }
    return ops[ops.length - 1] as Op;
  };
  const gap = 1000 / rate;
  const start = performance.now();
  const end = start + seconds * 1000;
  const inFlight = new Set<Promise<void>>();
  let due = start;
  let dropped = 0;
  const launch = (at: number) => {
    // Too far behind (10 s of requests waiting): count as failed rather than queue without end.
    if (inFlight.size > rate * 10) {
      dropped += 1;
      onSample({ kind: 'dropped (client backlog)', ms: 0, ok: false, status: 0 });
      return;
    }
    const op = choose();
    const started = op.run();
    if (!started) return; // nothing to do for it now (an empty pool): the slot stays unused
    const p = started.then(
      (status) =>
        onSample({ kind: op.kind, ms: performance.now() - at, ok: status >= 200 && status < 300, status }),
      () => onSample({ kind: op.kind, ms: performance.now() - at, ok: false, status: 0 }),
    );
    const tracked = p.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  await new Promise<void>((finished) => {
    const step = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        launch(due);
        due += gap;
      }
      if (due >= end) finished();
      else setTimeout(step, Math.max(0, Math.min(5, due - performance.now())));
    };
    step();
  });
  await Promise.all(inFlight);
  return { dropped };
}

// ---- The run ----

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ server: ChildProcess; url: string }> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) {
    delete childEnv.DATABASE_URL;
    delete childEnv.DATABASE_SCHEMA;
  }
  const server = fork(fileURLToPath(import.meta.url), ['--server'], {
    execArgv: [...process.execArgv, '--expose-gc'],
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`${url}/api/v4/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { server, url };
    await new Promise((done) => setTimeout(done, 250));
  }
  server.kill('SIGTERM');
  throw new Error('the server did not answer /api/v4/health within 120 s');
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 30_000).unref())]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

const f1 = (n: number) => n.toFixed(1);

function printMinute(n: number, m: Minute, seconds: number): void {
  const sorted = sortedMs(m.samples);
  const errors = m.samples.filter((s) => !s.ok).length;
  console.log(
    `  min ${String(n).padStart(2)}  requests ${String(m.samples.length).padStart(5)} (${f1(m.samples.length / seconds)}/s)  errors ${String(errors).padStart(3)}  ` +
      `p50 ${f1(percentile(sorted, 50)).padStart(6)} ms  p95 ${f1(percentile(sorted, 95)).padStart(6)} ms  p99 ${f1(percentile(sorted, 99)).padStart(6)} ms  ` +
      `RSS ${f1(mb(m.rss)).padStart(6)} MB  heap ${f1(mb(m.heapUsed)).padStart(6)} MB (after GC ${f1(mb(m.heapAfterGc))} MB)`,
  );
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const { sql } = await import('kysely');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.js');
  const { openBenchDatabase } = await import('./issue-list.js');
  const { seedBench } = await import('./seed.js');

  console.log(
    `== soak on ${options.db}: ${options.issues.toLocaleString('en')} issues, ${options.minutes} min at ${options.rate} requests/s (open loop), ${options.warmup} s warm-up`,
  );
  const started = Date.now();
  const { handle, env } = await openBenchDatabase(options.db, options);
  let prepared: Omit<World, 'checklists'>;
  try {
    await migrateToLatest(handle.db);
    const actors = await seedBench(handle.db, options.issues);
    prepared = await prepareWorld(handle, actors);
    await sql`VACUUM ANALYZE`.execute(handle.db);
  } finally {
    await handle.close(); // the server child opens the database itself (PGlite: one process at a time)
  }
  console.log(`  data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const { server, url } = await startServer(env);
  base = url;
  const pid = server.pid as number;
  let failed = false;
  try {
    const world: World = { ...prepared, checklists: await prepareThroughApi(prepared) };
    console.log(
      `  roles: admin, manager, ${world.technicians.length} technicians, partner member; ${world.pools.reduce((s, p) => s + p.ids.length, 0)} issues in progress, ${world.review.length} in review, ${world.checklists.length} checklists`,
    );
    const ops = operations(world);
    console.log(`  server started (pid ${pid}): RSS ${f1(mb(rssOf(pid)))} MB`);
    const warm = await drive(ops, options.rate, options.warmup, () => {});
    const afterWarmup = await memoryOf(server, true);
    console.log(
      `  warmed up (${options.warmup} s${warm.dropped ? `, ${warm.dropped} dropped` : ''}): RSS ${f1(mb(rssOf(pid)))} MB, heap after GC ${f1(mb(afterWarmup.heapUsed))} MB`,
    );

    const minutes: Minute[] = [];
    let current: Sample[] = [];
    const rssPoints: Array<[number, number]> = [];
    const t0 = performance.now();
    // Memory every 5 s (RSS from /proc, the heap from the server); each minute closes with a GC'd heap.
    const sampler = setInterval(
      () => rssPoints.push([(performance.now() - t0) / 60_000, mb(rssOf(pid))]),
      5000,
    );
    const minuteTimer = setInterval(async () => {
      const samples = current;
      current = [];
      const heap = await memoryOf(server, false);
      const gced = await memoryOf(server, true);
      const m = { samples, rss: rssOf(pid), heapUsed: heap.heapUsed, heapAfterGc: gced.heapUsed };
      minutes.push(m);
      printMinute(minutes.length, m, 60);
    }, 60_000);
    const run = await drive(ops, options.rate, options.minutes * 60, (s) => current.push(s));
    clearInterval(sampler);
    // The last minute closes when its timer fires (requests still answering went into it).
    while (minutes.length < options.minutes) await new Promise((done) => setTimeout(done, 200));
    clearInterval(minuteTimer);

    failed = report(minutes, rssPoints, run.dropped, options);
  } finally {
    await stopServer(server);
    agent.destroy();
  }
  if (failed) process.exitCode = 1;
}

/** The closing verdicts; true when one fails. */
function report(
  minutes: Minute[],
  rssPoints: Array<[number, number]>,
  dropped: number,
  options: Options,
): boolean {
  const all = minutes.flatMap((m) => m.samples);
  const kinds = [...new Set(all.map((s) => s.kind))];
  console.log(
    '\n| operation | requests | errors | p50 ms | p95 ms | p99 ms |\n| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const kind of kinds) {
    const samples = all.filter((s) => s.kind === kind);
    const sorted = sortedMs(samples);
    const bad = samples.filter((s) => !s.ok);
    const codes = [...new Set(bad.map((s) => s.status))].join(', ');
    console.log(
      `| ${kind} | ${samples.length} | ${bad.length}${bad.length ? ` (HTTP ${codes})` : ''} | ${f1(percentile(sorted, 50))} | ${f1(percentile(sorted, 95))} | ${f1(percentile(sorted, 99))} |`,
    );
  }
  const sorted = sortedMs(all);
  const errors = all.filter((s) => !s.ok).length;
  console.log(
    `| all | ${all.length} | ${errors} | ${f1(percentile(sorted, 50))} | ${f1(percentile(sorted, 95))} | ${f1(percentile(sorted, 99))} |\n`,
  );

  // Memory: the second half's slopes.
  const half = options.minutes / 2;
  const rssSlope = slope(rssPoints.filter(([x]) => x >= half));
  const heapPoints = minutes
    .map((m, i): [number, number] => [i + 1, mb(m.heapAfterGc)])
    .filter(([x]) => x >= half);
  const heapSlope = slope(heapPoints);
  const memoryFlat = rssSlope <= options.maxRssSlope && heapSlope <= options.maxHeapSlope;
  const first = minutes[0] as Minute;
  const last = minutes[minutes.length - 1] as Minute;
  console.log(
    `memory: RSS ${f1(mb(first.rss))} → ${f1(mb(last.rss))} MB, heap after GC ${f1(mb(first.heapAfterGc))} → ${f1(mb(last.heapAfterGc))} MB; ` +
      `second half: RSS ${rssSlope.toFixed(2)} MB/min (at most ${options.maxRssSlope}), heap after GC ${heapSlope.toFixed(2)} MB/min (at most ${options.maxHeapSlope}): ${memoryFlat ? 'levelled off' : 'STILL GROWING'}`,
  );

  // p99: the last minutes against the first (a sixth of the run each, at least one minute).
  const k = Math.max(1, Math.floor(options.minutes / 6));
  const p99Of = (ms: Minute[]) => percentile(sortedMs(ms.flatMap((m) => m.samples)), 99);
  const early = p99Of(minutes.slice(0, k));
  const late = p99Of(minutes.slice(-k));
  const drifted = late > early * options.maxP99Drift && late - early > 5;
  console.log(
    `p99: first ${k} min ${f1(early)} ms, last ${k} min ${f1(late)} ms (ratio ${(late / Math.max(early, 0.001)).toFixed(2)}, at most ${options.maxP99Drift} or +5 ms): ${drifted ? 'DRIFTED' : 'steady'}`,
  );

  const errorRate = all.length ? errors / all.length : 1;
  const tooManyErrors = errorRate > options.maxErrorRate;
  const rate = all.length / (options.minutes * 60);
  console.log(
    `errors: ${errors} of ${all.length} (${(errorRate * 100).toFixed(3)} %, at most ${(options.maxErrorRate * 100).toFixed(3)} %)${dropped ? `, ${dropped} dropped by the client` : ''}; rate kept ${f1(rate)}/s of ${options.rate}/s`,
  );
  const failed = !memoryFlat || drifted || tooManyErrors;
  console.log(failed ? 'SOAK FAILED' : 'soak ended flat');
  return failed;
}

if (process.argv.includes('--server')) {
  runServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
