import { z } from 'zod';
import { pagedEnvelope } from '../lists/paged.js';

const ZId = z.number().int();

/**
 * What the calendar's calls answer (001 §3 "Calendar item (issue)" and "Calendar rows"). Dates
 * travel as seconds since the epoch, as the spec's calendar items do. The timeline's geometry
 * (timelineData, view-more cards, grouped boxes) is laid out by the web from these items with
 * calendar-layout.ts, so the server sends the items and the layout rules live in one place.
 */

/** Colour of a card (001 §3, §4): from the status, the due date and show_in_review_overdue. */
export const CALENDAR_DISPLAY_TYPES = [
  'IN_REVIEW',
  'COMPLETED',
  'IN_PROGRESS',
  'PLANNED',
  'TODO',
  'OVERDUE',
] as const;
export type CalendarDisplayType = (typeof CALENDAR_DISPLAY_TYPES)[number];

const ZPersonRef = z.object({ id: ZId, full_name: z.string(), profile_image: z.string().nullable() });

/** Per-item abilities the calendar needs (001 §3 permissions, §6 quick complete, drag and drop). */
export const ZCalendarItemPermissionsSchema = z.object({
  canAddAttachments: z.boolean(),
  deleteOnlyMyAttachments: z.boolean(),
  editOnlyMyAttachments: z.boolean(),
  /** Edit in the detail popup; move on the timeline (dates). */
  canEdit: z.boolean(),
  /** Give it to someone else (drop on another person's row). */
  canReassign: z.boolean(),
  /** The quick-complete rule of 001 §6. */
  canQuickComplete: z.boolean(),
});
export type CalendarItemPermissions = z.infer<typeof ZCalendarItemPermissionsSchema>;

export const ZCalendarItemSchema = z
  .object({
    /** An issue's id; a prepared task's key (GET scheduled_tasks/{id}) when is_scheduled_prepared_task. */
    id: z.union([ZId, z.string()]),
    title: z.string(),
    description: z.string().nullable(),
    status_id: z.number().int(),
    status: z.object({ id: z.number().int(), name: z.string(), type: z.string() }),
    archived: z.boolean(),
    /** Seconds since the epoch, or null. */
    completed_at: z.number().int().nullable(),
    start_date: z.number().int().nullable(),
    due_date: z.number().int().nullable(),
    displayType: z.enum(CALENDAR_DISPLAY_TYPES),
    workspace: z.object({ id: ZId, name: z.string(), available_assignees_ids: z.array(ZId) }),
    workspace_id: ZId,
    assignee: ZPersonRef.pick({ full_name: true, profile_image: true }).nullable(),
    assignee_id: ZId.nullable(),
    category: z.object({ name: z.string() }).nullable(),
    priority_id: z.number().int(),
    number_of_comments: z.number().int(),
    schedule_id: ZId.nullable(),
    attachments: z.array(z.object({ web_mob_thumbnail_url: z.string().nullable(), url: z.string() })),
    is_scheduled_prepared_task: z.boolean(),
    /** PREDEFINED_TASK for a schedule's prepared task, ISSUE otherwise. */
    model: z.enum(['ISSUE', 'PREDEFINED_TASK']),
    /** false when the item is in a row only as a sub-issue's parent context (never here: always true). */
    fetched_as_main: z.boolean(),
    permissions: ZCalendarItemPermissionsSchema,
  })
  .meta({ title: 'CalendarItem' });
export type CalendarItem = z.infer<typeof ZCalendarItemSchema>;

/** A presence entry of a person's day (a workspace check-in and check-out). */
export const ZCalendarPresenceSchema = z.object({
  /** Seconds since the epoch. */
  logged_at: z.number().int(),
  /** null: still there. */
  logout_at: z.number().int().nullable(),
  workspace: z.object({ id: ZId, name: z.string() }),
});
export type CalendarPresence = z.infer<typeof ZCalendarPresenceSchema>;

const rowItems = {
  /** Items that events count in the window (timed items and full-day items). */
  total_calendar_events: z.number().int(),
  /** Items whose start and due fall on the same day (or with one date): the timeline's cards. */
  issues: z.array(ZCalendarItemSchema),
  /** Items whose start and due fall on different days: full-day cards. */
  full_day: z.array(ZCalendarItemSchema),
};

export const ZCalendarUserRowSchema = z
  .object({
    id: ZId,
    full_name: z.string(),
    profile_image: z.string().nullable(),
    job_position: z.object({ id: ZId, name: z.string() }).nullable(),
    ...rowItems,
    presence: z.array(ZCalendarPresenceSchema),
  })
  .meta({ title: 'CalendarUserRow' });
export type CalendarUserRow = z.infer<typeof ZCalendarUserRowSchema>;

export const ZCalendarWorkspaceRowSchema = z
  .object({
    id: ZId,
    name: z.string(),
    /** Items of the window: completed and all. */
    statistics: z.object({ completed: z.number().int(), total: z.number().int() }),
    ...rowItems,
  })
  .meta({ title: 'CalendarWorkspaceRow' });
export type CalendarWorkspaceRow = z.infer<typeof ZCalendarWorkspaceRowSchema>;

export const ZCalendarUserRowsResponseSchema = pagedEnvelope(ZCalendarUserRowSchema);
export type CalendarUserRowsResponse = z.infer<typeof ZCalendarUserRowsResponseSchema>;
export const ZCalendarWorkspaceRowsResponseSchema = pagedEnvelope(ZCalendarWorkspaceRowSchema);
export type CalendarWorkspaceRowsResponse = z.infer<typeof ZCalendarWorkspaceRowsResponseSchema>;

export const ZCalendarItemsResponseSchema = z.object({ data: z.array(ZCalendarItemSchema) });
export const ZCalendarItemPageSchema = pagedEnvelope(ZCalendarItemSchema);
export type CalendarItemPage = z.infer<typeof ZCalendarItemPageSchema>;
/** The drag sidebar's page: its total counts at most CALENDAR_SIDEBAR_COUNT_AHEAD past the page. */
export const ZCalendarSidebarPageSchema = ZCalendarItemPageSchema.extend({
  /** More issues than `total` match: the tab shows "total+" and the list goes on. */
  total_capped: z.boolean(),
}).meta({ title: 'CalendarSidebarPage' });
export type CalendarSidebarPage = z.infer<typeof ZCalendarSidebarPageSchema>;

/** GET calendar/weekly/users_count and workspaces_count: each row's events in the window. */
export const ZCalendarCountsResponseSchema = z.object({
  data: z.array(z.object({ id: ZId, total_calendar_events: z.number().int() })),
  total: z.number().int(),
});
export type CalendarCountsResponse = z.infer<typeof ZCalendarCountsResponseSchema>;

/** One month cell of a yearly row: up to 5 items, the count of all, the cell's colour. */
export const ZCalendarYearlyEventSchema = z.object({
  month: z.number().int().min(1).max(12),
  data: z.array(ZCalendarItemSchema),
  count: z.number().int(),
  blockDisplayType: z.enum(CALENDAR_DISPLAY_TYPES).nullable(),
});
export type CalendarYearlyEvent = z.infer<typeof ZCalendarYearlyEventSchema>;

export const ZCalendarYearlyRowSchema = z
  .object({
    scheduleId: ZId,
    scheduleTitle: z.string(),
    /** The schedule's assets' names, comma-joined ('' when none). */
    assetTooltip: z.string(),
    /** The groups of those assets, comma-joined. */
    assetGroupTooltip: z.string(),
    /** Twelve cells, months 1 to 12. */
    events: z.array(ZCalendarYearlyEventSchema),
  })
  .meta({ title: 'CalendarYearlyRow' });
export type CalendarYearlyRow = z.infer<typeof ZCalendarYearlyRowSchema>;
export const ZCalendarYearlyResponseSchema = pagedEnvelope(ZCalendarYearlyRowSchema);
export type CalendarYearlyResponse = z.infer<typeof ZCalendarYearlyResponseSchema>;

/** Choosable rows for pickers: GET calendar/workspaces and calendar/users with rows_only=1 answer rows with empty lists. */
export const ZUserPositionsQuerySchema = z.object({ search: z.string().max(255).optional() });
export const ZUserPositionsResponseSchema = z.object({
  data: z.array(z.object({ id: ZId, name: z.string(), users_count: z.number().int() })),
});
export type UserPositionsResponse = z.infer<typeof ZUserPositionsResponseSchema>;

/**
 * PUT scheduled_tasks/{id}: prepare a schedule's future task now with changes (its issue is
 * created at once instead of by the materializer, and answered as a calendar item).
 */
export const ZUpdateScheduledTaskRequestSchema = z.object({
  title: z.string().optional(),
  description: z.string().nullable().optional(),
  /** Seconds since the epoch. */
  start_date: z.coerce.number().int().nullable().optional(),
  due_date: z.coerce.number().int().nullable().optional(),
  assignee_id: z.coerce.number().int().positive().nullable().optional(),
  priority_id: z.coerce.number().int().optional(),
});
export type UpdateScheduledTaskRequest = z.infer<typeof ZUpdateScheduledTaskRequestSchema>;
