import {
  type IssueReportForm,
  issueReportContracts,
  issueReportQuery,
  type UiLanguage,
} from '@workbench/domain';
import { callRaw } from '../../api/client';
import { saveBlob } from '../issue-export/export-api';
import { fileNameFromDisposition } from '../issue-export/export-helpers';
import { reportFallbackName } from './issue-report-state';

/**
 * GET issue/{id}/download/pdf with the dialog's payload (001 §7 "Exports"): the file is saved
 * under the server's name (content-disposition). Any status other than 200 is an ApiError and
 * no file is made; an abort (the dialog's cancel) rejects with an AbortError.
 */
export async function downloadIssueReport(
  issueId: number,
  form: IssueReportForm,
  signal: AbortSignal,
): Promise<string> {
  const response = await callRaw(issueReportContracts.download, {
    params: { id: issueId, fileType: 'pdf' },
    query: issueReportQuery(form),
    signal,
  });
  return save(response);
}

/** The reporter's variant (the follow link's token): the standard report, no sub-issues or copies. */
export async function downloadPublicIssueReport(
  issueId: number,
  token: string,
  language: UiLanguage,
  signal: AbortSignal,
): Promise<string> {
  const response = await callRaw(issueReportContracts.publicDownload, {
    params: { id: issueId, fileType: 'pdf' },
    query: { token, language },
    signal,
  });
  return save(response);
}

async function save(response: Response): Promise<string> {
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'), reportFallbackName());
  saveBlob(await response.blob(), fileName);
  return fileName;
}
