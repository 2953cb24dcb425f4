import { type Notification, type NotificationData, notificationPath } from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import type { NotificationRow } from './notification-queries.js';

/**
 * A notification as the API answers it: its path (notificationPath), the actor, and the e-mail's
 * delivery status (000 §3): waiting for the mailer → pending, sent → the outbox's status,
 * skipped (in-app only, paused) → null.
 */
export function presentNotification(row: NotificationRow): Notification {
  const data = (row.data ?? {}) as NotificationData;
  return {
    id: row.id,
    event_type: row.event_type,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    read: row.read_at !== null,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    actor:
      row.actor_id !== null && row.actor_first_name !== null
        ? {
            id: row.actor_id,
            full_name: `${row.actor_first_name} ${row.actor_last_name ?? ''}`.trim(),
            profile_image: fileUrl(row.actor_profile_image ?? null),
          }
        : null,
    data,
    path: notificationPath({ entity_type: row.entity_type, entity_id: row.entity_id, data }),
    channel: row.channel,
    email_status:
      row.email_state === 'waiting'
        ? 'pending'
        : row.email_state === 'sent'
          ? (row.mail_status ?? null)
          : null,
  };
}

export function presentState(state: { unread: number; pausedUntil: Date | null }, now = new Date()) {
  return {
    unread_count: state.unread,
    paused_until: state.pausedUntil && state.pausedUntil > now ? state.pausedUntil.toISOString() : null,
  };
}
