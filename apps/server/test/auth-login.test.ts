import {
  SESSION_TTL_MS,
  SESSION_TTL_REMEMBER_MS,
  ZErrorBodySchema,
  ZLoginResponseSchema,
  ZSessionUserSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser, expireToken, login, uniqueEmail } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST auth/login', () => {
  it('logs in with the right password: token, expiry in a day, the session user', async () => {
    const { member } = await createTeam(server.db);
    const before = Date.now();
    const res = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(res.status).toBe(200);
    const body = ZLoginResponseSchema.parse(res.body);
    expect(body.user).toMatchObject({ id: member.id, email: member.email, role: 'user', status: 'active' });
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    const ttl = new Date(body.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(ttl).toBeLessThan(SESSION_TTL_MS + 60_000);
    // Nothing secret leaks into the answer.
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash|token_hash/);
  });

  it('finds the account whatever the case and spaces of the e-mail', async () => {
    const { member } = await createTeam(server.db);
    const res = await server.call('POST', '/api/v4/auth/login', {
      body: { email: `  ${member.email.toUpperCase()} `, password: member.password },
    });
    expect(res.status).toBe(200);
  });

  it('remember-me gives a thirty-day token', async () => {
    const { member } = await createTeam(server.db);
    const res = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: member.password, remember_me: true },
    });
    expect(res.status).toBe(200);
    const ttl = new Date(res.body.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(SESSION_TTL_REMEMBER_MS - 60_000);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const { member } = await createTeam(server.db);
    const wrong = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: 'not-the-password' },
    });
    const unknown = await server.call('POST', '/api/v4/auth/login', {
      body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(ZErrorBodySchema.parse(wrong.body).error).toBe('incorrect_email_or_password');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a paused account with the right password (account_not_active)', async () => {
    const { org } = await createTeam(server.db);
    const paused = await createUser(server.db, org.id, { status: 'paused' });
    const res = await server.call('POST', '/api/v4/auth/login', {
      body: { email: paused.email, password: paused.password },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('account_not_active');
  });

  it('gives an invited user (no password yet) the wrong-credentials answer', async () => {
    const { org } = await createTeam(server.db);
    const invited = await createUser(server.db, org.id, { status: 'invited', password: null });
    const res = await server.call('POST', '/api/v4/auth/login', {
      body: { email: invited.email, password: 'anything-at-all' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('incorrect_email_or_password');
  });

  it('validates the body: 422 with a key per field', async () => {
    const res = await server.call('POST', '/api/v4/auth/login', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'validation_failed',
      fields: { email: 'invalid_format', password: 'required' },
    });
  });

  it('writes a login entry in the activity log', async () => {
    const { member } = await createTeam(server.db);
    await login(server, member);
    const rows = await server.db
      .selectFrom('activity_log')
      .select(['action', 'entity_type'])
      .where('client_id', '=', member.clientId)
      .where('entity_id', '=', member.id)
      .execute();
    expect(rows).toContainEqual({ action: 'login', entity_type: 'user' });
  });
});

describe('bearer tokens', () => {
  it('no token: 401 unauthenticated', async () => {
    const res = await server.call('GET', '/api/v4/user/me');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthenticated');
  });

  it('a token that was never issued, or a malformed header: 403 / 401', async () => {
    const unknown = await server.call('GET', '/api/v4/user/me', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toMatchObject({ error: 'access_denied', message: 'Access denied!' });
    const basic = await server.call('GET', '/api/v4/user/me', { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('a valid token reads user/me', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const res = await server.call('GET', '/api/v4/user/me', { token });
    expect(res.status).toBe(200);
    expect(ZSessionUserSchema.parse(res.body).id).toBe(member.id);
  });

  it('an expired token: 403 Access denied!', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    await expireToken(server.db, token);
    const res = await server.call('GET', '/api/v4/user/me', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'access_denied', message: 'Access denied!' });
  });

  it('logout revokes the token: afterwards 403, other sessions keep working', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const other = await login(server, member);
    const out = await server.call('POST', '/api/v4/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    const after = await server.call('GET', '/api/v4/user/me', { token });
    expect(after.status).toBe(403);
    expect(after.body.error).toBe('access_denied');
    expect((await server.call('GET', '/api/v4/user/me', { token: other })).status).toBe(200);
  });

  it('a token of a user paused after login stops working', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    await server.db.updateTable('users').set({ status: 'paused' }).where('id', '=', member.id).execute();
    expect((await server.call('GET', '/api/v4/user/me', { token })).status).toBe(403);
  });
});
