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
] as const;
export type IssueExportColumn = (typeof ISSUE_EXPORT_COLUMNS)[number];
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
};

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

export const csvHeader = (): string => csvLine(ISSUE_EXPORT_COLUMNS);
export const csvRecord = (record: IssueExportRecord): string =>
  csvLine(ISSUE_EXPORT_COLUMNS.map((column) => record[column]));

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

export function xmlRecord(record: IssueExportRecord): string {
  const fields = ISSUE_EXPORT_COLUMNS.map((column) => {
    const value = record[column];
    return value === null ? `<${column}/>` : `<${column}>${xmlEscape(cellText(value))}</${column}>`;
  });
  return `  <issue>${fields.join('')}</issue>\n`;
}

/** A record as xlsx cells (plain values: strings are never read as formulas there). */
export const xlsxRecord = (record: IssueExportRecord): Array<string | number | boolean | null> =>
  ISSUE_EXPORT_COLUMNS.map((column) => record[column]);
