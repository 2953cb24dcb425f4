import { ZLoginResponseSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAuthMailRequests } from '../src/modules/auth/auth-mail-requests.js';
import { createInvite } from '../src/modules/auth/auth-service.js';
import { hashToken } from '../src/modules/auth/tokens.js';
import { createTeam, createUser, login, readMailLink, uniqueEmail } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Mails of the address, once the queued reset and login-link requests are worked. */
async function outboxCount(to: string): Promise<number> {
  await processAuthMailRequests(server.ctx);
  const row = await server.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_email', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('forgot and reset password', () => {
  it('end to end: link from the outbox, new password, old sessions and password refused, link single-use', async () => {
    const { admin, member } = await createTeam(server.db);
    const adminToken = await login(server, admin);
    const oldSession = await login(server, member);

    const forgot = await server.call('POST', '/api/v4/auth/forgot_password', {
      body: { email: member.email },
    });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ success: true });

    const { token, mail } = await readMailLink(server, adminToken, member.email, '/change-password');
    expect(mail.kind).toBe('password_reset');
    // Only the hash of the link's token is stored.
    const stored = await server.db.selectFrom('user_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(token));

    const reset = await server.call('POST', '/api/v4/auth/reset_password', {
      body: { token, password: 'a-brand-new-password' },
    });
    expect(reset.status).toBe(200);
    const session = ZLoginResponseSchema.parse(reset.body);
    expect(session.user.id).toBe(member.id);
    expect((await server.call('GET', '/api/v4/user/me', { token: session.token })).status).toBe(200);

    // Whoever knew the old password is logged out, and it no longer works.
    expect((await server.call('GET', '/api/v4/user/me', { token: oldSession })).status).toBe(403);
    const oldPassword = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(oldPassword.status).toBe(401);
    expect(
      (await login(server, { email: member.email, password: 'a-brand-new-password' })).length,
    ).toBeGreaterThan(0);

    // The link works once.
    const again = await server.call('POST', '/api/v4/auth/reset_password', {
      body: { token, password: 'yet-another-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_token');
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await server.call('POST', '/api/v4/auth/forgot_password', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await outboxCount(email)).toBe(0);
  });

  it('sends nothing to a paused account', async () => {
    const { org } = await createTeam(server.db);
    const paused = await createUser(server.db, org.id, { status: 'paused' });
    const res = await server.call('POST', '/api/v4/auth/forgot_password', { body: { email: paused.email } });
    expect(res.status).toBe(200);
    expect(await outboxCount(paused.email)).toBe(0);
  });

  it('refuses an unknown or expired token (400 invalid_token) and a short password (422)', async () => {
    const { member } = await createTeam(server.db);
    const unknown = await server.call('POST', '/api/v4/auth/reset_password', {
      body: { token: 'x'.repeat(43), password: 'long-enough-1' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_token');

    await server.call('POST', '/api/v4/auth/forgot_password', { body: { email: member.email } });
    await processAuthMailRequests(server.ctx);
    await server.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', member.id)
      .where('kind', '=', 'password_reset')
      .execute();
    const mail = await server.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_email', '=', member.email)
      .executeTakeFirstOrThrow();
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] as string;
    const expired = await server.call('POST', '/api/v4/auth/reset_password', {
      body: { token, password: 'long-enough-1' },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_token');

    const short = await server.call('POST', '/api/v4/auth/reset_password', {
      body: { token, password: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.fields).toEqual({ password: 'too_short' });
  });
});

describe('account mails in the language of the account', () => {
  it('a Polish account gets its reset and login-link mails in Polish, a Turkish one in Turkish', async () => {
    const { member } = await createTeam(server.db);
    const { member: other } = await createTeam(server.db);
    await server.db.updateTable('users').set({ language: 'pl' }).where('id', '=', member.id).execute();
    await server.db.updateTable('users').set({ language: 'tr' }).where('id', '=', other.id).execute();
    await server.call('POST', '/api/v4/auth/forgot_password', { body: { email: member.email } });
    await server.call('POST', '/api/v4/auth/login_link', { body: { email: other.email } });
    await processAuthMailRequests(server.ctx);
    const mails = await server.db
      .selectFrom('mail_outbox')
      .select(['to_email', 'subject', 'text'])
      .where('to_email', 'in', [member.email, other.email])
      .execute();
    const polish = mails.find((m) => m.to_email === member.email);
    const turkish = mails.find((m) => m.to_email === other.email);
    expect(polish?.subject).toBe('Zresetuj hasło do Workbench');
    expect(polish?.text).toContain('Otwórz ten link w ciągu godziny');
    expect(turkish?.subject).toBe('Workbench giriş bağlantınız');
    expect(turkish?.text).toMatch(/token=[A-Za-z0-9_-]+/);
  });
});

describe('one-time login links', () => {
  it('mails a link that logs in once', async () => {
    const { admin, member } = await createTeam(server.db);
    const adminToken = await login(server, admin);
    const ask = await server.call('POST', '/api/v4/auth/login_link', { body: { email: member.email } });
    expect(ask.status).toBe(200);
    expect(ask.body).toEqual({ success: true });
    const { token, mail } = await readMailLink(server, adminToken, member.email, '/auth/tokenlogin');
    expect(mail.kind).toBe('login_link');

    const first = await server.call('POST', '/api/v4/auth/tokenlogin', { body: { token } });
    expect(first.status).toBe(200);
    expect(ZLoginResponseSchema.parse(first.body).user.id).toBe(member.id);
    const second = await server.call('POST', '/api/v4/auth/tokenlogin', { body: { token } });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_token');
  });

  it('answers the same for an unknown address', async () => {
    const email = uniqueEmail('ghost');
    const res = await server.call('POST', '/api/v4/auth/login_link', { body: { email } });
    expect(res.status).toBe(200);
    expect(await outboxCount(email)).toBe(0);
  });

  it('a reset token is not a login-link token', async () => {
    const { admin, member } = await createTeam(server.db);
    const adminToken = await login(server, admin);
    await server.call('POST', '/api/v4/auth/forgot_password', { body: { email: member.email } });
    const { token } = await readMailLink(server, adminToken, member.email, '/change-password');
    const res = await server.call('POST', '/api/v4/auth/tokenlogin', { body: { token } });
    expect(res.status).toBe(400);
  });
});

describe('activation of an invited user', () => {
  it('sets the password and names, activates and logs in; the link works once', async () => {
    const { org, admin } = await createTeam(server.db);
    const adminToken = await login(server, admin);
    const invited = await createUser(server.db, org.id, { status: 'invited', password: null, firstName: '' });
    await server.db.transaction().execute((trx) => createInvite(server.ctx, trx, invited.id));

    const { token, mail } = await readMailLink(server, adminToken, invited.email, '/activate_account');
    expect(mail.kind).toBe('invite');
    expect(mail.subject).toContain(org.name);

    const res = await server.call('POST', '/api/v4/users/activate', {
      body: { token, password: 'my-own-password', first_name: 'Ivy', last_name: 'Invited' },
    });
    expect(res.status).toBe(200);
    const session = ZLoginResponseSchema.parse(res.body);
    expect(session.user).toMatchObject({
      id: invited.id,
      status: 'active',
      first_name: 'Ivy',
      full_name: 'Ivy Invited',
    });
    expect(
      (await login(server, { email: invited.email, password: 'my-own-password' })).length,
    ).toBeGreaterThan(0);

    const again = await server.call('POST', '/api/v4/users/activate', {
      body: { token, password: 'my-own-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_token');
  });

  it('validates the body: short password 422', async () => {
    const res = await server.call('POST', '/api/v4/users/activate', {
      body: { token: 'x'.repeat(43), password: 'short' },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ password: 'too_short' });
  });
});

describe('change password', () => {
  it('refuses a wrong current password with a field error', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const res = await server.call('POST', '/api/v4/auth/change_password', {
      token,
      body: { current_password: 'not-my-password', password: 'new-password-1' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'wrong_password',
      fields: { current_password: 'wrong_password' },
    });
  });

  it('changes it: this session stays, the others end, the new password logs in', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const other = await login(server, member);
    const res = await server.call('POST', '/api/v4/auth/change_password', {
      token,
      body: { current_password: member.password, password: 'new-password-1' },
    });
    expect(res.status).toBe(200);
    expect((await server.call('GET', '/api/v4/user/me', { token })).status).toBe(200);
    expect((await server.call('GET', '/api/v4/user/me', { token: other })).status).toBe(403);
    const old = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(old.status).toBe(401);
    expect((await login(server, { email: member.email, password: 'new-password-1' })).length).toBeGreaterThan(
      0,
    );
    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_id', '=', member.id)
      .where('action', '=', 'password_changed')
      .execute();
    expect(log).toHaveLength(1);
  });

  it('needs a login', async () => {
    const res = await server.call('POST', '/api/v4/auth/change_password', {
      body: { current_password: 'x', password: 'new-password-1' },
    });
    expect(res.status).toBe(401);
  });
});
