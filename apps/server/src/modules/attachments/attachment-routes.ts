import {
  ZAttachmentCommentListResponseSchema,
  ZAttachmentCommentQuerySchema,
  ZAttachmentCommentRequestSchema,
  ZAttachmentCommentResponseSchema,
  ZAttachmentListResponseSchema,
  ZIssueSchema,
  ZUpdateIssueRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { attachmentFormOf, multipartIssueBody } from '../issues/issue-form.js';
import { issueId, security, ZIssueParams } from '../issues/issue-route-common.js';
import { readUploadForm } from './attachment-upload.js';
import {
  addAttachmentComment,
  listAttachmentComments,
  requireCanAddAttachments,
  saveIssueWithAttachments,
  uploadToIssue,
} from './issue-attachment-service.js';

const tags = ['Attachments'];

/**
 * Issue attachments (000 §5 Uploads, 001 §4 and §7): uploads, the gallery save, and comments on
 * one attachment. Files are checked by content before anything is written; a request with one
 * refused file writes nothing and names every refused file.
 */
export function attachmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.post(
    '/issue/:id/upload',
    {
      onRequest: loggedIn,
      config: issueId,
      // Refused callers are refused before their files are read.
      preValidation: async (request) => {
        const id = Number((request.params as { id: unknown }).id);
        // A malformed id is answered by the schema next.
        if (Number.isSafeInteger(id) && id > 0) await requireCanAddAttachments(ctx, authOf(request), id);
      },
      schema: {
        tags,
        summary:
          'Upload files to an issue (multipart: attachments[n][file], attachments[n][description], attachments[n][due_date] in seconds, attachments[n][priority_id]). Images jpeg/png/gif, documents pdf, doc, docx, xls, xlsx, csv, eml, msg, checked by content; 2 MB per file (larger images are rescaled), 20 MB per issue. Answers the new attachments.',
        security,
        consumes: ['multipart/form-data'],
        params: ZIssueParams,
        response: { 200: ZAttachmentListResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const form = await readUploadForm(request);
      return uploadToIssue(ctx, authOf(request), request.params.id, form);
    },
  );

  r.post(
    '/issue/:id',
    {
      onRequest: loggedIn,
      config: issueId,
      preValidation: multipartIssueBody,
      schema: {
        tags,
        summary:
          'Save an issue with its gallery (multipart, _method=PUT): the fields of PUT issue/{id}; attachment[n][id] with description/due_date/priority_id edits one, attachment[n][file] adds one, delete_attachments[n] deletes one. All or nothing.',
        security,
        consumes: ['multipart/form-data', 'application/json'],
        params: ZIssueParams,
        body: ZUpdateIssueRequestSchema,
        response: { 200: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      saveIssueWithAttachments(
        ctx,
        authOf(request),
        request.params.id,
        request.body,
        attachmentFormOf(request),
      ),
  );

  r.get(
    '/issue/:id/attachment_comment',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Comments on one attachment of the issue, oldest first',
        security,
        params: ZIssueParams,
        querystring: ZAttachmentCommentQuerySchema,
        response: { 200: ZAttachmentCommentListResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listAttachmentComments(ctx, authOf(request), request.params.id, request.query.attachment_id),
  );

  r.post(
    '/issue/:id/attachment_comment',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary:
          'Comment on one attachment (whoever may comment on the issue, when the organisation allows attachment comments)',
        security,
        params: ZIssueParams,
        body: ZAttachmentCommentRequestSchema,
        response: { 200: ZAttachmentCommentResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => addAttachmentComment(ctx, authOf(request), request.params.id, request.body),
  );
}
