import {
  AUTH_MAIL_MAX_PER_ADDRESS,
  AUTH_MAIL_MAX_PER_IP,
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_DELAY_MAX_MS,
  LOGIN_DEVICE_TTL_MS,
  LOGIN_IP_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_NOTICE_INTERVAL_MS,
} from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAuthMailRequests } from '../src/modules/auth/auth-mail-requests.js';
import { createTeam, type TestUser, uniqueEmail } from './helpers/factories.js';
import { type ApiResponse, startTestServer, type TestServer } from './helpers/test-server.js';

// trustProxy lets each test speak from its own address through X-Forwarded-For.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

let ipCounter = 0;
/** An address no other test uses. */
const newIp = () => `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.1`;

async function attempt(ip: string, email: string, password: string, device?: string): Promise<ApiResponse> {
  return server.call('POST', '/api/v4/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip, ...(device ? { cookie: `wb_device=${device}` } : {}) },
  });
}

/** The device cookie a login answer sets (the browser's known-device token list). */
function deviceOf(res: ApiResponse): string {
  const cookie = res.headers.get('set-cookie') ?? '';
  const value = cookie.match(/^wb_device=([^;]+)/)?.[1];
  if (!value) throw new Error(`no device cookie in ${res.status}: ${cookie}`);
  return value;
}

/** Logs in from ip (the person's own browser) and answers the device cookie it got. */
async function knownDevice(user: TestUser, ip: string): Promise<string> {
  const res = await attempt(ip, user.email, user.password);
  expect(res.status).toBe(200);
  return deviceOf(res);
}

const retryAfter = (res: ApiResponse) => Number(res.headers.get('retry-after'));

/** Lets time pass for the throttle: every failure counted happened `ms` earlier. */
async function passTime(ms: number): Promise<void> {
  await server.db
    .updateTable('login_throttle')
    .set({ last_failure_at: sql`last_failure_at - make_interval(secs => ${ms / 1000})` })
    .execute();
}

/** Lets time pass for the notices of failed logins only. */
async function passNoticeTime(ms: number): Promise<void> {
  await server.db
    .updateTable('login_notices')
    .set({ notified_at: sql`notified_at - make_interval(secs => ${ms / 1000})` })
    .execute();
}

/**
 * Tries until `failures` answers were 401 (cycling through the addresses), waiting out each 429
 * by letting time pass; answers the Retry-Afters met.
 */
async function failRepeatedly(
  ip: string | (() => string),
  emails: string[],
  failures: number,
  device?: string,
): Promise<{ waits: number[] }> {
  const waits: number[] = [];
  let failed = 0;
  let attempts = 0;
  while (failed < failures) {
    const email = emails[attempts % emails.length] as string;
    attempts++;
    const res = await attempt(typeof ip === 'string' ? ip : ip(), email, 'wrong-password', device);
    if (res.status === 401) {
      failed++;
    } else {
      expect(res.status).toBe(429);
      waits.push(retryAfter(res));
      await passTime(retryAfter(res) * 1000);
    }
  }
  return { waits };
}

/**
 * Retry-After after n failures beyond the free ones: 2^n s, give or take the second that may have
 * gone by since the last failure.
 */
const expectWait = (res: ApiResponse, seconds: number) => {
  expect(res.status).toBe(429);
  expect(res.body.error).toBe('too_many_attempts');
  expect(retryAfter(res)).toBeGreaterThan(seconds - 5);
  expect(retryAfter(res)).toBeLessThanOrEqual(seconds);
};

async function mailsTo(email: string, kind: string): Promise<number> {
  const rows = await server.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('to_email', '=', email)
    .where('kind', '=', kind)
    .execute();
  return rows.length;
}

describe('login throttling: per account and IP, growing delays instead of a lockout', () => {
  it(`after ${LOGIN_MAX_FAILURES} failures from one IP each further try waits twice as long, the right password included`, async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await attempt(ip, member.email, 'wrong-password')).status).toBe(401);
    }
    // The first waits are of a second or two: let them pass, up to 6 failures beyond the free ones.
    const { waits } = await failRepeatedly(ip, [member.email], 6);
    expect(waits.every((w) => w <= 32)).toBe(true);
    for (const seconds of [64, 128, 256]) {
      const blocked = await attempt(ip, member.email, member.password);
      expectWait(blocked, seconds);
      await passTime(retryAfter(blocked) * 1000);
      expect((await attempt(ip, member.email, 'wrong-password')).status).toBe(401);
    }
  });

  it('the delay stops growing at the cap', async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    const { waits } = await failRepeatedly(ip, [member.email], LOGIN_MAX_FAILURES + 14);
    expect(Math.max(...waits)).toBeLessThanOrEqual(LOGIN_DELAY_MAX_MS / 1000);
    expectWait(await attempt(ip, member.email, member.password), LOGIN_DELAY_MAX_MS / 1000);
  });

  it('the right password from another IP logs in while one IP fails on the account (no lockout)', async () => {
    const { member } = await createTeam(server.db);
    const attacker = newIp();
    await failRepeatedly(attacker, [member.email], LOGIN_MAX_FAILURES + 3);
    expectWait(await attempt(attacker, member.email, member.password), 8);
    expect((await attempt(newIp(), member.email, member.password)).status).toBe(200);
  });

  it('a success clears the failures of that account and IP', async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await attempt(ip, member.email, 'wrong-password');
    expect((await attempt(ip, member.email, member.password)).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await attempt(ip, member.email, 'wrong-password')).status).toBe(401);
    }
    const pair = await server.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('scope', '=', 'pair')
      .where('key', '=', `${ip}|${member.email}`)
      .executeTakeFirstOrThrow();
    expect(pair.failures).toBe(LOGIN_MAX_FAILURES);
  });

  it('the counts are in the database (shared by every server instance)', async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    await attempt(ip, member.email, 'wrong-password');
    const rows = await server.db
      .selectFrom('login_throttle')
      .select(['scope', 'key', 'failures'])
      .where('key', 'in', [`${ip}|${member.email}`, member.email, ip])
      .orderBy('scope')
      .execute();
    expect(rows).toEqual([
      { scope: 'account', key: member.email, failures: 1 },
      { scope: 'ip', key: ip, failures: 1 },
      { scope: 'pair', key: `${ip}|${member.email}`, failures: 1 },
    ]);
  });

  it('attempts sent at once cannot slip past the count', async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    await failRepeatedly(ip, [member.email], LOGIN_MAX_FAILURES + 7);
    // The wait of 128 s is over: one attempt may go, the others must wait 256 s after it.
    await passTime(128_000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => attempt(ip, member.email, 'wrong-password')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
  });

  it('people logging in at the same moment from one IP all get in (an office starting its day)', async () => {
    const ip = newIp();
    const people = await Promise.all(
      Array.from({ length: 9 }, async () => (await createTeam(server.db)).member),
    );
    const answers = await Promise.all(people.map((p) => attempt(ip, p.email, p.password)));
    expect(answers.map((r) => r.status)).toEqual(people.map(() => 200));
  });

  it('a wrong password and an unknown address cost the same work (the same statements)', async () => {
    const { member } = await createTeam(server.db);
    const known = await server.countStatements(() => attempt(newIp(), member.email, 'wrong-password'));
    const unknown = await server.countStatements(() =>
      attempt(newIp(), uniqueEmail('nobody'), 'wrong-password'),
    );
    expect(known.result.status).toBe(401);
    expect(unknown.result.status).toBe(401);
    expect(unknown.sql).toEqual(known.sql);
  });

  it(`one IP failing on many accounts is slowed after ${LOGIN_IP_MAX_FAILURES} failures; others elsewhere are not`, async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    const sprayed = Array.from({ length: LOGIN_IP_MAX_FAILURES + 6 }, () => uniqueEmail('spray'));
    // Each address fails once: only the count of the IP grows.
    const { waits } = await failRepeatedly(ip, sprayed, sprayed.length);
    expect(waits.length).toBeGreaterThan(0);
    expectWait(await attempt(ip, uniqueEmail('spray'), 'wrong-password'), 64);
    expectWait(await attempt(ip, member.email, member.password), 64);
    expect((await attempt(newIp(), member.email, member.password)).status).toBe(200);
  });
});

describe('known devices', () => {
  it('a login sets a long-lived device cookie: HttpOnly, SameSite=Strict, only for the login call, Secure over https', async () => {
    const { member } = await createTeam(server.db);
    const plain = await attempt(newIp(), member.email, member.password);
    const cookie = plain.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^wb_device=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    expect(cookie).toContain('; Path=/api/v4/auth/login');
    expect(cookie).toContain(`; Max-Age=${LOGIN_DEVICE_TTL_MS / 1000}`);
    expect(cookie).not.toContain('Secure');
    const https = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: member.password },
      headers: { 'x-forwarded-for': newIp(), 'x-forwarded-proto': 'https' },
    });
    expect(https.headers.get('set-cookie')).toContain('; Secure');
    // Only the token's hash is stored.
    const token = deviceOf(plain);
    const stored = await server.db.selectFrom('login_devices').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it('the right password from a known device logs in while the account is attacked from other IPs', async () => {
    const { member } = await createTeam(server.db);
    const home = newIp();
    const device = await knownDevice(member, home);
    // Failures from a new address each time: no pair reaches its limit, the account goes over its own.
    await failRepeatedly(newIp, [member.email], LOGIN_ACCOUNT_MAX_FAILURES + 6);
    // An unknown device anywhere now waits, even with the right password ...
    expectWait(await attempt(newIp(), member.email, member.password), 64);
    // ... the person's own browser does not, at home or away.
    expect((await attempt(home, member.email, member.password, device)).status).toBe(200);
    expect((await attempt(newIp(), member.email, member.password, device)).status).toBe(200);
  });

  it("a device is known only to the account that logged in with it (an attacker's own cookie helps nothing)", async () => {
    const team = await createTeam(server.db);
    const ip = newIp();
    const attackersDevice = await knownDevice(team.admin, ip);
    await failRepeatedly(ip, [team.member.email], LOGIN_MAX_FAILURES + 3, attackersDevice);
    expectWait(await attempt(ip, team.member.email, team.member.password, attackersDevice), 8);
    // Counted as an unknown device: under the account and IP, not under a device.
    const scopes = await server.db
      .selectFrom('login_throttle')
      .select(['scope', 'failures'])
      .where('key', 'in', [`${ip}|${team.member.email}`, team.member.email])
      .orderBy('scope')
      .execute();
    expect(scopes).toEqual([
      { scope: 'account', failures: LOGIN_MAX_FAILURES + 3 },
      { scope: 'pair', failures: LOGIN_MAX_FAILURES + 3 },
    ]);
  });

  it('failures from the known device itself slow it too (someone at the owner’s computer)', async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    const device = await knownDevice(member, ip);
    await failRepeatedly(ip, [member.email], LOGIN_MAX_FAILURES + 3, device);
    expectWait(await attempt(ip, member.email, member.password, device), 8);
    // From another address the same browser waits as well: the count is the device's.
    expectWait(await attempt(newIp(), member.email, member.password, device), 8);
  });

  it('one browser stays a known device of each account it logs in to', async () => {
    const team = await createTeam(server.db);
    const ip = newIp();
    const first = await knownDevice(team.admin, ip);
    const both = deviceOf(await attempt(ip, team.member.email, team.member.password, first));
    expect(both.split('.')).toHaveLength(2);
    expect(both.split('.')).toContain(first);
    const again = deviceOf(await attempt(ip, team.admin.email, team.admin.password, both));
    expect(again.split('.').sort()).toEqual(both.split('.').sort());
  });

  it('an office behind one NAT: 50 failures on 3 accounts slow unknown devices there (growing delays), not a fourth person on a known device', async () => {
    const { member: fourth } = await createTeam(server.db);
    const team = await createTeam(server.db);
    const nat = newIp();
    const device = await knownDevice(fourth, nat);
    const victims = [team.admin.email, team.member.email, uniqueEmail('gone')];
    const { waits } = await failRepeatedly(nat, victims, 50);
    // The waits grew as the failures went on, up to the cap.
    expect(waits.length).toBeGreaterThan(3);
    expect(waits.at(-1)).toBeGreaterThan(waits[0] as number);
    expect(waits.at(-1)).toBeGreaterThan(LOGIN_DELAY_MAX_MS / 1000 - 5);

    expect((await attempt(nat, fourth.email, fourth.password, device)).status).toBe(200);
    // Someone there on a new browser waits, and gets in after the wait.
    const newcomer = await attempt(nat, fourth.email, fourth.password);
    expect(newcomer.status).toBe(429);
    await passTime(retryAfter(newcomer) * 1000);
    expect((await attempt(nat, fourth.email, fourth.password)).status).toBe(200);
  });
});

describe('the notice of failed logins', () => {
  it('mails the person once when their account crosses the threshold, at most once an hour', async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await attempt(ip, member.email, 'wrong-password');
    expect(await mailsTo(member.email, 'failed_logins')).toBe(0);
    await attempt(ip, member.email, 'wrong-password');
    expect(await mailsTo(member.email, 'failed_logins')).toBe(1);
    const mail = await server.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to_email', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Failed logins to your Workbench account');
    expect(mail.text).toContain('http://app.test/forgot-password');

    // More failures (from here and elsewhere) within the hour: no second mail.
    await failRepeatedly(ip, [member.email], 4);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(newIp(), member.email, 'wrong-password');
    expect(await mailsTo(member.email, 'failed_logins')).toBe(1);

    await passNoticeTime(LOGIN_NOTICE_INTERVAL_MS);
    await failRepeatedly(ip, [member.email], 1);
    expect(await mailsTo(member.email, 'failed_logins')).toBe(2);
  });

  it('an address without an account gets no mail', async () => {
    const email = uniqueEmail('ghost');
    const ip = newIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(ip, email, 'wrong-password');
    expect(await mailsTo(email, 'failed_logins')).toBe(0);
  });
});

describe('signup', () => {
  it(`a taken address counts against the IP like a failed login: after ${LOGIN_IP_MAX_FAILURES} answers of 409, 429`, async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    const signup = (from: string, email: string) =>
      server.call('POST', '/api/v4/auth/signup', {
        body: { company_name: 'Probe', first_name: 'A', last_name: 'B', email, password: 'long-enough-1' },
        headers: { 'x-forwarded-for': from },
      });
    for (let i = 0; i < LOGIN_IP_MAX_FAILURES; i++) {
      const res = await signup(ip, member.email);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('user_already_exists');
    }
    // Further tries wait longer each time, as failed logins from one IP do.
    let conflicts = LOGIN_IP_MAX_FAILURES;
    while (conflicts < LOGIN_IP_MAX_FAILURES + 3) {
      const res = await signup(ip, member.email);
      if (res.status === 409) conflicts++;
      else await passTime(retryAfter(res) * 1000);
    }
    expectWait(await signup(ip, member.email), 8);
    expect((await signup(newIp(), member.email)).status).toBe(409);
  });

  it('successful signups do not count', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      const res = await server.call('POST', '/api/v4/auth/signup', {
        body: {
          company_name: 'Fresh',
          first_name: 'A',
          last_name: 'B',
          email: uniqueEmail('new'),
          password: 'long-enough-1',
        },
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.status).toBe(201);
    }
    const row = await server.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('scope', '=', 'signup_ip')
      .where('key', '=', ip)
      .executeTakeFirst();
    expect(row?.failures ?? 0).toBe(0);
  });
});

describe('reset and login-link mails', () => {
  const ask = (path: 'forgot_password' | 'login_link', ip: string, email: string) =>
    server.call('POST', `/api/v4/auth/${path}`, { body: { email }, headers: { 'x-forwarded-for': ip } });

  it(`40 requests for one address answer the same and send ${AUTH_MAIL_MAX_PER_ADDRESS} mails`, async () => {
    const { member } = await createTeam(server.db);
    const ips = Array.from({ length: 4 }, newIp);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ask('forgot_password', ips[i % 4] as string, member.email)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(new Set(answers.map((r) => JSON.stringify(r.body)))).toEqual(new Set(['{"success":true}']));
    await processAuthMailRequests(server.ctx);
    expect(await mailsTo(member.email, 'password_reset')).toBe(AUTH_MAIL_MAX_PER_ADDRESS);
    // Login links have their own count.
    await ask('login_link', newIp(), member.email);
    await processAuthMailRequests(server.ctx);
    expect(await mailsTo(member.email, 'login_link')).toBe(1);
  });

  it(`one IP may ask ${AUTH_MAIL_MAX_PER_IP} times an hour, for any addresses; then 429 with Retry-After`, async () => {
    const { member } = await createTeam(server.db);
    const ip = newIp();
    for (let i = 0; i < AUTH_MAIL_MAX_PER_IP; i++) {
      const path = i % 2 ? 'forgot_password' : 'login_link';
      expect((await ask(path, ip, uniqueEmail('probe'))).status).toBe(200);
    }
    for (const email of [member.email, uniqueEmail('probe')]) {
      const blocked = await ask('forgot_password', ip, email);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('too_many_attempts');
      expect(retryAfter(blocked)).toBeGreaterThan(3500);
    }
    expect((await ask('forgot_password', newIp(), member.email)).status).toBe(200);
  });

  it('the answer does the same work for an account and an unknown address; the mail is made after it', async () => {
    const { member } = await createTeam(server.db);
    const ghost = uniqueEmail('ghost');
    await processAuthMailRequests(server.ctx); // what earlier tests queued
    const known = await server.countStatements(() => ask('forgot_password', newIp(), member.email));
    const unknown = await server.countStatements(() => ask('forgot_password', newIp(), ghost));
    expect(known.result.status).toBe(200);
    expect(unknown.result.body).toEqual(known.result.body);
    expect(unknown.sql).toEqual(known.sql);
    // Nothing was written for the account while answering.
    const tokens = await server.db
      .selectFrom('user_tokens')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(tokens).toEqual([]);
    expect(await mailsTo(member.email, 'password_reset')).toBe(0);

    expect(await processAuthMailRequests(server.ctx)).toBe(2);
    expect(await mailsTo(member.email, 'password_reset')).toBe(1);
    expect(await mailsTo(ghost, 'password_reset')).toBe(0);
  });
});
