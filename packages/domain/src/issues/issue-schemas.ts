import { z } from 'zod';
import { ZAttachmentOrderSchema, ZAttachmentSchema } from '../attachments/attachment.js';
import { EQUIPMENT_STATUSES } from '../equipment/equipment.js';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT, TEXT_FIELD_MAX } from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import { ZLocationInputSchema, ZLocationSchema } from '../location/location-schemas.js';
import { ZIssuePublicReportSchema } from '../public-area/issue-public-report.js';
import { type IssueRuleContext, isIssueManager, type RuleResult } from './issue-rules.js';
import { ISSUE_STATUS, type IssueStatusId, PRIORITIES } from './statuses.js';

/** Comments (000 §5: the long text areas hold 5000 characters). */
export const ISSUE_COMMENT_MAX = 5000;
/** Issue descriptions are long texts too. */
export const ISSUE_DESCRIPTION_MAX = 5000;
/** Link addresses of an issue. */
export const ISSUE_LINK_URL_MAX = 2000;
/** One work-time entry: at most a day (seconds). */
export const WORKTIME_ENTRY_MAX_SECONDS = 24 * 60 * 60;
/** Ids one bulk call may name. */
export const ISSUE_BULK_MAX = 200;
/** Sub-issue lists page by 10 (000 §7); any size up to 200 is answered. */
export const ISSUE_SUBTASK_PAGE_MAX = 200;

/** Ids are PostgreSQL integers: a larger number names nothing and is refused as invalid. */
export const ISSUE_DB_ID_MAX = 2_147_483_647;
const ZId = z.number().int();
const ZPositiveId = z
  .number('invalid_format')
  .int('invalid_format')
  .positive('invalid_format')
  .max(ISSUE_DB_ID_MAX, 'invalid_format');
/** A status id in answers (no transform: answers are encoded through their schemas). */
const ZStatusId = z.number().int().min(0).max(8);

// ---------------------------------------------------------------------------------------------
// Status on creation
// ---------------------------------------------------------------------------------------------

/**
 * The status a new issue starts in (000 §4): without an assignee it waits to be assigned (2, to
 * do / unassigned); with one it waits for their decision (3, awaiting acceptance), except when
 * the reporter assigns themself: then it is accepted at once (5).
 */
export function initialIssueStatus(creatorId: number, assigneeId: number | null): IssueStatusId {
  if (assigneeId === null) return ISSUE_STATUS.unassigned;
  return assigneeId === creatorId ? ISSUE_STATUS.accepted : ISSUE_STATUS.deciding;
}

/**
 * Take over (000 §7 POST issue/{id}/takeover): the person takes the issue themself, so one still
 * to do (1 to 5) is accepted at once (5) instead of waiting for their own decision; one already in
 * progress or in review (a manager taking it over) keeps its status.
 */
export function statusAfterTakeOver(status: IssueStatusId): IssueStatusId {
  return status <= ISSUE_STATUS.accepted ? ISSUE_STATUS.accepted : status;
}

/**
 * Reopen (000 §7 POST issue/{id}/reopen): a completed issue goes back to in progress (6). Admins,
 * workspace managers and group managers, on an issue that is not archived (unarchive first).
 */
export function checkReopen(ctx: IssueRuleContext): RuleResult {
  if (!isIssueManager(ctx.viewer)) return { ok: false, error: 'forbidden', status: 403 };
  if (ctx.issue.archived) return { ok: false, error: 'issue_archived', status: 422 };
  if (ctx.issue.status_id !== ISSUE_STATUS.completed) {
    return { ok: false, error: 'status_not_allowed', status: 422 };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Request pieces
// ---------------------------------------------------------------------------------------------

/** Dates between 1970 and 2100: so a millisecond value is refused, not misread, and any date stored is one PostgreSQL keeps. */
const MAX_EPOCH_SECONDS = 4_102_444_800;

/**
 * A date of the issue form: seconds since the epoch (000 §7: PUT issue sends start_date and
 * due_date in seconds), a string of those seconds, or an ISO date or date-time. Read as an ISO
 * timestamp; null or '' clears it.
 */
export const ZIssueDateInputSchema = z
  .union([z.number(), z.string(), z.null()], 'invalid_format')
  .transform((value, ctx): string | null => {
    if (value === null || value === '') return null;
    let date: Date | null = null;
    if (typeof value === 'number' || /^\d+$/.test(value)) {
      const seconds = Number(value);
      if (Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_EPOCH_SECONDS) {
        date = new Date(seconds * 1000);
      }
    } else if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
      const parsed = new Date(value);
      const time = parsed.getTime();
      if (!Number.isNaN(time) && time >= 0 && time <= MAX_EPOCH_SECONDS * 1000) date = parsed;
    }
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'invalid_format' });
      return z.NEVER;
    }
    return date.toISOString();
  });

const ZPriorityId = z
  .number('invalid_format')
  .int('invalid_format')
  .refine((v) => PRIORITIES.some((p) => p.id === v), 'invalid_format');

const ZTranslationTexts = (max: number) =>
  z.partialRecord(z.enum(UI_LANGUAGES), z.string().trim().max(max, 'too_long'));
export const ZIssueTranslationsSchema = z.object({
  title: ZTranslationTexts(TEXT_FIELD_MAX).default({}),
  description: ZTranslationTexts(ISSUE_DESCRIPTION_MAX).default({}),
});
export type IssueTranslations = z.infer<typeof ZIssueTranslationsSchema>;

/** Stored translations (jsonb) read back safely; anything unexpected reads as none. */
export function readIssueTranslations(value: unknown): IssueTranslations {
  const parsed = ZIssueTranslationsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { title: {}, description: {} };
}

const ZOptionalText = (max: number) =>
  z
    .string('invalid_format')
    .trim()
    .max(max, 'too_long')
    .nullish()
    .transform((v) => (v ? v : null));

const ZIdList = z.array(ZPositiveId, 'invalid_format').max(ISSUE_BULK_MAX, 'too_long');

/**
 * The fields of the issue form (000 §3 Issue, §5). Title, workspace, assignee, asset, dates and
 * process number are judged by the form rule (validateIssueForm) so its message keys come back;
 * the schema only checks types and lengths.
 */
const issueFormShape = {
  title: z.string('invalid_format').max(10_000, 'too_long'),
  description: z.string('invalid_format').max(ISSUE_DESCRIPTION_MAX, 'too_long').nullable(),
  workspace_id: ZPositiveId.nullable(),
  parent_id: ZPositiveId.nullable(),
  assignee_id: ZPositiveId.nullable(),
  start_date: ZIssueDateInputSchema,
  due_date: ZIssueDateInputSchema,
  priority_id: ZPriorityId,
  accessibility_id: z.number('invalid_format').int('invalid_format').min(1).max(9),
  category_id: ZPositiveId.nullable(),
  categories: ZIdList,
  watchers: ZIdList,
  asset_id: ZPositiveId.nullable(),
  asset_group_id: ZPositiveId.nullable(),
  equipment_ids: ZIdList,
  external_email_address: z
    .email('invalid_format')
    .max(TEXT_FIELD_MAX, 'too_long')
    .nullable()
    .or(z.literal('').transform(() => null)),
  is_attachment_required: z.boolean('invalid_format'),
  is_worktime_required: z.boolean('invalid_format'),
  process_number: z.string('invalid_format').trim().max(50, 'too_long').nullable(),
  translations: ZIssueTranslationsSchema,
};

/** POST issue (JSON). Defaults of 000 §3 "Issue form defaults". */
export const ZCreateIssueRequestSchema = z
  .object({
    title: issueFormShape.title.default(''),
    description: issueFormShape.description.optional(),
    workspace_id: issueFormShape.workspace_id.optional(),
    parent_id: issueFormShape.parent_id.optional(),
    assignee_id: issueFormShape.assignee_id.optional(),
    start_date: issueFormShape.start_date.optional(),
    due_date: issueFormShape.due_date.optional(),
    priority_id: issueFormShape.priority_id.default(3),
    accessibility_id: issueFormShape.accessibility_id.default(2),
    category_id: issueFormShape.category_id.optional(),
    categories: issueFormShape.categories.optional(),
    watchers: issueFormShape.watchers.optional(),
    asset_id: issueFormShape.asset_id.optional(),
    asset_group_id: issueFormShape.asset_group_id.optional(),
    equipment_ids: issueFormShape.equipment_ids.optional(),
    external_email_address: issueFormShape.external_email_address.optional(),
    is_attachment_required: issueFormShape.is_attachment_required.default(false),
    is_worktime_required: issueFormShape.is_worktime_required.default(false),
    process_number: issueFormShape.process_number.optional(),
    translations: issueFormShape.translations.optional(),
    /** 001 §3 Location; stored only when the organisation's include_issue_address is on (else ignored). */
    location: ZLocationInputSchema.optional(),
  })
  .meta({ id: 'CreateIssueRequest' });
export type CreateIssueRequest = z.input<typeof ZCreateIssueRequestSchema>;

/** PUT issue/{id}: any form field (absent = unchanged), and the rating (1..5, null clears it). */
export const ZUpdateIssueRequestSchema = z
  .object({
    title: issueFormShape.title.optional(),
    description: issueFormShape.description.optional(),
    workspace_id: ZPositiveId.optional(),
    assignee_id: issueFormShape.assignee_id.optional(),
    start_date: issueFormShape.start_date.optional(),
    due_date: issueFormShape.due_date.optional(),
    priority_id: issueFormShape.priority_id.optional(),
    accessibility_id: issueFormShape.accessibility_id.optional(),
    category_id: issueFormShape.category_id.optional(),
    categories: issueFormShape.categories.optional(),
    asset_id: issueFormShape.asset_id.optional(),
    asset_group_id: issueFormShape.asset_group_id.optional(),
    equipment_ids: issueFormShape.equipment_ids.optional(),
    external_email_address: issueFormShape.external_email_address.optional(),
    is_attachment_required: issueFormShape.is_attachment_required.optional(),
    is_worktime_required: issueFormShape.is_worktime_required.optional(),
    process_number: issueFormShape.process_number.optional(),
    translations: issueFormShape.translations.optional(),
    rating: z
      .number('invalid_format')
      .int('invalid_format')
      .min(1, 'invalid_format')
      .max(5, 'invalid_format')
      .nullable()
      .optional(),
    /** The gallery's new order: [{id, index}] of this issue's attachments. */
    attachments: ZAttachmentOrderSchema.optional(),
    /** 001 §3 Location (null clears it); ignored while include_issue_address is off. */
    location: ZLocationInputSchema.optional(),
  })
  .meta({ id: 'UpdateIssueRequest' });
export type UpdateIssueRequest = z.input<typeof ZUpdateIssueRequestSchema>;

const flag01 = z
  .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
  .transform((v) => Number(v) as 0 | 1)
  .catch(0)
  .default(0);

/** GET issue/?parent_id=&include_subtasks=1: the sub-issues of one parent (000 §7). */
export const ZIssueSubtaskQuerySchema = z.object({
  parent_id: z.coerce
    .number('required')
    .int('invalid_format')
    .positive('invalid_format')
    .max(ISSUE_DB_ID_MAX, 'invalid_format'),
  include_subtasks: flag01,
  page: z.coerce.number().int().min(1).max(1_000_000).catch(PAGE_DEFAULT).default(PAGE_DEFAULT),
  paginate_by: z.coerce
    .number()
    .int()
    .min(1)
    .max(ISSUE_SUBTASK_PAGE_MAX)
    .catch(PAGE_SIZE_DEFAULT)
    .default(PAGE_SIZE_DEFAULT),
});
export type IssueSubtaskQuery = z.infer<typeof ZIssueSubtaskQuerySchema>;

/** Paged lists hanging off one issue (comments, activity log). */
export const ZIssuePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(PAGE_DEFAULT).default(PAGE_DEFAULT),
  paginate_by: z.coerce
    .number()
    .int()
    .min(1)
    .max(ISSUE_SUBTASK_PAGE_MAX)
    .catch(PAGE_SIZE_DEFAULT)
    .default(PAGE_SIZE_DEFAULT),
});
export type IssuePageQuery = z.infer<typeof ZIssuePageQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The issue
// ---------------------------------------------------------------------------------------------

/** Per-issue permission flags of 000 §6 (computed by issuePermissions). */
export const ZIssuePermissionsSchema = z
  .object({
    can_add_attachments: z.boolean(),
    can_assign: z.boolean(),
    can_comment: z.boolean(),
    can_create_subissue: z.boolean(),
    can_delete: z.boolean(),
    can_edit: z.boolean(),
    can_edit_description: z.boolean(),
    can_delete_only_own_attachments: z.boolean(),
    can_edit_only_own_attachments: z.boolean(),
    special_action_required: z.boolean(),
    show_buttons: z.boolean(),
    show_menu: z.boolean(),
    can_edit_worktime: z.boolean(),
    canArchiveIssue: z.boolean(),
    canDeleteIssue: z.boolean(),
    canExportToPdf: z.boolean(),
    canDuplicateIssue: z.boolean(),
    canReassignIssue: z.boolean(),
    canTakeOverIssue: z.boolean(),
    canUnarchiveIssue: z.boolean(),
    canQuickCompleteIssue: z.boolean(),
  })
  .meta({ id: 'IssuePermissions' });

/** A status button of 001 §4 "Issue action buttons" (computed by issueActions). */
export const ZIssueActionSchema = z
  .object({
    kind: z.enum(['accept', 'decline', 'start', 'mark_done', 'decline_review', 'complete', 'add_photo']),
    to_status: ZStatusId.nullable(),
    color: z.enum(['green', 'red', 'default']),
    disabled: z.boolean(),
    start_possible_on: z.string().nullable(),
    requires_note: z.boolean(),
    worktime_picker: z.enum(['required', 'suggested']).nullable(),
    photo_required_modal: z.boolean(),
  })
  .meta({ id: 'IssueAction' });

const ZPersonRef = z.object({ id: ZId, full_name: z.string() });
const ZPersonWithImage = ZPersonRef.extend({ profile_image: z.string().nullable() });

/** An asset or asset group an issue names (000 §3 asset, asset_group). */
const ZIssueAssetRef = z.object({ id: ZId, name: z.string(), workspace_id: ZId });
/** An equipment item an issue names (000 §3 equipments). */
const ZIssueEquipmentRef = z.object({
  id: ZId,
  title: z.string(),
  status: z.enum(EQUIPMENT_STATUSES),
});

export const ZIssueLinkSchema = z
  .object({ id: ZId, url: z.string(), title: z.string().nullable() })
  .meta({ id: 'IssueLink' });
export type IssueLink = z.infer<typeof ZIssueLinkSchema>;

/** An issue as GET issue/{id} answers it (000 §3 Issue). Dates are ISO timestamps. */
export const ZIssueSchema = z
  .object({
    id: ZId,
    title: z.string(),
    description: z.string().nullable(),
    status: z.object({ id: ZStatusId, name: z.string() }),
    status_id: ZStatusId,
    assignee_id: ZId.nullable(),
    assignee: ZPersonRef.extend({ is_public_user: z.boolean() }).nullable(),
    last_assignee: z.object({ id: ZId }).nullable(),
    archived: z.boolean(),
    workspace: z.object({ id: ZId, name: z.string(), available_assignees_ids: z.array(ZId) }),
    workspace_id: ZId,
    parent_id: ZId.nullable(),
    children: z.array(z.object({ id: ZId, title: z.string(), status_id: ZStatusId })),
    open_subtasks_count: z.number().int(),
    /** Sorted by index (001 §9). */
    attachments: z.array(ZAttachmentSchema),
    start_date: z.string().nullable(),
    due_date: z.string().nullable(),
    schedule_id: ZId.nullable(),
    priority_id: z.number().int(),
    category_id: ZId.nullable(),
    categories: z.array(z.object({ id: ZId, name: z.string(), color: z.string().nullable() })),
    watchers: z.array(ZPersonWithImage),
    asset_id: ZId.nullable(),
    /**
     * The asset named by asset_id, with its workspace (the form clears a choice that no longer
     * fits the issue's workspace); null when none, deleted, or not visible to the caller.
     */
    asset: ZIssueAssetRef.nullable(),
    asset_group_id: ZId.nullable(),
    asset_group: ZIssueAssetRef.nullable(),
    equipment_ids: z.array(ZId),
    /** The items equipment_ids names that exist and the caller sees (000 §3 equipments). */
    equipments: z.array(ZIssueEquipmentRef),
    accessibility_id: z.number().int(),
    external_email_address: z.string().nullable(),
    links: z.array(ZIssueLinkSchema),
    is_attachment_required: z.boolean(),
    is_worktime_required: z.boolean(),
    /** Seconds. */
    worktime_total: z.number().int(),
    number_of_comments: z.number().int(),
    process_number: z.string().nullable(),
    rating: z.number().int().nullable(),
    permissions: ZIssuePermissionsSchema,
    actions: z.array(ZIssueActionSchema),
    due_state: z.enum(['overdue', 'due_today']).nullable(),
    available_translations: ZIssueTranslationsSchema,
    created_by: ZPersonRef.nullable(),
    /** The public report the issue came from (000 §3 is_public_user; issue 19); null: staff reported it. */
    public_report: ZIssuePublicReportSchema.nullable(),
    /** 001 §3 Location: null when none. */
    location: ZLocationSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Issue' });
export type Issue = z.infer<typeof ZIssueSchema>;

export const ZIssueListResponseSchema = pagedEnvelope(ZIssueSchema);
export type IssueListResponse = z.infer<typeof ZIssueListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/** POST issue/{id}/status: an action button (accept, decline, start, mark done, decline review, complete). */
export const ZIssueStatusRequestSchema = z
  .object({
    status_id: z
      .number('required')
      .int('invalid_format')
      .min(1, 'invalid_format')
      .max(8, 'invalid_format')
      .transform((v) => v as IssueStatusId),
    note: z.string('invalid_format').trim().max(ISSUE_COMMENT_MAX, 'too_long').optional(),
    worktime_seconds: z
      .number('invalid_format')
      .int('invalid_format')
      .min(1, 'invalid_format')
      .max(WORKTIME_ENTRY_MAX_SECONDS, 'invalid_format')
      .optional(),
  })
  .meta({ id: 'IssueStatusRequest' });
export type IssueStatusRequest = z.input<typeof ZIssueStatusRequestSchema>;

export const ZIssueIdsRequestSchema = z.object({
  ids: z.array(ZPositiveId, 'required').min(1, 'required').max(ISSUE_BULK_MAX, 'too_long'),
});
export type IssueIdsRequest = z.infer<typeof ZIssueIdsRequestSchema>;

const ZBulkRefusal = z.object({ id: ZId, error: z.string() });

/** POST issue/quick_complete. */
export const ZQuickCompleteResponseSchema = z
  .object({ completed: z.array(z.object({ id: ZId })), not_completed: z.array(ZBulkRefusal) })
  .meta({ id: 'QuickCompleteResponse' });
export type QuickCompleteResponse = z.infer<typeof ZQuickCompleteResponseSchema>;

/** POST issue/multiple/archive. */
export const ZMultipleArchiveResponseSchema = z
  .object({ archived: z.array(ZId), not_archived: z.array(ZBulkRefusal) })
  .meta({ id: 'MultipleArchiveResponse' });
/** POST issue/multiple/delete. */
export const ZMultipleDeleteResponseSchema = z
  .object({ deleted: z.array(ZId), not_deleted: z.array(ZBulkRefusal) })
  .meta({ id: 'MultipleDeleteResponse' });

/** POST issue/multiple/reassign: issue_ids as a comma list ("1,2") or an array. */
export const ZReassignIssuesRequestSchema = z
  .object({
    issue_ids: z
      .union([z.string(), z.array(z.union([z.number(), z.string()]))], 'required')
      .transform((value, ctx) => {
        const parts = (Array.isArray(value) ? value : value.split(','))
          .map((v) => String(v).trim())
          .filter(Boolean);
        const ids = parts.map(Number);
        if (!ids.length) {
          ctx.addIssue({ code: 'custom', message: 'required' });
          return z.NEVER;
        }
        if (ids.length > ISSUE_BULK_MAX) {
          ctx.addIssue({ code: 'custom', message: 'too_long' });
          return z.NEVER;
        }
        if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > ISSUE_DB_ID_MAX)) {
          ctx.addIssue({ code: 'custom', message: 'invalid_format' });
          return z.NEVER;
        }
        return [...new Set(ids)];
      }),
    user_id: ZPositiveId,
  })
  .meta({ id: 'ReassignIssuesRequest' });
export type ReassignIssuesRequest = z.input<typeof ZReassignIssuesRequestSchema>;

export const ZReassignIssuesResponseSchema = z
  .object({
    reassigned_issues: z.array(ZId),
    not_reassigned_issues_because_user_is_not_part_of_ws: z.array(ZId),
    permission_denied_for_issues: z.array(ZId),
    statuses_not_allowed: z.array(ZId),
  })
  .meta({ id: 'ReassignIssuesResponse' });
export type ReassignIssuesResponse = z.infer<typeof ZReassignIssuesResponseSchema>;

/** POST issue/{id}/duplicate (000 §3 Duplicate payload). */
export const ZDuplicateIssueRequestSchema = z
  .object({
    title: z.string('title_mandatory'),
    duplicate_to_subtask: z.boolean('invalid_format').default(false),
    workspace_id: ZPositiveId.nullish(),
    copy_involved_users: z.boolean('invalid_format').default(false),
    copy_comments: z.boolean('invalid_format').default(false),
    copy_links: z.boolean('invalid_format').default(false),
  })
  .meta({ id: 'DuplicateIssueRequest' });
export type DuplicateIssueRequest = z.input<typeof ZDuplicateIssueRequestSchema>;

/** POST issue/multi_duplicate (000 §3 Multi-duplicate payload). */
export const ZMultiDuplicateRequestSchema = z
  .object({
    update_titles: z.boolean('invalid_format').default(true),
    workspace_id: ZPositiveId.nullish(),
    copy_involved_users: z.boolean('invalid_format').default(false),
    copy_comments: z.boolean('invalid_format').default(false),
    issues: z
      .array(z.object({ id: ZPositiveId, title: z.string('invalid_format').optional() }), 'required')
      .min(1, 'required')
      .max(ISSUE_BULK_MAX, 'too_long'),
  })
  .meta({ id: 'MultiDuplicateRequest' });
export type MultiDuplicateRequest = z.input<typeof ZMultiDuplicateRequestSchema>;

/** Duplicates: which were copied, which were not (with the key), which copies lost the assignee. */
export const ZDuplicateResultSchema = z
  .object({
    completed: z.array(z.object({ id: ZId, new_id: ZId })),
    not_completed: z.array(ZBulkRefusal),
    not_assigned: z.array(z.object({ id: ZId, new_id: ZId })),
  })
  .meta({ id: 'DuplicateResult' });
export type DuplicateResult = z.infer<typeof ZDuplicateResultSchema>;

// ---------------------------------------------------------------------------------------------
// Comments, watchers, links
// ---------------------------------------------------------------------------------------------

export const ZIssueCommentRequestSchema = z
  .object({
    comment: z.string('required').trim().min(1, 'required').max(ISSUE_COMMENT_MAX, 'too_long'),
    /** A reply the public reporter sees on the follow page (publicly reported issues only). */
    is_public: z.boolean('invalid_format').optional(),
  })
  .meta({ id: 'IssueCommentRequest' });

export const ZIssueCommentSchema = z
  .object({
    id: ZId,
    comment: z.string(),
    user: ZPersonWithImage.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Shown to the public reporter (their own comments, and replies staff marked public). */
    is_public: z.boolean(),
    /** Written by the public reporter through the follow link (user is null). */
    by_reporter: z.boolean(),
    /** Files sent with the comment (POST issue/{id}/comments as multipart). */
    attachments: z.array(ZAttachmentSchema).optional(),
  })
  .meta({ id: 'IssueComment' });
export type IssueComment = z.infer<typeof ZIssueCommentSchema>;
export const ZIssueCommentListResponseSchema = pagedEnvelope(ZIssueCommentSchema);

export const ZIssueWatchersRequestSchema = z
  .object({ user_ids: z.array(ZPositiveId, 'required').max(ISSUE_BULK_MAX, 'too_long') })
  .meta({ id: 'IssueWatchersRequest' });

export const ZIssueLinkRequestSchema = z
  .object({
    url: z
      .string('required')
      .trim()
      .min(1, 'required')
      .max(ISSUE_LINK_URL_MAX, 'too_long')
      .refine((v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
        } catch {
          return false;
        }
      }, 'invalid_format'),
    title: ZOptionalText(TEXT_FIELD_MAX),
  })
  .meta({ id: 'IssueLinkRequest' });

// ---------------------------------------------------------------------------------------------
// Work time, timer, activity, process numbers
// ---------------------------------------------------------------------------------------------

export const ZIssueTimerSchema = z
  .object({ running: z.boolean(), started_at: z.string().nullable(), worktime_total: z.number().int() })
  .meta({ id: 'IssueTimer' });
export type IssueTimer = z.infer<typeof ZIssueTimerSchema>;
export const ZIssueTimerRequestSchema = z.object({ action: z.enum(['start', 'stop'], 'invalid_format') });

export const ZWorktimeLogSchema = z
  .object({
    id: ZId,
    user: ZPersonRef.nullable(),
    seconds: z.number().int(),
    note: z.string().nullable(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WorktimeLog' });
export type WorktimeLog = z.infer<typeof ZWorktimeLogSchema>;
/** GET issue/{id}/worktime-logs: every entry, oldest first, and the total in seconds. */
export const ZWorktimeLogListResponseSchema = z
  .object({ data: z.array(ZWorktimeLogSchema), worktime_total: z.number().int() })
  .meta({ id: 'WorktimeLogList' });
export const ZWorktimeLogRequestSchema = z
  .object({
    seconds: z
      .number('required')
      .int('invalid_format')
      .min(1, 'invalid_format')
      .max(WORKTIME_ENTRY_MAX_SECONDS, 'invalid_format'),
    note: ZOptionalText(TEXT_FIELD_MAX),
  })
  .meta({ id: 'WorktimeLogRequest' });

export const ZIssueActivitySchema = z
  .object({
    id: ZId,
    action: z.string(),
    /** What changed: field → [before, after], or the action's details. */
    changes: z.record(z.string(), z.unknown()),
    user: ZPersonRef.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'IssueActivity' });
export type IssueActivity = z.infer<typeof ZIssueActivitySchema>;
export const ZIssueActivityListResponseSchema = pagedEnvelope(ZIssueActivitySchema);

export const ZProcessNumberExistsResponseSchema = z.object({ exists: z.boolean() });

export const ZIssueSuccessResponseSchema = z.object({ success: z.literal(true) });
