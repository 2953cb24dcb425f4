import { z } from 'zod';

/**
 * The live update stream (GET /api/v4/events, server-sent events; issue 20). Each message is
 * `id: <number>` (send it back as Last-Event-ID to resume), `event: <name>` and `data: <JSON>`:
 *  - change: an entity changed (what the activity log records); open screens refetch what shows it.
 *  - notification: a notification for this person was made; the bell refetches.
 *  - reset: events were missed beyond what the server keeps; refetch everything shown.
 * Events carry ids, never content: what a screen shows is read through the normal calls, which
 * apply the access rules again.
 */
export const LIVE_EVENT_NAMES = ['change', 'notification', 'reset'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export const ZLiveChangeSchema = z.object({
  entity_type: z.string().describe('issue, schedule, workspace, equipment, asset, collaboration, ...'),
  entity_id: z.number().int(),
  action: z.string().describe("The activity log's action: created, updated, assigned, status_changed, ..."),
  workspace_id: z.number().int().nullable(),
  actor_id: z.number().int().nullable(),
  at: z.string(),
});
export type LiveChange = z.infer<typeof ZLiveChangeSchema>;

export const ZLiveNotificationSchema = z.object({
  notification_id: z.number().int(),
  event_type: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int(),
  actor_id: z.number().int().nullable(),
  at: z.string(),
});
export type LiveNotification = z.infer<typeof ZLiveNotificationSchema>;

/** How long the server keeps events for a stream that reconnects (older: a reset). */
export const LIVE_EVENT_RETENTION_MINUTES = 60;
/** A comment line keeps idle connections open through proxies. */
export const LIVE_HEARTBEAT_SECONDS = 25;
