import type { Insertable, Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../src/db/schema.js';

/** Inserts a notification row directly (an in-app issue_assigned unless told otherwise). */
export async function createNotification(
  db: Kysely<Database>,
  values: Partial<Insertable<NotificationsTable>> & { client_id: number; user_id: number; entity_id: number },
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      event_type: 'issue_assigned',
      entity_type: 'issue',
      actor_id: null,
      data: JSON.stringify({ title: 'Leaking pipe' }),
      dedupe_key: null,
      channel: 'in_app',
      mail_id: null,
      read_at: null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
