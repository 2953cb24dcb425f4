import {
  ISSUE_DB_ID_MAX,
  ZIssueActivityListResponseSchema,
  ZIssueCommentListResponseSchema,
  ZIssueCommentRequestSchema,
  ZIssueCommentSchema,
  ZIssueLinkRequestSchema,
  ZIssueLinkSchema,
  ZIssuePageQuerySchema,
  ZIssueSchema,
  ZIssueSuccessResponseSchema,
  ZIssueTimerRequestSchema,
  ZIssueTimerSchema,
  ZIssueWatchersRequestSchema,
  ZWorktimeLogListResponseSchema,
  ZWorktimeLogRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { withFileCleanup } from '../attachments/attachment-service.js';
import { prepareUploads } from '../attachments/attachment-upload.js';
import { addLink, createComment, listComments, removeLink, setWatchers } from './issue-comment-service.js';
import { attachmentFormOf, multipartIssueBody } from './issue-form.js';
import { issueId, pathOf, security, tags, ZIssueParams } from './issue-route-common.js';
import {
  createWorktimeLog,
  getTimer,
  listIssueActivity,
  listWorktimeLogs,
  runTimer,
} from './issue-worktime-service.js';

/** What hangs off an issue: comments, watchers, links, work time, the activity log. */
export function issueDetailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.get(
    '/issue/:id/comments',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Comments of an issue, paged, oldest first',
        security,
        params: ZIssueParams,
        querystring: ZIssuePageQuerySchema,
        response: { 200: ZIssueCommentListResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listComments(ctx, authOf(request), request.params.id, request.query, pathOf(request)),
  );

  r.post(
    '/issue/:id/comments',
    {
      onRequest: loggedIn,
      config: issueId,
      preValidation: multipartIssueBody,
      schema: {
        tags,
        summary:
          'Comment on an issue (also when archived); at most 5000 characters. As multipart, files as attachments[n][file] are attached to the comment.',
        security,
        consumes: ['application/json', 'multipart/form-data'],
        params: ZIssueParams,
        body: ZIssueCommentRequestSchema,
        response: { 201: ZIssueCommentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const files = await prepareUploads(attachmentFormOf(request).uploads);
      const comment = await withFileCleanup(ctx, (written) =>
        createComment(ctx, authOf(request), request.params.id, request.body.comment, { files, written }),
      );
      return reply.status(201).send(comment);
    },
  );

  r.put(
    '/issue/:id/watchers',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Replace the watchers (people who can see the workspace)',
        security,
        params: ZIssueParams,
        body: ZIssueWatchersRequestSchema,
        response: { 200: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => setWatchers(ctx, authOf(request), request.params.id, request.body.user_ids),
  );

  r.post(
    '/issue/:id/links',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Add a link (http or https) to an issue',
        security,
        params: ZIssueParams,
        body: ZIssueLinkRequestSchema,
        response: { 201: ZIssueLinkSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addLink(ctx, authOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/issue/:id/links/:linkId',
    {
      onRequest: loggedIn,
      // The link is looked up within the issue, which the guard has already checked.
      config: { ids: { id: 'issue' as const, linkId: 'token' as const } },
      schema: {
        tags,
        summary: 'Remove a link of an issue',
        security,
        params: ZIssueParams.extend({ linkId: z.coerce.number().int().positive().max(ISSUE_DB_ID_MAX) }),
        response: { 200: ZIssueSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => removeLink(ctx, authOf(request), request.params.id, request.params.linkId),
  );

  r.get(
    '/issue/:id/timer',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: "The caller's timer on the issue",
        security,
        params: ZIssueParams,
        response: { 200: ZIssueTimerSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getTimer(ctx, authOf(request), request.params.id),
  );

  r.post(
    '/issue/:id/timer',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Start or stop the caller’s timer; stopping logs the elapsed seconds as work time',
        security,
        params: ZIssueParams,
        body: ZIssueTimerRequestSchema,
        response: { 200: ZIssueTimerSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => runTimer(ctx, authOf(request), request.params.id, request.body.action),
  );

  r.get(
    '/issue/:id/worktime-logs',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Work-time entries of an issue (oldest first) and the total in seconds',
        security,
        params: ZIssueParams,
        response: { 200: ZWorktimeLogListResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listWorktimeLogs(ctx, authOf(request), request.params.id),
  );

  r.post(
    '/issue/:id/worktime-logs',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'Log work time (seconds) on an issue, when work time is editable for the caller',
        security,
        params: ZIssueParams,
        body: ZWorktimeLogRequestSchema,
        response: { 201: ZWorktimeLogListResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorktimeLog(ctx, authOf(request), request.params.id, request.body)),
  );

  r.get(
    '/issue/:id/activity_log',
    {
      onRequest: loggedIn,
      config: issueId,
      schema: {
        tags,
        summary: 'What happened to an issue, paged, newest first: who, when, what changed',
        security,
        params: ZIssueParams,
        querystring: ZIssuePageQuerySchema,
        response: { 200: ZIssueActivityListResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listIssueActivity(ctx, authOf(request), request.params.id, request.query, pathOf(request)),
  );
}
