import { userContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  getOftenDetails,
  getUserActivityLog,
  getUserWorkspaceRoles,
  setRoleInAllWorkspaces,
  setUserWorkspaceRoles,
  switchClient,
} from './user-admin-service.js';
import { getUserStatistics } from './user-directory-service.js';
import { getUser, updateUser, uploadProfileImage } from './user-service.js';
import { usersRoutes } from './users-routes.js';

/** user/...: one person (000 §7). The list calls (users/...) are in users-routes.ts. */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  usersRoutes(app, ctx);

  route(app, ctx, userContracts.statistics, ({ auth }) => getUserStatistics(ctx, auth));
  route(app, ctx, userContracts.switchClient, ({ auth, body }) => switchClient(ctx, auth, body.client_id));
  route(app, ctx, userContracts.oftenDetails, ({ auth }) => getOftenDetails(ctx, auth));
  route(app, ctx, userContracts.get, ({ auth, params }) => getUser(ctx, auth, params.id));
  route(app, ctx, userContracts.update, ({ auth, params, body }) => updateUser(ctx, auth, params.id, body));
  route(app, ctx, userContracts.uploadImage, ({ auth, params, request }) =>
    uploadProfileImage(ctx, auth, params.id, request),
  );
  route(app, ctx, userContracts.workspaceRoles, ({ auth, params }) =>
    getUserWorkspaceRoles(ctx, auth, params.id),
  );
  route(app, ctx, userContracts.setWorkspaceRoles, ({ auth, params, body }) =>
    setUserWorkspaceRoles(ctx, auth, params.id, body),
  );
  route(app, ctx, userContracts.setRoleInAllWorkspaces, ({ auth, params, body }) =>
    setRoleInAllWorkspaces(ctx, auth, params.id, body.role),
  );
  route(app, ctx, userContracts.activityLog, ({ auth, params, query }) =>
    getUserActivityLog(ctx, auth, params.id, query.page, query.paginate_by),
  );
}
