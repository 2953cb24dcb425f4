import { sessionContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { listSessions, revokeOtherSessions, revokeSession } from './session-service.js';

/** Sessions of the logged-in person (settings profile tab). */
export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.list, ({ auth }) => listSessions(ctx, auth));
  route(app, ctx, contracts.revoke, ({ auth, params }) => revokeSession(ctx, auth, params.id));
  route(app, ctx, contracts.revokeOthers, ({ auth }) => revokeOtherSessions(ctx, auth));
}
