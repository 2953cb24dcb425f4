import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { ISSUE_STATUS } from '../issues/statuses.js';

const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'invalid_format');

/** The organisation's time zone until it sets one (the product's home, as the map's centre). */
export const DEFAULT_TIME_ZONE = 'Europe/Vienna';

/** An IANA time zone name this runtime knows ('Europe/Vienna', 'America/New_York', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const ZTimeZone = z.string().max(64).refine(isTimeZone, 'invalid_time_zone');

/** The custom PDF report's boxes ticked by default (001 §3 "Custom PDF defaults"; settings pdf-reports). */
export const PDF_DEFAULT_KEYS = [
  'header',
  'title',
  'details',
  'description',
  'media',
  'comments',
  'activity_log',
  'ws_reference_number',
  'forms',
  'checklists_on_report',
] as const;
export type PdfDefaultKey = (typeof PDF_DEFAULT_KEYS)[number];

/** The parts a PDF file name may be built from (available_pdf_name_params), in the order offered. */
export const PDF_NAME_PARAMS = [
  'title',
  'process_number',
  'workspace',
  'created_at',
  'status',
  'id',
] as const;

const ZPdfDefaults = z.object(
  Object.fromEntries(PDF_DEFAULT_KEYS.map((key) => [key, z.boolean().default(true)])) as Record<
    PdfDefaultKey,
    z.ZodDefault<z.ZodBoolean>
  >,
);
const ZPdfDefaultsPatch = z
  .object(
    Object.fromEntries(PDF_DEFAULT_KEYS.map((key) => [key, z.boolean()])) as Record<
      PdfDefaultKey,
      z.ZodBoolean
    >,
  )
  .partial();

/** A privacy policy the organisation's people accept once before using the app (/dashboard/privacy-consent). */
const ZPrivacyPolicy = z.object({
  required: z.boolean().default(false),
  url: z
    .url({ protocol: /^https?$/, error: 'invalid_format' })
    .max(2000)
    .nullable()
    .default(null),
});

/**
 * Every client (organisation) setting of 000 §3 with its default. Stored as one JSON document
 * per client so later features add a setting here without a migration; a stored document is
 * always read through this schema, so a missing setting reads as its default.
 */
export const ZClientSettingsSchema = z
  .object({
    colors: z
      .object({ primary: ZHexColor.default('#1c7ed6'), secondary: ZHexColor.default('#0b7285') })
      .prefault({}),
    media_max_size: z.number().int().positive().default(10_000_000),
    /** Schedules compute their dates and work hours in it (issue 16); an unknown stored name reads as the default. */
    time_zone: ZTimeZone.catch(DEFAULT_TIME_ZONE),
    /** New people's language and the language of mails to addresses without one. */
    default_language: z.enum(UI_LANGUAGES).catch('en'),
    include_equipment: z.boolean().default(true),
    include_schedules: z.boolean().default(true),
    include_assets: z.boolean().default(true),
    include_collab: z.boolean().default(true),
    is_equipment_return_strict: z.boolean().default(false),
    edit_workspace: z.boolean().default(true),
    /** The parts of a PDF report's file name, in order (used by the PDF export). */
    available_pdf_name_params: z
      .array(z.enum(PDF_NAME_PARAMS))
      .catch(['title', 'process_number', 'workspace', 'created_at']),
    only_admins_see_users: z.boolean().default(false),
    archive_issues_statuses: z
      .array(z.number().int().min(0).max(8))
      .default([ISSUE_STATUS.declined, ISSUE_STATUS.completed]),
    member_can_take_over_issue: z.boolean().default(true),
    user_management_permission: z.enum(['admins', 'manager_admins']).default('admins'),
    is_assignee_mandatory: z.boolean().default(false),
    is_asset_required: z.boolean().default(false),
    include_issue_process_number: z.boolean().default(false),
    show_in_review_overdue: z.boolean().default(false),
    limited_collaborator_invites: z.boolean().default(false),
    attachment_comments: z.boolean().default(true),
    attachment_priority: z.boolean().default(false),
    attachment_deadline: z.boolean().default(false),
    /** Issue exports (lists, PDF reports) include sub-issues and the watchers (001 §3). */
    include_export_subtasks: z.boolean().default(true),
    include_export_watchers: z.boolean().default(false),
    pdf_defaults: ZPdfDefaults.prefault({}),
    privacy_policy: ZPrivacyPolicy.prefault({}),
    display: z
      .object({
        comments: z.boolean().default(true),
        history: z.boolean().default(true),
        address: z.boolean().default(true),
        titles: z.boolean().default(true),
        text_templates: z.boolean().default(true),
      })
      .prefault({}),
  })
  .meta({ id: 'ClientSettings' });

export type ClientSettings = z.infer<typeof ZClientSettingsSchema>;

/** A partial update of the settings, as PUT client/{id} accepts it. */
export const ZClientSettingsPatchSchema = z.object({
  colors: z.object({ primary: ZHexColor, secondary: ZHexColor }).partial().optional(),
  media_max_size: z.number().int().positive().optional(),
  time_zone: ZTimeZone.optional(),
  default_language: z.enum(UI_LANGUAGES).optional(),
  include_equipment: z.boolean().optional(),
  include_schedules: z.boolean().optional(),
  include_assets: z.boolean().optional(),
  include_collab: z.boolean().optional(),
  is_equipment_return_strict: z.boolean().optional(),
  edit_workspace: z.boolean().optional(),
  available_pdf_name_params: z
    .array(z.enum(PDF_NAME_PARAMS))
    .min(1, 'required_field')
    .max(PDF_NAME_PARAMS.length)
    .refine((list) => new Set(list).size === list.length, 'invalid_format')
    .optional(),
  only_admins_see_users: z.boolean().optional(),
  archive_issues_statuses: z.array(z.number().int().min(0).max(8)).optional(),
  member_can_take_over_issue: z.boolean().optional(),
  user_management_permission: z.enum(['admins', 'manager_admins']).optional(),
  is_assignee_mandatory: z.boolean().optional(),
  is_asset_required: z.boolean().optional(),
  include_issue_process_number: z.boolean().optional(),
  show_in_review_overdue: z.boolean().optional(),
  limited_collaborator_invites: z.boolean().optional(),
  attachment_comments: z.boolean().optional(),
  attachment_priority: z.boolean().optional(),
  attachment_deadline: z.boolean().optional(),
  include_export_subtasks: z.boolean().optional(),
  include_export_watchers: z.boolean().optional(),
  pdf_defaults: ZPdfDefaultsPatch.optional(),
  privacy_policy: z
    .object({
      required: z.boolean(),
      url: z
        .url({ protocol: /^https?$/, error: 'invalid_format' })
        .max(2000)
        .nullable(),
    })
    .partial()
    .optional(),
  display: z
    .object({
      comments: z.boolean(),
      history: z.boolean(),
      address: z.boolean(),
      titles: z.boolean(),
      text_templates: z.boolean(),
    })
    .partial()
    .optional(),
});
export type ClientSettingsPatch = z.infer<typeof ZClientSettingsPatchSchema>;

export function readClientSettings(stored: unknown): ClientSettings {
  return ZClientSettingsSchema.parse(stored ?? {});
}

/** Applies a patch to settings; nested objects merge, lists replace. */
export function mergeClientSettings(current: ClientSettings, patch: ClientSettingsPatch): ClientSettings {
  return ZClientSettingsSchema.parse({
    ...current,
    ...patch,
    colors: { ...current.colors, ...patch.colors },
    display: { ...current.display, ...patch.display },
    pdf_defaults: { ...current.pdf_defaults, ...patch.pdf_defaults },
    privacy_policy: { ...current.privacy_policy, ...patch.privacy_policy },
  });
}
