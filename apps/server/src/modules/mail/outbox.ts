import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, MailAttachmentRef } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type OutgoingMail = {
  clientId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** Stored files sent along (the sender reads them from storage when it delivers). */
  attachments?: MailAttachmentRef[];
};

/**
 * Every e-mail goes through the outbox table, written in the same transaction as the change
 * that causes it; the sender job delivers it when SMTP is configured. Answers the mail's id.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      client_id: mail.clientId,
      to_email: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      kind: mail.kind,
      ...(mail.attachments?.length ? { attachments: JSON.stringify(mail.attachments) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The readable outbox of an organisation: its own mails, plus any mail addressed to one of its
 * users (e.g. a mail without a client, sent before the address joined), newest first.
 */
export function listOutbox(db: Db, clientId: number, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_email', 'subject', 'text', 'kind', 'status', 'attempts', 'created_at', 'sent_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('users as u')
            .innerJoin('user_clients as uc', 'uc.user_id', 'u.id')
            .select(sql`1`.as('one'))
            .where(sql<string>`lower(u.email)`, '=', sql<string>`lower(mail_outbox.to_email)`)
            .where('uc.client_id', '<>', clientId),
        )
        .as('recipient_elsewhere'),
    )
    .where((eb) =>
      eb.or([
        eb('client_id', '=', clientId),
        eb(
          sql<string>`lower(to_email)`,
          'in',
          eb
            .selectFrom('users')
            .select(sql<string>`lower(email)`.as('email'))
            .where('users.client_id', '=', clientId)
            .where('users.deleted_at', 'is', null),
        ),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A web address in a mail's text: a one-time link (reset, login, invitation, joining) among them. */
const LINK = /https?:\/\/\S+/g;

/**
 * What an admin may read of a mail in the outbox. Its links are one-time keys to an account, so
 * they are hidden when the mail went out by SMTP (the outbox is then only a delivery log) and
 * whenever the addressee belongs to another organisation too: an admin here must not be able to
 * open the account of someone who is an admin somewhere else.
 */
export function readableText(text: string, options: { smtp: boolean; recipientElsewhere: boolean }): string {
  return options.smtp || options.recipientElsewhere ? text.replace(LINK, '[link hidden]') : text;
}
