import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import { ISSUE_UPDATE_ERROR_KEYS } from '../issues/issue-contracts.js';
import { ZIssueSchema, ZUpdateIssueRequestSchema } from '../issues/issue-schemas.js';
import {
  ZAttachmentCommentListResponseSchema,
  ZAttachmentCommentQuerySchema,
  ZAttachmentCommentRequestSchema,
  ZAttachmentCommentResponseSchema,
  ZAttachmentListResponseSchema,
} from './attachment.js';
import { UPLOAD_ERROR_KEYS } from './upload-types.js';

const tags = ['Attachments'];

/**
 * Issue attachments (000 §5 Uploads, 001 §4 and §7): uploads, the gallery save, and comments on
 * one attachment. Files are checked by content before anything is written; a request with one
 * refused file writes nothing and names every refused file (`files` of the error body).
 */
export const attachmentContracts = {
  upload: defineContract({
    method: 'POST',
    path: '/issue/:id/upload',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    response: ZAttachmentListResponseSchema,
    multipart: true,
    errors: UPLOAD_ERROR_KEYS,
    tags,
    summary:
      'Upload files to an issue (multipart: attachments[n][file], attachments[n][description], attachments[n][due_date] in seconds, attachments[n][priority_id]). Images jpeg/png/gif, documents pdf, doc, docx, xls, xlsx, csv, eml, msg, checked by content; 2 MB per file (larger images are rescaled), 20 MB per issue. Answers the new attachments.',
  }),
  saveIssueWithGallery: defineContract({
    method: 'POST',
    path: '/issue/:id',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    body: ZUpdateIssueRequestSchema,
    response: ZIssueSchema,
    multipart: true,
    errors: [...new Set([...ISSUE_UPDATE_ERROR_KEYS, ...UPLOAD_ERROR_KEYS])],
    tags,
    summary:
      'Save an issue with its gallery (multipart, _method=PUT): the fields of PUT issue/{id}; attachment[n][id] with description/due_date/priority_id edits one, attachment[n][file] adds one, delete_attachments[n] deletes one. All or nothing.',
  }),
  listComments: defineContract({
    method: 'GET',
    path: '/issue/:id/attachment_comment',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    query: ZAttachmentCommentQuerySchema,
    response: ZAttachmentCommentListResponseSchema,
    tags,
    summary: 'Comments on one attachment of the issue, oldest first',
  }),
  addComment: defineContract({
    method: 'POST',
    path: '/issue/:id/attachment_comment',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    body: ZAttachmentCommentRequestSchema,
    response: ZAttachmentCommentResponseSchema,
    tags,
    summary:
      'Comment on one attachment (whoever may comment on the issue, when the organisation allows attachment comments)',
  }),
};
