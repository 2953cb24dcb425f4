import {
  type IssueExportFormat,
  type IssueListQuery,
  issueExportFileName,
  issueListQueryToParams,
} from '@workbench/domain';

/** URL parameters that shape the screen, not the set of issues: never sent to the export. */
const NOT_EXPORTED = ['page', 'paginate_by', 'density'];

/**
 * The GET issue/export query of a list state: the list's parameters without paging and density,
 * plus the format; `ids` (a selection) replaces the URL's ids when given.
 */
export function issueExportQuery(
  query: IssueListQuery,
  format: IssueExportFormat,
  ids?: number[],
): Record<string, string> {
  const params = Object.fromEntries(
    Object.entries(issueListQueryToParams(query)).filter(([key]) => !NOT_EXPORTED.includes(key)),
  );
  if (ids?.length) params.ids = ids.join(',');
  return { ...params, format };
}

/**
 * The file name of a content-disposition header (RFC 6266: filename* in UTF-8 first, then
 * filename, quoted or not), without any folder part; `fallback` when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/.exec(header);
    const plain = /filename\s*=\s*([^;"\s]+)/.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[1] ?? null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}

/** The name used when the server sends none: issues-YYYY-MM-DD.<ext> of the local day. */
export function defaultExportFileName(format: IssueExportFormat, now: Date = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return issueExportFileName(format, day);
}
