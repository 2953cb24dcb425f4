import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveChannelSql, livePayloadSql } from '../src/modules/live/live-publish.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { dataOf, type LiveStream, openLiveStream, type SseMessage } from './helpers/live-stream.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Two instances of the product on ONE PostgreSQL schema, as behind a load balancer: a change
// made through one reaches the streams of the other (LISTEN/NOTIFY), with the same filter, and a
// lost listening connection loses no event. PGlite is one process's embedded database (its
// DATA_DIR is locked to one server), so there is no second instance to run there.
const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('two servers on one PostgreSQL', () => {
  let one: TestServer;
  let two: TestServer;
  const streams: LiveStream[] = [];
  beforeAll(async () => {
    one = await startTestServer();
    two = await startTestServer({}, { sameDatabaseAs: one });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await two?.close();
    await one?.close();
  });

  const listen = async (server: TestServer, token: string) => {
    const stream = await openLiveStream(server.url, token);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };

  it('a change through one server reaches a stream on the other, and only who may see it', async () => {
    const t = await createIssueTeam(one);
    const id = await t.issue();
    // Tokens are rows of the shared database: the same sessions work on both servers.
    const onTwo = await listen(two, t.tokens.manager);
    const onOne = await listen(one, t.tokens.manager);
    const strangerOnTwo = await listen(two, t.strangerToken);
    const res = await one.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { title: 'Via one' },
    });
    expect(res.status).toBe(200);
    const isIt = (m: SseMessage) =>
      m.event === 'change' && dataOf(m).entity_type === 'issue' && dataOf(m).entity_id === id;
    const [received, same] = await Promise.all([onTwo.waitFor(isIt), onOne.waitFor(isIt)]);
    expect(received.id).toBe(same.id);
    expect(dataOf(received)).toMatchObject({ action: 'updated', workspace_id: t.ids.site });

    // And back: a change through two reaches one.
    const back = await two.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { title: 'Via two' },
    });
    expect(back.status).toBe(200);
    await onOne.waitFor((m) => isIt(m) && m.id !== received.id);

    // The stranger on server two heard of neither: a change of their own organisation comes first.
    const strangerUpdate = await two.call('PUT', `${API}/user/me`, {
      token: t.strangerToken,
      body: { first_name: 'Stella' },
    });
    expect(strangerUpdate.status, JSON.stringify(strangerUpdate.body)).toBe(200);
    const own = await strangerOnTwo.waitFor((m) => m.event === 'change' && dataOf(m).entity_type === 'user');
    expect(strangerOnTwo.messages.slice(0, strangerOnTwo.messages.indexOf(own)).filter(isIt)).toEqual([]);
  });

  it('a lost listening connection catches up on what was committed meanwhile', async () => {
    const t = await createIssueTeam(one);
    const stream = await listen(two, t.tokens.admin);
    const schema = two.databaseSchema as string;
    const listening = () =>
      sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE query = ${`LISTEN "wb_live_${schema}"`}`
        .execute(one.db)
        .then((r) => r.rows);
    // The first stream started the hub; the NOTIFY connections of both servers listen on the schema's channel.
    const before = await listening();
    expect(before.length).toBeGreaterThanOrEqual(1);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = ${`LISTEN "wb_live_${schema}"`}`.execute(
      one.db,
    );
    while ((await listening()).length) await new Promise((done) => setImmediate(done));
    // Nobody listens now: this NOTIFY reaches no server; the reconnect reads it from live_events.
    const { rows } = await sql<{ id: string }>`
      WITH e AS (
        INSERT INTO live_events (client_id, kind, entity_type, entity_id, action, workspace_id, user_ids, actor_id)
        VALUES (${t.org.id}, 'change', 'workspace', ${t.ids.site}, 'updated', ${t.ids.site}, '{}', NULL) RETURNING *
      )
      SELECT e.id::text AS id, pg_notify(${liveChannelSql()}, ${livePayloadSql()}) FROM e`.execute(one.db);
    const missed = await stream.waitFor(
      (m) => m.id === rows[0]?.id,
      'the event committed while disconnected',
    );
    expect(dataOf(missed)).toMatchObject({ entity_type: 'workspace', entity_id: t.ids.site });
  });
});
