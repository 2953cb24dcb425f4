import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/email.js';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { ISSUE_COMMENT_MAX, ISSUE_DESCRIPTION_MAX } from '../issues/issue-schemas.js';
import { ISSUE_STATUSES, PRIORITIES } from '../issues/statuses.js';
import { EMAIL_MAX, ISSUE_TITLE_MAX } from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import {
  PUBLIC_FORM_TEMPLATE_KEYS,
  PUBLIC_FORM_TYPES,
  PUBLIC_FOUND_FIELDS,
  PUBLIC_ISSUE_FIELDS,
  PUBLIC_NAME_MAX,
  PUBLIC_PHONE_MAX,
  PUBLIC_REPORT_FIELDS,
  PUBLIC_STAFF_NAMES,
  PUBLIC_TEXT_MAX,
  PUBLIC_TEXT_TITLE_MAX,
} from './public-form.js';
import { ZPublicFormFieldSchema, ZPublicFormSchema, ZPublicFormTextsOut } from './public-form-schema.js';

/** Requests and answers of the public area (000 §7 "Public"; issue 19). */

const ZId = z.number().int();
const ZPositiveId = z
  .number('invalid_format')
  .int('invalid_format')
  .positive('invalid_format')
  .max(2_147_483_647, 'invalid_format');
/** An optional text: empty is null. */
const ZOptionalText = (max: number) =>
  z
    .string('invalid_format')
    .trim()
    .max(max, 'too_long')
    .nullish()
    .transform((v) => (v ? v : null));
const ZOptionalEmail = z
  .string('invalid_format')
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'invalid_email')
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'invalid_email')
  .nullish()
  .transform((v) => (v ? v : null));
const ZLanguage = z.enum(UI_LANGUAGES, 'unsupported_language');
/**
 * A follow link's token (43 base64url characters). Optional and of any length up to 200: a
 * missing or malformed token finds nothing, and the server answers it with the same 404 as a
 * wrong one or an unknown issue, so no answer tells a real id from a made-up one.
 */
export const ZFollowToken = z.string('invalid_token').max(200, 'invalid_token').optional();

// ---------------------------------------------------------------------------------------------
// The configurator (public_page_configurator/{type}; admins)
// ---------------------------------------------------------------------------------------------

export const ZPublicFormTypeParamsSchema = z.object({ type: z.enum(PUBLIC_FORM_TYPES, 'unsupported_type') });

const ZPublicFormTextsSchema = z.object({
  title: ZOptionalText(PUBLIC_TEXT_TITLE_MAX),
  intro: ZOptionalText(PUBLIC_TEXT_MAX),
  thank_you: ZOptionalText(PUBLIC_TEXT_MAX),
});
const ZPublicFormBody = {
  enabled: z.boolean(),
  fields: z
    .array(ZPublicFormFieldSchema)
    .max(PUBLIC_REPORT_FIELDS.length + PUBLIC_FOUND_FIELDS.length, 'too_long'),
  texts: z.partialRecord(ZLanguage, ZPublicFormTextsSchema),
  show_logo: z.boolean(),
  primary_color: z
    .string('invalid_format')
    .regex(/^#[0-9a-fA-F]{6}$/, 'invalid_format')
    .nullable(),
  allow_follow: z.boolean(),
  allow_comments: z.boolean(),
  allow_reopen: z.boolean(),
  staff_names: z.enum(PUBLIC_STAFF_NAMES, 'invalid_format'),
  public_fields: z
    .array(z.enum(PUBLIC_ISSUE_FIELDS, 'invalid_format'))
    .max(PUBLIC_ISSUE_FIELDS.length, 'too_long'),
};
/** POST public_page_configurator/{type}: the whole configuration (normalisePublicForm makes it consistent). */
export const ZPublicFormRequestSchema = z.object(ZPublicFormBody).meta({ id: 'PublicFormRequest' });
export type PublicFormRequest = z.input<typeof ZPublicFormRequestSchema>;

export const ZPublicFormConfigSchema = z
  .object({
    type: z.enum(PUBLIC_FORM_TYPES),
    ...ZPublicFormBody,
    texts: ZPublicFormTextsOut,
    /** When an admin saved it last; null: the default form (nothing saved yet). */
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'PublicFormConfig' });
export type PublicFormConfigResponse = z.infer<typeof ZPublicFormConfigSchema>;

/** GET public_page_configurator/templates/{type}: the presets to start from. */
export const ZPublicFormTemplateListSchema = z
  .object({
    data: z.array(
      z.object({
        key: z.enum(PUBLIC_FORM_TEMPLATE_KEYS),
        form: ZPublicFormConfigSchema.omit({ updated_at: true }),
      }),
    ),
  })
  .meta({ id: 'PublicFormTemplateList' });
/** POST public_page_configurator/templates/{type}: make a preset the type's form (answers the saved form). */
export const ZApplyPublicFormTemplateSchema = z
  .object({ template: z.enum(PUBLIC_FORM_TEMPLATE_KEYS, 'invalid_format') })
  .meta({ id: 'ApplyPublicFormTemplate' });

/** GET public/asset/{code}: what a visitor may see of an asset before reporting about it. */
export const ZPublicAssetSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    workspace: z.string(),
    picture_url: z.string().nullable(),
    client: z.object({ name: z.string(), logo: z.string().nullable() }),
    form: ZPublicFormSchema,
  })
  .meta({ id: 'PublicAsset' });
export type PublicAsset = z.infer<typeof ZPublicAssetSchema>;
export const ZPublicAssetQuerySchema = z.object({ qr: z.coerce.number().int().min(0).max(1).optional() });

// ---------------------------------------------------------------------------------------------
// A report and its follow page
// ---------------------------------------------------------------------------------------------

/**
 * POST public/issue (multipart; 000 §7): workspace_id (the workspace's public code, or a legacy
 * numeric id) or asset_id (the asset's public code), the fields the form shows, files as
 * attachments[i][file] and attachments[i][name]. `website` is a honeypot: people never fill it in.
 */
export const ZPublicReportRequestSchema = z
  .object({
    workspace_id: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().min(1).max(64))
      .optional(),
    asset_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(64)).optional(),
    title: ZOptionalText(ISSUE_TITLE_MAX),
    description: ZOptionalText(ISSUE_DESCRIPTION_MAX),
    category_id: ZPositiveId.nullish(),
    priority_id: z
      .number('invalid_format')
      .int('invalid_format')
      .refine((v) => PRIORITIES.some((p) => p.id === v), 'invalid_format')
      .nullish(),
    reporter_name: ZOptionalText(PUBLIC_NAME_MAX),
    reporter_email: ZOptionalEmail,
    reporter_phone: ZOptionalText(PUBLIC_PHONE_MAX),
    language: ZLanguage.optional(),
    /** E-mails about the report (when an address is given); default yes. */
    follow: z.boolean('invalid_format').optional(),
    website: z.string().max(500).optional(),
  })
  .refine((v) => (v.workspace_id === undefined) !== (v.asset_id === undefined), {
    message: 'required',
    path: ['workspace_id'],
  })
  .meta({ id: 'PublicReportRequest' });
export type PublicReportRequest = z.input<typeof ZPublicReportRequestSchema>;

/** What the thank-you page needs: the follow link (null when the form does not offer following). */
export const ZPublicReportResponseSchema = z
  .object({
    issue_id: ZId,
    token: z.string().nullable(),
    follow_url: z.string().nullable(),
    workspace: z.string(),
    organisation: z.string(),
    logo: z.string().nullable(),
    primary_color: z.string().nullable(),
    thank_you: z.partialRecord(ZLanguage, z.string()),
    /** A confirmation with the link went to the reporter's address. */
    email_sent: z.boolean(),
  })
  .meta({ id: 'PublicReportResponse' });
export type PublicReportResponse = z.infer<typeof ZPublicReportResponseSchema>;

export const ZPublicTokenQuerySchema = z.object({ token: ZFollowToken });

const ZPublicPicture = z.object({
  id: ZId,
  original_filename: z.string(),
  media_type: z.enum(['picture', 'document']),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  thumbnail_1024_url: z.string().nullable(),
  description: z.string().nullable(),
});
export type PublicPicture = z.infer<typeof ZPublicPicture>;

export const ZPublicCommentSchema = z
  .object({
    id: ZId,
    comment: z.string(),
    /** The reporter's own comment, or a staff reply. */
    by_reporter: z.boolean(),
    /** The staff member as the form names staff (staff_names); null: hidden, or the reporter. */
    author: z.string().nullable(),
    created_at: z.string(),
    attachments: z.array(ZPublicPicture),
    /** The reporter may still add photos to it (their own, within the hour). */
    can_upload: z.boolean(),
  })
  .meta({ id: 'PublicComment' });
export type PublicComment = z.infer<typeof ZPublicCommentSchema>;

const statusIds = ISSUE_STATUSES.map((s) => s.id) as [number, ...number[]];

/** GET public/issue/detail/{id}?token=: what the follow page shows, as the form allows. */
export const ZPublicIssueSchema = z
  .object({
    id: ZId,
    title: z.string(),
    status: z.object({ id: z.number().int(), name: z.string(), shown_as: z.string() }),
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
    workspace: z.string(),
    asset: z.string().nullable(),
    organisation: z.object({ name: z.string(), logo: z.string().nullable() }),
    primary_color: z.string().nullable(),
    language: ZLanguage,
    /** Which of PUBLIC_ISSUE_FIELDS the page shows (the fields below are null or empty otherwise). */
    shown: z.array(z.enum(PUBLIC_ISSUE_FIELDS)),
    description: z.string().nullable(),
    category: z.string().nullable(),
    priority_id: z.number().int().nullable(),
    due_date: z.string().nullable(),
    assignee: z.string().nullable(),
    attachments: z.array(ZPublicPicture),
    comments: z.array(ZPublicCommentSchema),
    allow_comments: z.boolean(),
    can_confirm: z.boolean(),
    can_reopen: z.boolean(),
    /** E-mails go to the reporter's address (has_email) and they have not unsubscribed. */
    has_email: z.boolean(),
    subscribed: z.boolean(),
  })
  .meta({ id: 'PublicIssue' });
export type PublicIssue = z.infer<typeof ZPublicIssueSchema>;

export const ZPublicCommentRequestSchema = z
  .object({
    token: ZFollowToken,
    comment: z.string('required').trim().min(1, 'required').max(ISSUE_COMMENT_MAX, 'too_long'),
  })
  .meta({ id: 'PublicCommentRequest' });
export const ZPublicCommentParamsSchema = z.object({
  issueId: z.coerce.number().int().positive(),
  commentId: z.coerce.number().int().positive(),
});

/** PUT public/issue/{id}: confirm (8) or reopen (6), with an optional comment saying why. */
export const ZPublicStatusRequestSchema = z
  .object({
    token: ZFollowToken,
    status_id: z
      .number('invalid_format')
      .int('invalid_format')
      .refine((v) => statusIds.includes(v), 'invalid_format'),
    comment: ZOptionalText(ISSUE_COMMENT_MAX),
  })
  .meta({ id: 'PublicStatusRequest' });

export const ZPublicAttachmentCommentListSchema = z
  .object({
    data: z.array(
      z.object({
        id: ZId,
        attachment_id: ZId,
        comment: z.string(),
        author: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'PublicAttachmentCommentList' });

/**
 * POST public/mail/unsubscribe/{id}: the reporter's (type reporter, the follow token) or the
 * external address's (type watcher, its unsubscribe token) e-mails about the issue stop;
 * subscribe: true turns them on again (the follow page's switch).
 */
export const ZPublicUnsubscribeRequestSchema = z
  .object({
    token: ZFollowToken,
    type: z.enum(['reporter', 'watcher'], 'invalid_format').default('reporter'),
    subscribe: z.boolean('invalid_format').default(false),
  })
  .meta({ id: 'PublicUnsubscribeRequest' });
export const ZPublicUnsubscribeResponseSchema = z
  .object({ subscribed: z.boolean(), title: z.string(), organisation: z.string() })
  .meta({ id: 'PublicUnsubscribeResponse' });

// ---------------------------------------------------------------------------------------------
// Staff side
// ---------------------------------------------------------------------------------------------

/** POST issue/{id}/external/send_declined_issue_notification: an optional message to the reporter. */
export const ZDeclinedNotificationRequestSchema = z
  .object({ message: ZOptionalText(ISSUE_COMMENT_MAX) })
  .meta({ id: 'DeclinedNotificationRequest' });
export const ZDeclinedNotificationResponseSchema = z
  .object({ success: z.literal(true), sent_to: z.string(), sent_at: z.string() })
  .meta({ id: 'DeclinedNotificationResponse' });

export const ZExternalReporterListQuerySchema = z.object({
  search: z.string().trim().max(100, 'too_long').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZExternalReporterSchema = z
  .object({
    id: ZId,
    full_name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    language: z.string(),
    is_public_user: z.literal(true),
    issues_count: z.number().int(),
    last_reported_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ExternalReporter' });
export type ExternalReporter = z.infer<typeof ZExternalReporterSchema>;
export const ZExternalReporterListResponseSchema = pagedEnvelope(ZExternalReporterSchema).meta({
  id: 'ExternalReporterListResponse',
});
