import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Settings → profile → sessions: the caller's own active sessions with their device, signing one
// out, signing all others out; another person's session answers 404 and stays.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

async function loginWithAgent(user: { email: string; password: string }, agent: string): Promise<string> {
  const res = await server.call('POST', `${API}/auth/login`, {
    body: { email: user.email, password: user.password },
    headers: { 'user-agent': agent },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

describe('sessions', () => {
  it('lists the own active sessions, the current one first, with the device and address', async () => {
    const t = await createTeam(server.db);
    const phone = await loginWithAgent(t.member, ANDROID_CHROME);
    const desk = await login(server, t.member);
    await login(server, t.admin);
    const res = await server.call('GET', `${API}/auth/sessions`, { token: desk });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ current: true });
    const other = res.body.data[1];
    expect(other).toMatchObject({ current: false, device: 'Chrome on Android', remember_me: false });
    expect(typeof other.ip_address).toBe('string');
    expect(other.created_at).toMatch(/^\d{4}-/);
    // The phone sees the same two, itself first.
    const fromPhone = await server.call('GET', `${API}/auth/sessions`, { token: phone });
    expect(fromPhone.body.data[0]).toMatchObject({ id: other.id, current: true });
  });

  it('signs one own session out; that token no longer works', async () => {
    const t = await createTeam(server.db);
    const a = await login(server, t.member);
    const b = await login(server, t.member);
    const list = await server.call('GET', `${API}/auth/sessions`, { token: a });
    const bId = list.body.data.find((s: { current: boolean }) => !s.current).id;
    const res = await server.call('DELETE', `${API}/auth/sessions/${bId}`, { token: a });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await server.call('GET', `${API}/auth/sessions`, { token: b })).status).toBe(403);
    const after = await server.call('GET', `${API}/auth/sessions`, { token: a });
    expect(after.body.data).toHaveLength(1);
    // Revoking it again: gone.
    expect((await server.call('DELETE', `${API}/auth/sessions/${bId}`, { token: a })).status).toBe(404);
  });

  it("answers 404 for another person's session, of the same or another organisation, and keeps it", async () => {
    const t = await createTeam(server.db);
    const other = await createTeam(server.db);
    const mine = await login(server, t.member);
    const adminToken = await login(server, t.admin);
    const foreignToken = await login(server, other.admin);
    for (const token of [adminToken, foreignToken]) {
      const id = (await server.call('GET', `${API}/auth/sessions`, { token })).body.data[0].id;
      const res = await server.call('DELETE', `${API}/auth/sessions/${id}`, { token: mine });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect((await server.call('GET', `${API}/auth/sessions`, { token })).status).toBe(200);
    }
    expect((await server.call('DELETE', `${API}/auth/sessions/abc`, { token: mine })).status).toBe(422);
    expect((await server.call('GET', `${API}/auth/sessions`)).status).toBe(401);
  });

  it('signs every other session out and keeps the current one', async () => {
    const t = await createTeam(server.db);
    const keep = await login(server, t.member);
    const gone1 = await login(server, t.member);
    const gone2 = await login(server, t.member, { remember_me: true });
    const adminToken = await login(server, t.admin);
    const res = await server.call('POST', `${API}/auth/sessions/revoke_others`, { token: keep });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ revoked: 2 });
    for (const token of [gone1, gone2])
      expect((await server.call('GET', `${API}/auth/sessions`, { token })).status).toBe(403);
    const list = await server.call('GET', `${API}/auth/sessions`, { token: keep });
    expect(list.body.data.map((s: { current: boolean }) => s.current)).toEqual([true]);
    // Somebody else's sessions are untouched.
    expect((await server.call('GET', `${API}/auth/sessions`, { token: adminToken })).status).toBe(200);
  });
});
