import { type Kysely, sql } from 'kysely';

// E-mails with attachments (issue 22, the PDF report's e-mail copies): the outbox row names each
// attached file by its storage key, the sender reads the bytes when it delivers the mail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
}
