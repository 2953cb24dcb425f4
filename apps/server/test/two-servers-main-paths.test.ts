import { AUTH_MAIL_MAX_PER_ADDRESS, AUTH_MAIL_MAX_PER_IP, LOGIN_MAX_FAILURES } from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTransport, sendPendingMails } from '../src/jobs/mail-outbox.js';
import { processAuthMailRequests } from '../src/modules/auth/auth-mail-requests.js';
import { liveHubOf } from '../src/modules/live/live-routes.js';
import { materializeDue, startScheduleMaterializer } from '../src/modules/schedules/schedule-materializer.js';
import { loadFileUrlSecret } from '../src/storage/file-urls.js';
import { createAsset } from './helpers/assets-factories.js';
import { attachmentForm, pdf } from './helpers/attachments-factories.js';
import { createTeam, login, uniqueEmail } from './helpers/factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { dataOf, type LiveStream, openLiveStream, type SseMessage } from './helpers/live-stream.js';
import { type ApiResponse, startTestServer, type TestServer } from './helpers/test-server.js';
import { type SharedBucket, shareOneBucket } from './helpers/two-servers-s3.js';
import { imageForm, pngImage } from './helpers/users-factories.js';

// Issue 23, "several servers, proven": two instances of the product on ONE PostgreSQL schema
// and one S3 bucket, as behind a load balancer that sends each request of a person to either.
// Every step below is done on one server and checked on the other (or sent to both at once):
// sessions, throttles, what the servers keep in memory, live events, the background jobs, files
// and the Idempotency-Key, with nothing lost or doubled. live-two-servers.test.ts covers the
// live channel itself (LISTEN/NOTIFY, a lost listening connection), and
// schedule-materializer-concurrent.test.ts a thousand occurrences made by two materializers.
// PGlite is one process's embedded database: skipped without DATABASE_URL.
const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('two servers on one PostgreSQL and one bucket: a person’s main paths', () => {
  let one: TestServer;
  let two: TestServer;
  let bucket: SharedBucket;
  const streams: LiveStream[] = [];
  beforeAll(async () => {
    // trustProxy: each test speaks from its own address (X-Forwarded-For), as through a proxy.
    one = await startTestServer({ trustProxy: true });
    two = await startTestServer({ trustProxy: true }, { sameDatabaseAs: one });
    bucket = await shareOneBucket([one, two]);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await two?.close();
    await one?.close();
    await bucket?.close();
  });

  let ipCounter = 0;
  /** An address no other test uses. */
  const newIp = () => `10.23.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const listen = async (server: TestServer, token: string) => {
    const stream = await openLiveStream(server.url, token);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const loginAt = (server: TestServer, email: string, password: string, ip = newIp()) =>
    server.call('POST', `${API}/auth/login`, {
      body: { email, password },
      headers: { 'x-forwarded-for': ip },
    });
  const retryAfter = (res: ApiResponse) => Number(res.headers.get('retry-after'));
  /** Lets time pass for the login throttle: every failure counted happened `ms` earlier. */
  const passTime = (ms: number) =>
    one.db
      .updateTable('login_throttle')
      .set({ last_failure_at: sql`last_failure_at - make_interval(secs => ${ms / 1000})` })
      .execute();

  describe('sessions', () => {
    it('a login on one works on the other; logging out on the other ends it on both, open streams included', async () => {
      const { member } = await createTeam(one.db);
      const res = await loginAt(one, member.email, member.password);
      expect(res.status).toBe(200);
      const token = res.body.token as string;
      const elsewhere = await loginAt(two, member.email, member.password);
      expect(elsewhere.status).toBe(200);
      // Both servers list both sessions, each marking the one asking as current.
      for (const [server, current] of [
        [two, token],
        [one, elsewhere.body.token],
      ] as const) {
        const sessions = await server.call('GET', `${API}/auth/sessions`, { token: current });
        expect(sessions.status).toBe(200);
        expect(sessions.body.data).toHaveLength(2);
        expect(sessions.body.data[0]).toMatchObject({ current: true });
      }
      const profile = await two.call('PUT', `${API}/user/me`, { token, body: { first_name: 'Moana' } });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      expect((await one.call('GET', `${API}/user/${member.id}`, { token })).body.first_name).toBe('Moana');

      const stream = await listen(one, token);
      expect((await two.call('POST', `${API}/auth/logout`, { token })).status).toBe(200);
      for (const server of [one, two]) {
        const after = await server.call('GET', `${API}/auth/sessions`, { token });
        expect(after.status).toBe(403);
        expect(after.body.error).toBe('access_denied');
      }
      // Server one's stream of that session ends at its next session check (once a minute).
      await liveHubOf(one.ctx)?.checkSessions();
      await stream.ended;
      // The other session lives on, on both.
      for (const server of [one, two]) {
        expect(
          (await server.call('GET', `${API}/auth/sessions`, { token: elsewhere.body.token })).status,
        ).toBe(200);
      }
    });

    it('signing another session out, or deactivating the person, on one server is in force on the other at once', async () => {
      const t = await createTeam(one.db);
      const adminToken = await login(one, t.admin);
      const desk = (await loginAt(one, t.member.email, t.member.password)).body.token as string;
      const phone = (await loginAt(two, t.member.email, t.member.password)).body.token as string;
      const list = await one.call('GET', `${API}/auth/sessions`, { token: desk });
      const phoneSession = list.body.data.find((s: { current: boolean }) => !s.current);
      expect(
        (await one.call('DELETE', `${API}/auth/sessions/${phoneSession.id}`, { token: desk })).status,
      ).toBe(200);
      expect((await two.call('GET', `${API}/auth/sessions`, { token: phone })).status).toBe(403);
      expect((await two.call('GET', `${API}/auth/sessions`, { token: desk })).status).toBe(200);

      const archived = await two.call('POST', `${API}/users/archive`, {
        token: adminToken,
        body: { user_ids: [t.member.id] },
      });
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      expect((await one.call('GET', `${API}/auth/sessions`, { token: desk })).status).toBe(403);
    });
  });

  describe('throttles count across both servers', () => {
    it(`${LOGIN_MAX_FAILURES} failed logins spread over both servers slow the next one on either`, async () => {
      const { member } = await createTeam(one.db);
      const ip = newIp();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        const res = await loginAt(i % 2 ? two : one, member.email, 'wrong-password', ip);
        expect(res.status).toBe(401);
      }
      for (const server of [one, two]) {
        const blocked = await loginAt(server, member.email, member.password, ip);
        expect(blocked.status).toBe(429);
        expect(blocked.body.error).toBe('too_many_attempts');
      }
      const rows = await one.db
        .selectFrom('login_throttle')
        .select(['scope', 'failures'])
        .where('key', 'in', [`${ip}|${member.email}`, member.email, ip])
        .orderBy('scope')
        .execute();
      expect(rows).toEqual([
        { scope: 'account', failures: LOGIN_MAX_FAILURES },
        { scope: 'ip', failures: LOGIN_MAX_FAILURES },
        { scope: 'pair', failures: LOGIN_MAX_FAILURES },
      ]);
    });

    it('attempts sent to both servers at once cannot slip past the count', async () => {
      const { member } = await createTeam(one.db);
      const ip = newIp();
      let failures = 0;
      while (failures < LOGIN_MAX_FAILURES + 7) {
        const res = await loginAt(failures % 2 ? two : one, member.email, 'wrong-password', ip);
        if (res.status === 401) failures++;
        else {
          expect(res.status).toBe(429);
          await passTime(retryAfter(res) * 1000);
        }
      }
      // The wait of 128 s is over: one attempt may go, the others must wait 256 s after it,
      // whichever server they reach.
      await passTime(128_000);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => loginAt(i % 2 ? two : one, member.email, 'wrong-password', ip)),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    });

    it(`one address asks for reset mails on both servers: ${AUTH_MAIL_MAX_PER_IP} in all, then 429 on either; each mail is sent once though both servers work the queue`, async () => {
      const { member } = await createTeam(one.db);
      const ip = newIp();
      const ask = (server: TestServer, email: string) =>
        server.call('POST', `${API}/auth/forgot_password`, {
          body: { email },
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 0; i < AUTH_MAIL_MAX_PER_IP; i++) {
        expect((await ask(i % 2 ? two : one, member.email)).status).toBe(200);
      }
      for (const server of [one, two]) {
        const blocked = await ask(server, member.email);
        expect(blocked.status).toBe(429);
        expect(blocked.body.error).toBe('too_many_attempts');
      }
      // Both servers' workers take the queue at the same moment.
      const [a, b] = await Promise.all([processAuthMailRequests(one.ctx), processAuthMailRequests(two.ctx)]);
      expect(a + b).toBeGreaterThanOrEqual(AUTH_MAIL_MAX_PER_ADDRESS);
      const mails = await one.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_email', '=', member.email)
        .where('kind', '=', 'password_reset')
        .execute();
      expect(mails).toHaveLength(AUTH_MAIL_MAX_PER_ADDRESS);
      const left = await one.db
        .selectFrom('auth_mail_requests')
        .select('id')
        .where('email', '=', member.email)
        .where('sends', '=', true)
        .where('processed_at', 'is', null)
        .execute();
      expect(left).toEqual([]);
    });

    it('the mail outbox sent by both servers at once: every mail goes out exactly once', async () => {
      const team = await createTeam(one.db);
      const adminToken = await login(one, team.admin);
      // Queued through both servers: invitations of new people, more than two senders' batches.
      const invited = Array.from({ length: 48 }, (_, i) => uniqueEmail(`invite-${i}`));
      for (let i = 0; i < invited.length; i += 12) {
        const res = await (i % 24 ? two : one).call('POST', `${API}/users/create-multiple`, {
          token: adminToken,
          body: {
            new_users: invited
              .slice(i, i + 12)
              .map((email, n) => ({ email, first_name: 'New', last_name: `Person ${i + n}` })),
          },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const delivered: string[] = [];
      const transport: MailTransport = {
        sendMail: async (mail) => {
          delivered.push(String(mail.to));
          // Each conversation takes a moment, so the two senders' rounds overlap.
          await new Promise((done) => setImmediate(done));
        },
      };
      // Rounds of both servers side by side until nothing is left (a round takes a batch).
      const sentBy = { one: 0, two: 0 };
      for (;;) {
        const [a, b] = await Promise.all([
          sendPendingMails(one.ctx, transport),
          sendPendingMails(two.ctx, transport),
        ]);
        sentBy.one += a.sent;
        sentBy.two += b.sent;
        if (a.sent + b.sent + a.failed + b.failed === 0) break;
      }
      // Both took part.
      expect(sentBy.one).toBeGreaterThan(0);
      expect(sentBy.two).toBeGreaterThan(0);
      const ours = delivered.filter((to) => invited.includes(to));
      expect(ours.sort()).toEqual([...invited].sort());
      const statuses = await one.db
        .selectFrom('mail_outbox')
        .select(['status', sql<number>`count(*)::int`.as('n')])
        .where('to_email', 'in', invited)
        .groupBy('status')
        .execute();
      expect(statuses).toEqual([{ status: 'delivered', n: invited.length }]);
    });
  });

  describe('what a server keeps in memory is right at once on the other', () => {
    it('a workspace renamed on one shows its new name on the other', async () => {
      const t = await createIssueTeam(one);
      const show = async () =>
        (await two.call('GET', `${API}/workspace/${t.ids.site}`, { token: t.tokens.member })).body;
      expect((await show()).name).toBe('Site');
      const renamed = await one.call('PUT', `${API}/workspace/${t.ids.site}`, {
        token: t.tokens.admin,
        body: { name: 'Main site' },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect((await show()).name).toBe('Main site');
      const issue = await t.issue();
      const fromTwo = await two.call('GET', `${API}/issue/${issue}`, { token: t.tokens.member });
      expect(fromTwo.body.workspace).toMatchObject({ id: t.ids.site, name: 'Main site' });
    });

    it('workspace roles changed on one: the other server’s copy of the visible workspaces follows at once', async () => {
      const t = await createIssueTeam(one);
      const mo = t.people.member;
      const siteIssue = await t.issue({ title: 'Site job' });
      const depotIssue = await t.issue({ title: 'Depot job', workspace_id: t.ids.depot });
      const seesOnTwo = async (id: number) =>
        (await two.call('GET', `${API}/issue/${id}`, { token: t.tokens.member })).status;
      // Server two reads Mo's visible workspaces and keeps them (by access version).
      expect(await seesOnTwo(siteIssue)).toBe(200);
      expect(await seesOnTwo(depotIssue)).toBe(404);
      const moved = await one.call('POST', `${API}/user/${mo.id}/workspace_roles`, {
        token: t.tokens.admin,
        body: { workspace_roles: [{ workspace_id: t.ids.depot, role: 'member' }] },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await seesOnTwo(siteIssue)).toBe(404);
      expect(await seesOnTwo(depotIssue)).toBe(200);
      const list = await two.call('GET', `${API}/issue/?issue_state=all`, { token: t.tokens.member });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([depotIssue]);

      // Made an admin of the organisation on one: every workspace on two.
      const promoted = await one.call('PUT', `${API}/user/${mo.id}`, {
        token: t.tokens.admin,
        body: { role: 'admin' },
      });
      expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
      expect(await seesOnTwo(siteIssue)).toBe(200);
      expect(await seesOnTwo(depotIssue)).toBe(200);
    });

    it('a workspace deleted, and a collaboration ended, on one: gone on the other at once', async () => {
      const t = await createIssueTeam(one);
      const roomIssue = await t.issue({ title: 'Room job', workspace_id: t.ids.room });
      const siteIssue = await t.issue({ title: 'Shared job' });
      const cleo = await login(two, t.people.collabMember);
      expect((await two.call('GET', `${API}/issue/${roomIssue}`, { token: t.tokens.member })).status).toBe(
        200,
      );
      expect((await two.call('GET', `${API}/issue/${siteIssue}`, { token: cleo })).status).toBe(200);
      const deleted = await one.call('DELETE', `${API}/workspace/${t.ids.room}`, { token: t.tokens.admin });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await two.call('GET', `${API}/issue/${roomIssue}`, { token: t.tokens.member })).status).toBe(
        404,
      );

      const ended = await one.call('DELETE', `${API}/collaboration/${t.collaborationId}`, {
        token: t.tokens.admin,
      });
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      expect((await two.call('GET', `${API}/issue/${siteIssue}`, { token: cleo })).status).toBe(404);
    });

    it('an organisation setting switched on one applies on the other at once (the menu loses Assets)', async () => {
      const t = await createIssueTeam(one);
      const menuOnTwo = async () =>
        (
          (await two.call('GET', `${API}/config?get_only=menu`, { token: t.tokens.member })).body
            .menu as Array<{
            key: string;
          }>
        ).map((item) => item.key);
      expect(await menuOnTwo()).toContain('assets');
      const off = await one.call('PUT', `${API}/client/${t.org.id}`, {
        token: t.tokens.admin,
        body: { settings: { include_assets: false } },
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(await menuOnTwo()).not.toContain('assets');
      const config = await two.call('GET', `${API}/config?get_only=client`, { token: t.tokens.member });
      expect(config.body.client.settings.include_assets).toBe(false);
    });
  });

  describe('live events', () => {
    const isIssue = (id: number) => (m: SseMessage) =>
      m.event === 'change' && dataOf(m).entity_type === 'issue' && dataOf(m).entity_id === id;

    it('a stream on two follows access granted and taken away on one, and hears comments made on one', async () => {
      const t = await createIssueTeam(one);
      const dan = t.people.depotMember;
      const siteIssue = await t.issue({ title: 'Site job' });
      const depotIssue = await t.issue({ title: 'Depot job', workspace_id: t.ids.depot });
      const stream = await listen(two, t.tokens.depotMember);
      const touch = async (id: number, title: string) => {
        const res = await one.call('PUT', `${API}/issue/${id}`, { token: t.tokens.admin, body: { title } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      };
      const setRoles = async (workspaceIds: number[]) => {
        const res = await one.call('POST', `${API}/user/${dan.id}/workspace_roles`, {
          token: t.tokens.admin,
          body: { workspace_roles: workspaceIds.map((workspace_id) => ({ workspace_id, role: 'member' })) },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      };

      // Before: a Site change is not Dan's; the Depot change after it shows it was passed over.
      await touch(siteIssue, 'Site job 1');
      await touch(depotIssue, 'Depot job 1');
      const first = await stream.waitFor(isIssue(depotIssue));
      expect(stream.messages.filter(isIssue(siteIssue))).toEqual([]);

      await setRoles([t.ids.depot, t.ids.site]);
      await touch(siteIssue, 'Site job 2');
      const granted = await stream.waitFor(isIssue(siteIssue));
      expect(dataOf(granted)).toMatchObject({ action: 'updated', workspace_id: t.ids.site });

      // A comment made through one reaches the stream on two.
      const comment = await one.call('POST', `${API}/issue/${siteIssue}/comments`, {
        token: t.tokens.manager,
        body: { comment: 'On my way' },
      });
      expect(comment.status, JSON.stringify(comment.body)).toBe(201);
      await stream.waitFor((m) => isIssue(siteIssue)(m) && m.id !== granted.id);

      await setRoles([t.ids.depot]);
      const seenSoFar = stream.messages.length;
      await touch(siteIssue, 'Site job 3');
      await touch(depotIssue, 'Depot job 2');
      await stream.waitFor((m) => isIssue(depotIssue)(m) && m.id !== first.id);
      expect(stream.messages.slice(seenSoFar).filter(isIssue(siteIssue))).toEqual([]);
    });
  });

  describe('the schedule materializer on both servers', () => {
    it('both servers’ jobs run at once over schedules made through one: each occurrence is one issue', async () => {
      const t = await createIssueTeam(one);
      const assets = [];
      for (const name of ['Pump 1', 'Pump 2'])
        assets.push((await createAsset(one.db, { client_id: t.org.id, workspace_id: t.ids.site, name })).id);
      const today = new Date().toISOString().slice(0, 10);
      const ids: number[] = [];
      for (let n = 0; n < 8; n++) {
        const res = await (n % 2 ? two : one).call('POST', `${API}/schedule`, {
          token: t.tokens.admin,
          body: {
            title: `Round ${n}`,
            workspace_id: t.ids.site,
            start_date: today,
            repeat_every: { type: 'days', value: 1, exclude_weekends: false },
            work_hours_start: '00:00',
            work_hours_end: '23:59',
            assets: n % 2 ? assets : [],
            assets_mode: 'FOR_EACH_ASSET',
            reschedule_mode: n % 4 < 2 ? 'on_start_date' : 'before_next_start_date',
          },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        ids.push(res.body.id);
      }
      const made = () =>
        one.db
          .selectFrom('issues')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('schedule_id', 'in', ids)
          .executeTakeFirstOrThrow();
      // Creating a schedule makes no issue itself: the materializer does.
      expect((await made()).n).toBe(0);
      // The servers' own jobs (server.ts starts one on each): each runs at once on start.
      const stops = [one, two].map((server) => startScheduleMaterializer(server.ctx, (m) => console.warn(m)));
      await new Promise((done) => setImmediate(done));
      await Promise.all(stops.map((stop) => stop()));
      // Then both again at once by hand, over what the jobs left, and once more: nothing left.
      const now = new Date();
      const again = await Promise.all([one, two].map((s) => materializeDue(s.ctx, { now })));
      expect(again.map((r) => r.issuesCreated)).toEqual([0, 0]);

      const { rows } = await sql<{
        issues: number;
        distinct_issues: number;
        occurrences: number;
        counted: number;
      }>`
        SELECT (SELECT count(*)::int FROM issues WHERE schedule_id = ANY(${ids})) AS issues,
               (SELECT count(DISTINCT (schedule_id, start_date, asset_id))::int FROM issues WHERE schedule_id = ANY(${ids})) AS distinct_issues,
               (SELECT count(*)::int FROM schedule_occurrences WHERE schedule_id = ANY(${ids})) AS occurrences,
               (SELECT sum(created_count)::int FROM schedules WHERE id = ANY(${ids})) AS counted`.execute(
        one.db,
      );
      const counts = rows[0];
      // Today's occurrence of every schedule at least: once per asset where it has assets.
      expect(counts?.issues).toBeGreaterThanOrEqual(4 + 4 * 2);
      expect(counts?.distinct_issues).toBe(counts?.issues);
      expect(counts?.occurrences).toBe(counts?.issues);
      expect(counts?.counted).toBe(counts?.issues);
      // And the person sees them through either server, the same.
      const lists = await Promise.all(
        [one, two].map((s) =>
          s.call('GET', `${API}/issue/?issue_state=all&paginate_by=160`, { token: t.tokens.admin }),
        ),
      );
      const idsOf = (r: ApiResponse) =>
        r.body.data
          .filter((i: { schedule_id?: number | null; title: string }) => i.title.startsWith('Round '))
          .map((i: { id: number }) => i.id)
          .sort();
      expect(idsOf(lists[0] as ApiResponse)).toEqual(idsOf(lists[1] as ApiResponse));
      expect(idsOf(lists[0] as ApiResponse)).toHaveLength(counts?.issues as number);
    });
  });

  describe('files in the shared S3 bucket', () => {
    const download = (server: TestServer, url: string) => fetch(`${server.url}${url}`);

    it('both servers sign file URLs with the one secret of the installation', async () => {
      const [a, b] = await Promise.all([
        loadFileUrlSecret(one.db, undefined),
        loadFileUrlSecret(two.db, undefined),
      ]);
      expect(a.length).toBe(32);
      expect(b.equals(a)).toBe(true);
    });

    it('a document uploaded through one downloads through the other', async () => {
      const t = await createIssueTeam(one);
      const id = await t.issue();
      const file = pdf(20_000);
      const res = await one.callForm(
        'POST',
        `${API}/issue/${id}/upload`,
        attachmentForm([{ file, name: 'manual.pdf' }]),
        t.tokens.manager,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = await one.db
        .selectFrom('attachments')
        .select('file_key')
        .where('id', '=', res.body.data[0].id)
        .executeTakeFirstOrThrow();
      expect(await bucket.has(row.file_key)).toBe(true);
      // The URL as the other server answers it, fetched from the other again.
      const issue = await two.call('GET', `${API}/issue/${id}`, { token: t.tokens.member });
      const url = issue.body.attachments.find((a: { name: string }) => a.name === 'manual.pdf').url as string;
      for (const server of [two, one]) {
        const got = await download(server, url);
        expect(got.status).toBe(200);
        expect(Buffer.from(await got.arrayBuffer()).equals(file)).toBe(true);
      }
    });

    it('a picture replaced through two is gone through one (and from the bucket); the new one is there', async () => {
      const { member } = await createTeam(one.db);
      const token = await login(one, member);
      const first = await one.callForm(
        'POST',
        `${API}/user/${member.id}`,
        imageForm(await pngImage(300, 300), 'me.png', 'image/png'),
        token,
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const oldUrl = first.body.profile_image as string;
      const oldKey = (
        await one.db
          .selectFrom('users')
          .select('profile_image')
          .where('id', '=', member.id)
          .executeTakeFirstOrThrow()
      ).profile_image as string;
      expect((await download(two, oldUrl)).status).toBe(200);

      const second = await two.callForm(
        'POST',
        `${API}/user/${member.id}`,
        imageForm(await pngImage(200, 200), 'me-again.png', 'image/png'),
        token,
      );
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const gone = await download(one, oldUrl);
      expect(gone.status).toBe(404);
      expect(await bucket.has(oldKey)).toBe(false);
      const fresh = await download(one, second.body.profile_image as string);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('content-type')).toMatch(/^image\//);
    });
  });

  describe('the Idempotency-Key', () => {
    it('the same write sent to both servers at once has one effect, and both answer it after', async () => {
      const t = await createIssueTeam(one);
      const id = await t.issue();
      const post = (server: TestServer, key: string, comment: string) =>
        server.call('POST', `${API}/issue/${id}/comments`, {
          token: t.tokens.member,
          body: { comment },
          headers: { 'idempotency-key': key },
        });
      const rounds = 6;
      for (let n = 0; n < rounds; n++) {
        const key = `two-servers-${Date.now()}-${n}`;
        const answers = await Promise.all([post(one, key, `Note ${n}`), post(two, key, `Note ${n}`)]);
        const ran = answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
        // One ran; the other was either told it is still running or got the first answer replayed.
        expect(ran, JSON.stringify(answers.map((r) => [r.status, r.body]))).toHaveLength(1);
        for (const other of answers.filter((r) => r !== ran[0])) {
          if (other.status === 409) expect(other.body.error).toBe('idempotency_key_in_use');
          else {
            expect(other.status).toBe(201);
            expect(other.headers.get('idempotent-replayed')).toBe('true');
            expect(other.body).toEqual(ran[0]?.body);
          }
        }
        // Sent again (a retry after a lost answer), to either: the first answer, nothing run.
        for (const server of [two, one]) {
          const replay = await post(server, key, `Note ${n}`);
          expect(replay.status).toBe(201);
          expect(replay.headers.get('idempotent-replayed')).toBe('true');
          expect(replay.body).toEqual(ran[0]?.body);
        }
        // The same key with another body, on the other server: refused.
        expect((await post(two, key, 'Something else')).body.error).toBe('idempotency_key_reused');
      }
      const comments = await one.db
        .selectFrom('issue_comments')
        .select('comment')
        .where('issue_id', '=', id)
        .orderBy('id')
        .execute();
      expect(comments.map((c) => c.comment)).toEqual(Array.from({ length: rounds }, (_, n) => `Note ${n}`));
    });
  });
});
