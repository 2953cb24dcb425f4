import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspaceRole, createUser, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createWorkspaceTree } from './helpers/workspaces-factories.js';

// POST user/{id}/request_location (000 §7) and its answer (issue 21): who may ask, one pending
// request per person and workspace, the answer by the asked person only, and the presence log.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ask = (token: string, userId: number, body: Record<string, unknown>) =>
  server.call('POST', `/api/v4/user/${userId}/request_location`, { token, body });
const answer = (token: string, id: number, body: Record<string, unknown>) =>
  server.call('POST', `/api/v4/location_request/${id}/answer`, { token, body });

/** The tree, plus Wes, a member working in the Room (under Mia's and Gus's Site). */
async function world() {
  const t = await createWorkspaceTree(server);
  const worker = await createUser(server.db, t.org.id, { firstName: 'Wes', lastName: 'Worker' });
  await addWorkspaceRole(server.db, worker, t.ids.room, 'member');
  return { ...t, worker, workerToken: await login(server, worker) };
}

const notificationsOf = (userId: number, type: string) =>
  server.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('event_type', '=', type)
    .execute();

describe('POST user/{id}/request_location', () => {
  it('lets admins, managers and group managers ask, and notifies the person once per pending request', async () => {
    const t = await world();
    const first = await ask(t.tokens.manager, t.worker.id, {
      workspace_id: t.ids.room,
      message: ' Where are you? ',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      created: true,
      request: {
        user: { id: t.worker.id, full_name: 'Wes Worker' },
        requested_by: { id: t.manager.id },
        workspace: { id: t.ids.room, name: 'Room' },
        message: 'Where are you?',
        status: 'pending',
        presence_log_id: null,
      },
    });
    // Asking again (anyone allowed) answers the pending one.
    const again = await ask(t.tokens.groupManager, t.worker.id, { workspace_id: t.ids.room });
    expect(again.body).toMatchObject({ created: false, request: { id: first.body.request.id } });
    const byAdmin = await ask(t.tokens.admin, t.worker.id, { workspace_id: t.ids.room });
    expect(byAdmin.body.created).toBe(false);
    const notes = await notificationsOf(t.worker.id, 'location_requested');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      entity_type: 'location_request',
      entity_id: first.body.request.id,
      actor_id: t.manager.id,
    });
    expect(notes[0]?.data).toMatchObject({ title: 'Room' });
    // The person's list shows it.
    const mine = await server.call('GET', '/api/v4/user/me/location_requests', { token: t.workerToken });
    expect(mine.body.data.map((r: { id: number }) => r.id)).toEqual([first.body.request.id]);
    expect(
      (await server.call('GET', '/api/v4/user/me/location_requests', { token: t.tokens.manager })).body.data,
    ).toEqual([]);
  });

  it('refuses members, people who do not work there, and bad input', async () => {
    const t = await world();
    // A plain member of the Depot may not ask, there or in the Room.
    expect((await ask(t.tokens.member, t.worker.id, { workspace_id: t.ids.depot })).status).toBe(403);
    await addWorkspaceRole(server.db, t.member, t.ids.room, 'member');
    expect((await ask(t.tokens.member, t.worker.id, { workspace_id: t.ids.room })).status).toBe(403);
    // Mia manages the Site only: Wes does not work in the Depot.
    const depot = await ask(t.tokens.admin, t.worker.id, { workspace_id: t.ids.depot });
    expect(depot.status).toBe(422);
    expect(depot.body.error).toBe('not_in_workspace');
    expect((await ask(t.tokens.manager, t.worker.id, { workspace_id: t.ids.depot })).status).toBe(404);
    for (const body of [{}, { workspace_id: 'x' }, { workspace_id: t.ids.room, message: 'x'.repeat(501) }]) {
      expect((await ask(t.tokens.admin, t.worker.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    const rows = await server.db
      .selectFrom('location_requests')
      .selectAll()
      .where('user_id', '=', t.worker.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another organisation's person and workspace", async () => {
    const t = await world();
    const other = await world();
    expect((await ask(t.tokens.admin, other.worker.id, { workspace_id: t.ids.room })).status).toBe(404);
    expect((await ask(t.tokens.admin, t.worker.id, { workspace_id: other.ids.room })).status).toBe(404);
  });
});

describe('POST location_request/{id}/answer', () => {
  it('accepting writes a presence log entry with the position, shown in the presence logs', async () => {
    const t = await world();
    const { body } = await ask(t.tokens.manager, t.worker.id, { workspace_id: t.ids.room });
    const id = body.request.id;
    // Only the asked person answers: the requester is refused, a stranger gets 404.
    expect((await answer(t.tokens.manager, id, { accept: false })).status).toBe(403);
    expect((await answer(t.tokens.member, id, { accept: false })).status).toBe(404);
    const other = await world();
    expect((await answer(other.workerToken, id, { accept: false })).status).toBe(404);
    // Accepting needs the position.
    const noPosition = await answer(t.workerToken, id, { accept: true });
    expect(noPosition.status).toBe(422);
    const res = await answer(t.workerToken, id, {
      accept: true,
      latitude: 47.07,
      longitude: 15.44,
      accuracy: 8.5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'accepted' });
    expect(res.body.presence_log_id).toEqual(expect.any(Number));
    const log = await server.db
      .selectFrom('presence_logs')
      .selectAll()
      .where('id', '=', res.body.presence_log_id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      workspace_id: t.ids.room,
      user_id: t.worker.id,
      source: 'location_request',
      latitude: 47.07,
      longitude: 15.44,
      accuracy_m: 8.5,
    });
    expect(log.started_at.getTime()).toBe(log.ended_at?.getTime());
    // A second answer is refused.
    const twice = await answer(t.workerToken, id, { accept: false });
    expect([twice.status, twice.body.error]).toEqual([409, 'location_request_not_pending']);
    // The requester hears of it, pointing at the person.
    const [note] = await notificationsOf(t.manager.id, 'location_answered');
    expect(note?.data).toMatchObject({ decision: 'accepted', user_id: t.worker.id, title: 'Room' });
    // The workspace's and the person's presence logs show it with its position and source.
    const ws = await server.call('GET', `/api/v4/workspace/${t.ids.room}/presence/logs`, {
      token: t.tokens.manager,
    });
    expect(ws.status).toBe(200);
    expect(ws.body.data[0]).toMatchObject({
      source: 'location_request',
      latitude: 47.07,
      longitude: 15.44,
      accuracy_m: 8.5,
    });
    const person = await server.call('GET', `/api/v4/workspace/user/${t.worker.id}/presence/logs`, {
      token: t.tokens.manager,
    });
    expect(person.body.records[0]).toMatchObject({ source: 'location_request', duration_seconds: 0 });
    // No longer pending; a new request may be made.
    expect(
      (await server.call('GET', '/api/v4/user/me/location_requests', { token: t.workerToken })).body.data,
    ).toEqual([]);
    expect((await ask(t.tokens.manager, t.worker.id, { workspace_id: t.ids.room })).body.created).toBe(true);
  });

  it('declining writes no presence log entry', async () => {
    const t = await world();
    const { body } = await ask(t.tokens.admin, t.worker.id, { workspace_id: t.ids.room });
    const res = await answer(t.workerToken, body.request.id, { accept: false, latitude: 1, longitude: 1 });
    expect(res.body).toMatchObject({ status: 'declined', presence_log_id: null });
    const logs = await server.db
      .selectFrom('presence_logs')
      .selectAll()
      .where('user_id', '=', t.worker.id)
      .execute();
    expect(logs).toHaveLength(0);
    const [note] = await notificationsOf(t.admin.id, 'location_answered');
    expect(note?.data).toMatchObject({ decision: 'declined' });
  });
});

describe('GET user/me/clients', () => {
  it("lists the caller's organisations, the current one first, and switch_client moves between them", async () => {
    const t = await world();
    const other = await world();
    await server.db
      .insertInto('user_clients')
      .values({ user_id: t.worker.id, client_id: other.org.id, role: 'user' })
      .execute();
    const list = await server.call('GET', '/api/v4/user/me/clients', { token: t.workerToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: number; current: boolean }) => [c.id, c.current])).toEqual([
      [t.org.id, true],
      [other.org.id, false],
    ]);
    const switched = await server.call('POST', '/api/v4/user/switch_client', {
      token: t.workerToken,
      body: { client_id: other.org.id },
    });
    expect(switched.status).toBe(200);
    const after = await server.call('GET', '/api/v4/user/me/clients', { token: t.workerToken });
    expect(after.body.data[0]).toMatchObject({ id: other.org.id, current: true });
    const single = await server.call('GET', '/api/v4/user/me/clients', { token: t.tokens.member });
    expect(single.body.data).toHaveLength(1);
  });
});
