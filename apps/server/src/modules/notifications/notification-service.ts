import {
  buildPage,
  effectiveChannel,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEventType,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationPreferencesResponse,
  type NotificationState,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { presentNotification, presentState } from './notification-presenter.js';
import {
  findNotificationPage,
  findNotificationState,
  findPreferences,
  type Recipient,
  selectNotifications,
  setPausedUntil,
  setReadAt,
  upsertPreferences,
} from './notification-queries.js';

const recipientOf = (auth: Auth): Recipient => ({ userId: auth.userId, clientId: auth.clientId });

/** GET notification/: the caller's notifications, newest first, with the bell's figures. */
export async function listNotifications(
  ctx: AppContext,
  auth: Auth,
  query: NotificationListQuery,
  path: string,
): Promise<NotificationListResponse> {
  const who = recipientOf(auth);
  const unread = query.unread === 1;
  const [rows, state] = await Promise.all([
    findNotificationPage(ctx.db, who, { page: query.page, perPage: query.per_page, unread }),
    findNotificationState(ctx.db, who, unread),
  ]);
  return {
    ...buildPage({
      rows: rows.map(presentNotification),
      total: state.total,
      page: query.page,
      perPage: query.per_page,
      path,
      query: { per_page: query.per_page, ...(unread ? { unread: 1 } : {}) },
    }),
    ...presentState(state),
  };
}

export async function notificationState(ctx: AppContext, auth: Auth): Promise<NotificationState> {
  return presentState(await findNotificationState(ctx.db, recipientOf(auth)));
}

/** POST notification/pause: no e-mails for `hours` hours (in-app notifications still arrive). */
export async function pauseNotifications(
  ctx: AppContext,
  auth: Auth,
  hours: number,
): Promise<NotificationState> {
  await setPausedUntil(ctx.db, auth.userId, new Date(Date.now() + hours * 3_600_000));
  return notificationState(ctx, auth);
}

export async function unpauseNotifications(ctx: AppContext, auth: Auth): Promise<NotificationState> {
  await setPausedUntil(ctx.db, auth.userId, null);
  return notificationState(ctx, auth);
}

/** PUT notification/:id/mark_unread (the id guard proved it is the caller's). */
export async function markUnread(ctx: AppContext, auth: Auth, id: number) {
  const who = recipientOf(auth);
  await setReadAt(ctx.db, who, [id], null);
  const row = await selectNotifications(ctx.db, who).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Notification not found');
  return presentNotification(row);
}

/** PUT notification/web/mark_read: the ids given (the caller's; others' are left alone), or all. */
export async function markRead(ctx: AppContext, auth: Auth, ids: number[] | undefined) {
  await setReadAt(ctx.db, recipientOf(auth), ids ?? null, new Date());
  return { success: true as const, ...(await notificationState(ctx, auth)) };
}

/** GET notification/preferences: every event type of the table, as chosen or by default. */
export async function getPreferences(ctx: AppContext, auth: Auth): Promise<NotificationPreferencesResponse> {
  const who = recipientOf(auth);
  const [chosen, state] = await Promise.all([
    findPreferences(ctx.db, who),
    findNotificationState(ctx.db, who),
  ]);
  const byType = new Map(chosen.map((p) => [p.event_type, p.channel as NotificationChannel]));
  return {
    preferences: NOTIFICATION_EVENTS.map((e) => ({
      event_type: e.type,
      channel: effectiveChannel(e.type as NotificationEventType, byType.get(e.type)),
      default_channel: e.defaultChannel,
      group: e.group,
    })),
    paused_until: presentState(state).paused_until,
  };
}

export async function updatePreferences(
  ctx: AppContext,
  auth: Auth,
  preferences: { event_type: NotificationEventType; channel: NotificationChannel }[],
): Promise<NotificationPreferencesResponse> {
  await upsertPreferences(ctx.db, recipientOf(auth), preferences);
  return getPreferences(ctx, auth);
}
