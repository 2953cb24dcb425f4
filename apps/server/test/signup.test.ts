import { readClientSettings, ZClientSchema, ZLoginResponseSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, uniqueEmail } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Acme Cleaning',
  first_name: 'Sam',
  last_name: 'Signup',
  email: uniqueEmail('founder'),
  password: 'long-enough-password',
  ...overrides,
});

describe('POST auth/signup', () => {
  it('creates the organisation with this person as its admin, and logs in (201)', async () => {
    const body = signupBody({ language: 'de' });
    const res = await server.call('POST', '/api/v4/auth/signup', { body });
    expect(res.status).toBe(201);
    const session = ZLoginResponseSchema.parse(res.body);
    expect(session.user).toMatchObject({
      email: body.email,
      role: 'admin',
      status: 'active',
      language: 'de',
      full_name: 'Sam Signup',
    });
    expect(session.user.main_client_id).toBe(session.user.client_id);
    expect(session.user.client.name).toBe('Acme Cleaning');

    const client = await server.call('GET', '/api/v4/user/client_info', { token: session.token });
    expect(client.status).toBe(200);
    expect(ZClientSchema.parse(client.body).settings).toEqual(readClientSettings({}));

    const config = await server.call('GET', '/api/v4/config?get_only=categories', { token: session.token });
    expect(config.body.categories.length).toBeGreaterThan(0);

    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('client_id', '=', session.user.client_id)
      .execute();
    expect(log.map((r) => r.action)).toContain('signup');
  });

  it("starts the organisation in the browser's time zone, and refuses an unknown zone (422, nothing written)", async () => {
    const res = await server.call('POST', '/api/v4/auth/signup', {
      body: signupBody({ time_zone: 'America/New_York' }),
    });
    expect(res.status).toBe(201);
    const session = ZLoginResponseSchema.parse(res.body);
    const client = await server.call('GET', '/api/v4/user/client_info', { token: session.token });
    expect(ZClientSchema.parse(client.body).settings.time_zone).toBe('America/New_York');

    const email = uniqueEmail('zone');
    const bad = await server.call('POST', '/api/v4/auth/signup', {
      body: signupBody({ email, time_zone: 'Mars/Olympus_Mons' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ time_zone: 'invalid_time_zone' });
    const written = await server.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(written).toEqual([]);
  });

  it('refuses an e-mail in use (409 user_already_exists), whatever its case, and writes nothing', async () => {
    const { member } = await createTeam(server.db);
    const clientsBefore = await server.db.selectFrom('clients').select('id').execute();
    const res = await server.call('POST', '/api/v4/auth/signup', {
      body: signupBody({ email: member.email.toUpperCase() }),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'user_already_exists',
      fields: { email: 'user_already_exists' },
    });
    const clientsAfter = await server.db.selectFrom('clients').select('id').execute();
    expect(clientsAfter).toHaveLength(clientsBefore.length);
  });

  it('two signups with one address at once: one organisation, one 409', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      server.call('POST', '/api/v4/auth/signup', { body: signupBody({ email }) }),
      server.call('POST', '/api/v4/auth/signup', { body: signupBody({ email }) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('refuses a password under 8 characters with a field error', async () => {
    const res = await server.call('POST', '/api/v4/auth/signup', { body: signupBody({ password: 'short' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'validation_failed', fields: { password: 'too_short' } });
  });

  it('reports every bad field at once', async () => {
    const res = await server.call('POST', '/api/v4/auth/signup', {
      body: { company_name: 'A', email: 'nope', password: '1234567', language: 'xx' },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({
      company_name: 'too_short',
      first_name: 'required',
      last_name: 'required',
      email: 'invalid_format',
      password: 'too_short',
      language: 'unsupported_language',
    });
  });
});
