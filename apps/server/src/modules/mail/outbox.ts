import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type OutgoingMail = {
  clientId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
};

/**
 * Every e-mail goes through the outbox table, written in the same transaction as the change
 * that causes it; the sender job delivers it when SMTP is configured.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      client_id: mail.clientId,
      to_email: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      kind: mail.kind,
    })
    .execute();
}

/**
 * The readable outbox of an organisation: its own mails, plus any mail addressed to one of its
 * users (e.g. a mail without a client, sent before the address joined), newest first.
 */
export function listOutbox(db: Db, clientId: number, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_email', 'subject', 'text', 'kind', 'status', 'attempts', 'created_at', 'sent_at'])
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
