import { NOTIFICATION_EVENTS } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { createNotification } from './helpers/notifications-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The calls of 000 §7 "Users and notifications": the caller's own notifications, paged, with the
// bell's figures; read / unread; the pause (hours); preferences; each call's validation, and
// another person's notification answered 404.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function team() {
  const t = await createTeam(server.db);
  return { ...t, adminToken: await login(server, t.admin), memberToken: await login(server, t.member) };
}

describe('notification calls', () => {
  it('lists the own notifications newest first, paged, with the actor, path and unread count', async () => {
    const t = await team();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await createNotification(server.db, {
          client_id: t.org.id,
          user_id: t.member.id,
          entity_id: 40 + i,
          actor_id: t.admin.id,
          data: JSON.stringify({ title: `Job ${i}`, workspace_name: 'Site' }),
        }),
      );
    // Somebody else's, and the member's own in another organisation, are not listed.
    await createNotification(server.db, { client_id: t.org.id, user_id: t.admin.id, entity_id: 1 });
    const other = await createTeam(server.db);
    await createNotification(server.db, { client_id: other.org.id, user_id: t.member.id, entity_id: 1 });

    const page = await server.call('GET', `${API}/notification/?per_page=2`, { token: t.memberToken });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body).toMatchObject({
      total: 3,
      per_page: 2,
      last_page: 2,
      unread_count: 3,
      paused_until: null,
    });
    expect(page.body.data.map((n: { id: number }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.data[0]).toMatchObject({
      event_type: 'issue_assigned',
      entity_type: 'issue',
      entity_id: 42,
      read: false,
      read_at: null,
      actor: { id: t.admin.id, full_name: 'Ada Admin', profile_image: null },
      data: { title: 'Job 2', workspace_name: 'Site' },
      path: '/dashboard/issues/detail/42',
      channel: 'in_app',
      email_status: null,
    });
    expect(page.body.next_page_url).toContain('page=2');
    const alias = await server.call('GET', `${API}/notification?page=2&per_page=2`, { token: t.memberToken });
    expect(alias.body.data.map((n: { id: number }) => n.id)).toEqual([ids[0]]);

    // Mark read, some and then all; unread again; the unread filter.
    const some = await server.call('PUT', `${API}/notification/web/mark_read`, {
      token: t.memberToken,
      body: { ids: [ids[0]] },
    });
    expect(some.body).toEqual({ success: true, unread_count: 2, paused_until: null });
    const unreadOnly = await server.call('GET', `${API}/notification/?unread=1`, { token: t.memberToken });
    expect(unreadOnly.body.total).toBe(2);
    expect(unreadOnly.body.data.map((n: { id: number }) => n.id)).toEqual([ids[2], ids[1]]);
    const all = await server.call('PUT', `${API}/notification/web/mark_read`, {
      token: t.memberToken,
      body: {},
    });
    expect(all.body.unread_count).toBe(0);
    const again = await server.call('PUT', `${API}/notification/${ids[1]}/mark_unread`, {
      token: t.memberToken,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: ids[1], read: false, read_at: null });
    const state = await server.call('GET', `${API}/notification/unread_count`, { token: t.memberToken });
    expect(state.body).toEqual({ unread_count: 1, paused_until: null });
    // Someone else's id in mark_read changes nothing of theirs.
    const admins = await server.call('GET', `${API}/notification/unread_count`, { token: t.adminToken });
    await server.call('PUT', `${API}/notification/web/mark_read`, {
      token: t.memberToken,
      body: { ids: [(ids[0] ?? 0) + 3] },
    });
    expect(
      (await server.call('GET', `${API}/notification/unread_count`, { token: t.adminToken })).body,
    ).toEqual(admins.body);
  });

  it("another person's notification is not found; nothing without a login", async () => {
    const t = await team();
    const theirs = await createNotification(server.db, {
      client_id: t.org.id,
      user_id: t.admin.id,
      entity_id: 1,
    });
    const res = await server.call('PUT', `${API}/notification/${theirs}/mark_unread`, {
      token: t.memberToken,
    });
    expect(res.status).toBe(404);
    expect(
      (await server.call('PUT', `${API}/notification/999999/mark_unread`, { token: t.memberToken })).status,
    ).toBe(404);
    for (const [method, path] of [
      ['GET', '/notification/'],
      ['GET', '/notification/unread_count'],
      ['POST', '/notification/pause'],
      ['GET', '/notification/preferences'],
    ] as const) {
      expect(
        (await server.call(method, `${API}${path}`, method === 'POST' ? { body: { pause_for: 1 } } : {}))
          .status,
      ).toBe(401);
    }
  });

  it('pauses e-mails for 1 to 168 hours and resumes them', async () => {
    const t = await team();
    const before = Date.now();
    const paused = await server.call('POST', `${API}/notification/pause`, {
      token: t.memberToken,
      body: { pause_for: 4 },
    });
    expect(paused.status).toBe(200);
    const until = Date.parse(paused.body.paused_until);
    expect(until).toBeGreaterThanOrEqual(before + 4 * 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 4 * 3_600_000 + 1000);
    const listed = await server.call('GET', `${API}/notification/`, { token: t.memberToken });
    expect(listed.body.paused_until).toBe(paused.body.paused_until);
    const resumed = await server.call('POST', `${API}/notification/unpause`, {
      token: t.memberToken,
      body: { pause_for: 1 },
    });
    expect(resumed.body).toEqual({ unread_count: 0, paused_until: null });
  });

  it('preferences list every event type, chosen or by default, and change only those given', async () => {
    const t = await team();
    const first = await server.call('GET', `${API}/notification/preferences`, { token: t.memberToken });
    expect(first.status).toBe(200);
    expect(first.body.preferences).toHaveLength(NOTIFICATION_EVENTS.length);
    expect(
      first.body.preferences.find((p: { event_type: string }) => p.event_type === 'issue_assigned'),
    ).toEqual({
      event_type: 'issue_assigned',
      channel: 'email',
      default_channel: 'email',
      group: 'issues',
    });
    const put = await server.call('PUT', `${API}/notification/preferences`, {
      token: t.memberToken,
      body: {
        preferences: [
          { event_type: 'issue_assigned', channel: 'digest' },
          { event_type: 'issue_overdue', channel: 'off' },
        ],
      },
    });
    expect(put.status).toBe(200);
    const byType = new Map(
      put.body.preferences.map((p: { event_type: string; channel: string }) => [p.event_type, p.channel]),
    );
    expect(byType.get('issue_assigned')).toBe('digest');
    expect(byType.get('issue_overdue')).toBe('off');
    expect(byType.get('issue_commented')).toBe('in_app');
    await server.call('PUT', `${API}/notification/preferences`, {
      token: t.memberToken,
      body: { preferences: [{ event_type: 'issue_assigned', channel: 'in_app' }] },
    });
    const after = await server.call('GET', `${API}/notification/preferences`, { token: t.memberToken });
    const kept = new Map(
      after.body.preferences.map((p: { event_type: string; channel: string }) => [p.event_type, p.channel]),
    );
    expect(kept.get('issue_assigned')).toBe('in_app');
    expect(kept.get('issue_overdue')).toBe('off');
    // The admin's are their own.
    const admins = await server.call('GET', `${API}/notification/preferences`, { token: t.adminToken });
    expect(
      admins.body.preferences.find((p: { event_type: string }) => p.event_type === 'issue_overdue').channel,
    ).toBe('digest');
  });

  it('validates every call (422)', async () => {
    const t = await team();
    const token = t.memberToken;
    const bad: Array<[string, string, unknown]> = [
      ['GET', '/notification/?page=0', undefined],
      ['GET', '/notification/?per_page=101', undefined],
      ['GET', '/notification/?unread=2', undefined],
      ['POST', '/notification/pause', {}],
      ['POST', '/notification/pause', { pause_for: 0 }],
      ['POST', '/notification/pause', { pause_for: 169 }],
      ['POST', '/notification/pause', { pause_for: 1.5 }],
      ['POST', '/notification/unpause', { pause_for: -1 }],
      ['PUT', '/notification/web/mark_read', { ids: [] }],
      ['PUT', '/notification/web/mark_read', { ids: ['x'] }],
      ['PUT', '/notification/web/mark_read', { ids: [0] }],
      ['PUT', '/notification/preferences', {}],
      ['PUT', '/notification/preferences', { preferences: [] }],
      ['PUT', '/notification/preferences', { preferences: [{ event_type: 'nope', channel: 'email' }] }],
      [
        'PUT',
        '/notification/preferences',
        { preferences: [{ event_type: 'issue_assigned', channel: 'sms' }] },
      ],
    ];
    for (const [method, path, body] of bad) {
      const res = await server.call(method, `${API}${path}`, {
        token,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(422);
    }
    const badId = await server.call('PUT', `${API}/notification/abc/mark_unread`, { token });
    expect([404, 422]).toContain(badId.status);
  });
});
