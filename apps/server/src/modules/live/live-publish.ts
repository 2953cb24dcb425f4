import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Publishing live events (issue 20). Every change the activity log records is also a numbered
 * live event, published with NOTIFY in the same statement and transaction as the log entry, so
 * it reaches every server's LISTEN exactly when (and only if) the change commits.
 * The channel is per database schema (tests give each server a schema of its own).
 */
export const LIVE_CHANNEL_PREFIX = 'wb_live_';
export const liveChannelSql = (): RawBuilder<string> =>
  sql<string>`${LIVE_CHANNEL_PREFIX} || current_schema()`;

/** Actions about a person's own account that nobody else's screen shows: logged, not published. */
const PRIVATE_ACTIONS = new Set([
  'login',
  'signup',
  'password_changed',
  'password_reset',
  'calendar_feed_created',
  'calendar_feed_revoked',
  'switched_client',
  'onboarding_updated',
  'privacy_consent_given',
]);

export function isPublished(_entityType: string, action: string): boolean {
  return !PRIVATE_ACTIONS.has(action);
}

/**
 * The workspace an entity belongs to (who may see its events), from a row `a` of (client_id,
 * entity_type, entity_id): the entity is of the organisation `a` names.
 */
export function entityWorkspaceSql(entityType: string): RawBuilder<number | null> {
  switch (entityType) {
    case 'issue':
      return sql`(SELECT i.workspace_id FROM issues i WHERE i.client_id = a.client_id AND i.id = a.entity_id)`;
    case 'schedule':
      return sql`(SELECT s.workspace_id FROM schedules s WHERE s.client_id = a.client_id AND s.id = a.entity_id)`;
    case 'asset':
      return sql`(SELECT x.workspace_id FROM assets x WHERE x.client_id = a.client_id AND x.id = a.entity_id)`;
    case 'workspace':
      return sql`a.entity_id`;
    default:
      return sql`NULL::integer`;
  }
}

/** The people an entity concerns directly (a partner with limited access hears only of these). */
export function entityPeopleSql(entityType: string): RawBuilder<number[]> {
  if (entityType === 'issue') {
    return sql`ARRAY(
      SELECT u FROM issues i, unnest(ARRAY[i.assignee_id, i.created_by]) AS u
        WHERE i.client_id = a.client_id AND i.id = a.entity_id AND u IS NOT NULL
      UNION SELECT w.user_id FROM issue_watchers w WHERE w.client_id = a.client_id AND w.issue_id = a.entity_id
      LIMIT 200)`;
  }
  return sql`'{}'::integer[]`;
}

/**
 * The NOTIFY payload of a live_events row `e`: the whole event as JSON (well under NOTIFY's
 * 8000 bytes: user_ids are at most 200 ids, data a few small fields such as notification_id).
 */
export function livePayloadSql(): RawBuilder<string> {
  return sql<string>`json_build_object(
    'id', e.id::text, 'client_id', e.client_id, 'kind', e.kind, 'entity_type', e.entity_type,
    'entity_id', e.entity_id, 'action', e.action, 'workspace_id', e.workspace_id,
    'user_ids', e.user_ids, 'actor_id', e.actor_id, 'data', e.data, 'at', e.created_at)::text`;
}

/**
 * Publishes changes that were logged without logActivity (bulk writers: the schedule
 * materializer, presence alarms), all of one entity type, in one statement.
 */
export async function publishLiveChanges(
  db: Kysely<Database> | Transaction<Database>,
  entityType: string,
  changes: ReadonlyArray<{ clientId: number; entityId: number; action: string; actorId: number | null }>,
): Promise<void> {
  if (!changes.length) return;
  const rows = JSON.stringify(
    changes.map((c) => ({
      client_id: c.clientId,
      entity_id: c.entityId,
      action: c.action,
      user_id: c.actorId,
    })),
  );
  await sql`
    WITH a AS (
      SELECT r.client_id, ${entityType}::text AS entity_type, r.entity_id, r.action, r.user_id
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(client_id integer, entity_id integer, action text, user_id integer)
    ), e AS (
      INSERT INTO live_events (client_id, kind, entity_type, entity_id, action, workspace_id, user_ids, actor_id)
      SELECT a.client_id, 'change', a.entity_type, a.entity_id, a.action,
        ${entityWorkspaceSql(entityType)}, ${entityPeopleSql(entityType)}, a.user_id
      FROM a
      RETURNING *
    )
    SELECT pg_notify(${liveChannelSql()}, ${livePayloadSql()}) FROM e`.execute(db);
}
