import { publicIssueContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  commentPublicly,
  commentUploadPreValidation,
  listAttachmentCommentsPublicly,
  uploadToComment,
} from './public-comment-service.js';
import { changeStatusPublicly, getFollowPage, setSubscription } from './public-issue-service.js';
import { publicReportPreValidation, reportPublicly } from './public-report-service.js';

/**
 * The public area's calls (000 §7 "Public"): reports, follow pages, comments, unsubscribes.
 * (GET public/asset/{code} is registered with the forms, public-form-routes.ts.)
 */
export function publicIssueRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.report, ({ body, request }) => reportPublicly(ctx, request, body), {
    preValidation: publicReportPreValidation(ctx),
  });
  route(app, ctx, contracts.detail, ({ params, query, request }) =>
    getFollowPage(ctx, request, params.id, query.token),
  );
  route(app, ctx, contracts.update, ({ params, body, request }) =>
    changeStatusPublicly(ctx, request, params.id, body),
  );
  route(app, ctx, contracts.comment, ({ params, body, request }) =>
    commentPublicly(ctx, request, params.id, body),
  );
  route(
    app,
    ctx,
    contracts.commentUpload,
    ({ params, query, request }) => uploadToComment(ctx, request, params, query.token),
    { preValidation: commentUploadPreValidation(ctx) },
  );
  route(app, ctx, contracts.attachmentComments, ({ params, query, request }) =>
    listAttachmentCommentsPublicly(ctx, request, params.id, query.token),
  );
  route(app, ctx, contracts.unsubscribe, ({ params, body, request }) =>
    setSubscription(ctx, request, params.id, body),
  );
}
