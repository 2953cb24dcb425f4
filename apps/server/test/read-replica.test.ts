import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, readConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { type DatabaseHandle, openDatabase } from '../src/db/connection.js';
import { openReplica, type ReadReplica } from '../src/db/replica.js';
import { addWorkspace, createTeam, createUser, login } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { StatementCounter } from './helpers/statement-counter.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// DATABASE_REPLICA_URL (db/replica.ts) against a real streaming replica of this machine's
// PostgreSQL: `scripts/make-replica.sh` makes one with pg_basebackup and prints its URL, e.g.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//   TEST_REPLICA_URL=postgres://postgres@127.0.0.1:5433/test npx vitest run test/read-replica.test.ts
// The test pauses and resumes the replica's replay (superuser), so it runs in a step of its own.

const primaryUrl = process.env.DATABASE_URL || undefined;
const replicaUrl = process.env.TEST_REPLICA_URL || undefined;

describe('DATABASE_REPLICA_URL configuration', () => {
  it('is refused without DATABASE_URL (the embedded database has no replica), and read with it', () => {
    expect(() => readConfig({ DATABASE_REPLICA_URL: 'postgres://127.0.0.1:5433/x' })).toThrow(ConfigError);
    expect(() => readConfig({ DATABASE_REPLICA_URL: 'postgres://127.0.0.1:5433/x' })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    expect(() =>
      readConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/x', DATABASE_REPLICA_URL: 'mysql://x' }),
    ).toThrow(/DATABASE_REPLICA_URL: must start with postgres:\/\//);
    const config = readConfig({
      DATABASE_URL: 'postgres://127.0.0.1:5432/x',
      DATABASE_REPLICA_URL: 'postgres://127.0.0.1:5433/x',
    });
    expect(config.databaseReplicaUrl).toBe('postgres://127.0.0.1:5433/x');
    expect(readConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/x' }).databaseReplicaUrl).toBeUndefined();
  });
});

type Call = (
  method: string,
  path: string,
  options?: { token?: string; body?: unknown },
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely; each test checks the shape it needs
) => Promise<{ status: number; body: any; headers: Headers }>;

function caller(url: string): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${API}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const isJson = response.headers.get('content-type')?.includes('json');
    const body = isJson ? await response.json() : Buffer.from(await response.arrayBuffer());
    return { status: response.status, body, headers: response.headers };
  };
}

describe.skipIf(!primaryUrl || !replicaUrl)(
  'a read replica (needs DATABASE_URL and TEST_REPLICA_URL: scripts/make-replica.sh)',
  () => {
    /** The plain server (no replica): the other instance, and the answers to compare with. */
    let other: TestServer;
    /** A server on the same schema whose list, calendar and report reads may go to the replica. */
    let app: FastifyInstance;
    let call: Call;
    let primary: DatabaseHandle;
    let replica: ReadReplica;
    const onReplica = new StatementCounter();
    const onPrimary = new StatementCounter();
    let replicaSql: pg.Client;
    let primarySql: pg.Client;

    /** Waits (10 s at most) until the replica has replayed everything the primary has flushed now. */
    async function replicaCaughtUp(): Promise<void> {
      const { rows } = await primarySql.query<{ lsn: string }>(
        'SELECT pg_current_wal_flush_lsn()::text AS lsn',
      );
      const target = rows[0]?.lsn;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const replayed = await replicaSql.query<{ ok: boolean }>(
          'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok',
          [target],
        );
        if (replayed.rows[0]?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the replica did not replay ${target} within 10 s`);
    }

    async function pauseReplay(): Promise<void> {
      await replicaSql.query('SELECT pg_wal_replay_pause()');
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const { rows } = await replicaSql.query<{ state: string }>(
          'SELECT pg_get_wal_replay_pause_state() AS state',
        );
        if (rows[0]?.state === 'paused') return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the replica did not pause');
    }

    /** One request, and which database served its statements (auth is always the primary's). */
    async function served<T>(work: () => Promise<T>) {
      let fromPrimary: string[] = [];
      const counted = await onReplica.count(async () => {
        const inner = await onPrimary.count(work);
        fromPrimary = inner.sql;
        return inner.result;
      });
      // Reading the session (user_tokens) and noting its use are the primary's in every case.
      const ownPrimary = fromPrimary.filter((text) => !/"user_tokens"/.test(text));
      return { result: counted.result, replica: counted.statements, primary: ownPrimary.length };
    }

    beforeAll(async () => {
      other = await startTestServer();
      primary = await openDatabase({ databaseUrl: primaryUrl, databaseSchema: other.databaseSchema });
      // Looks at the replica on every read (no 100 ms cache), so each step's routing is exact.
      replica = await openReplica({
        replicaUrl: replicaUrl as string,
        schema: other.databaseSchema,
        primary: primary.db,
        probeTtlMs: 0,
        log: () => {},
      });
      await replica.follow(primary.listen);
      const ctx: AppContext = {
        ...other.ctx,
        db: primary.db.withPlugin(onPrimary),
        readDb: { ...replica, db: replica.db.withPlugin(onReplica) },
        listen: primary.listen,
      };
      app = await buildApp(ctx);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      call = caller(`http://127.0.0.1:${address.port}`);
      replicaSql = new pg.Client({ connectionString: replicaUrl });
      primarySql = new pg.Client({ connectionString: primaryUrl });
      await replicaSql.connect();
      await primarySql.connect();
    });
    afterAll(async () => {
      await replicaSql?.query('SELECT pg_wal_replay_resume()').catch(() => {});
      await replicaSql?.end();
      await primarySql?.end();
      await app?.close();
      await replica?.close();
      await primary?.close();
      await other?.close();
    });

    it('is a real standby of the primary, opened by openDatabase from DATABASE_REPLICA_URL', async () => {
      const { rows } = await replicaSql.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      expect(rows[0]?.standby).toBe(true);
      const handle = await openDatabase({
        databaseUrl: primaryUrl,
        databaseSchema: other.databaseSchema,
        databaseReplicaUrl: replicaUrl,
        log: () => {},
      });
      try {
        expect(handle.readDb).toBeDefined();
        const seen = await handle.readDb?.db
          .selectNoFrom((eb) => eb.fn<boolean>('pg_is_in_recovery', []).as('standby'))
          .executeTakeFirst();
        expect(seen?.standby).toBe(true);
        // Its pool reads the server's schema: the migrated tables are there.
        expect(
          await handle.readDb?.db.selectFrom('access_version').select('version').executeTakeFirst(),
        ).toEqual({
          version: expect.anything(),
        });
      } finally {
        await handle.close();
      }
    });

    it('serves the list, calendar and report reads with the same answers, access rules unchanged', async () => {
      const t = await createIssueTeam(other);
      const inSite = await t.issue({ title: 'Leak in the site' });
      const inRoom = await t.issue({ title: 'Room lamp', workspace_id: t.ids.room });
      const inDepot = await t.issue({ title: 'Depot shelf', workspace_id: t.ids.depot });
      await replicaCaughtUp();

      const people = {
        admin: t.tokens.admin,
        member: t.tokens.member,
        depotMember: t.tokens.depotMember,
        collabMember: t.tokens.collabMember,
        stranger: t.strangerToken,
      };
      const seen: Record<string, number[]> = {};
      for (const [who, token] of Object.entries(people)) {
        const list = await served(() => call('GET', '/issue/?paginate_by=50', { token }));
        expect(list.result.status).toBe(200);
        expect(list.replica, `${who}'s list from the replica`).toBeGreaterThan(0);
        expect(list.primary, `${who}'s list not from the primary`).toBe(0);
        const plain = await other.call('GET', `${API}/issue/?paginate_by=50`, { token });
        expect(list.result.body.data).toEqual(plain.body.data);
        expect(list.result.body.total).toBe(plain.body.total);
        expect(list.result.body.state_counts).toEqual(plain.body.state_counts);
        seen[who] = list.result.body.data
          .map((i: { id: number }) => i.id)
          .sort((a: number, b: number) => a - b);
      }
      expect(seen.admin).toEqual([inSite, inRoom, inDepot].sort((a, b) => a - b));
      expect(seen.member).toEqual([inSite, inRoom].sort((a, b) => a - b));
      expect(seen.depotMember).toEqual([inDepot]);
      expect(seen.collabMember).toEqual([inSite, inRoom].sort((a, b) => a - b));
      expect(seen.stranger).toEqual([]);

      const calendars = [
        '/calendar/workspaces?start_date=2030-03-04',
        '/calendar/users?start_date=2030-03-04',
        '/calendar/unscheduled',
        '/calendar/yearly?year=2030',
      ];
      for (const path of calendars) {
        for (const token of [t.tokens.admin, t.tokens.member, t.strangerToken]) {
          const page = await served(() => call('GET', path, { token }));
          expect(page.result.status, path).toBe(200);
          expect(page.replica, `${path} from the replica`).toBeGreaterThan(0);
          expect(page.primary, `${path} not from the primary`).toBe(0);
          expect(page.result.body).toEqual((await other.call('GET', `${API}${path}`, { token })).body);
        }
      }

      // The report: the issue and the caller's rights from the primary, its contents from the replica.
      const report = await served(() =>
        call('GET', `/issue/${inSite}/download/pdf?language=en`, { token: t.tokens.member }),
      );
      expect(report.result.status).toBe(200);
      expect(report.result.headers.get('content-type')).toBe('application/pdf');
      expect((report.result.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      expect(report.replica).toBeGreaterThan(0);
      const refused = await served(() =>
        call('GET', `/issue/${inDepot}/download/pdf?language=en`, { token: t.tokens.member }),
      );
      expect(refused.result.status).toBe(404);
      const yearly = await served(() =>
        call('GET', '/calendar/yearly/export?year=2030', { token: t.tokens.admin }),
      );
      expect(yearly.result.status).toBe(200);
      expect(yearly.result.headers.get('content-type')).toBe('application/pdf');
      expect(yearly.replica).toBeGreaterThan(0);
    });

    it('a person reads their own writes at once while replay is paused, and the replica serves again after it', async () => {
      const t = await createIssueTeam(other);
      const before = await t.issue({ title: 'Old leak' });
      await replicaCaughtUp();
      await pauseReplay();
      try {
        // The member writes through this server: their organisation's next reads go to the primary.
        const created = await call('POST', '/issue', {
          token: t.tokens.member,
          body: { workspace_id: t.ids.site, title: 'Fresh leak' },
        });
        expect(created.status).toBe(201);
        const fresh = created.body.id as number;
        const onStandby = await replicaSql.query(
          `SELECT count(*)::int AS n FROM "${other.databaseSchema}".issues WHERE id = $1`,
          [fresh],
        );
        expect(onStandby.rows[0].n).toBe(0);

        const mine = await served(() => call('GET', '/issue/?paginate_by=50', { token: t.tokens.member }));
        expect(mine.result.body.data.map((i: { id: number }) => i.id)).toContain(fresh);
        expect(mine.replica).toBe(0);
        // A colleague of the same organisation sees it too (the organisation wrote), on the calendar as well.
        const colleague = await served(() =>
          call('GET', '/issue/?paginate_by=50', { token: t.tokens.admin }),
        );
        expect(colleague.result.body.data.map((i: { id: number }) => i.id)).toEqual(
          expect.arrayContaining([fresh, before]),
        );
        expect(colleague.replica).toBe(0);
        const unscheduled = await served(() =>
          call('GET', '/calendar/unscheduled', { token: t.tokens.admin }),
        );
        expect(unscheduled.result.body.data.map((i: { id: number }) => i.id)).toContain(fresh);
        expect(unscheduled.replica).toBe(0);

        // Another organisation wrote nothing: its reads still go to the (paused) replica.
        const stranger = await served(() =>
          call('GET', '/issue/?paginate_by=50', { token: t.strangerToken }),
        );
        expect(stranger.result.status).toBe(200);
        expect(stranger.replica).toBeGreaterThan(0);

        // A change made on the other server reaches this one by its live event: also read at once.
        const neighbour = await createTeam(other.db);
        const neighbourSite = await addWorkspace(other.db, neighbour.org.id, 'Neighbour site');
        const neighbourToken = await login(other, neighbour.admin);
        const elsewhere = await other.call('POST', `${API}/issue`, {
          token: neighbourToken,
          body: { workspace_id: neighbourSite, title: 'Made on the other server' },
        });
        expect(elsewhere.status).toBe(201);
        const deadline = Date.now() + 10_000;
        while ((await replica.usable({ clientId: neighbour.org.id })) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const theirs = await served(() => call('GET', '/issue/?paginate_by=50', { token: neighbourToken }));
        expect(theirs.result.body.data.map((i: { id: number }) => i.id)).toEqual([elsewhere.body.id]);
        expect(theirs.replica).toBe(0);

        // An admin takes the member out of the Site on the other server: the member's very next
        // list leaves the Site out (the replica's grants are older than the session's access version).
        const removed = await other.call('PUT', `${API}/workspace/${t.ids.site}/users`, {
          token: t.tokens.admin,
          body: { users_ids: [t.people.assignee.id] },
        });
        expect(removed.status).toBe(200);
        const after = await served(() => call('GET', '/issue/?paginate_by=50', { token: t.tokens.member }));
        expect(after.result.body.data).toEqual([]);
        expect(after.replica).toBe(0);
      } finally {
        await replicaSql.query('SELECT pg_wal_replay_resume()');
      }

      await replicaCaughtUp();
      const again = await served(() => call('GET', '/issue/?paginate_by=50', { token: t.tokens.admin }));
      expect(again.replica).toBeGreaterThan(0);
      expect(again.primary).toBe(0);
      expect(again.result.body.data.map((i: { id: number }) => i.id)).toContain(before);
      expect(again.result.body.total).toBe(2);
      const member = await served(() => call('GET', '/issue/?paginate_by=50', { token: t.tokens.member }));
      expect(member.replica).toBeGreaterThan(0);
      expect(member.result.body.data).toEqual([]);
    });

    it('a grant taken away that no write here and no live event announced applies at once (access version)', async () => {
      const team = await createTeam(other.db);
      const site = await addWorkspace(other.db, team.org.id, 'Quiet site');
      await other.db
        .insertInto('workspace_users')
        .values({ client_id: team.org.id, workspace_id: site, user_id: team.member.id, role: 'member' })
        .execute();
      const token = await login(other, team.member);
      const created = await other.call('POST', `${API}/issue`, {
        token,
        body: { workspace_id: site, title: 'Seen until the grant goes' },
      });
      expect(created.status).toBe(201);
      await replicaCaughtUp();
      const before = await served(() => call('GET', '/issue/?paginate_by=50', { token }));
      expect(before.replica).toBeGreaterThan(0);
      expect(before.result.body.data.map((i: { id: number }) => i.id)).toEqual([created.body.id]);

      await pauseReplay();
      try {
        // Straight in the database (as a script or another tool would): no answer of this server, no live event.
        await other.db.deleteFrom('workspace_users').where('user_id', '=', team.member.id).execute();
        expect(await replica.usable({ clientId: team.org.id })).toBe(true);
        const after = await served(() => call('GET', '/issue/?paginate_by=50', { token }));
        expect(after.result.body.data).toEqual([]);
        expect(after.replica).toBe(0);
      } finally {
        await replicaSql.query('SELECT pg_wal_replay_resume()');
      }
      await replicaCaughtUp();
      const later = await served(() => call('GET', '/issue/?paginate_by=50', { token }));
      expect(later.replica).toBeGreaterThan(0);
      expect(later.result.body.data).toEqual([]);
    });

    it('a replica that does not answer is skipped: the reads go to the primary', async () => {
      const down = await openReplica({
        replicaUrl: 'postgres://postgres@127.0.0.1:1/none',
        schema: other.databaseSchema,
        primary: primary.db,
        probeTtlMs: 0,
        log: () => {},
      });
      try {
        const org = await createTeam(other.db);
        expect(await down.usable({ clientId: org.org.id })).toBe(false);
        const ctx: AppContext = { ...other.ctx, readDb: down };
        const alone = await buildApp(ctx);
        await alone.listen({ port: 0, host: '127.0.0.1' });
        try {
          const address = alone.server.address();
          if (!address || typeof address === 'string') throw new Error('no port');
          const person = await createUser(other.db, org.org.id, { role: 'admin' });
          const token = await login(other, person);
          const list = await caller(`http://127.0.0.1:${address.port}`)('GET', '/issue/', { token });
          expect(list.status).toBe(200);
          expect(list.body.total).toBe(0);
        } finally {
          await alone.close();
        }
      } finally {
        await down.close();
      }
    });
  },
);
