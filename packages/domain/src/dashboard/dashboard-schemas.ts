import { z } from 'zod';
import { ONBOARDING_STEPS } from './onboarding.js';

/** GET dashboard/statistics: how many ISO weeks the chart covers (the current one included). */
export const DASHBOARD_WEEKS_DEFAULT = 12;
export const DASHBOARD_WEEKS_MAX = 52;
/** Rows shown under a figure; the list behind its link has all of them. */
export const DASHBOARD_FIGURE_ROWS = 3;
export const DASHBOARD_OVERDUE_WORKSPACES = 10;

export const ZDashboardStatisticsQuerySchema = z.object({
  weeks: z.coerce
    .number()
    .int('invalid_format')
    .min(1, 'invalid_format')
    .max(DASHBOARD_WEEKS_MAX, 'invalid_format')
    .default(DASHBOARD_WEEKS_DEFAULT),
});
export type DashboardStatisticsQuery = z.infer<typeof ZDashboardStatisticsQuerySchema>;

const ZFigureRow = z.object({
  id: z.number().int(),
  title: z.string(),
  status_id: z.number().int(),
  due_date: z.string().nullable(),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
});

/**
 * A number and the issue-list query that counts it: /dashboard/issues?{query} lists exactly the
 * issues counted (the same list code counts them), with its first rows.
 */
export const ZDashboardFigureSchema = z
  .object({ count: z.number().int(), query: z.string(), rows: z.array(ZFigureRow) })
  .meta({ id: 'DashboardFigure' });
export type DashboardFigure = z.infer<typeof ZDashboardFigureSchema>;

export const ZDashboardWeekSchema = z.object({
  /** ISO week of the organisation's time zone, e.g. 2026-W49. */
  week: z.string(),
  /** Its Monday 00:00 and the next Monday 00:00 in the organisation's time zone, as instants. */
  starts_at: z.string(),
  ends_at: z.string(),
  opened: z.number().int(),
  completed: z.number().int(),
  /** The list of the issues opened that week. */
  opened_query: z.string(),
});
export type DashboardWeek = z.infer<typeof ZDashboardWeekSchema>;

export const ZDashboardStatisticsSchema = z
  .object({
    time_zone: z.string(),
    weeks: z.number().int(),
    /** The caller's own work. */
    mine: z.object({
      due_today: ZDashboardFigureSchema,
      overdue: ZDashboardFigureSchema,
      /** Declined: in the workspaces one manages, or (others) the issues one reported. */
      declined: ZDashboardFigureSchema,
      /** Waiting for a check in the workspaces one manages; null for those who do not review. */
      in_review: ZDashboardFigureSchema.nullable(),
    }),
    /** Admins and the managers of some workspace (their workspaces only); null for everyone else. */
    management: z
      .object({
        scope: z.enum(['organisation', 'managed']),
        overdue: ZDashboardFigureSchema,
        per_week: z.array(ZDashboardWeekSchema),
        overdue_by_workspace: z.array(
          z.object({
            workspace: z.object({ id: z.number().int(), name: z.string() }),
            count: z.number().int(),
            query: z.string(),
          }),
        ),
        /**
         * Schedule issues due in the chart's period (up to now) and those completed by their due
         * date; null when the organisation does not use schedules.
         */
        schedules_on_time: z
          .object({
            due: z.number().int(),
            on_time: z.number().int(),
            percent: z.number().nullable(),
            /** The list of the schedule issues due in the period (null when too many schedules to name). */
            query: z.string().nullable(),
          })
          .nullable(),
        /** Handouts past their return date; null when the organisation does not use equipment. */
        equipment_overdue: z
          .object({
            count: z.number().int(),
            /** Equipment list parameters (/dashboard/equipment?{query}: overdue items come first). */
            query: z.string(),
            items: z.array(
              z.object({
                id: z.number().int(),
                title: z.string(),
                holder: z.string().nullable(),
                return_date: z.string().nullable(),
              }),
            ),
          })
          .nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'DashboardStatistics' });
export type DashboardStatistics = z.infer<typeof ZDashboardStatisticsSchema>;

export const ZOnboardingUpdateSchema = z.object({
  /** Steps the person marks done (added to those already stored). */
  completed_steps: z
    .array(z.enum(ONBOARDING_STEPS, 'invalid_format'))
    .max(ONBOARDING_STEPS.length)
    .optional(),
  /** true: skip the getting-started page from now on; false: show it again. */
  dismissed: z.boolean('invalid_format').optional(),
});
export type OnboardingUpdate = z.infer<typeof ZOnboardingUpdateSchema>;

export const ZOnboardingProgressSchema = z
  .object({ completed_steps: z.array(z.string()), dismissed: z.boolean() })
  .meta({ id: 'OnboardingProgress' });

export const ZPrivacyConsentSchema = z
  .object({ consented_at: z.string().nullable() })
  .meta({ id: 'PrivacyConsent' });
