import { z } from 'zod';
import {
  LEASE_CONTACT_MAX,
  LEASE_DEFAULT_NOTICE_MONTHS,
  LEASE_DEFAULT_REMINDER_DAYS,
  LEASE_LANDLORD_MAX,
  LEASE_NOTES_MAX,
  LEASE_NOTICE_MONTHS_MAX,
  LEASE_REMINDER_DAYS_MAX,
  LEASE_RENT_MAX,
  LEASE_RENT_PERIODS,
} from './workspace-info.js';

/** Requests and answers of the lease and maintenance calls (issue 21). */

const ZId = z.number().int();
const ZRef = z.object({ id: ZId, name: z.string() });
const ZPersonRef = z.object({ id: ZId, full_name: z.string(), profile_image: z.string().nullable() });

/** A calendar day, YYYY-MM-DD, that exists. */
const ZDay = z
  .string('invalid_format')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format')
  .refine((v) => {
    const at = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
  }, 'invalid_format');

/** An optional text: empty is null. */
const ZOptionalText = (max: number) =>
  z
    .string('invalid_format')
    .trim()
    .max(max, 'too_long')
    .nullish()
    .transform((v) => (v ? v : null));

/** Amounts ≥ 0 with at most 2 decimals (numeric(14, 2)). */
const ZAmount = z
  .number('invalid_format')
  .min(0, 'invalid_format')
  .max(LEASE_RENT_MAX, 'number_too_large')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'invalid_format');

/** The ISO 4217 codes this runtime knows (all of them in Node and current browsers). */
const KNOWN_CURRENCIES: ReadonlySet<string> | null = (() => {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf ? new Set(intl.supportedValuesOf('currency')) : null;
  } catch {
    return null;
  }
})();

/** Three letters of ISO 4217 (eur is EUR). */
const ZCurrency = z
  .string('invalid_format')
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{3}$/.test(v) && (!KNOWN_CURRENCIES || KNOWN_CURRENCIES.has(v)), 'invalid_format');

const ZWholeBetween = (max: number) =>
  z.number('invalid_format').int('invalid_format').min(0, 'invalid_format').max(max, 'invalid_format');

/**
 * PUT workspace/{id}/lease: the whole lease (create or replace). landlord_name and start_date
 * are required, the end (none: open-ended) not before the start; a rent amount needs its
 * currency.
 */
export const ZLeaseRequestSchema = z
  .object({
    landlord_name: z.string('required').trim().min(1, 'required').max(LEASE_LANDLORD_MAX, 'too_long'),
    landlord_contact: ZOptionalText(LEASE_CONTACT_MAX),
    start_date: z.string('required').trim().min(1, 'required').pipe(ZDay),
    end_date: ZDay.nullish().transform((v) => v ?? null),
    rent_amount: ZAmount.nullish().transform((v) => v ?? null),
    rent_currency: z
      .union([ZCurrency, z.literal('')])
      .nullish()
      .transform((v) => (v ? v : null)),
    rent_period: z
      .enum(LEASE_RENT_PERIODS, 'invalid_format')
      .nullish()
      .transform((v) => v ?? null),
    notice_period_months: ZWholeBetween(LEASE_NOTICE_MONTHS_MAX).default(LEASE_DEFAULT_NOTICE_MONTHS),
    reminder_days_before: ZWholeBetween(LEASE_REMINDER_DAYS_MAX).default(LEASE_DEFAULT_REMINDER_DAYS),
    notes: ZOptionalText(LEASE_NOTES_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.end_date < v.start_date) {
      ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['end_date'] });
    }
    if (v.rent_amount !== null && !v.rent_currency) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['rent_currency'] });
    }
  })
  .meta({ id: 'LeaseRequest' });
export type LeaseRequest = z.input<typeof ZLeaseRequestSchema>;
export type LeaseFields = z.output<typeof ZLeaseRequestSchema>;

/** A contract file of a lease (the attachments store, owner type 'workspace_lease'). */
export const ZLeaseFileSchema = z
  .object({
    id: ZId,
    name: z.string(),
    mime_type: z.string(),
    media_type: z.enum(['picture', 'document']),
    size_bytes: z.number().int(),
    /** A signed address (about an hour). */
    url: z.string(),
    /** 200 px wide, pictures only. */
    thumbnail_url: z.string().nullable(),
    uploaded_by: ZPersonRef.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'LeaseFile' });
export type LeaseFile = z.infer<typeof ZLeaseFileSchema>;

export const ZLeaseSchema = z
  .object({
    id: ZId,
    workspace_id: ZId,
    landlord_name: z.string(),
    landlord_contact: z.string().nullable(),
    start_date: z.string(),
    /** null: open-ended. */
    end_date: z.string().nullable(),
    rent_amount: z.number().nullable(),
    rent_currency: z.string().nullable(),
    rent_period: z.enum(LEASE_RENT_PERIODS).nullable(),
    notice_period_months: z.number().int(),
    reminder_days_before: z.number().int(),
    notes: z.string().nullable(),
    /** The last day to give notice (end − notice period); null when open-ended. */
    notice_date: z.string().nullable(),
    /** The day the reminder goes out (notice date − reminder days); null when open-ended. */
    reminder_date: z.string().nullable(),
    notice_state: z.enum(['open_ended', 'upcoming', 'reminder_due', 'passed']),
    files: z.array(ZLeaseFileSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Lease' });
export type Lease = z.infer<typeof ZLeaseSchema>;

/** GET workspace/{id}/lease: the lease (null: none yet) and whether the caller may change it. */
export const ZLeaseResponseSchema = z
  .object({
    workspace: ZRef,
    lease: ZLeaseSchema.nullable(),
    can_edit: z.boolean(),
  })
  .meta({ id: 'LeaseResponse' });
export type LeaseResponse = z.infer<typeof ZLeaseResponseSchema>;

/** An issue-list query (its URL parameters) that lists what a figure counts. */
const ZListQuery = z.record(z.string(), z.string());

const ZMaintenanceIssue = z.object({
  id: ZId,
  title: z.string(),
  status_id: z.number().int(),
  priority_id: z.number().int(),
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  workspace: ZRef,
  asset: ZRef.nullable(),
  schedule: z.object({ id: ZId, title: z.string() }).nullable(),
  assignee: ZPersonRef.nullable(),
});
export type MaintenanceIssue = z.infer<typeof ZMaintenanceIssue>;

/** GET workspace/{id}/maintenance_info: what is kept running in a workspace and below it. */
export const ZMaintenanceInfoSchema = z
  .object({
    workspace: ZRef,
    /** Sub-workspaces included (besides the workspace itself). */
    sub_workspaces: z.number().int(),
    /** null when the organisation does not use assets (include_assets off). */
    assets: z
      .object({
        total: z.number().int(),
        /** Counts per status id (1..4; archived assets are left out). */
        by_status: z.record(z.string(), z.number().int()),
        data: z.array(
          z.object({
            id: ZId,
            name: z.string(),
            status: z.number().int(),
            workspace: ZRef,
            open_issues: z.number().int(),
          }),
        ),
      })
      .nullable(),
    /** null when the organisation does not use schedules (include_schedules off). */
    schedules: z
      .object({
        total: z.number().int(),
        data: z.array(
          z.object({
            id: ZId,
            title: z.string(),
            workspace: ZRef,
            /** When the next issue is created (ISO), null when none is planned. */
            next_date: z.string().nullable(),
            assignee: ZPersonRef.nullable(),
          }),
        ),
      })
      .nullable(),
    /** Maintenance issues: of a schedule or naming an asset; open (not completed, not archived). */
    issues: z.object({
      open_total: z.number().int(),
      overdue_total: z.number().int(),
      /** The first open ones, overdue first, then by due date. */
      data: z.array(ZMaintenanceIssue),
      /** Issue-list queries of the same issues: of the schedules, of the assets (null: none). */
      list_queries: z.object({
        schedules: ZListQuery.nullable(),
        schedules_overdue: ZListQuery.nullable(),
        assets: ZListQuery.nullable(),
        assets_overdue: ZListQuery.nullable(),
      }),
    }),
    /** Regulatory files of the assets, expired or expiring within 60 days (null without assets). */
    regulatory_files: z
      .object({
        total: z.number().int(),
        data: z.array(
          z.object({
            id: ZId,
            name: z.string(),
            valid_until: z.string(),
            state: z.enum(['expired', 'expiring']),
            asset: ZRef,
          }),
        ),
      })
      .nullable(),
    /** Equipment of the workspace or stored there (null when include_equipment is off). */
    equipment: z
      .object({
        total: z.number().int(),
        data: z.array(z.object({ id: ZId, title: z.string(), status: z.string() })),
      })
      .nullable(),
  })
  .meta({ id: 'MaintenanceInfo' });
export type MaintenanceInfo = z.infer<typeof ZMaintenanceInfoSchema>;
