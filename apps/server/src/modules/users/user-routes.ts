import {
  ZActivityLogQuerySchema,
  ZActivityLogResponseSchema,
  ZAllWorkspacesRoleRequestSchema,
  ZOftenDetailsSchema,
  ZSessionUserSchema,
  ZSetUserWorkspaceRolesRequestSchema,
  ZSwitchClientRequestSchema,
  ZUpdateUserRequestSchema,
  ZUserStatisticsSchema,
  ZUserWorkspaceRolesResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
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

const tags = ['Users'];
const security = [{ bearer: [] }];
const ZUserIdParams = z.object({
  id: z.union([z.literal('me'), z.coerce.number().int().positive()]).describe('"me" or a user id'),
});

/** user/...: one person (000 §7). The list calls (users/...) are in users-routes.ts. */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);
  usersRoutes(app, ctx);

  r.get(
    '/user/statistics',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "Counts of the organisation's people by status, and its admins",
        security,
        response: { 200: ZUserStatisticsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => getUserStatistics(ctx, authOf(request)),
  );

  r.post(
    '/user/switch_client',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Work in another organisation the person belongs to (403 no_other_client otherwise)',
        security,
        body: ZSwitchClientRequestSchema,
        response: { 200: z.object({ user: ZSessionUserSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => switchClient(ctx, authOf(request), request.body.client_id),
  );

  r.get(
    '/user/me/often_details',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "The caller's most used workspaces and the colleagues they share the most workspaces with",
        security,
        response: { 200: ZOftenDetailsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => getOftenDetails(ctx, authOf(request)),
  );

  r.get(
    '/user/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: 'A person: yourself ("me"), or someone of your organisation if you may see the user list',
        security,
        params: ZUserIdParams,
        response: { 200: ZSessionUserSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getUser(ctx, authOf(request), request.params.id),
  );

  r.put(
    '/user/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary:
          'Change a profile: own names, phone, language, list settings; user managers also role and job position',
        security,
        params: ZUserIdParams,
        body: ZUpdateUserRequestSchema,
        response: { 200: ZSessionUserSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateUser(ctx, authOf(request), request.params.id, request.body),
  );

  r.post(
    '/user/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary:
          'Upload a profile picture (multipart: attachments[0][file], _method=PUT): JPEG, PNG or GIF, ≤ 800 kB, ≥ 120×120',
        security,
        consumes: ['multipart/form-data'],
        params: ZUserIdParams,
        response: { 200: ZSessionUserSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => uploadProfileImage(ctx, authOf(request), request.params.id, request),
  );

  r.get(
    '/user/:id/workspace_roles',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: "A person's roles in the organisation's workspaces (own, or for user managers)",
        security,
        params: ZUserIdParams,
        response: { 200: ZUserWorkspaceRolesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getUserWorkspaceRoles(ctx, authOf(request), request.params.id),
  );

  r.post(
    '/user/:id/workspace_roles',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: "Replace a person's workspace roles (user managers)",
        security,
        params: ZUserIdParams,
        body: ZSetUserWorkspaceRolesRequestSchema,
        response: { 200: ZUserWorkspaceRolesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => setUserWorkspaceRoles(ctx, authOf(request), request.params.id, request.body),
  );

  r.put(
    '/user/:id/all_ws',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: 'Give a person this role in every top-level workspace (user managers)',
        security,
        params: ZUserIdParams,
        body: ZAllWorkspacesRoleRequestSchema,
        response: { 200: ZUserWorkspaceRolesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => setRoleInAllWorkspaces(ctx, authOf(request), request.params.id, request.body.role),
  );

  r.get(
    '/user/:id/activity_log',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: 'What was done to a person and what they did, newest first (own, or for user managers)',
        security,
        params: ZUserIdParams,
        querystring: ZActivityLogQuerySchema,
        response: { 200: ZActivityLogResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      getUserActivityLog(
        ctx,
        authOf(request),
        request.params.id,
        request.query.page,
        request.query.paginate_by,
      ),
  );
}
