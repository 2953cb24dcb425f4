import { z } from 'zod';
import { ZSuccessResponseSchema } from '../auth/auth.js';
import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import {
  ZNotificationListQuerySchema,
  ZNotificationListResponseSchema,
  ZNotificationMarkReadRequestSchema,
  ZNotificationPauseRequestSchema,
  ZNotificationPreferencesRequestSchema,
  ZNotificationPreferencesResponseSchema,
  ZNotificationSchema,
  ZNotificationStateSchema,
  ZNotificationUnpauseRequestSchema,
} from './notification-schemas.js';

const tags = ['Notifications'];

/** 000 §7 "Users and notifications": the caller's own notifications, in the organisation they work in. */
export const notificationContracts = {
  list: defineContract({
    method: 'GET',
    path: '/notification/',
    aliases: ['/notification'],
    caller: 'user',
    ids: {},
    query: ZNotificationListQuerySchema,
    response: ZNotificationListResponseSchema,
    tags,
    summary: 'Your notifications, newest first, paged, with the unread count and the pause',
  }),
  state: defineContract({
    method: 'GET',
    path: '/notification/unread_count',
    caller: 'user',
    ids: {},
    response: ZNotificationStateSchema,
    tags,
    summary: "The bell's figure: your unread notifications, and until when e-mails are paused",
  }),
  pause: defineContract({
    method: 'POST',
    path: '/notification/pause',
    caller: 'user',
    ids: {},
    body: ZNotificationPauseRequestSchema,
    response: ZNotificationStateSchema,
    tags,
    summary: 'Pause notification e-mails for pause_for hours (1 to 168); in-app notifications still arrive',
  }),
  unpause: defineContract({
    method: 'POST',
    path: '/notification/unpause',
    caller: 'user',
    ids: {},
    body: ZNotificationUnpauseRequestSchema,
    response: ZNotificationStateSchema,
    tags,
    summary: 'End a pause of notification e-mails',
  }),
  markUnread: defineContract({
    method: 'PUT',
    path: '/notification/:id/mark_unread',
    caller: 'user',
    ids: { id: 'notification' },
    params: ZIdParamsSchema,
    response: ZNotificationSchema,
    tags,
    summary: 'Mark one of your notifications unread again',
  }),
  markRead: defineContract({
    method: 'PUT',
    path: '/notification/web/mark_read',
    caller: 'user',
    ids: {},
    body: ZNotificationMarkReadRequestSchema,
    response: ZSuccessResponseSchema.extend(ZNotificationStateSchema.shape),
    tags,
    summary: 'Mark the notifications given read, or all of yours when ids is left out',
  }),
  preferences: defineContract({
    method: 'GET',
    path: '/notification/preferences',
    caller: 'user',
    ids: {},
    response: ZNotificationPreferencesResponseSchema,
    tags,
    summary: 'How you hear of each event type: in_app, email, digest (a daily e-mail) or off',
  }),
  updatePreferences: defineContract({
    method: 'PUT',
    path: '/notification/preferences',
    caller: 'user',
    ids: {},
    body: ZNotificationPreferencesRequestSchema,
    response: ZNotificationPreferencesResponseSchema,
    tags,
    summary: 'Change how you hear of the event types given',
  }),
};

/** The live update stream (live-events.ts). */
export const liveContracts = {
  events: defineContract({
    method: 'GET',
    path: '/events',
    caller: 'user',
    ids: {},
    query: z.object({
      last_event_id: z
        .string()
        .max(20)
        .optional()
        .describe('Where to resume, for clients that cannot send the Last-Event-ID header'),
    }),
    produces: ['text/event-stream'],
    tags,
    summary:
      'Server-sent events of the changes you may see and of your new notifications (change, notification, reset); resume with the Last-Event-ID header',
  }),
};
