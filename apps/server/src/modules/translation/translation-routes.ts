import { translationContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { translateIssue, translateWorkspace, translationStatus } from './translation-service.js';

/** 000 §7 POST translate/issue/{issueId} and translate/workspace/{workspaceId} (issue 22). */
export function translationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.issue, ({ auth, params, body }) =>
    translateIssue(ctx, auth, params.issueId, body),
  );
  route(app, ctx, contracts.workspace, ({ auth, params, body }) =>
    translateWorkspace(ctx, auth, params.workspaceId, body),
  );
  route(app, ctx, contracts.status, () => translationStatus(ctx));
}
