import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose notifications: the caller's own, in the organisation they work in now. */
export type Recipient = { userId: number; clientId: number };

/** A notification with what the list shows of it: the actor, the e-mail's delivery status. */
export function selectNotifications(db: Db, who: Recipient) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('mail_outbox as m', 'm.id', 'n.mail_id')
    .select([
      'n.id',
      'n.event_type',
      'n.entity_type',
      'n.entity_id',
      'n.data',
      'n.channel',
      'n.email_state',
      'n.read_at',
      'n.created_at',
      'n.actor_id',
      'a.first_name as actor_first_name',
      'a.last_name as actor_last_name',
      'a.profile_image as actor_profile_image',
      'm.status as mail_status',
    ])
    .where('n.user_id', '=', who.userId)
    .where('n.client_id', '=', who.clientId);
}

export type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

/** One page, newest first (unread ones only when asked). */
export function findNotificationPage(
  db: Db,
  who: Recipient,
  page: { page: number; perPage: number; unread: boolean },
) {
  let query = selectNotifications(db, who);
  if (page.unread) query = query.where('n.read_at', 'is', null);
  return query
    .orderBy('n.id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
}

/** The total of the list, the unread count and the pause, in one statement. */
export async function findNotificationState(db: Db, who: Recipient, unreadOnly = false) {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.notifications_paused_until',
      eb
        .selectFrom('notifications as n')
        .select((e) => e.fn.countAll<string>().as('c'))
        .where('n.user_id', '=', who.userId)
        .where('n.client_id', '=', who.clientId)
        .where('n.read_at', 'is', null)
        .as('unread'),
      eb
        .selectFrom('notifications as n')
        .select((e) => e.fn.countAll<string>().as('c'))
        .where('n.user_id', '=', who.userId)
        .where('n.client_id', '=', who.clientId)
        .$if(unreadOnly, (q) => q.where('n.read_at', 'is', null))
        .as('total'),
    ])
    .where('u.id', '=', who.userId)
    .executeTakeFirstOrThrow();
  return {
    unread: Number(row.unread ?? 0),
    total: Number(row.total ?? 0),
    pausedUntil: row.notifications_paused_until,
  };
}

export function setReadAt(db: Db, who: Recipient, ids: readonly number[] | null, readAt: Date | null) {
  let query = db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('user_id', '=', who.userId)
    .where('client_id', '=', who.clientId);
  if (ids) query = query.where('id', 'in', [...ids]);
  query = readAt ? query.where('read_at', 'is', null) : query.where('read_at', 'is not', null);
  return query.execute();
}

export function setPausedUntil(db: Db, userId: number, until: Date | null) {
  return db
    .updateTable('users')
    .set({ notifications_paused_until: until })
    .where('id', '=', userId)
    .execute();
}

export function findPreferences(db: Db, who: Recipient) {
  return db
    .selectFrom('notification_preferences')
    .select(['event_type', 'channel'])
    .where('user_id', '=', who.userId)
    .where('client_id', '=', who.clientId)
    .execute();
}

export function upsertPreferences(
  db: Db,
  who: Recipient,
  preferences: readonly { event_type: string; channel: 'in_app' | 'email' | 'digest' | 'off' }[],
) {
  return db
    .insertInto('notification_preferences')
    .values(
      preferences.map((p) => ({
        user_id: who.userId,
        client_id: who.clientId,
        event_type: p.event_type,
        channel: p.channel,
        updated_at: new Date(),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'client_id', 'event_type']).doUpdateSet((eb) => ({
        channel: eb.ref('excluded.channel'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
