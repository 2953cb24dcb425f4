import {
  ZAddWorkspacesRequestSchema,
  ZCheckExistingRequestSchema,
  ZCheckExistingResponseSchema,
  ZCreateJobPositionRequestSchema,
  ZCreateMultipleUsersRequestSchema,
  ZCreateMultipleUsersResponseSchema,
  ZCreateUserRequestSchema,
  ZJobPositionListResponseSchema,
  ZJobPositionSchema,
  ZListByWorkspaceAccessQuerySchema,
  ZPersonSchema,
  ZPickerExternalListResponseSchema,
  ZPickerQuerySchema,
  ZPickerUserListResponseSchema,
  ZResendInviteRequestSchema,
  ZSuccessResponseSchema,
  ZUserIdsRequestSchema,
  ZUserListItemSchema,
  ZUserListQuerySchema,
  ZUserListResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
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

const tags = ['Users'];
const security = [{ bearer: [] }];

/** users/...: the organisation's people, invitations and status changes (000 §7). */
export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  // 000 §7 writes the list call as users/; both spellings answer.
  for (const path of ['/users', '/users/']) {
    r.get(
      path,
      {
        onRequest: loggedIn,
        schema: {
          tags,
          summary: "The organisation's people (paged; hidden from non-admins with only_admins_see_users)",
          security,
          querystring: ZUserListQuerySchema,
          response: { 200: ZUserListResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      (request) => getUserList(ctx, authOf(request), request.query),
    );
  }

  r.get(
    '/users/filter-mix',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "Picker, employees tab: the organisation's active and invited people",
        security,
        querystring: ZPickerQuerySchema,
        response: { 200: ZPickerUserListResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => getPickerUsers(ctx, authOf(request), request.query),
  );

  r.get(
    '/users/filter-mix-collabs',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Picker, externals tab: partner people reachable through accepted collaborations',
        security,
        querystring: ZPickerQuerySchema,
        response: { 200: ZPickerExternalListResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => getPickerExternals(ctx, authOf(request), request.query),
  );

  r.get(
    '/users/list-by-workspace-access',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Who can work in a workspace: admins, people with a role in it or above, partner people',
        security,
        querystring: ZListByWorkspaceAccessQuerySchema,
        response: { 200: z.array(ZPersonSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getPeopleWithWorkspaceAccess(ctx, authOf(request), request.query.workspace_id),
  );

  r.get(
    '/users/main_org',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "The organisation's active people",
        security,
        response: { 200: z.array(ZPersonSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => getMainOrgPeople(ctx, authOf(request)),
  );

  r.get(
    '/users/job_positions',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "The organisation's job positions",
        security,
        response: { 200: ZJobPositionListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listJobPositions(ctx, authOf(request)),
  );

  r.post(
    '/users/job_positions',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Add a job position (user managers); an existing name answers that position',
        security,
        body: ZCreateJobPositionRequestSchema,
        response: { 200: ZJobPositionSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => createJobPosition(ctx, authOf(request), request.body.name),
  );

  r.delete(
    '/users/job_positions/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'job_position' } },
      schema: {
        tags,
        summary: 'Remove a job position (user managers)',
        security,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await deleteJobPosition(ctx, authOf(request), request.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/users/check-existing',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Which addresses already have an account, and whether in this organisation (user managers)',
        security,
        body: ZCheckExistingRequestSchema,
        response: { 200: ZCheckExistingResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => checkExisting(ctx, authOf(request), request.body.emails),
  );

  r.post(
    '/users',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Invite one person by e-mail (user managers; admins only invite admins)',
        security,
        body: ZCreateUserRequestSchema,
        response: { 200: ZUserListItemSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => createUser(ctx, authOf(request), request.body),
  );

  r.post(
    '/users/create-multiple',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Invite several people by e-mail, optionally into workspaces; all entries are checked, none is created when one fails',
        security,
        body: ZCreateMultipleUsersRequestSchema,
        response: { 200: ZCreateMultipleUsersResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => createMultipleUsers(ctx, authOf(request), request.body),
  );

  r.post(
    '/users/resend_invite',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Send a new invitation link to an invited person; older links stop working',
        security,
        body: ZResendInviteRequestSchema,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await resendInvite(ctx, authOf(request), request.body.user_id);
      return { success: true as const };
    },
  );

  r.post(
    '/users/archive',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Archive people (status paused, logged out everywhere); never yourself or the last admin',
        security,
        body: ZUserIdsRequestSchema,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await archiveUsers(ctx, authOf(request), request.body.user_ids);
      return { success: true as const };
    },
  );

  r.post(
    '/users/unarchive',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Bring archived people back (active, or invited if they never activated)',
        security,
        body: ZUserIdsRequestSchema,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await unarchiveUsers(ctx, authOf(request), request.body.user_ids);
      return { success: true as const };
    },
  );

  r.post(
    '/users/add_workspaces',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Give existing people of the organisation a role in several workspaces',
        security,
        body: ZAddWorkspacesRequestSchema,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => addUsersToWorkspaces(ctx, authOf(request), request.body),
  );
}
