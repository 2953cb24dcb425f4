import { describe, expect, it } from 'vitest';
import { PDF_DEFAULT_KEYS } from '../client/client-settings.js';
import { ERROR_KEYS } from '../errors/error-keys.js';
import {
  canAddReportEmail,
  decodeReportMedia,
  encodeReportMedia,
  ISSUE_REPORT_PARTS,
  type IssueReportForm,
  isIssueReportFormValid,
  issueReportEmailError,
  issueReportFileName,
  issueReportQuery,
  reportPartsOf,
  validateIssueReportForm,
} from './issue-report.js';
import { readIssueReportQuery, ZIssueReportQuerySchema } from './issue-report-schemas.js';

const none = Object.fromEntries(ISSUE_REPORT_PARTS.map((p) => [p, false])) as IssueReportForm['parts'];
const form = (over: Partial<IssueReportForm> = {}): IssueReportForm => ({
  export_type: 'custom',
  include_subtasks: false,
  send_email_copy: false,
  emails: [''],
  parts: { ...none, title: true },
  media: null,
  language: 'en',
  ...over,
});

describe('issue report rules', () => {
  it('has the parts of the PDF defaults setting', () => {
    expect([...ISSUE_REPORT_PARTS].sort()).toEqual([...PDF_DEFAULT_KEYS].sort());
  });

  it('checks e-mails as 001 §5 says', () => {
    expect(issueReportEmailError('ab')).toBe('too_short');
    expect(issueReportEmailError(`${'a'.repeat(250)}@b.com`)).toBe('too_long');
    expect(issueReportEmailError('not-an-address')).toBe('invalid_email');
    expect(issueReportEmailError(' anna@example.com ')).toBeNull();
    expect(canAddReportEmail(10)).toBe(true);
    expect(canAddReportEmail(11)).toBe(false);
  });

  it('needs one part for a custom report and addresses for a copy', () => {
    expect(validateIssueReportForm(form({ parts: none })).parts).toBe('at_least_one_checkbox');
    expect(validateIssueReportForm(form({ export_type: 'standard', parts: none })).parts).toBeNull();
    const copy = validateIssueReportForm(form({ send_email_copy: true, emails: ['', 'x'] }));
    expect(copy.emails).toEqual([null, 'too_short']);
    expect(validateIssueReportForm(form({ send_email_copy: true, emails: [''] })).emails).toEqual([
      'required',
    ]);
    expect(isIssueReportFormValid(validateIssueReportForm(form()))).toBe(true);
  });

  it('encodes media and the query the server reads back', () => {
    const media = [
      { id: 12, include_description: true },
      { id: 13, include_description: false },
    ];
    expect(encodeReportMedia(media)).toBe('12:1,13:0');
    expect(decodeReportMedia('12:1,13:0')).toEqual(media);
    expect(decodeReportMedia('12')).toEqual([{ id: 12, include_description: true }]);
    expect(decodeReportMedia('12:2')).toBeNull();
    expect(decodeReportMedia('x')).toBeNull();
    const query = issueReportQuery(
      form({
        parts: { ...none, media: true, comments: true },
        media,
        send_email_copy: true,
        emails: ['a@b.at', ' c@d.at '],
      }),
    );
    expect(query).toMatchObject({ media: '12:1,13:0', email_addresses: 'a@b.at;c@d.at', include_media: '1' });
    const parsed = readIssueReportQuery(ZIssueReportQuerySchema.parse(query));
    expect(parsed.parts).toMatchObject({ media: true, comments: true, title: false });
    expect(parsed.media).toEqual(media);
    expect(parsed.emails).toEqual(['a@b.at', 'c@d.at']);
  });

  it('refuses bad payloads with the spec keys', () => {
    const problems = (query: Record<string, string>) =>
      ZIssueReportQuerySchema.safeParse(query).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(problems({ export_type: 'custom' })).toEqual([['export_type', 'at_least_one_checkbox']]);
    expect(
      problems({
        send_email_copy: '1',
        email_addresses: Array.from({ length: 12 }, () => 'a@b.at').join(';'),
      }),
    ).toEqual([['email_addresses', 'too_many_emails']]);
    expect(problems({ send_email_copy: '1', email_addresses: 'a@b.at;xy' })).toEqual([
      ['email_addresses.1', 'too_short'],
    ]);
    expect(problems({ send_email_copy: 'yes' })?.[0]?.[1]).toBe('invalid_format');
    for (const [, key] of problems({ export_type: 'custom', media: '1:x' }) ?? []) {
      expect(ERROR_KEYS).toContain(key);
    }
  });

  it('shows every part in a standard report', () => {
    expect(Object.values(reportPartsOf('standard', {})).every(Boolean)).toBe(true);
    expect(reportPartsOf('custom', { title: true })).toMatchObject({ title: true, header: false });
  });

  it('names the file from the settings with the real values', () => {
    expect(
      issueReportFileName(['title', 'process_number', 'workspace', 'created_at'], {
        title: 'Kaputte Tür / Ölfleck',
        process_number: null,
        workspace: 'Łódź – Мастерская',
        created_at: '2026-12-03',
        status: 'Done',
        id: '7',
      }),
    ).toBe('Kaputte_Tür_Ölfleck-Łódź_Мастерская-2026-12-03.pdf');
    expect(issueReportFileName([], { title: 'x' } as never)).toBe('report.pdf');
  });
});
