import { z } from 'zod';
import { ASSET_BULK_MAX } from '../assets/asset.js';
import { EQUIPMENT_BULK_MAX, EQUIPMENT_STATUSES } from '../equipment/equipment.js';
import { ISSUE_DESCRIPTION_MAX } from '../issues/issue-schemas.js';
import { ISSUE_TITLE_MAX, ISSUE_TITLE_MIN } from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import { END_TYPES, REPEAT_UNITS, RESCHEDULE_MODES } from './recurrence.js';
import { SCHEDULE_STATUS_KINDS } from './schedule-list.js';

/**
 * Answers and requests of the schedule calls (001 §7 "Schedules"). The schemas check types and
 * lengths; what makes a rule sensible (end after start, break end after its start, ...) is
 * validateScheduleRule in schedule-rule.ts, so its field keys come back together.
 */

const ID_MAX = 2_147_483_647;
const ZId = z.number().int();
const ZPositiveId = z
  .number('invalid_format')
  .int('invalid_format')
  .positive('invalid_format')
  .max(ID_MAX, 'invalid_format');
const ZIds = (max: number) => z.array(ZPositiveId, 'invalid_format').max(max, 'too_long');
/** A calendar day, YYYY-MM-DD (the organisation's local date). */
export const ZScheduleDay = z
  .string('invalid_format')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'invalid_format',
  );
/** A time of day, HH:MM (24 h). */
export const ZTimeOfDay = z.string('invalid_format').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_format');
const ZRef = z.object({ id: ZId, name: z.string() });
const ZPersonRef = z.object({ id: ZId, full_name: z.string(), profile_image: z.string().nullable() });

// The rule's vocabularies are the engine's (recurrence.ts), named here as the form and its calls use them.
export const SCHEDULE_REPEAT_UNITS = REPEAT_UNITS;
export const SCHEDULE_END_TYPES = END_TYPES;
export const SCHEDULE_RESCHEDULE_MODES = RESCHEDULE_MODES;
export type ScheduleRescheduleMode = (typeof SCHEDULE_RESCHEDULE_MODES)[number];
export const SCHEDULE_ASSETS_MODES = ['FOR_EACH_ASSET', 'ONE_FOR_ALL_ASSETS'] as const;
export type ScheduleAssetsMode = (typeof SCHEDULE_ASSETS_MODES)[number];
export const PRESENCE_ALARM_RULES = [
  'earlier_than_start',
  'later_than_start',
  'earlier_than_end',
  'later_than_end',
] as const;
export type PresenceAlarmRuleName = (typeof PRESENCE_ALARM_RULES)[number];
export const SCHEDULE_TIME_SLOTS_MAX = 24;
export const SCHEDULE_LINKS_MAX = 20;
export const SCHEDULE_PEOPLE_MAX = 100;

/** One presence-alarm rule: on, and its tolerance in hours and minutes. */
const ZPresenceAlarmRule = z.object({
  enabled: z.boolean('invalid_format'),
  hours: z.number('invalid_format').int('invalid_format').min(0, 'invalid_format').max(99, 'invalid_format'),
  minutes: z
    .number('invalid_format')
    .int('invalid_format')
    .min(0, 'invalid_format')
    .max(59, 'invalid_format'),
});
const OFF = { enabled: false, hours: 0, minutes: 0 };
export const ZPresenceAlarmSchema = z
  .object({
    earlier_than_start: ZPresenceAlarmRule.default(OFF),
    later_than_start: ZPresenceAlarmRule.default(OFF),
    earlier_than_end: ZPresenceAlarmRule.default(OFF),
    later_than_end: ZPresenceAlarmRule.default(OFF),
  })
  .meta({ title: 'PresenceAlarm' });
export type PresenceAlarm = z.infer<typeof ZPresenceAlarmSchema>;

export const ZTimeSlotSchema = z.object({ start: ZTimeOfDay, end: ZTimeOfDay });
export const ZTimeLimitsSchema = z
  .object({
    completion: z
      .object({
        value: z
          .number('invalid_format')
          .int('invalid_format')
          .min(1, 'invalid_format')
          .max(999, 'invalid_format'),
        unit: z.enum(['minutes', 'hours', 'days'], 'invalid_format'),
      })
      .nullable()
      .default(null),
  })
  .meta({ title: 'ScheduleTimeLimits' });
export type ScheduleTimeLimits = z.infer<typeof ZTimeLimitsSchema>;

const ZRepeatEvery = z.object({
  type: z.enum(SCHEDULE_REPEAT_UNITS, 'invalid_format'),
  // Range and wholeness are the rule's to judge (repeat_value_invalid); the schema takes any number.
  value: z.number('invalid_format'),
  exclude_weekends: z.boolean('invalid_format').default(false),
});
const ZEnd = z.object({
  type: z.enum(SCHEDULE_END_TYPES, 'invalid_format'),
  /** AFTER: how many issues; ON: the last day, YYYY-MM-DD; NEVER: null. */
  value: z
    .union([z.number('invalid_format'), ZScheduleDay])
    .nullable()
    .default(null),
});
const ZLink = z.object({
  url: z.url('invalid_format').max(2000, 'too_long'),
  title: z.string('invalid_format').trim().max(255, 'too_long').nullish(),
});

/** The schedule form (001 §2, §3): every field, with the defaults of a new schedule. */
const scheduleFormShape = {
  title: z.string('required').trim().min(ISSUE_TITLE_MIN, 'title_too_short').max(ISSUE_TITLE_MAX, 'too_long'),
  description: z.string('invalid_format').max(ISSUE_DESCRIPTION_MAX, 'too_long').nullable(),
  workspace_id: ZPositiveId,
  priority_id: z
    .number('invalid_format')
    .int('invalid_format')
    .refine((v) => [0, 2, 3, 4, 5].includes(v), 'invalid_format'),
  category_id: ZPositiveId.nullable(),
  categories: ZIds(SCHEDULE_PEOPLE_MAX),
  assignee_id: ZPositiveId.nullable(),
  watchers: ZIds(SCHEDULE_PEOPLE_MAX),
  replacements: ZIds(SCHEDULE_PEOPLE_MAX),
  // More than ASSET_BULK_MAX is the rule's too_many_assets; the schema stops absurd lists.
  assets: z.array(ZPositiveId, 'invalid_format').max(ASSET_BULK_MAX * 10, 'too_long'),
  assets_mode: z.enum(SCHEDULE_ASSETS_MODES, 'invalid_format'),
  checklist_templates: ZIds(50),
  links: z.array(ZLink, 'invalid_format').max(SCHEDULE_LINKS_MAX, 'too_long'),
  is_attachment_required: z.boolean('invalid_format'),
  is_worktime_required: z.boolean('invalid_format'),
  start_date: ZScheduleDay,
  repeat_every: ZRepeatEvery,
  repeat_on: z.array(z.number('invalid_format').int('invalid_format'), 'invalid_format').max(7, 'too_long'),
  repeat_week_of_month: z
    .number('invalid_format')
    .int('invalid_format')
    .refine((v) => [-1, 1, 2, 3, 4].includes(v), 'invalid_format')
    .nullable(),
  end: ZEnd,
  work_hours_start: ZTimeOfDay,
  work_hours_end: ZTimeOfDay,
  time_slots: z.array(ZTimeSlotSchema, 'invalid_format').max(SCHEDULE_TIME_SLOTS_MAX, 'too_long'),
  time_limits: ZTimeLimitsSchema,
  seasonal_break_type: z.enum(['NO', 'YES'], 'invalid_format'),
  seasonal_break_start: ZScheduleDay.nullable(),
  seasonal_break_end: ZScheduleDay.nullable(),
  seasonal_break_yearly: z.boolean('invalid_format'),
  reschedule_mode: z.enum(SCHEDULE_RESCHEDULE_MODES, 'invalid_format'),
  presence_alarm_enabled: z.boolean('invalid_format'),
  presence_alarm: ZPresenceAlarmSchema,
};

/** POST /schedule/ (JSON, or the web's multipart form read into this shape). */
export const ZCreateScheduleRequestSchema = z
  .object({
    title: scheduleFormShape.title,
    description: scheduleFormShape.description.optional(),
    workspace_id: scheduleFormShape.workspace_id,
    priority_id: scheduleFormShape.priority_id.default(3),
    category_id: scheduleFormShape.category_id.optional(),
    categories: scheduleFormShape.categories.default([]),
    assignee_id: scheduleFormShape.assignee_id.optional(),
    watchers: scheduleFormShape.watchers.default([]),
    replacements: scheduleFormShape.replacements.default([]),
    assets: scheduleFormShape.assets.default([]),
    assets_mode: scheduleFormShape.assets_mode.default('FOR_EACH_ASSET'),
    checklist_templates: scheduleFormShape.checklist_templates.default([]),
    links: scheduleFormShape.links.default([]),
    is_attachment_required: scheduleFormShape.is_attachment_required.default(false),
    is_worktime_required: scheduleFormShape.is_worktime_required.default(false),
    start_date: scheduleFormShape.start_date,
    repeat_every: scheduleFormShape.repeat_every,
    repeat_on: scheduleFormShape.repeat_on.default([]),
    repeat_week_of_month: scheduleFormShape.repeat_week_of_month.default(null),
    end: scheduleFormShape.end.default({ type: 'NEVER', value: null }),
    work_hours_start: scheduleFormShape.work_hours_start.default('08:00'),
    work_hours_end: scheduleFormShape.work_hours_end.default('16:00'),
    time_slots: scheduleFormShape.time_slots.default([]),
    time_limits: scheduleFormShape.time_limits.default({ completion: null }),
    seasonal_break_type: scheduleFormShape.seasonal_break_type.default('NO'),
    seasonal_break_start: scheduleFormShape.seasonal_break_start.default(null),
    seasonal_break_end: scheduleFormShape.seasonal_break_end.default(null),
    seasonal_break_yearly: scheduleFormShape.seasonal_break_yearly.default(false),
    reschedule_mode: scheduleFormShape.reschedule_mode.default('on_start_date'),
    presence_alarm_enabled: scheduleFormShape.presence_alarm_enabled.default(false),
    presence_alarm: scheduleFormShape.presence_alarm.prefault({}),
  })
  .meta({ title: 'CreateScheduleRequest' });
export type CreateScheduleRequest = z.input<typeof ZCreateScheduleRequestSchema>;
export type CreateScheduleInput = z.output<typeof ZCreateScheduleRequestSchema>;

/**
 * POST /schedule/{id} with _method PUT (or PUT-less JSON): any field of the form; absent =
 * unchanged; an empty list sent as null clears it (001 §7 "Empty arrays are sent as null").
 */
export const ZUpdateScheduleRequestSchema = z
  .object({
    _method: z.literal('PUT').optional(),
    title: scheduleFormShape.title.optional(),
    description: scheduleFormShape.description.optional(),
    workspace_id: scheduleFormShape.workspace_id.optional(),
    priority_id: scheduleFormShape.priority_id.optional(),
    category_id: scheduleFormShape.category_id.optional(),
    categories: scheduleFormShape.categories.nullable().optional(),
    assignee_id: scheduleFormShape.assignee_id.optional(),
    watchers: scheduleFormShape.watchers.nullable().optional(),
    replacements: scheduleFormShape.replacements.nullable().optional(),
    assets: scheduleFormShape.assets.nullable().optional(),
    assets_mode: scheduleFormShape.assets_mode.optional(),
    checklist_templates: scheduleFormShape.checklist_templates.nullable().optional(),
    links: scheduleFormShape.links.nullable().optional(),
    is_attachment_required: scheduleFormShape.is_attachment_required.optional(),
    is_worktime_required: scheduleFormShape.is_worktime_required.optional(),
    start_date: scheduleFormShape.start_date.optional(),
    repeat_every: scheduleFormShape.repeat_every.optional(),
    repeat_on: scheduleFormShape.repeat_on.nullable().optional(),
    repeat_week_of_month: scheduleFormShape.repeat_week_of_month.optional(),
    end: scheduleFormShape.end.optional(),
    work_hours_start: scheduleFormShape.work_hours_start.optional(),
    work_hours_end: scheduleFormShape.work_hours_end.optional(),
    time_slots: scheduleFormShape.time_slots.nullable().optional(),
    time_limits: scheduleFormShape.time_limits.optional(),
    seasonal_break_type: scheduleFormShape.seasonal_break_type.optional(),
    seasonal_break_start: scheduleFormShape.seasonal_break_start.optional(),
    seasonal_break_end: scheduleFormShape.seasonal_break_end.optional(),
    seasonal_break_yearly: scheduleFormShape.seasonal_break_yearly.optional(),
    reschedule_mode: scheduleFormShape.reschedule_mode.optional(),
    presence_alarm_enabled: scheduleFormShape.presence_alarm_enabled.optional(),
    presence_alarm: scheduleFormShape.presence_alarm.optional(),
  })
  .meta({ title: 'UpdateScheduleRequest' });
export type UpdateScheduleRequest = z.input<typeof ZUpdateScheduleRequestSchema>;
export type UpdateScheduleInput = z.output<typeof ZUpdateScheduleRequestSchema>;

/** PUT /schedule/{id}: archive or unarchive. */
export const ZArchiveScheduleRequestSchema = z.object({ archived: z.boolean('required') });

/** PUT /schedule/{id}/assignee_decision: accept (5) or decline (4, with a note). */
export const ZScheduleDecisionRequestSchema = z.object({
  status_id: z.union([z.literal(4), z.literal(5)], 'invalid_format'),
  note: z.string('invalid_format').trim().max(ISSUE_DESCRIPTION_MAX, 'too_long').nullish(),
});

/** POST schedule/multiple/reassign: several schedules to one assignee (null: nobody). */
export const ZScheduleReassignRequestSchema = z.object({
  schedule_ids: z.array(ZPositiveId, 'invalid_format').min(1, 'required').max(ASSET_BULK_MAX, 'too_long'),
  assignee_id: ZPositiveId.nullable(),
});
export const ZScheduleBulkResultSchema = z
  .object({
    /** The schedules changed. */
    updated: z.array(ZId),
    /** The schedules left unchanged, each with its error key. */
    failed: z.array(z.object({ id: ZId, error: z.string() })),
  })
  .meta({ title: 'ScheduleBulkResult' });

/** POST schedule/{id}/set_budget: one year's plan. */
export const ZSetScheduleBudgetRequestSchema = z.object({
  year: z.number('required').int('invalid_format').min(2000, 'invalid_format').max(2200, 'invalid_format'),
  planned_amount: z
    .number('invalid_format')
    .min(0, 'invalid_format')
    .max(1e11, 'number_too_large')
    .nullable(),
  planned_hours: z.number('invalid_format').min(0, 'invalid_format').max(1e8, 'number_too_large').nullable(),
  currency: z
    .string('invalid_format')
    .regex(/^[A-Z]{3}$/, 'invalid_format')
    .default('EUR'),
});

/** One year of a schedule's budget: the plan and what its issues used. */
export const ZScheduleBudgetSchema = z
  .object({
    year: z.number().int(),
    planned_amount: z.number().nullable(),
    planned_hours: z.number().nullable(),
    currency: z.string(),
    /** Hours of work time logged on the schedule's issues that start in the year. */
    actual_hours: z.number(),
    /** planned_hours - actual_hours (null without a plan). */
    remaining_hours: z.number().nullable(),
    issues_created: z.number().int(),
    issues_completed: z.number().int(),
  })
  .meta({ title: 'ScheduleBudget' });
export type ScheduleBudget = z.infer<typeof ZScheduleBudgetSchema>;
export const ZScheduleBudgetsResponseSchema = z.object({ data: z.array(ZScheduleBudgetSchema) });

/** POST schedule/{id}/set_time_limits. */
export const ZSetScheduleTimeLimitsRequestSchema = ZTimeLimitsSchema;

/** POST schedule/{id}/equipments (001 §7): the equipment the schedule's issues need, replacing the list. */
export const ZScheduleEquipmentsRequestSchema = z
  .object({ equipment_ids: ZIds(EQUIPMENT_BULK_MAX) })
  .meta({ title: 'ScheduleEquipmentsRequest' });
export type ScheduleEquipmentsRequest = z.input<typeof ZScheduleEquipmentsRequestSchema>;

/** GET schedule/{id}/future_dates: the next occurrences by the rule. */
export const ZScheduleFutureDatesQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(100).catch(10).default(10),
});
export const ZScheduleFutureDateSchema = z.object({
  start_date: z.string(),
  due_date: z.string(),
  /** The occurrence already has its issue(s). */
  created: z.boolean(),
  /** When the issue will be created (null once created or for the after_* modes, which wait). */
  creates_at: z.string().nullable(),
});
export const ZScheduleFutureDatesResponseSchema = z.object({
  time_zone: z.string(),
  data: z.array(ZScheduleFutureDateSchema),
});

/** GET schedule/future_preview/{id}: prepared tasks (status 0), read only, for a date range. */
export const ZScheduleFuturePreviewQuerySchema = z.object({
  /** Seconds since epoch; default now. */
  from: z.coerce.number().int().min(0).max(4_102_444_800).optional().catch(undefined),
  /** Seconds since epoch; default from + 90 days; at most a year after from. */
  to: z.coerce.number().int().min(0).max(4_102_444_800).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(500).catch(100).default(100),
});
export const ZPreparedTaskSchema = z
  .object({
    /** A stable key of the occurrence (schedule id, start and asset), not an issue id. */
    key: z.string(),
    schedule_id: ZId,
    title: z.string(),
    status_id: z.literal(0),
    is_scheduled_prepared_task: z.literal(true),
    model: z.literal('PREDEFINED_TASK'),
    /** Seconds since epoch, as calendar items (001 §3). */
    start_date: z.number().int(),
    due_date: z.number().int(),
    workspace: ZRef,
    workspace_id: ZId,
    assignee_id: ZId.nullable(),
    assignee: ZPersonRef.nullable(),
    priority_id: z.number().int(),
    asset: ZRef.nullable(),
  })
  .meta({ title: 'PreparedTask' });
export type PreparedTask = z.infer<typeof ZPreparedTaskSchema>;
export const ZScheduleFuturePreviewResponseSchema = z.object({ data: z.array(ZPreparedTaskSchema) });

/** A schedule as every call answers it (list cards and the detail page alike). */
export const ZScheduleSchema = z
  .object({
    id: ZId,
    title: z.string(),
    description: z.string().nullable(),
    workspace_id: ZId,
    workspace: ZRef,
    priority_id: z.number().int(),
    category_id: ZId.nullable(),
    category: ZRef.nullable(),
    categories: z.array(ZRef),
    assignee_id: ZId.nullable(),
    assignee: ZPersonRef.nullable(),
    /** null: the assignee has not decided (PENDING); 5 accepted; 4 declined. */
    assignee_status: z.number().int().nullable(),
    assignee_note: z.string().nullable(),
    watchers: z.array(ZPersonRef),
    replacements: z.array(ZPersonRef),
    assets: z.array(ZRef.extend({ status: z.number().int() })),
    assets_mode: z.enum(SCHEDULE_ASSETS_MODES),
    /** The equipment its issues need (POST schedule/{id}/equipments), live items the caller sees. */
    equipments: z.array(z.object({ id: ZId, title: z.string(), status: z.enum(EQUIPMENT_STATUSES) })),
    checklist_templates: z.array(ZRef),
    links: z.array(z.object({ id: ZId, url: z.string(), title: z.string().nullable() })),
    is_attachment_required: z.boolean(),
    is_worktime_required: z.boolean(),
    start_date: z.string(),
    repeat_every: z.object({
      type: z.enum(SCHEDULE_REPEAT_UNITS),
      value: z.number().int(),
      exclude_weekends: z.boolean(),
    }),
    repeat_on: z.array(z.number().int()),
    repeat_week_of_month: z.number().int().nullable(),
    end: z.object({ type: z.enum(SCHEDULE_END_TYPES), value: z.union([z.number(), z.string()]).nullable() }),
    work_hours_start: z.string(),
    work_hours_end: z.string(),
    time_slots: z.array(z.object({ start: z.string(), end: z.string() })),
    time_limits: ZTimeLimitsSchema,
    seasonal_break_type: z.enum(['NO', 'YES']),
    seasonal_break_start: z.string().nullable(),
    seasonal_break_end: z.string().nullable(),
    seasonal_break_yearly: z.boolean(),
    /** Today (in the organisation's time zone) lies in the break. */
    seasonal_break_active: z.boolean(),
    reschedule_mode: z.enum(SCHEDULE_RESCHEDULE_MODES),
    presence_alarm_enabled: z.boolean(),
    presence_alarm: ZPresenceAlarmSchema,
    paused: z.boolean(),
    archived: z.boolean(),
    status: z.enum(SCHEDULE_STATUS_KINDS),
    /** ISO time of the next occurrence not yet created, or null. */
    next_issue_scheduled_at: z.string().nullable(),
    time_zone: z.string(),
    statistics: z.object({
      created: z.number().int(),
      open: z.number().int(),
      completed: z.number().int(),
      presence_alarms: z.number().int(),
    }),
    permissions: z.object({ can_edit: z.boolean(), can_decide: z.boolean() }),
    created_by: ZPersonRef.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ title: 'Schedule' });
export type Schedule = z.infer<typeof ZScheduleSchema>;
export const ZScheduleListResponseSchema = pagedEnvelope(ZScheduleSchema);

/** GET /schedule/{id}/activity_log: newest first (edits, decisions, issues created, presence alarms). */
export const ZScheduleActivityItemSchema = z
  .object({
    id: ZId,
    action: z.string(),
    changes: z.record(z.string(), z.unknown()),
    user: ZPersonRef.nullable(),
    created_at: z.string(),
  })
  .meta({ title: 'ScheduleActivityItem' });
export const ZScheduleActivityResponseSchema = pagedEnvelope(ZScheduleActivityItemSchema);
export const ZScheduleActivityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  paginate_by: z.coerce.number().int().min(1).max(200).catch(20).default(20),
});
