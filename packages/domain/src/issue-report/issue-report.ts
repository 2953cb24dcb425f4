import { EMAIL_PATTERN } from '../auth/email.js';
import type { UiLanguage } from '../i18n/languages.js';

/**
 * The issue PDF report (001 §2 "Issue PDF export dialog", §3 "Export payload", §5 "Export", §9):
 * the rules both the export dialog and the server read, without zod (the web loads none). The
 * server's query schema (issue-report-schemas.ts) checks the same rules with these functions.
 */

/** The custom report's parts, as the include_<part> flags of the payload (001 §3), in dialog order. */
export const ISSUE_REPORT_PARTS = [
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
export type IssueReportPart = (typeof ISSUE_REPORT_PARTS)[number];

export const ISSUE_REPORT_EXPORT_TYPES = ['standard', 'custom'] as const;
export type IssueReportExportType = (typeof ISSUE_REPORT_EXPORT_TYPES)[number];

/** The file types GET issue/{id}/download/{fileType} makes (only PDF reports). */
export const ISSUE_REPORT_FILE_TYPES = ['pdf'] as const;

/** 001 §9 "Export e-mails maximum 11". */
export const ISSUE_REPORT_EMAILS_MAX = 11;
/** 001 §5: each address longer than 2 and shorter than 256 characters. */
export const ISSUE_REPORT_EMAIL_MIN_LENGTH = 3;
export const ISSUE_REPORT_EMAIL_MAX_LENGTH = 255;
/** Photos one media list may name (an issue holds at most 20 MB of pictures: far fewer). */
export const ISSUE_REPORT_MEDIA_MAX = 500;
/** 001 §9: export calls wait up to 1 minute. */
export const ISSUE_REPORT_TIMEOUT_MS = 60_000;

export type IssueReportEmailError = 'too_short' | 'too_long' | 'invalid_email';

/** 001 §5 "Export": 'Should be long enough', 'Can't be too long', 'Should be proper email'. */
export function issueReportEmailError(value: string): IssueReportEmailError | null {
  const email = value.trim();
  if (email.length < ISSUE_REPORT_EMAIL_MIN_LENGTH) return 'too_short';
  if (email.length > ISSUE_REPORT_EMAIL_MAX_LENGTH) return 'too_long';
  if (!EMAIL_PATTERN.test(email)) return 'invalid_email';
  return null;
}

/** The add-another button shows while there are 10 fields or fewer (001 §5). */
export function canAddReportEmail(count: number): boolean {
  return count <= ISSUE_REPORT_EMAILS_MAX - 1;
}

/** The payload's email_addresses: the addresses joined by semicolons (empty fields left out). */
export function joinReportEmails(emails: readonly string[]): string {
  return emails
    .map((e) => e.trim())
    .filter(Boolean)
    .join(';');
}

export function splitReportEmails(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
}

/** A photo of the report and whether its description is printed under it (001 §3 media). */
export type IssueReportMedia = { id: number; include_description: boolean };

/** media=12:1,13:0 — id and include_description (1 or 0) per photo, in the report's order. */
export function encodeReportMedia(media: readonly IssueReportMedia[]): string {
  return media.map((m) => `${m.id}:${m.include_description ? 1 : 0}`).join(',');
}

/** The media list of a query, or null when it is malformed (a bare id includes its description). */
export function decodeReportMedia(value: string): IssueReportMedia[] | null {
  if (!value.trim()) return [];
  const out: IssueReportMedia[] = [];
  for (const part of value.split(',')) {
    const match = /^\s*(\d{1,10})(?::([01]))?\s*$/.exec(part);
    if (!match) return null;
    const id = Number(match[1]);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    out.push({ id, include_description: match[2] !== '0' });
  }
  return out.length > ISSUE_REPORT_MEDIA_MAX ? null : out;
}

/** What the export dialog holds (001 §3 "Export payload"). */
export type IssueReportForm = {
  export_type: IssueReportExportType;
  include_subtasks: boolean;
  send_email_copy: boolean;
  emails: string[];
  parts: Record<IssueReportPart, boolean>;
  /** The custom report's photos; null: every photo with its description. */
  media: IssueReportMedia[] | null;
  language: UiLanguage;
};

export type IssueReportFormErrors = {
  /** One per e-mail field, null when it is fine. */
  emails: (IssueReportEmailError | 'required' | null)[];
  parts: 'at_least_one_checkbox' | null;
  too_many_emails: boolean;
};

/** A custom report needs at least one part ('At least 1 checkbox has to be selected'). */
export function hasAnyReportPart(parts: Partial<Record<IssueReportPart, boolean>>): boolean {
  return ISSUE_REPORT_PARTS.some((part) => parts[part] === true);
}

/** The dialog's checks before it calls the server (the server checks the same). */
export function validateIssueReportForm(form: IssueReportForm): IssueReportFormErrors {
  const filled = form.emails.filter((e) => e.trim());
  const emails = form.send_email_copy
    ? form.emails.map((e, index) =>
        e.trim() ? issueReportEmailError(e) : index === 0 && !filled.length ? 'required' : null,
      )
    : form.emails.map(() => null);
  return {
    emails,
    parts: form.export_type === 'custom' && !hasAnyReportPart(form.parts) ? 'at_least_one_checkbox' : null,
    too_many_emails: form.send_email_copy && filled.length > ISSUE_REPORT_EMAILS_MAX,
  };
}

export function isIssueReportFormValid(errors: IssueReportFormErrors): boolean {
  return !errors.parts && !errors.too_many_emails && errors.emails.every((e) => e === null);
}

/** The query of GET issue/{id}/download/{fileType}, as the dialog sends it. */
export type IssueReportQueryParams = {
  export_type: IssueReportExportType;
  include_subtasks: '0' | '1';
  send_email_copy: '0' | '1';
  language: UiLanguage;
  email_addresses?: string;
  media?: string;
} & Partial<Record<`include_${IssueReportPart}`, '0' | '1'>>;

/**
 * The GET query of a dialog's state: flags as 1/0, the custom parts only for a custom report,
 * the addresses joined by semicolons only with an e-mail copy.
 */
export function issueReportQuery(form: IssueReportForm): IssueReportQueryParams {
  const query: IssueReportQueryParams = {
    export_type: form.export_type,
    include_subtasks: form.include_subtasks ? '1' : '0',
    send_email_copy: form.send_email_copy ? '1' : '0',
    language: form.language,
  };
  if (form.send_email_copy) query.email_addresses = joinReportEmails(form.emails);
  if (form.export_type === 'custom') {
    for (const part of ISSUE_REPORT_PARTS) query[`include_${part}`] = form.parts[part] ? '1' : '0';
    if (form.parts.media && form.media) query.media = encodeReportMedia(form.media);
  }
  return query;
}

/** The parts a report shows: a standard report shows them all. */
export function reportPartsOf(
  exportType: IssueReportExportType,
  parts: Partial<Record<IssueReportPart, boolean>>,
): Record<IssueReportPart, boolean> {
  return Object.fromEntries(
    ISSUE_REPORT_PARTS.map((part) => [part, exportType === 'standard' || parts[part] === true]),
  ) as Record<IssueReportPart, boolean>;
}

export type IssueReportNameParam = 'title' | 'process_number' | 'workspace' | 'created_at' | 'status' | 'id';

/**
 * The report's file name from available_pdf_name_params with the issue's real values (the
 * settings page's pdfFileNamePreview shows the same with examples): the parts that have a value,
 * in order, each made safe for a file name, joined by '-'; at most 150 characters before '.pdf'.
 */
export function issueReportFileName(
  params: readonly IssueReportNameParam[],
  values: Record<IssueReportNameParam, string | null>,
): string {
  const parts = params
    .map((p) => (values[p] ?? '').trim())
    .filter(Boolean)
    .map((v) => v.replace(/[^\p{L}\p{N}.-]+/gu, '_').replace(/^[._]+|[._]+$/g, ''))
    .filter(Boolean);
  const name = [...(parts.length ? parts.join('-') : 'report')].slice(0, 150).join('');
  return `${name}.pdf`;
}
