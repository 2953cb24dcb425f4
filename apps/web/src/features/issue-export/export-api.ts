import { type IssueExportFormat, type IssueListQuery, issueContracts } from '@workbench/domain';
import { callRaw } from '../../api/client';
import { defaultExportFileName, fileNameFromDisposition, issueExportQuery } from './export-helpers';

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start reading before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads the export of a list state (GET issue/export): the file is saved under the server's
 * file name. Errors come as ApiError, like every call.
 */
export async function downloadIssueExport(
  query: IssueListQuery,
  format: IssueExportFormat,
  ids?: number[],
): Promise<string> {
  const response = await callRaw(issueContracts.export, { query: issueExportQuery(query, format, ids) });
  const fileName = fileNameFromDisposition(
    response.headers.get('content-disposition'),
    defaultExportFileName(format),
  );
  saveBlob(await response.blob(), fileName);
  return fileName;
}
