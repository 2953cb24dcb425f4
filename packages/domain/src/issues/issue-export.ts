/** The export formats of 001 §9, in menu order, with the content type each is sent as. */
export const ISSUE_EXPORT_FORMATS = {
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { contentType: 'text/csv; charset=utf-8' },
  json: { contentType: 'application/json; charset=utf-8' },
  xml: { contentType: 'application/xml; charset=utf-8' },
} as const;
export type IssueExportFormat = keyof typeof ISSUE_EXPORT_FORMATS;
export const ISSUE_EXPORT_FORMAT_NAMES = Object.keys(ISSUE_EXPORT_FORMATS) as IssueExportFormat[];

export function isIssueExportFormat(value: unknown): value is IssueExportFormat {
  return typeof value === 'string' && Object.hasOwn(ISSUE_EXPORT_FORMATS, value);
}

/** An export's file name: issues-YYYY-MM-DD.<format> of the given day. */
export function issueExportFileName(format: IssueExportFormat, day: string): string {
  return `issues-${day}.${format}`;
}
