import { LOGIN_MAX_FAILURES } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, uniqueEmail } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// trustProxy lets each test speak from its own address through X-Forwarded-For.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function attempt(ip: string, email: string, password: string) {
  return server.call('POST', '/api/v4/auth/login', { body: { email, password }, headers: from(ip) });
}

describe('login throttling', () => {
  it(`after ${LOGIN_MAX_FAILURES} failures for one e-mail: 429 with Retry-After, even with the right password`, async () => {
    const { member } = await createTeam(server.db);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await attempt('10.0.0.1', member.email, 'wrong-password')).status).toBe(401);
    }
    const blocked = await attempt('10.0.0.1', member.email, 'wrong-password');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is on the e-mail: another address does not help, and the right password is not even checked.
    const right = await attempt('10.0.0.2', member.email, member.password);
    expect(right.status).toBe(429);
  });

  it('a success clears the failures of that e-mail', async () => {
    const { member } = await createTeam(server.db);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      await attempt('10.0.1.1', member.email, 'wrong-password');
    expect((await attempt('10.0.1.1', member.email, member.password)).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      expect((await attempt('10.0.1.1', member.email, 'wrong-password')).status).toBe(401);
    }
    expect((await attempt('10.0.1.1', member.email, member.password)).status).toBe(200);
  });

  it('the failures counted are in the database (shared by every server instance)', async () => {
    const { member } = await createTeam(server.db);
    await attempt('10.0.2.1', member.email, 'wrong-password');
    const rows = await server.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('email', '=', member.email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ip).toBe('10.0.2.1');
  });

  it(`one address trying many e-mails is stopped after ${LOGIN_MAX_FAILURES * 4} failures`, async () => {
    const { member } = await createTeam(server.db);
    for (let i = 0; i < LOGIN_MAX_FAILURES * 4; i++) {
      expect((await attempt('10.0.3.1', uniqueEmail('spray'), 'wrong-password')).status).toBe(401);
    }
    expect((await attempt('10.0.3.1', uniqueEmail('spray'), 'wrong-password')).status).toBe(429);
    expect((await attempt('10.0.3.1', member.email, member.password)).status).toBe(429);
    // Someone else, elsewhere, is not affected.
    expect((await attempt('10.0.3.2', member.email, member.password)).status).toBe(200);
  });
});
