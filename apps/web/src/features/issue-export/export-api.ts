import type { ErrorBody, IssueListQuery } from '@workbench/domain';
import { API_BASE, ApiError } from '../../api/client';
import { sessionStore } from '../auth/session-store';
import {
  defaultExportFileName,
  fileNameFromDisposition,
  type IssueExportFormat,
  issueExportPath,
} from './export-helpers';

/** Hands a Blob to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
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
 * Downloads the export of a list state (GET issue/export with the stored token, like api()):
 * the file is saved under the server's file name. Errors come as ApiError, like api().
 */
export async function downloadIssueExport(
  query: IssueListQuery,
  format: IssueExportFormat,
  ids?: number[],
): Promise<string> {
  const token = sessionStore.get().session?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${issueExportPath(query, format, ids)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'no_internet', 'No connection to the server');
  }
  if (!response.ok) {
    const error = ((await response.json().catch(() => null)) ?? {}) as Partial<ErrorBody>;
    const key = typeof error.error === 'string' ? error.error : 'general_error';
    if ((response.status === 401 || (response.status === 403 && key === 'access_denied')) && token)
      sessionStore.loggedOut({ expired: true });
    throw new ApiError(response.status, key, error.message ?? response.statusText, error.fields ?? {});
  }
  const fileName = fileNameFromDisposition(
    response.headers.get('content-disposition'),
    defaultExportFileName(format),
  );
  saveBlob(await response.blob(), fileName);
  return fileName;
}
