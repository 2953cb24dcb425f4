import { type Kysely, sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';

const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** How long a sender holds claimed rows; after a crash another instance takes them over. */
const CLAIM_MS = 2 * 60_000;
const POLL_MS = 5_000;

/** What the sender needs of a transport: nodemailer's, or a fake in tests. */
export type MailTransport = {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
};

/** An outbox row's attachments with their bytes (a file gone from storage is left out). */
async function attachmentsOf(
  storage: AppContext['storage'] | undefined,
  refs: unknown,
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  if (!storage || !Array.isArray(refs) || !refs.length) return [];
  const out = [];
  for (const ref of refs as { filename: string; content_type: string; storage_key: string }[]) {
    const content = await storage.get(ref.storage_key);
    if (content) out.push({ filename: ref.filename, contentType: ref.content_type, content });
  }
  return out;
}

/**
 * Once a mail is done with (delivered or given up), its attached files (a PDF report's copy) are
 * removed from storage when no mail still waiting to be sent names them: copies to several
 * addresses share one stored file.
 */
async function releaseAttachments(
  ctx: Pick<AppContext, 'db'> & { storage?: AppContext['storage'] },
  refs: unknown,
): Promise<void> {
  if (!ctx.storage || !Array.isArray(refs) || !refs.length) return;
  for (const ref of refs as { storage_key: string }[]) {
    const waiting = await ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', 'in', ['pending', 'temp_fail'])
      .where(sql<boolean>`attachments @> ${JSON.stringify([{ storage_key: ref.storage_key }])}::jsonb`)
      .limit(1)
      .executeTakeFirst();
    if (!waiting) await ctx.storage.remove(ref.storage_key);
  }
}

/**
 * Claims up to BATCH pending mails. FOR UPDATE SKIP LOCKED makes concurrent claimers (several
 * server instances) take disjoint rows; the claim is a timestamp, so the transaction ends before
 * any slow SMTP conversation starts (on PGlite an open transaction would block every request).
 */
export async function claimPendingMails(db: Kysely<Database>, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const ids = await trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', 'in', ['pending', 'temp_fail'])
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    if (!ids.length) return [];
    return trx
      .updateTable('mail_outbox')
      .set({ claimed_until: new Date(now.getTime() + CLAIM_MS) })
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .returningAll()
      .execute();
  });
}

/** An SMTP answer in the 5xx range: the server refused the mail for good. */
function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Sends what it can claim; a failure is retried later (backing off), and given up after MAX_ATTEMPTS. */
export async function sendPendingMails(
  ctx: Pick<AppContext, 'db' | 'config'> & { storage?: AppContext['storage'] },
  transport: MailTransport,
): Promise<{ sent: number; failed: number }> {
  const mails = await claimPendingMails(ctx.db);
  let sent = 0;
  let failed = 0;
  for (const mail of mails) {
    const attempts = mail.attempts + 1;
    try {
      const attachments = await attachmentsOf(ctx.storage, mail.attachments);
      await transport.sendMail({
        from: ctx.config.smtpFrom,
        to: mail.to_email,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      await ctx.db
        .updateTable('mail_outbox')
        .set({ status: 'delivered', sent_at: new Date(), attempts, claimed_until: null, last_error: null })
        .where('id', '=', mail.id)
        .execute();
      // A file left behind is harmless; it must not make a delivered mail count as failed.
      await releaseAttachments(ctx, mail.attachments).catch(() => undefined);
      sent++;
    } catch (err) {
      failed++;
      // A 5xx answer (mailbox unknown, refused) will not change by trying again.
      const giveUp = attempts >= MAX_ATTEMPTS || isPermanentFailure(err);
      await ctx.db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: String(err).slice(0, 500),
          status: giveUp ? 'permanent_fail' : 'temp_fail',
          // Wait longer after each failure: 1, 2, 4, 8 minutes.
          claimed_until: giveUp ? null : new Date(Date.now() + 60_000 * 2 ** (attempts - 1)),
        })
        .where('id', '=', mail.id)
        .execute();
      if (giveUp) await releaseAttachments(ctx, mail.attachments).catch(() => undefined);
    }
  }
  return { sent, failed };
}

/** Starts the sender loop when SMTP is configured (otherwise mails stay readable in the outbox); returns a stop function. */
export function startMailSender(ctx: AppContext, log: (msg: string) => void): () => Promise<void> {
  const smtp = ctx.config.smtp;
  if (!smtp) return async () => {};
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
  });
  let current: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    current = sendPendingMails(ctx, transport)
      .catch((err) => log(`mail sender: ${String(err)}`))
      .finally(() => {
        current = undefined;
      });
  }, POLL_MS);
  // Stopping waits for a round in progress, so the database is not closed under it.
  return async () => {
    clearInterval(timer);
    await current;
    transport.close();
  };
}
