import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTransport, sendPendingMails } from '../src/jobs/mail-outbox.js';
import {
  mailNotificationsRound,
  NOTIFICATION_MAIL_INTERVAL_MS,
} from '../src/modules/notifications/notification-jobs.js';
import { createTeam, createUser, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { createNotification } from './helpers/notifications-factories.js';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';

// The notification mailer: at most one mail per person per 10 minutes (what comes meanwhile goes
// together in the next), in the person's language, never twice with two rounds at once, nothing
// while paused; and the outbox's delivery statuses as the list's email_status.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const waiting = (clientId: number, userId: number, title: string, entityId = 7) =>
  createNotification(server.db, {
    client_id: clientId,
    user_id: userId,
    entity_id: entityId,
    channel: 'email',
    email_state: 'waiting',
    data: JSON.stringify({ title }),
  });

function mailsTo(email: string) {
  return server.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .where('kind', '=', 'notification')
    .orderBy('id')
    .execute();
}

describe('notification mailer', () => {
  it('bundles: one mail now, later ones wait 10 minutes and go together', async () => {
    const t = await createTeam(server.db);
    const first = await waiting(t.org.id, t.member.id, 'Broken tap', 11);
    const second = await waiting(t.org.id, t.member.id, 'Flickering light', 12);
    const now = new Date();
    await mailNotificationsRound(server.ctx, now);
    const mails = await mailsTo(t.member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 new notifications on Workbench');
    expect(mails[0]?.text).toContain('Someone assigned "Broken tap" to you');
    expect(mails[0]?.text).toContain('Someone assigned "Flickering light" to you');
    expect(mails[0]?.text).toContain(`${TEST_APP_URL}/dashboard/issues/detail/11`);
    expect(mails[0]?.text).toContain(`${TEST_APP_URL}/dashboard/profile/detail`);
    const rows = await server.db
      .selectFrom('notifications')
      .select(['id', 'email_state', 'mail_id'])
      .where('id', 'in', [first, second])
      .execute();
    expect(rows.every((r) => r.email_state === 'sent' && r.mail_id === mails[0]?.id)).toBe(true);

    // Within 10 minutes: the next waits.
    const third = await waiting(t.org.id, t.member.id, 'Blocked drain', 13);
    const fourth = await waiting(t.org.id, t.member.id, 'Stuck door', 14);
    await mailNotificationsRound(server.ctx, new Date(now.getTime() + 60_000));
    expect(await mailsTo(t.member.email)).toHaveLength(1);
    // After them, both in one mail.
    await mailNotificationsRound(
      server.ctx,
      new Date(now.getTime() + NOTIFICATION_MAIL_INTERVAL_MS + 60_000),
    );
    const later = await mailsTo(t.member.email);
    expect(later).toHaveLength(2);
    expect(later[1]?.text).toContain('Blocked drain');
    expect(later[1]?.text).toContain('Stuck door');
    const states = await server.db
      .selectFrom('notifications')
      .select('email_state')
      .where('id', 'in', [third, fourth])
      .execute();
    expect(states.map((s) => s.email_state)).toEqual(['sent', 'sent']);
  });

  it('two rounds at once never mail anybody twice', async () => {
    const t = await createTeam(server.db);
    const people = [
      t.member,
      ...(await Promise.all([1, 2, 3, 4].map(() => createUser(server.db, t.org.id)))),
    ];
    for (const p of people) {
      await waiting(t.org.id, p.id, 'One');
      await waiting(t.org.id, p.id, 'Two');
    }
    const now = new Date();
    await Promise.all([mailNotificationsRound(server.ctx, now), mailNotificationsRound(server.ctx, now)]);
    // Rounds that found people locked by the other leave them for later: one more round finds none to mail.
    await mailNotificationsRound(server.ctx, now);
    for (const p of people) expect(await mailsTo(p.email), p.email).toHaveLength(1);
  });

  it("writes in the person's language, and sends nothing while they pause", async () => {
    const t = await createTeam(server.db);
    await server.db.updateTable('users').set({ language: 'de' }).where('id', '=', t.member.id).execute();
    await waiting(t.org.id, t.member.id, 'Wasserhahn');
    await mailNotificationsRound(server.ctx);
    const [mail] = await mailsTo(t.member.email);
    expect(mail?.subject).toBe('Jemand hat Ihnen „Wasserhahn“ zugewiesen');
    expect(mail?.text).toContain('Hallo Mo,');

    const token = await login(server, t.admin);
    await server.call('POST', `${API}/notification/pause`, { token, body: { pause_for: 1 } });
    const paused = await waiting(t.org.id, t.admin.id, 'Paused');
    await mailNotificationsRound(server.ctx);
    expect(await mailsTo(t.admin.email)).toHaveLength(0);
    const row = await server.db
      .selectFrom('notifications')
      .select('email_state')
      .where('id', '=', paused)
      .executeTakeFirstOrThrow();
    expect(row.email_state).toBe('skipped');
    const list = await server.call('GET', `${API}/notification/`, { token });
    expect(list.body.data[0]).toMatchObject({ id: paused, email_status: null });
  });

  it('shows the delivery status: pending, delivered, temp_fail, permanent_fail', async () => {
    const t = await createTeam(server.db);
    const token = await login(server, t.member);
    const id = await waiting(t.org.id, t.member.id, 'Status check');
    const status = async () => {
      const list = await server.call('GET', `${API}/notification/`, { token });
      return list.body.data.find((n: { id: number }) => n.id === id)?.email_status;
    };
    expect(await status()).toBe('pending');
    await mailNotificationsRound(server.ctx);
    expect(await status()).toBe('pending');
    const [mail] = await mailsTo(t.member.email);
    const failing = (err: unknown): MailTransport => ({
      sendMail: async (m) => {
        if (m.to === t.member.email) throw err;
      },
    });
    await sendPendingMails(server.ctx, failing(new Error('421 try again later')));
    expect(await status()).toBe('temp_fail');
    // Retried once its back-off is over: a 5xx answer is final.
    await server.db
      .updateTable('mail_outbox')
      .set({ claimed_until: null })
      .where('id', '=', mail?.id ?? 0)
      .execute();
    await sendPendingMails(
      server.ctx,
      failing(Object.assign(new Error('550 no such mailbox'), { responseCode: 550 })),
    );
    expect(await status()).toBe('permanent_fail');

    const okId = await waiting(t.org.id, t.member.id, 'Delivered one');
    await mailNotificationsRound(server.ctx, new Date(Date.now() + NOTIFICATION_MAIL_INTERVAL_MS + 1000));
    await sendPendingMails(server.ctx, { sendMail: async () => undefined });
    const list = await server.call('GET', `${API}/notification/`, { token });
    expect(list.body.data.find((n: { id: number }) => n.id === okId)?.email_status).toBe('delivered');
  });
});
