import { z } from 'zod';
import { ZIdParam } from '../contracts/params.js';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { ZFollowToken } from '../public-area/public-schemas.js';
import {
  decodeReportMedia,
  hasAnyReportPart,
  ISSUE_REPORT_EMAILS_MAX,
  ISSUE_REPORT_EXPORT_TYPES,
  ISSUE_REPORT_FILE_TYPES,
  ISSUE_REPORT_PARTS,
  type IssueReportMedia,
  type IssueReportPart,
  issueReportEmailError,
  splitReportEmails,
} from './issue-report.js';

/** A query flag: 1/0 (or true/false); anything else is invalid_format. */
const ZQueryFlag = z
  .enum(['0', '1', 'true', 'false'], 'invalid_format')
  .transform((v) => v === '1' || v === 'true');

/** GET issue/{id}/download/{fileType}: the issue and the file type (pdf). */
export const ZIssueReportParamsSchema = z.object({
  id: ZIdParam,
  fileType: z.enum(ISSUE_REPORT_FILE_TYPES, 'unsupported_type'),
});

const partFlags = Object.fromEntries(
  ISSUE_REPORT_PARTS.map((part) => [`include_${part}`, ZQueryFlag.optional()]),
) as Record<`include_${IssueReportPart}`, z.ZodOptional<typeof ZQueryFlag>>;

/**
 * The export payload as query parameters (001 §3, §5, §7 "Exports"): export_type, include_subtasks
 * (absent: the organisation's include_export_subtasks), send_email_copy with email_addresses
 * joined by ';' (at most 11, each checked as the dialog does: too_short, too_long,
 * invalid_email), the custom include_<part> flags (at least one: at_least_one_checkbox), media
 * as id:include_description pairs (media=12:1,13:0) and the report's language.
 */
export const ZIssueReportQuerySchema = z
  .object({
    export_type: z.enum(ISSUE_REPORT_EXPORT_TYPES, 'invalid_format').default('standard'),
    include_subtasks: ZQueryFlag.optional(),
    send_email_copy: ZQueryFlag.default(false),
    email_addresses: z.string('invalid_format').max(4000, 'too_long').optional(),
    ...partFlags,
    media: z.string('invalid_format').max(8000, 'too_long').optional(),
    language: z.enum(UI_LANGUAGES, 'unsupported_language').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.send_email_copy) {
      const emails = splitReportEmails(query.email_addresses);
      if (!emails.length) {
        ctx.addIssue({ code: 'custom', path: ['email_addresses'], message: 'required' });
      } else if (emails.length > ISSUE_REPORT_EMAILS_MAX) {
        ctx.addIssue({ code: 'custom', path: ['email_addresses'], message: 'too_many_emails' });
      }
      emails.slice(0, ISSUE_REPORT_EMAILS_MAX).forEach((email, index) => {
        const error = issueReportEmailError(email);
        if (error) ctx.addIssue({ code: 'custom', path: ['email_addresses', index], message: error });
      });
    }
    if (query.export_type === 'custom') {
      const parts = Object.fromEntries(
        ISSUE_REPORT_PARTS.map((part) => [part, query[`include_${part}`] === true]),
      );
      if (!hasAnyReportPart(parts)) {
        ctx.addIssue({ code: 'custom', path: ['export_type'], message: 'at_least_one_checkbox' });
      }
    }
    if (query.media !== undefined && decodeReportMedia(query.media) === null) {
      ctx.addIssue({ code: 'custom', path: ['media'], message: 'invalid_format' });
    }
  });
export type IssueReportQuery = z.output<typeof ZIssueReportQuerySchema>;

/** The checked query as the report service reads it. */
export type IssueReportRequest = {
  exportType: (typeof ISSUE_REPORT_EXPORT_TYPES)[number];
  includeSubtasks: boolean | undefined;
  emails: string[];
  parts: Record<IssueReportPart, boolean>;
  media: IssueReportMedia[] | null;
  language: (typeof UI_LANGUAGES)[number] | undefined;
};

export function readIssueReportQuery(query: IssueReportQuery): IssueReportRequest {
  return {
    exportType: query.export_type,
    includeSubtasks: query.include_subtasks,
    emails: query.send_email_copy ? splitReportEmails(query.email_addresses) : [],
    parts: Object.fromEntries(
      ISSUE_REPORT_PARTS.map((part) => [part, query[`include_${part}`] === true]),
    ) as Record<IssueReportPart, boolean>,
    media: query.media === undefined ? null : decodeReportMedia(query.media),
    language: query.language,
  };
}

/**
 * The public variant (the reporter's follow link): the follow token and the language; it is the
 * standard report of what the follow page shows, without sub-issues or e-mail copies (001 §4).
 */
export const ZPublicIssueReportQuerySchema = z.object({
  token: ZFollowToken,
  language: z.enum(UI_LANGUAGES, 'unsupported_language').optional(),
});
