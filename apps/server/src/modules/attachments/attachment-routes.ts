import { attachmentContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { attachmentFormOf, multipartIssueBody } from '../issues/issue-form.js';
import {
  addAttachmentComment,
  listAttachmentComments,
  requireCanAddAttachments,
  saveIssueWithAttachments,
  uploadToIssue,
} from './issue-attachment-service.js';
import { readsUploadForm, uploadFormOf } from './upload-form-hook.js';

/**
 * Issue attachments (000 §5 Uploads, 001 §4 and §7): uploads, the gallery save, and comments on
 * one attachment. Files are checked by content before anything is written; a request with one
 * refused file writes nothing and names every refused file.
 */
export function attachmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    attachmentContracts.upload,
    ({ auth, params, request }) => uploadToIssue(ctx, auth, params.id, uploadFormOf(request)),
    // Refused callers are refused before their files are read.
    { preValidation: readsUploadForm((auth, issueId) => requireCanAddAttachments(ctx, auth, issueId)) },
  );
  route(
    app,
    ctx,
    attachmentContracts.saveIssueWithGallery,
    ({ auth, params, body, request }) =>
      saveIssueWithAttachments(ctx, auth, params.id, body, attachmentFormOf(request)),
    { preValidation: multipartIssueBody },
  );
  route(app, ctx, attachmentContracts.listComments, ({ auth, params, query }) =>
    listAttachmentComments(ctx, auth, params.id, query.attachment_id),
  );
  route(app, ctx, attachmentContracts.addComment, ({ auth, params, body }) =>
    addAttachmentComment(ctx, auth, params.id, body),
  );
}
