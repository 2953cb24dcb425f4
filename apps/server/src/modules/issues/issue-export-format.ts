/** The columns of an exported issue, in file order. */
export const ISSUE_EXPORT_COLUMNS = [
  'id',
  'process_number',
  'title',
  'status',
  'priority',
  'workspace',
  'assignee',
  'reporter',
  'category',
  'asset',
  'asset_group',
  'start_date',
  'due_date',
  'created_at',
  'updated_at',
  'archived',
  /** The dynamic form's answers (issue 22), one `label: value` line each. */
  'form',
] as const;
/** With the organisation's include_export_watchers on, the watchers' names close each row. */
export const ISSUE_EXPORT_WATCHERS_COLUMN = 'watchers';
export type IssueExportColumn = (typeof ISSUE_EXPORT_COLUMNS)[number] | typeof ISSUE_EXPORT_WATCHERS_COLUMN;

/** The columns of one export: the fixed ones, and watchers when the organisation exports them. */
export function issueExportColumns(options: { watchers: boolean }): IssueExportColumn[] {
  return options.watchers
    ? [...ISSUE_EXPORT_COLUMNS, ISSUE_EXPORT_WATCHERS_COLUMN]
    : [...ISSUE_EXPORT_COLUMNS];
}
export type IssueExportRecord = {
  id: number;
  process_number: string | null;
  title: string;
  status: string;
  priority: string;
  workspace: string;
  assignee: string | null;
  reporter: string | null;
  category: string | null;
  asset: string | null;
  asset_group: string | null;
  start_date: string | null;
  due_date: string | null;
  created_at: string;
  updated_at: string;
  archived: boolean;
  form: string | null;
  /** The watchers' names, comma-joined (only read when the watchers column is exported). */
  watchers?: string;
};

const cellValue = (record: IssueExportRecord, column: IssueExportColumn) =>
  column === ISSUE_EXPORT_WATCHERS_COLUMN ? (record.watchers ?? '') : record[column];

/** `issues-YYYY-MM-DD.<ext>` for the day of `now` (UTC). */

const cellText = (value: string | number | boolean | null): string =>
  value === null ? '' : typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma, CR or LF; a text starting with
 * = + - @ (or a tab / CR) gets a leading ' so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | boolean | null): string {
  let text = cellText(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number | boolean | null>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export const csvHeader = (columns: readonly IssueExportColumn[] = ISSUE_EXPORT_COLUMNS): string =>
  csvLine(columns);
export const csvRecord = (
  record: IssueExportRecord,
  columns: readonly IssueExportColumn[] = ISSUE_EXPORT_COLUMNS,
): string => csvLine(columns.map((column) => cellValue(record, column)));

/** Text escaped for XML; characters XML 1.0 cannot hold are dropped. */
export function xmlEscape(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  );
}

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<issues>\n';
export const XML_TAIL = '</issues>\n';

export function xmlRecord(
  record: IssueExportRecord,
  columns: readonly IssueExportColumn[] = ISSUE_EXPORT_COLUMNS,
): string {
  const fields = columns.map((column) => {
    const value = cellValue(record, column);
    return value === null ? `<${column}/>` : `<${column}>${xmlEscape(cellText(value))}</${column}>`;
  });
  return `  <issue>${fields.join('')}</issue>\n`;
}

/** A record as xlsx cells (plain values: strings are never read as formulas there). */
export const xlsxRecord = (
  record: IssueExportRecord,
  columns: readonly IssueExportColumn[] = ISSUE_EXPORT_COLUMNS,
): Array<string | number | boolean | null> => columns.map((column) => cellValue(record, column));
