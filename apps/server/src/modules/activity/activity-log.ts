import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One activity log for every entity (users, clients, and later issues, equipment, ...). */
export async function logActivity(
  db: Kysely<Database> | Transaction<Database>,
  entry: {
    clientId: number;
    userId: number | null;
    entityType: string;
    entityId: number;
    action: string;
    changes?: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      client_id: entry.clientId,
      user_id: entry.userId,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      action: entry.action,
      changes: JSON.stringify(entry.changes ?? {}),
    })
    .execute();
}
