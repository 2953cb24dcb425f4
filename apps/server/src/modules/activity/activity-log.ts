import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  entityPeopleSql,
  entityWorkspaceSql,
  isPublished,
  liveChannelSql,
  livePayloadSql,
} from '../live/live-publish.js';
import { notifyFromActivity } from '../notifications/notify-from-activity.js';

export type ActivityEntry = {
  clientId: number;
  userId: number | null;
  entityType: string;
  entityId: number;
  action: string;
  changes?: Record<string, unknown>;
};

/**
 * One activity log for every entity (users, clients, issues, equipment, ...). Each entry is also
 * the change's live event (published to open screens on every server, in the same statement) and
 * the source of its notifications (notify-from-activity.ts: the event table decides who hears).
 */
export async function logActivity(
  db: Kysely<Database> | Transaction<Database>,
  entry: ActivityEntry,
): Promise<void> {
  const changes = JSON.stringify(entry.changes ?? {});
  if (!isPublished(entry.entityType, entry.action)) {
    await db
      .insertInto('activity_log')
      .values({
        client_id: entry.clientId,
        user_id: entry.userId,
        entity_type: entry.entityType,
        entity_id: entry.entityId,
        action: entry.action,
        changes,
      })
      .execute();
  } else {
    await sql`
      WITH a AS (
        INSERT INTO activity_log (client_id, user_id, entity_type, entity_id, action, changes)
        VALUES (${entry.clientId}, ${entry.userId}, ${entry.entityType}, ${entry.entityId}, ${entry.action}, ${changes}::jsonb)
        RETURNING client_id, user_id, entity_type, entity_id, action
      ), e AS (
        INSERT INTO live_events (client_id, kind, entity_type, entity_id, action, workspace_id, user_ids, actor_id)
        SELECT a.client_id, 'change', a.entity_type, a.entity_id, a.action,
          ${entityWorkspaceSql(entry.entityType)}, ${entityPeopleSql(entry.entityType)}, a.user_id
        FROM a
        RETURNING *
      )
      SELECT pg_notify(${liveChannelSql()}, ${livePayloadSql()}) FROM e`.execute(db);
  }
  await notifyFromActivity(db, entry);
}
