import {
  type Issue,
  ZDuplicateIssueRequestSchema,
  ZDuplicateResultSchema,
  ZIssueIdsRequestSchema,
  ZIssueSchema,
  ZIssueStatusRequestSchema,
  ZMultiDuplicateRequestSchema,
  ZMultipleArchiveResponseSchema,
  ZMultipleDeleteResponseSchema,
  ZQuickCompleteResponseSchema,
  ZReassignIssuesRequestSchema,
  ZReassignIssuesResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
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
import { issueId, security, tags, ZIssueParams } from './issue-route-common.js';

/** Status actions, menu actions (single and bulk) and duplicates (000 §2 "Issue action menu", §7). */
export function issueActionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.post(
    '/issue/:id/status',
    {
      onRequest: loggedIn,
      config: issueId,
      // Mark done with the required photo (001 §4 "photo required"): multipart with attachments[n][file].
      preValidation: multipartIssueBody,
      schema: {
        tags,
        summary:
          'A status button: accept (5), decline (4, note), start (6), mark done (7, worktime_seconds), decline review (6, note), complete (8). As multipart, files in attachments[n][file] are added first and count as the required attachment.',
        security,
        consumes: ['application/json', 'multipart/form-data'],
        params: ZIssueParams,
        body: ZIssueStatusRequestSchema,
        response: { 200: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const files = await prepareUploads(attachmentFormOf(request).uploads);
      return withFileCleanup(ctx, (written) =>
        changeIssueStatus(ctx, authOf(request), request.params.id, request.body, { files, written }),
      );
    },
  );

  const single: Array<[string, string, (ctx: AppContext, auth: Auth, id: number) => Promise<Issue>]> = [
    ['takeover', 'Take the issue over (the caller becomes the assignee)', takeOverIssue],
    ['archive', 'Archive (admins, managers, group managers; archivable or completed status)', archiveIssue],
    ['unarchive', 'Unarchive (admins only)', unarchiveIssue],
    [
      'reopen',
      'Reopen a completed issue: back to in progress (admins, managers, group managers)',
      reopenIssue,
    ],
  ];
  for (const [action, summary, run] of single) {
    r.post(
      `/issue/:id/${action}`,
      {
        onRequest: loggedIn,
        config: issueId,
        schema: {
          tags,
          summary,
          security,
          params: ZIssueParams,
          response: { 200: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      (request) => run(ctx, authOf(request), request.params.id),
    );
  }

  r.post(
    '/issue/quick_complete',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Complete several issues at once; each refused one comes back with its key',
        security,
        body: ZIssueIdsRequestSchema,
        response: { 200: ZQuickCompleteResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => quickComplete(ctx, authOf(request), request.body.ids),
  );

  r.post(
    '/issue/multiple/archive',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Archive several issues; each refused one comes back with its key',
        security,
        body: ZIssueIdsRequestSchema,
        response: { 200: ZMultipleArchiveResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => archiveIssues(ctx, authOf(request), request.body.ids),
  );

  r.post(
    '/issue/multiple/delete',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Delete several issues (with their sub-issues); each refused one comes back with its key',
        security,
        body: ZIssueIdsRequestSchema,
        response: { 200: ZMultipleDeleteResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => deleteIssues(ctx, authOf(request), request.body.ids),
  );

  r.post(
    '/issue/multiple/reassign',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Give several issues to one person (issue_ids as a comma list or an array); each judged on its own',
        security,
        body: ZReassignIssuesRequestSchema,
        response: { 200: ZReassignIssuesResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => reassignIssues(ctx, authOf(request), request.body),
  );

  r.post(
    '/issue/:id/duplicate',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Duplicate an issue into a workspace, or as its sub-issue (duplicate_to_subtask)',
        security,
        params: ZIssueParams,
        body: ZDuplicateIssueRequestSchema,
        response: { 200: ZDuplicateResultSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => duplicateIssue(ctx, authOf(request), request.params.id, request.body),
  );

  r.post(
    '/issue/multi_duplicate',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Duplicate several issues into one workspace; copies whose assignee cannot work there stay unassigned',
        security,
        body: ZMultiDuplicateRequestSchema,
        response: { 200: ZDuplicateResultSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => multiDuplicate(ctx, authOf(request), request.body),
  );
}
