import {
  readIssueListQuery,
  ZCreateIssueRequestSchema,
  ZIssueListPageResponseSchema,
  ZIssueListQuerySchema,
  ZIssueListResponseSchema,
  ZIssueSchema,
  ZIssueSuccessResponseSchema,
  ZProcessNumberExistsResponseSchema,
  ZUpdateIssueRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { compiledFor200 } from '../../http/compiled-serializer.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { withFileCleanup } from '../attachments/attachment-service.js';
import { prepareUploads } from '../attachments/attachment-upload.js';
import { filterRoutes } from '../filters/filter-routes.js';
import { issueActionRoutes } from './issue-action-routes.js';
import { issueDetailRoutes } from './issue-detail-routes.js';
import { issueExportRoutes } from './issue-export-routes.js';
import { attachmentFormOf, multipartIssueBody } from './issue-form.js';
import { listIssues, readSubtaskQuery } from './issue-list-service.js';
import { issueId, pathOf, security, tags, ZIssueParams } from './issue-route-common.js';
import { createIssue, deleteIssue, getIssue, listSubtasks, updateIssue } from './issue-service.js';
import { processNumberExists } from './issue-worktime-service.js';

/**
 * Issues (000 §7 Issues): the issue itself here; status actions, bulk calls and duplicates in
 * issue-action-routes.ts; comments, watchers, links, work time and the activity log in
 * issue-detail-routes.ts. Every rule is a packages/domain issue rule; every issue/{id} route
 * declares its id, so another organisation's caller gets 404 before anything runs.
 */
export function issueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  const listOptions = {
    onRequest: loggedIn,
    // The list page is the most requested answer: a compiled serializer (bench/); the sub-issue
    // page and the errors keep the checked zod one.
    serializerCompiler: compiledFor200(
      ZIssueListPageResponseSchema,
      (data) => typeof data === 'object' && data !== null && 'state_counts' in data,
    ),
    schema: {
      tags,
      summary:
        'The issue list: visible issues filtered, sorted and paged, with the count of each state tab (unsupported values fall back to defaults). With parent_id: the sub-issues of that parent, oldest first.',
      description: [
        'Arrays are comma-joined; empty and unreadable parts are ignored; several filters combine with AND, the ids within one filter with OR.',
        'People: `users` (assignee, reporter, watcher or someone who logged work time, any of them), `assignees` (0 = unassigned), `reporters`, `watchers`, `worked_on_by`, `externals` (partner people, any role).',
        'Companies (organisation ids; a person belongs to a company they are a member of): `assignee_companies`, `reporter_companies`, `watcher_companies`, `worked_on_by_companies`, and `collaborators` (any of the four roles).',
        '`job_positions`: the job position of the assignee. `schedule_id`, `asset_ids`, `rating` (1..5), `priority_id` (2..5), `categories` / `category_id` (main or extra category), `workspaces` / `workspace_id` with `include_sub_ws`.',
        '`filter_ws=1`: only the workspaces the caller marked as favourite (with their sub-workspaces when include_sub_ws=1).',
      ].join('\n\n'),
      security,
      querystring: ZIssueListQuerySchema.extend({ parent_id: z.string().optional() }),
      response: {
        // The list first: only it has state_counts, so a sub-issue page never matches it.
        200: z.union([ZIssueListPageResponseSchema, ZIssueListResponseSchema]),
        ...errorResponses(401, 403, 404, 422),
      },
    },
  };
  for (const path of ['/issue', '/issue/']) {
    r.get(path, listOptions, (request) => {
      const auth = authOf(request);
      if (request.query.parent_id !== undefined && request.query.parent_id !== '') {
        return listSubtasks(ctx, auth, readSubtaskQuery(request.query), pathOf(request));
      }
      return listIssues(ctx, auth, readIssueListQuery(request.query), pathOf(request));
    });
  }

  r.get(
    '/issue/:id',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'An issue with its permissions and status buttons for the caller',
        security,
        params: ZIssueParams,
        response: { 200: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getIssue(ctx, authOf(request), request.params.id),
  );

  r.post(
    '/issue',
    {
      onRequest: loggedIn,
      // The web's form posts multipart fields (000 §7); read them into the JSON body first.
      preValidation: multipartIssueBody,
      schema: {
        tags,
        summary:
          'Create an issue: JSON, or multipart form fields with files as attachment[n][file|description|due_date|priority_id]; dates as seconds or ISO. Status 2 without an assignee, 3 with one, 5 when assigning oneself.',
        security,
        consumes: ['application/json', 'multipart/form-data'],
        body: ZCreateIssueRequestSchema,
        response: { 201: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      // Files of the form (attachment[n][file|description|due_date|priority_id]): checked before anything is written.
      const files = await prepareUploads(attachmentFormOf(request).uploads);
      const issue = await withFileCleanup(ctx, (written) =>
        createIssue(ctx, authOf(request), request.body, { files, written }),
      );
      return reply.status(201).send(issue);
    },
  );

  r.put(
    '/issue/:id',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary:
          'Edit an issue: form fields, categories, rating; dates as seconds or ISO. Changing the assignee moves the status.',
        security,
        params: ZIssueParams,
        body: ZUpdateIssueRequestSchema,
        response: { 200: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateIssue(ctx, authOf(request), request.params.id, request.body),
  );

  r.delete(
    '/issue/:id',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Delete an issue with its sub-issues',
        security,
        params: ZIssueParams,
        response: { 200: ZIssueSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => deleteIssue(ctx, authOf(request), request.params.id),
  );

  r.get(
    '/process_number/:id/check_exists',
    {
      onRequest: loggedIn,
      // The process number itself, not a tenant id: looked up in the caller's organisation only.
      config: { ids: { id: 'token' as const } },
      schema: {
        tags,
        summary: "Whether a process number is used by an issue of the caller's organisation",
        security,
        params: z.object({ id: z.string().trim().min(1).max(50) }),
        response: { 200: ZProcessNumberExistsResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => processNumberExists(ctx, authOf(request), request.params.id),
  );

  issueActionRoutes(app, ctx);
  issueDetailRoutes(app, ctx);
  issueExportRoutes(app, ctx);
  filterRoutes(app, ctx);
}
