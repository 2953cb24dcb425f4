import {
  isIssueListPage,
  issueContracts,
  readIssueListQuery,
  ZIssueListPageResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { compiledFor200 } from '../../http/compiled-serializer.js';
import { route } from '../../http/contract-route.js';
import { withFileCleanup } from '../attachments/attachment-service.js';
import { prepareUploads } from '../attachments/attachment-upload.js';
import { filterRoutes } from '../filters/filter-routes.js';
import { issueActionRoutes } from './issue-action-routes.js';
import { issueDetailRoutes } from './issue-detail-routes.js';
import { issueExportRoutes } from './issue-export-routes.js';
import { attachmentFormOf, multipartIssueBody } from './issue-form.js';
import { listIssues, readSubtaskQuery } from './issue-list-service.js';
import { pathOf } from './issue-route-common.js';
import { createIssue, deleteIssue, getIssue, listSubtasks, updateIssue } from './issue-service.js';
import { processNumberExists } from './issue-worktime-service.js';

/**
 * Issues (000 §7 Issues): the issue itself here; status actions, bulk calls and duplicates in
 * issue-action-routes.ts; comments, watchers, links, work time and the activity log in
 * issue-detail-routes.ts. Every rule is a packages/domain issue rule; the contracts declare every
 * issue/{id} id, so another organisation's caller gets 404 before anything runs.
 */
export function issueRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    issueContracts.list,
    ({ auth, query, request }) => {
      if (query.parent_id !== undefined && query.parent_id !== '') {
        return listSubtasks(ctx, auth, readSubtaskQuery(query), pathOf(request));
      }
      return listIssues(ctx, auth, readIssueListQuery(query), pathOf(request));
    },
    // The list page is the most requested answer: a compiled serializer (bench/); the sub-issue
    // page and the errors keep the checked zod one.
    { serializerCompiler: compiledFor200(ZIssueListPageResponseSchema, isIssueListPage) },
  );

  route(app, ctx, issueContracts.get, ({ auth, params }) => getIssue(ctx, auth, params.id));

  route(
    app,
    ctx,
    issueContracts.create,
    async ({ auth, body, request }) => {
      // Files of the form (attachment[n][file|description|due_date|priority_id]): checked before anything is written.
      const files = await prepareUploads(attachmentFormOf(request).uploads);
      return withFileCleanup(ctx, (written) => createIssue(ctx, auth, body, { files, written }));
    },
    { preValidation: multipartIssueBody },
  );

  route(app, ctx, issueContracts.update, ({ auth, params, body }) => updateIssue(ctx, auth, params.id, body));
  route(app, ctx, issueContracts.remove, ({ auth, params }) => deleteIssue(ctx, auth, params.id));
  route(app, ctx, issueContracts.processNumberExists, ({ auth, params }) =>
    processNumberExists(ctx, auth, params.id),
  );

  issueActionRoutes(app, ctx);
  issueDetailRoutes(app, ctx);
  issueExportRoutes(app, ctx);
  filterRoutes(app, ctx);
}
