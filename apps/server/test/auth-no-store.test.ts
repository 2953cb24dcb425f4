import type { RouteContract } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersCredentials } from '../src/http/no-store.js';
import { createTeam, uniqueEmail } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Every registered route whose contract answers a token (the same rule route() applies). */
function credentialRoutes(): Array<{ method: string; url: string }> {
  return server.routes
    .filter((r) => {
      const contract = (r.config as { contract?: RouteContract }).contract;
      return contract !== undefined && answersCredentials(contract);
    })
    .map((r) => ({ method: r.method, url: r.url }));
}

describe('Cache-Control: no-store on answers that carry a token', () => {
  it('finds every call that answers a token: login, signup, token login, activation, reset, a partner’s new admin, a public report', () => {
    expect(
      credentialRoutes()
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(
      [
        'POST /api/v4/auth/login',
        'POST /api/v4/auth/reset_password',
        'POST /api/v4/auth/signup',
        'POST /api/v4/auth/tokenlogin',
        'POST /api/v4/public/collaboration_action',
        // A public report answers the reporter's follow token.
        'POST /api/v4/public/issue',
        'POST /api/v4/users/activate',
      ].sort(),
    );
  });

  it('each of them answers no-store, whatever the answer (here a refused body)', async () => {
    for (const { method, url } of credentialRoutes()) {
      const res = await server.call(method, url, { body: {} });
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('cache-control'), `${method} ${url}`).toBe('no-store');
    }
  });

  it('a login and a signup that answer the token are not cached', async () => {
    const { member } = await createTeam(server.db);
    const login = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
    expect(login.headers.get('cache-control')).toBe('no-store');
    const signup = await server.call('POST', '/api/v4/auth/signup', {
      body: {
        company_name: 'Fresh Co',
        first_name: 'A',
        last_name: 'B',
        email: uniqueEmail('new'),
        password: 'long-enough-1',
      },
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('cache-control')).toBe('no-store');
  });
});
