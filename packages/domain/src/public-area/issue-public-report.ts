import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { PUBLIC_FORM_TYPES } from './public-form.js';

/** What an issue answer says of its public report (Issue.public_report; null: not reported publicly). */
export const ZIssuePublicReportSchema = z
  .object({
    reporter: z.object({
      id: z.number().int().nullable(),
      full_name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      is_public_user: z.literal(true),
    }),
    form_type: z.enum(PUBLIC_FORM_TYPES),
    language: z.enum(UI_LANGUAGES),
    subscribed: z.boolean(),
    declined_notification_sent_at: z.string().nullable(),
  })
  .meta({ id: 'IssuePublicReport' });
export type IssuePublicReport = z.infer<typeof ZIssuePublicReportSchema>;
