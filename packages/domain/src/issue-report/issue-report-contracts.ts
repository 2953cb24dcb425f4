import { defineContract } from '../contracts/contract.js';
import {
  ZIssueReportParamsSchema,
  ZIssueReportQuerySchema,
  ZPublicIssueReportQuerySchema,
} from './issue-report-schemas.js';

const tags = ['Issues'];

/** 000 §7 GET issue/{id}/download/{fileType} (001 §7 "Exports") and its public variant. */
export const issueReportContracts = {
  download: defineContract({
    method: 'GET',
    path: '/issue/:id/download/:fileType',
    caller: 'user',
    ids: { id: 'issue', fileType: 'token' },
    params: ZIssueReportParamsSchema,
    query: ZIssueReportQuerySchema,
    produces: ['application/pdf'],
    errors: [
      'unsupported_type',
      'at_least_one_checkbox',
      'too_many_emails',
      'too_short',
      'too_long',
      'invalid_email',
      'too_many_requests',
    ],
    errorStatuses: [429],
    tags,
    summary:
      'The PDF report of an issue (standard or custom parts, sub-issues, photos), named from available_pdf_name_params; with send_email_copy also mailed to up to 11 addresses',
    description:
      'Whoever sees the issue and whose permissions allow canExportToPdf. The file streams as it is made (photos are read one at a time, as their 1024 px thumbnails). E-mail copies go through the outbox with the PDF attached, at most 50 addresses per person an hour.',
  }),
  publicDownload: defineContract({
    method: 'GET',
    path: '/public/issue/:id/download/:fileType',
    caller: 'public',
    ids: { id: 'token', fileType: 'token' },
    params: ZIssueReportParamsSchema,
    query: ZPublicIssueReportQuerySchema,
    produces: ['application/pdf'],
    errors: ['unsupported_type', 'too_many_requests'],
    errorStatuses: [404, 429],
    tags: ['Public'],
    summary:
      "The reporter's PDF of a followed report (the follow token): what the follow page shows, without sub-issues or e-mail copies",
  }),
};
