import { userContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { joinOrganisation, readJoinInvite } from './membership-invites.js';
import {
  addUsersToWorkspaces,
  archiveUsers,
  createJobPosition,
  deleteJobPosition,
  unarchiveUsers,
} from './user-admin-service.js';
import {
  getMainOrgPeople,
  getPeopleWithWorkspaceAccess,
  getPickerExternals,
  getPickerUsers,
  getUserList,
  listJobPositions,
} from './user-directory-service.js';
import { checkExisting, createMultipleUsers, createUser, resendInvite } from './user-invite-service.js';

const success = { success: true as const };

/** users/...: the organisation's people, invitations and status changes (000 §7). */
export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, userContracts.list, ({ auth, query }) => getUserList(ctx, auth, query));
  route(app, ctx, userContracts.pickerUsers, ({ auth, query }) => getPickerUsers(ctx, auth, query));
  route(app, ctx, userContracts.pickerExternals, ({ auth, query }) => getPickerExternals(ctx, auth, query));
  route(app, ctx, userContracts.listByWorkspaceAccess, ({ auth, query }) =>
    getPeopleWithWorkspaceAccess(ctx, auth, query.workspace_id),
  );
  route(app, ctx, userContracts.mainOrg, ({ auth }) => getMainOrgPeople(ctx, auth));
  route(app, ctx, userContracts.jobPositions, ({ auth }) => listJobPositions(ctx, auth));
  route(app, ctx, userContracts.createJobPosition, ({ auth, body }) =>
    createJobPosition(ctx, auth, body.name),
  );
  route(app, ctx, userContracts.deleteJobPosition, async ({ auth, params }) => {
    await deleteJobPosition(ctx, auth, params.id);
    return success;
  });
  route(app, ctx, userContracts.checkExisting, ({ auth, body }) => checkExisting(ctx, auth, body.emails));
  route(app, ctx, userContracts.create, ({ auth, body }) => createUser(ctx, auth, body));
  route(app, ctx, userContracts.createMultiple, ({ auth, body }) => createMultipleUsers(ctx, auth, body));
  route(app, ctx, userContracts.resendInvite, async ({ auth, body }) => {
    await resendInvite(ctx, auth, body.user_id);
    return success;
  });
  route(app, ctx, userContracts.archive, async ({ auth, body }) => {
    await archiveUsers(ctx, auth, body.user_ids);
    return success;
  });
  route(app, ctx, userContracts.unarchive, async ({ auth, body }) => {
    await unarchiveUsers(ctx, auth, body.user_ids);
    return success;
  });
  route(app, ctx, userContracts.addWorkspaces, ({ auth, body }) => addUsersToWorkspaces(ctx, auth, body));
  route(app, ctx, userContracts.joinInfo, ({ query }) => readJoinInvite(ctx, query.token));
  route(app, ctx, userContracts.join, ({ body }) => joinOrganisation(ctx, body.token));
}
