import { z } from 'zod';
import { pagedEnvelope } from '../lists/paged.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_TYPES,
  NOTIFICATION_PAUSE_MAX_HOURS,
} from './notification-events.js';

/** The spec's e-mail delivery statuses (000 §3); temp_fail and permanent_fail show as "not delivered". */
export const EMAIL_DELIVERY_STATUSES = ['pending', 'delivered', 'temp_fail', 'permanent_fail'] as const;
export const ZEmailDeliveryStatusSchema = z.enum(EMAIL_DELIVERY_STATUSES);
export type EmailDeliveryStatus = z.infer<typeof ZEmailDeliveryStatusSchema>;

export const ZNotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export const ZNotificationEventTypeSchema = z.enum(NOTIFICATION_EVENT_TYPES);

/** What the bell shows of the entity as it was when the event happened (texts stay the web's, by type). */
export const ZNotificationDataSchema = z
  .object({
    /** The or schedule's title, the item's, file's or partner's name. */
    title: z.string().nullable().optional(),
    workspace_name: z.string().nullable().optional(),
    status_id: z.number().int().nullable().optional(),
    from_status_id: z.number().int().nullable().optional(),
    /** The first 200 characters of a comment. */
    comment: z.string().nullable().optional(),
    due_date: z.string().nullable().optional(),
    equipment_id: z.number().int().nullable().optional(),
    asset_id: z.number().int().nullable().optional(),
    /** A location request's answer: the asked person. */
    user_id: z.number().int().nullable().optional(),
    /** A schedule decision: accepted or declined; a booking decision: approved or declined. */
    decision: z.string().nullable().optional(),
  })
  .meta({ id: 'NotificationData' });
export type NotificationData = z.infer<typeof ZNotificationDataSchema>;

export const ZNotificationSchema = z
  .object({
    id: z.number().int(),
    event_type: z.string().describe('A type of the notification event table (notification-events.ts)'),
    entity_type: z.string(),
    entity_id: z.number().int(),
    read: z.boolean(),
    read_at: z.string().nullable(),
    created_at: z.string(),
    actor: z
      .object({ id: z.number().int(), full_name: z.string(), profile_image: z.string().nullable() })
      .nullable(),
    data: ZNotificationDataSchema,
    /** The web page that shows the entity. */
    path: z.string(),
    channel: z.enum(['in_app', 'email', 'digest']),
    /** null when no e-mail goes out for it (in-app only, or paused). */
    email_status: ZEmailDeliveryStatusSchema.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof ZNotificationSchema>;

export const ZNotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** 1: unread ones only. */
  unread: z.coerce.number().int().min(0).max(1).default(0),
});
export type NotificationListQuery = z.infer<typeof ZNotificationListQuerySchema>;

export const ZNotificationStateSchema = z.object({
  unread_count: z.number().int(),
  /** Until when nothing is e-mailed (ISO), null when not paused. */
  paused_until: z.string().nullable(),
});
export type NotificationState = z.infer<typeof ZNotificationStateSchema>;

export const ZNotificationListResponseSchema = pagedEnvelope(ZNotificationSchema)
  .extend(ZNotificationStateSchema.shape)
  .meta({ id: 'NotificationList' });
export type NotificationListResponse = z.infer<typeof ZNotificationListResponseSchema>;

/** POST notification/pause: pause_for in hours (the spec leaves the unit out; we chose hours). */
export const ZNotificationPauseRequestSchema = z.object({
  pause_for: z.coerce.number().int().min(1).max(NOTIFICATION_PAUSE_MAX_HOURS).describe('Hours, 1 to 168'),
});
/** POST notification/unpause: pause_for is accepted and ignored (the spec sends 1). */
export const ZNotificationUnpauseRequestSchema = z.object({
  pause_for: z.coerce.number().int().min(0).max(NOTIFICATION_PAUSE_MAX_HOURS).optional(),
});

/** PUT notification/web/mark_read: the ids given, or every unread one when ids is left out. */
export const ZNotificationMarkReadRequestSchema = z.object({
  ids: z.array(z.number().int().min(1)).min(1).max(500).optional(),
});

export const ZNotificationPreferenceSchema = z.object({
  event_type: ZNotificationEventTypeSchema,
  channel: ZNotificationChannelSchema,
});
export type NotificationPreference = z.infer<typeof ZNotificationPreferenceSchema>;

export const ZNotificationPreferencesResponseSchema = z
  .object({
    preferences: z.array(
      ZNotificationPreferenceSchema.extend({
        default_channel: z.enum(['in_app', 'email', 'digest']),
        group: z.string(),
      }),
    ),
    paused_until: z.string().nullable(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesResponse = z.infer<typeof ZNotificationPreferencesResponseSchema>;

/** PUT notification/preferences: the event types given change, the others stay. */
export const ZNotificationPreferencesRequestSchema = z.object({
  preferences: z.array(ZNotificationPreferenceSchema).min(1).max(NOTIFICATION_EVENT_TYPES.length),
});
