import { issueDetailContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { withFileCleanup } from '../attachments/attachment-service.js';
import { prepareUploads } from '../attachments/attachment-upload.js';
import { addLink, createComment, listComments, removeLink, setWatchers } from './issue-comment-service.js';
import { attachmentFormOf, multipartIssueBody } from './issue-form.js';
import { pathOf } from './issue-route-common.js';
import {
  createWorktimeLog,
  getTimer,
  listIssueActivity,
  listWorktimeLogs,
  runTimer,
} from './issue-worktime-service.js';

/** What hangs off an issue: comments, watchers, links, work time, the activity log. */
export function issueDetailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const calls = issueDetailContracts;
  route(app, ctx, calls.comments, ({ auth, params, query, request }) =>
    listComments(ctx, auth, params.id, query, pathOf(request)),
  );
  route(
    app,
    ctx,
    calls.addComment,
    async ({ auth, params, body, request }) => {
      const files = await prepareUploads(attachmentFormOf(request).uploads);
      return withFileCleanup(ctx, (written) => createComment(ctx, auth, params.id, body, { files, written }));
    },
    { preValidation: multipartIssueBody },
  );
  route(app, ctx, calls.watchers, ({ auth, params, body }) =>
    setWatchers(ctx, auth, params.id, body.user_ids),
  );
  route(app, ctx, calls.addLink, ({ auth, params, body }) => addLink(ctx, auth, params.id, body));
  route(app, ctx, calls.removeLink, ({ auth, params }) => removeLink(ctx, auth, params.id, params.linkId));
  route(app, ctx, calls.timer, ({ auth, params }) => getTimer(ctx, auth, params.id));
  route(app, ctx, calls.runTimer, ({ auth, params, body }) => runTimer(ctx, auth, params.id, body.action));
  route(app, ctx, calls.worktimeLogs, ({ auth, params }) => listWorktimeLogs(ctx, auth, params.id));
  route(app, ctx, calls.addWorktimeLog, ({ auth, params, body }) =>
    createWorktimeLog(ctx, auth, params.id, body),
  );
  route(app, ctx, calls.activity, ({ auth, params, query, request }) =>
    listIssueActivity(ctx, auth, params.id, query, pathOf(request)),
  );
}
