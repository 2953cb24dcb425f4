import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTransport, sendPendingMails } from '../src/jobs/mail-outbox.js';
import { enqueueMail } from '../src/modules/mail/outbox.js';
import { createOrganisation, uniqueEmail } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtpFrom: 'Workbench <no-reply@test>' });
});
afterAll(async () => {
  await server?.close();
});

function fakeTransport(failFor: string[] = []) {
  const sent: Array<{ to: string; from: string; subject: string }> = [];
  const transport: MailTransport = {
    sendMail: async (mail) => {
      if (failFor.includes(mail.to)) throw new Error('550 mailbox unavailable');
      sent.push(mail);
    },
  };
  return { sent, transport };
}

describe('mail outbox sender', () => {
  it('sends pending mails once, marks them sent, and retries failures later', async () => {
    const org = await createOrganisation(server.db);
    const good = uniqueEmail('good');
    const bad = uniqueEmail('bad');
    for (const to of [good, bad]) {
      await enqueueMail(server.db, { clientId: org.id, to, subject: 'Hi', text: 'Hello', kind: 'test' });
    }
    const { sent, transport } = fakeTransport([bad]);
    const first = await sendPendingMails(server.ctx, transport);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(sent.map((m) => m.to)).toContain(good);
    expect(sent.find((m) => m.to === good)?.from).toBe('Workbench <no-reply@test>');

    const rows = await server.db
      .selectFrom('mail_outbox')
      .select(['to_email', 'status', 'attempts', 'last_error', 'claimed_until'])
      .where('to_email', 'in', [good, bad])
      .execute();
    expect(rows.find((r) => r.to_email === good)).toMatchObject({ status: 'delivered', attempts: 1 });
    const failed = rows.find((r) => r.to_email === bad);
    expect(failed).toMatchObject({ status: 'temp_fail', attempts: 1 });
    expect(failed?.last_error).toContain('550');
    // Backing off: the failed mail is not tried again at once, the sent one never again.
    const second = await sendPendingMails(server.ctx, transport);
    expect(second).toEqual({ sent: 0, failed: 0 });
    expect(sent.filter((m) => m.to === good)).toHaveLength(1);
  });

  it('two senders at once never send the same mail twice', async () => {
    const org = await createOrganisation(server.db);
    const addresses = Array.from({ length: 6 }, () => uniqueEmail('many'));
    for (const to of addresses) {
      await enqueueMail(server.db, { clientId: org.id, to, subject: 'Hi', text: 'Hello', kind: 'test' });
    }
    const a = fakeTransport();
    const b = fakeTransport();
    await Promise.all([sendPendingMails(server.ctx, a.transport), sendPendingMails(server.ctx, b.transport)]);
    const all = [...a.sent, ...b.sent].map((m) => m.to).filter((to) => addresses.includes(to));
    expect(all.sort()).toEqual([...addresses].sort());
  });
});
