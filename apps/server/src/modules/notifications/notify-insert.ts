import { type NotificationEventType, notificationEvent } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { liveChannelSql, livePayloadSql } from '../live/live-publish.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * THE one statement that makes notifications (issue 20): from a query of rows (user_id,
 * client_id, entity_id, data) it inserts one notification per row for the active, not deleted
 * people other than the actor, through the channel they chose for the event type (else its
 * default; 'off': no row), its e-mail waiting unless in-app only or paused, at most once per
 * recipient, entity and day for daily events (dedupe_key); and, in the same statement, one live
 * event per notification (kind 'notification'), published with NOTIFY. Answers how many it made.
 */
export async function insertNotifications(
  db: Db,
  args: {
    type: NotificationEventType;
    entityType: string;
    rows: RawBuilder<{ user_id: number; client_id: number; entity_id: number; data: unknown }>;
    actorId: number | null;
    dedupeKey?: string | null;
  },
): Promise<number> {
  const event = notificationEvent(args.type);
  if (!event) return 0;
  const { rows } = await sql`
    WITH r AS ${args.rows},
    n AS (
      INSERT INTO notifications (client_id, user_id, event_type, entity_type, entity_id, actor_id, data, dedupe_key, channel, email_state)
      SELECT DISTINCT ON (r.user_id, r.entity_id) r.client_id, r.user_id, ${args.type}, ${args.entityType}, r.entity_id,
        ${args.actorId}::integer, COALESCE(r.data, '{}'::jsonb), ${args.dedupeKey ?? null}::text, ch.channel,
        CASE WHEN ch.channel = 'in_app' OR u.notifications_paused_until > now() THEN 'skipped' ELSE 'waiting' END
      FROM r
      JOIN users u ON u.id = r.user_id
      LEFT JOIN notification_preferences p
        ON p.user_id = r.user_id AND p.client_id = r.client_id AND p.event_type = ${args.type}
      CROSS JOIN LATERAL (SELECT COALESCE(p.channel, ${event.defaultChannel}) AS channel) ch
      WHERE u.deleted_at IS NULL AND u.status = 'active' AND ch.channel <> 'off'
        AND r.user_id IS DISTINCT FROM ${args.actorId}::integer
      ORDER BY r.user_id, r.entity_id, r.client_id
      ON CONFLICT DO NOTHING
      RETURNING id, client_id, user_id, event_type, entity_type, entity_id, actor_id
    ), e AS (
      INSERT INTO live_events (client_id, kind, entity_type, entity_id, action, user_ids, actor_id, data)
      SELECT n.client_id, 'notification', n.entity_type, n.entity_id, n.event_type, ARRAY[n.user_id], n.actor_id,
        jsonb_build_object('notification_id', n.id)
      FROM n
      RETURNING *
    )
    SELECT pg_notify(${liveChannelSql()}, ${livePayloadSql()}) FROM e`.execute(db);
  return rows.length;
}
