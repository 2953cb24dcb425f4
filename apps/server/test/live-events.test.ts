import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/tokens.js';
import { LIVE_REPLAY_MAX, LIVE_STREAMS_PER_SESSION } from '../src/modules/live/live-hub.js';
import { liveChannelSql, livePayloadSql } from '../src/modules/live/live-publish.js';
import { liveHubOf } from '../src/modules/live/live-routes.js';
import { addWorkspace, addWorkspaceRole, createUser, login } from './helpers/factories.js';
import { API, addPartner, createIssueTeam } from './helpers/issues-factories.js';
import { dataOf, type LiveStream, openLiveStream, type SseMessage } from './helpers/live-stream.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The live update stream GET /api/v4/events (issue 20): who hears of what (the API's access
// rules), notifications to their recipient only, resuming with Last-Event-ID, and the stream's
// life: heartbeat, session end, the per-session limit, the retention. Nothing here waits for a
// time: "receives nothing" is proven by a later event the listener does receive (events reach a
// stream in commit order), a stream's end by its end.

let server: TestServer;
const open: LiveStream[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => {
  await server?.close();
});

async function listen(token: string | undefined, lastEventId?: string): Promise<LiveStream> {
  const stream = await openLiveStream(server.url, token, { lastEventId });
  open.push(stream);
  return stream;
}

/** The organisation a session works in. */
async function clientOfToken(token: string): Promise<number> {
  const row = await server.db
    .selectFrom('user_tokens')
    .select('client_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.client_id;
}

const hub = () => {
  const found = liveHubOf(server.ctx);
  if (!found) throw new Error('no live hub');
  return found;
};

const isChange = (entityType: string, entityId: number, action?: string) => (m: SseMessage) =>
  m.event === 'change' &&
  dataOf(m).entity_type === entityType &&
  dataOf(m).entity_id === entityId &&
  (action === undefined || dataOf(m).action === action);

/** Renames an issue through the API (an 'updated' change of that issue). */
async function rename(token: string, id: number, title: string): Promise<void> {
  const res = await server.call('PUT', `${API}/issue/${id}`, { token, body: { title } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * A change only `listener` is sure to hear of, committed after everything before it: when it has
 * arrived, every earlier event the listener was going to get has arrived too.
 */
async function marker(stream: LiveStream, clientId: number): Promise<SseMessage[]> {
  const { rows } = await sql<{ id: string }>`
    WITH e AS (
      INSERT INTO live_events (client_id, kind, entity_type, entity_id, action, workspace_id, user_ids, actor_id)
      VALUES (${clientId}, 'change', 'marker', 0, 'marker', NULL, '{}', NULL) RETURNING *
    )
    SELECT e.id::text AS id, pg_notify(${liveChannelSql()}, ${livePayloadSql()}) FROM e`.execute(server.db);
  const id = rows[0]?.id;
  const seen = await stream.waitFor((m) => m.id === id, `marker ${id}`);
  return stream.messages.slice(0, stream.messages.indexOf(seen));
}

/** A notification's live event as the notifications module publishes it (one row, one NOTIFY). */
async function publishNotification(
  clientId: number,
  recipientId: number,
  issueId: number,
  notificationId: number,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    WITH e AS (
      INSERT INTO live_events (client_id, kind, entity_type, entity_id, action, workspace_id, user_ids, actor_id, data)
      VALUES (${clientId}, 'notification', 'issue', ${issueId}, 'issue_assigned', NULL,
        ARRAY[${recipientId}::int], NULL, ${JSON.stringify({ notification_id: notificationId })}::jsonb)
      RETURNING *
    )
    SELECT e.id::text AS id, pg_notify(${liveChannelSql()}, ${livePayloadSql()}) FROM e`.execute(server.db);
  return rows[0]?.id as string;
}

describe('GET /api/v4/events', () => {
  it('answers 401 without a token and 403 with an unknown one', async () => {
    expect((await listen(undefined)).status).toBe(401);
    expect((await listen('not-a-session')).status).toBe(403);
  });

  it('is an event stream that is never cached or buffered, and tells the client when to retry', async () => {
    const t = await createIssueTeam(server);
    const stream = await listen(t.tokens.admin);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await stream.waitForComments(0);
    const before = stream.comments;
    hub().heartbeat();
    await stream.waitForComments(before + 1);
    await marker(stream, t.org.id);
    expect(stream.retry).toBe(3000);
  });

  it('sends a change to who sees the workspace, and nothing to another organisation or a colleague who does not', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id });
    const [manager, assignee, partnerMember, depot, stranger] = await Promise.all([
      listen(t.tokens.manager),
      listen(t.tokens.assignee),
      listen(t.tokens.collabMember),
      listen(t.tokens.depotMember),
      listen(t.strangerToken),
    ]);
    await rename(t.tokens.admin, id, 'Renamed live');

    for (const stream of [manager, assignee, partnerMember]) {
      const message = await stream.waitFor(isChange('issue', id, 'updated'));
      expect(dataOf(message)).toEqual({
        entity_type: 'issue',
        entity_id: id,
        action: 'updated',
        workspace_id: t.ids.site,
        actor_id: t.people.admin.id,
        at: expect.any(String),
      });
      expect(message.id).toMatch(/^\d+$/);
    }
    // Ids, never content: the title is read through the API.
    expect(manager.messages.some((m) => m.data.includes('Renamed live'))).toBe(false);

    // The stranger's organisation: its own marker arrives, nothing of ours before it.
    const strangerSaw = await marker(stranger, await clientOfToken(t.strangerToken));
    expect(strangerSaw.filter((m) => m.event !== 'reset')).toEqual([]);
    const depotSaw = await marker(depot, t.org.id);
    expect(depotSaw.filter(isChange('issue', id))).toEqual([]);
  });

  it('sends a partner with limited access only the events of issues they are involved in', async () => {
    const t = await createIssueTeam(server);
    const shared = await addWorkspace(server.db, t.org.id, 'Shared limited');
    const limited = await addPartner(
      server,
      { orgId: t.org.id, adminId: t.people.admin.id },
      shared,
      'limited',
    );
    const partnerToken = await login(server, limited.collabMember);
    const theirs = await t.issue({ workspace_id: shared, assignee_id: limited.collabMember.id });
    const notTheirs = await t.issue({ workspace_id: shared });
    const stream = await listen(partnerToken);
    await rename(t.tokens.admin, notTheirs, 'Not for the partner');
    await rename(t.tokens.admin, theirs, 'For the partner');
    await stream.waitFor(isChange('issue', theirs, 'updated'));
    const saw = await marker(stream, limited.partner.org.id);
    expect(saw.filter(isChange('issue', notTheirs))).toEqual([]);
  });

  it('follows a change of access without a reconnect: a new role brings the workspace’s events', async () => {
    const t = await createIssueTeam(server);
    const stream = await listen(t.tokens.depotMember);
    const before = await t.issue();
    await rename(t.tokens.admin, before, 'Before the role');
    expect((await marker(stream, t.org.id)).filter(isChange('issue', before))).toEqual([]);

    await addWorkspaceRole(server.db, t.people.depotMember, t.ids.site, 'member');
    const after = await t.issue();
    await rename(t.tokens.admin, after, 'After the role');
    await stream.waitFor(isChange('issue', after, 'updated'));

    // And the role taken away again: nothing more.
    await server.db
      .deleteFrom('workspace_users')
      .where('user_id', '=', t.people.depotMember.id)
      .where('workspace_id', '=', t.ids.site)
      .execute();
    const again = await t.issue();
    await rename(t.tokens.admin, again, 'Role gone');
    expect((await marker(stream, t.org.id)).filter(isChange('issue', again))).toEqual([]);
  });

  it('sends a change without a workspace to its organisation only', async () => {
    const t = await createIssueTeam(server);
    const [member, stranger] = await Promise.all([listen(t.tokens.member), listen(t.strangerToken)]);
    const res = await server.call('PUT', `${API}/user/${t.people.member.id}`, {
      token: t.tokens.member,
      body: { first_name: 'Moritz' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const message = await member.waitFor((m) => m.event === 'change' && dataOf(m).entity_type === 'user');
    expect(dataOf(message)).toMatchObject({ entity_id: t.people.member.id, workspace_id: null });
    const saw = await marker(stranger, await clientOfToken(t.strangerToken));
    expect(saw.filter((m) => m.event === 'change' && dataOf(m).entity_type === 'user')).toEqual([]);
  });

  it('sends a notification to its recipient only, not to colleagues, nor to the same person’s other organisation', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const [assignee, manager] = await Promise.all([listen(t.tokens.assignee), listen(t.tokens.manager)]);
    const eventId = await publishNotification(t.org.id, t.people.assignee.id, id, 4242);
    // For the same person in another organisation: not on this stream (it works in t.org).
    const otherOrgEvent = await publishNotification(t.partner.org.id, t.people.assignee.id, id, 4343);
    const message = await assignee.waitFor((m) => m.id === eventId, 'the notification');
    expect(message.event).toBe('notification');
    expect(dataOf(message)).toEqual({
      notification_id: 4242,
      event_type: 'issue_assigned',
      entity_type: 'issue',
      entity_id: id,
      actor_id: null,
      at: expect.any(String),
    });
    const assigneeSaw = await marker(assignee, t.org.id);
    expect(assigneeSaw.filter((m) => m.id === otherOrgEvent)).toEqual([]);
    const managerSaw = await marker(manager, t.org.id);
    expect(managerSaw.filter((m) => m.event === 'notification')).toEqual([]);
  });

  it('replays what a stream missed after its Last-Event-ID, through the same filter, then goes on live', async () => {
    const t = await createIssueTeam(server);
    const first = await listen(t.tokens.manager);
    const a = await t.issue();
    const hidden = await t.issue({ workspace_id: t.ids.depot });
    await rename(t.tokens.admin, a, 'One');
    const seen = await first.waitFor(isChange('issue', a, 'updated'));
    first.close();

    await rename(t.tokens.admin, hidden, 'In the depot');
    await rename(t.tokens.admin, a, 'Two');
    await publishNotification(t.org.id, t.people.manager.id, a, 77);
    const resumed = await listen(t.tokens.manager, seen.id);
    const notification = await resumed.waitFor(
      (m) => m.event === 'notification' && dataOf(m).notification_id === 77,
    );
    const replayed = resumed.messages.slice(0, resumed.messages.indexOf(notification) + 1);
    // The depot's issue is not the manager's; notifications made by the rename itself may come along.
    expect(replayed.filter((m) => m.event === 'change').map((m) => dataOf(m).entity_id)).toEqual([a]);
    expect(replayed.at(-1)).toBe(notification);
    // Ids only rise.
    const ids = replayed.map((m) => BigInt(m.id ?? '0'));
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as bigint))).toBe(true);
    expect(ids[0] as bigint).toBeGreaterThan(BigInt(seen.id ?? '0'));
    // Live from then on.
    await rename(t.tokens.admin, a, 'Three');
    const live = await resumed.waitFor(
      (m) => isChange('issue', a)(m) && BigInt(m.id ?? 0) > (ids.at(-1) as bigint),
    );
    expect(dataOf(live).action).toBe('updated');

    // `?last_event_id=` does the same (for clients that cannot set headers).
    const res = await fetch(`${server.url}/api/v4/events?last_event_id=${seen.id}`, {
      headers: { authorization: `Bearer ${t.tokens.manager}` },
    });
    const reader = res.body?.getReader();
    let text = '';
    while (reader && !text.includes('event: notification')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    await reader?.cancel();
    expect(text).toContain('event: notification');
  });

  it('answers a reset (with the newest id) when the id is unknown, deleted by the retention, or too far behind', async () => {
    const t = await createIssueTeam(server);
    const unknown = await listen(t.tokens.manager, '999999999999');
    const reset = await unknown.waitFor((m) => m.event === 'reset');
    expect(reset.data).toBe('{}');
    const garbage = await listen(t.tokens.manager, 'abc');
    await garbage.waitFor((m) => m.event === 'reset');

    // An event older than the retention is deleted by the sweep; resuming from it is a reset.
    const { rows } = await sql<{ id: string }>`
      INSERT INTO live_events (client_id, kind, entity_type, entity_id, action, created_at)
      VALUES (${t.org.id}, 'change', 'old', 1, 'old', now() - interval '2 hours') RETURNING id::text AS id`.execute(
      server.db,
    );
    const oldId = rows[0]?.id as string;
    await hub().sweep();
    expect(await server.db.selectFrom('live_events').select('id').where('id', '=', oldId).execute()).toEqual(
      [],
    );
    await (await listen(t.tokens.manager, oldId)).waitFor((m) => m.event === 'reset');

    // More than a replay holds after the id: a reset, with the newest id to resume from.
    const { rows: start } = await sql<{ id: string }>`
      INSERT INTO live_events (client_id, kind, entity_type, entity_id, action)
      VALUES (${t.org.id}, 'change', 'filler', 0, 'filler') RETURNING id::text AS id`.execute(server.db);
    await sql`INSERT INTO live_events (client_id, kind, entity_type, entity_id, action)
      SELECT ${t.org.id}, 'change', 'filler', n, 'filler' FROM generate_series(1, ${LIVE_REPLAY_MAX + 1}) AS n`.execute(
      server.db,
    );
    const latest = await sql<{ id: string }>`SELECT max(id)::text AS id FROM live_events`.execute(server.db);
    const behind = await listen(t.tokens.manager, start[0]?.id);
    const tooMany = await behind.waitFor((m) => m.event === 'reset');
    expect(BigInt(tooMany.id ?? '0')).toBeGreaterThanOrEqual(BigInt(latest.rows[0]?.id ?? '0'));
    expect(behind.messages.filter((m) => m.event === 'change' && dataOf(m).entity_type === 'filler')).toEqual(
      [],
    );
  });

  it('closes the oldest stream of a session past the limit, and a session’s streams when it ends', async () => {
    const t = await createIssueTeam(server);
    const streams: LiveStream[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i++) streams.push(await listen(t.tokens.member));
    const oneMore = await listen(t.tokens.member);
    await streams[0]?.ended;
    const others = await Promise.all([listen(t.tokens.assignee), listen(t.tokens.assignee)]);

    const res = await server.call('POST', `${API}/auth/logout`, { token: t.tokens.assignee });
    expect(res.status).toBe(200);
    await hub().checkSessions();
    await Promise.all(others.map((s) => s.ended));
    // The member's session is valid: its streams stay open and still receive.
    const id = await t.issue();
    await rename(t.tokens.admin, id, 'Still open');
    await oneMore.waitFor(isChange('issue', id, 'updated'));
    await streams[1]?.waitFor(isChange('issue', id, 'updated'));

    // A person deactivated: their streams end at the next check.
    const gone = await createUser(server.db, t.org.id);
    await addWorkspaceRole(server.db, gone, t.ids.site, 'member');
    const goneStream = await listen(await login(server, gone));
    await server.db.updateTable('users').set({ status: 'paused' }).where('id', '=', gone.id).execute();
    await hub().checkSessions();
    await goneStream.ended;
  });
});
