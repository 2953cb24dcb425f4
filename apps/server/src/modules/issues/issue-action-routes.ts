import { issueActionContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { withFileCleanup } from '../attachments/attachment-service.js';
import { prepareUploads } from '../attachments/attachment-upload.js';
import {
  archiveIssue,
  archiveIssues,
  changeIssueStatus,
  deleteIssues,
  quickComplete,
  reassignIssues,
  reopenIssue,
  takeOverIssue,
  unarchiveIssue,
} from './issue-action-service.js';
import { duplicateIssue, multiDuplicate } from './issue-duplicate-service.js';
import { attachmentFormOf, multipartIssueBody } from './issue-form.js';

/** Status actions, menu actions (single and bulk) and duplicates (000 §2 "Issue action menu", §7). */
export function issueActionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const calls = issueActionContracts;
  route(
    app,
    ctx,
    calls.status,
    async ({ auth, params, body, request }) => {
      const files = await prepareUploads(attachmentFormOf(request).uploads);
      return withFileCleanup(ctx, (written) =>
        changeIssueStatus(ctx, auth, params.id, body, { files, written }),
      );
    },
    // Mark done with the required photo: the multipart form becomes the body.
    { preValidation: multipartIssueBody },
  );
  route(app, ctx, calls.takeover, ({ auth, params }) => takeOverIssue(ctx, auth, params.id));
  route(app, ctx, calls.archive, ({ auth, params }) => archiveIssue(ctx, auth, params.id));
  route(app, ctx, calls.unarchive, ({ auth, params }) => unarchiveIssue(ctx, auth, params.id));
  route(app, ctx, calls.reopen, ({ auth, params }) => reopenIssue(ctx, auth, params.id));

  route(app, ctx, calls.quickComplete, ({ auth, body }) => quickComplete(ctx, auth, body.ids));
  route(app, ctx, calls.archiveMany, ({ auth, body }) => archiveIssues(ctx, auth, body.ids));
  route(app, ctx, calls.deleteMany, ({ auth, body }) => deleteIssues(ctx, auth, body.ids));
  route(app, ctx, calls.reassignMany, ({ auth, body }) => reassignIssues(ctx, auth, body));

  route(app, ctx, calls.duplicate, ({ auth, params, body }) => duplicateIssue(ctx, auth, params.id, body));
  route(app, ctx, calls.duplicateMany, ({ auth, body }) => multiDuplicate(ctx, auth, body));
}
