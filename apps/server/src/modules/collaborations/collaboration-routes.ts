import {
  pagedEnvelope,
  ZCheckCollaborationEmailRequestSchema,
  ZCheckCollaborationEmailResponseSchema,
  ZCollaborationActionInfoSchema,
  ZCollaborationActionQuerySchema,
  ZCollaborationActionRequestSchema,
  ZCollaborationActionResponseSchema,
  ZCollaborationDetailSchema,
  ZCollaborationItemSchema,
  ZCollaborationListQuerySchema,
  ZCollaborationNameSchema,
  ZCollaborationSimpleSchema,
  ZCollaborationUserSchema,
  ZCollaborationWorkspaceIdsRequestSchema,
  ZCollaborationWorkspaceSchema,
  ZCollaborationWorkspacesQuerySchema,
  ZCreateCollaborationRequestSchema,
  ZCreateCollaborationsRequestSchema,
  ZCreateCollaborationsResponseSchema,
  ZSuccessResponseSchema,
  ZSyncCollaborationUsersRequestSchema,
  ZSyncCollaborationUsersResponseSchema,
  ZUpdateCollaborationRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { answerCollaborationInvite, readCollaborationInvite } from './collaboration-action-service.js';
import { checkCollaborationEmail, createCollaborations } from './collaboration-invites.js';
import * as collaborations from './collaboration-service.js';

const tags = ['Collaborations'];
const security = [{ bearer: [] }];
const ZId = z.coerce.number().int().positive();
const ZParams = z.object({ id: ZId });
const ids = { ids: { id: 'collaboration' as const } };

export function collaborationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.post(
    '/collaboration/check-email',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Who an address belongs to, before inviting it (own organisation: 422 own_company_email)',
        security,
        body: ZCheckCollaborationEmailRequestSchema,
        response: { 200: ZCheckCollaborationEmailResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => checkCollaborationEmail(ctx, authOf(request), request.body.email),
  );

  r.post(
    '/collaboration',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Invite one partner company by e-mail',
        security,
        body: ZCreateCollaborationRequestSchema,
        response: { 201: ZCollaborationItemSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { email, company_alias, ...rest } = request.body;
      const [created] = await createCollaborations(
        ctx,
        authOf(request),
        { ...rest, entries: [{ email, company_alias }] },
        () => 'email',
      );
      if (!created) throw new AppError(500, 'general_error', 'The invitation was not created');
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/collaboration/create-multiple',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Invite several partner companies; nothing is created when any entry fails',
        security,
        body: ZCreateCollaborationsRequestSchema,
        response: { 200: ZCreateCollaborationsResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { new_collaborations, ...rest } = request.body;
      const created = await createCollaborations(
        ctx,
        authOf(request),
        { ...rest, entries: new_collaborations },
        (index) => `new_collaborations.${index}.email`,
      );
      return { success: true as const, new_collaborations: created };
    },
  );

  r.get(
    '/collaboration',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Collaborations of the organisation, both directions (paged, 10 by default)',
        description:
          'Admins, workspace managers and (with limited invites on) anybody who may invite; others 403.',
        security,
        querystring: ZCollaborationListQuerySchema,
        response: { 200: pagedEnvelope(ZCollaborationItemSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => collaborations.listCollaborations(ctx, authOf(request), request.query),
  );

  r.get(
    '/collaboration/list-names',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Names of all collaborations (filters)',
        security,
        response: { 200: z.array(ZCollaborationNameSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => collaborations.listCollaborationNames(ctx, authOf(request)),
  );

  r.get(
    '/collaboration/simple',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Accepted collaborations with logo and type (pickers)',
        security,
        response: { 200: z.array(ZCollaborationSimpleSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => collaborations.listCollaborationsSimple(ctx, authOf(request)),
  );

  r.get(
    '/collaboration/:id',
    {
      onRequest: loggedIn,
      config: ids,
      schema: {
        tags,
        summary: 'One collaboration with its shared workspaces and who invited',
        security,
        params: ZParams,
        response: { 200: ZCollaborationDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => collaborations.getCollaboration(ctx, authOf(request), request.params.id),
  );

  r.get(
    '/collaboration/:id/workspaces',
    {
      onRequest: loggedIn,
      config: ids,
      schema: {
        tags,
        summary: 'The shared workspaces (include_subws=1: with their sub-workspaces)',
        security,
        params: ZParams,
        querystring: ZCollaborationWorkspacesQuerySchema,
        response: { 200: z.array(ZCollaborationWorkspaceSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      collaborations.getCollaborationWorkspaces(
        ctx,
        authOf(request),
        request.params.id,
        request.query.include_subws === '1',
      ),
  );

  r.get(
    '/collaboration/:id/users',
    {
      onRequest: loggedIn,
      config: ids,
      schema: {
        tags,
        summary: "The partner's people in it, with their role per shared workspace",
        security,
        params: ZParams,
        response: { 200: z.array(ZCollaborationUserSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => collaborations.getCollaborationUsers(ctx, authOf(request), request.params.id),
  );

  r.put(
    '/collaboration/:id',
    {
      onRequest: loggedIn,
      config: ids,
      schema: {
        tags,
        summary: "Change the alias or the access type (the inviting organisation's admins)",
        security,
        params: ZParams,
        body: ZUpdateCollaborationRequestSchema,
        response: { 200: ZCollaborationDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => collaborations.updateCollaboration(ctx, authOf(request), request.params.id, request.body),
  );

  r.post(
    '/collaboration/:id/upload',
    {
      onRequest: loggedIn,
      config: ids,
      schema: {
        tags,
        summary: 'Upload the logo (multipart field "file": jpeg, png or gif, at most 10 MB)',
        security,
        params: ZParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZCollaborationDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => collaborations.uploadCollaborationLogo(ctx, authOf(request), request.params.id, request),
  );

  const workspaceRoute = (
    method: 'put' | 'post',
    path: string,
    mode: 'replace' | 'add' | 'remove',
    summary: string,
  ) =>
    r[method](
      path,
      {
        onRequest: loggedIn,
        config: ids,
        schema: {
          tags,
          summary,
          security,
          params: ZParams,
          body: ZCollaborationWorkspaceIdsRequestSchema,
          response: { 200: ZCollaborationDetailSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      (request) =>
        collaborations.changeSharedWorkspaces(
          ctx,
          authOf(request),
          request.params.id,
          mode,
          request.body.workspace_ids,
        ),
    );
  workspaceRoute('put', '/collaboration/:id/workspaces', 'replace', 'Replace the shared workspaces');
  workspaceRoute('post', '/collaboration/:id/workspaces/add', 'add', 'Share more workspaces');
  workspaceRoute(
    'put',
    '/collaboration/:id/workspaces/remove_access',
    'remove',
    "Stop sharing workspaces (the partner's roles in them go too)",
  );

  r.post(
    '/collaboration/:collabId/workspaces/:workspaceId/sync_users',
    {
      onRequest: loggedIn,
      config: { ids: { collabId: 'collaboration', workspaceId: 'workspace' } },
      schema: {
        tags,
        summary: "Set the partner's people and their roles in one shared workspace",
        description: 'Each given list replaces the people with that role; partner admins or owner admins.',
        security,
        params: z.object({ collabId: ZId, workspaceId: ZId }),
        body: ZSyncCollaborationUsersRequestSchema,
        response: { 200: ZSyncCollaborationUsersResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      collaborations.syncCollaborationUsers(
        ctx,
        authOf(request),
        request.params.collabId,
        request.params.workspaceId,
        request.body,
      ),
  );

  r.post(
    '/collaboration/:id/reinvite',
    {
      onRequest: loggedIn,
      config: ids,
      schema: {
        tags,
        summary: 'Send the invitation again with a new link (pending or declined)',
        security,
        params: ZParams,
        response: { 200: ZCollaborationDetailSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) => collaborations.reinviteCollaboration(ctx, authOf(request), request.params.id),
  );

  r.delete(
    '/collaboration/:id',
    {
      onRequest: loggedIn,
      config: ids,
      schema: {
        tags,
        summary: 'End the collaboration: the partner loses access at once',
        security,
        params: ZParams,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await collaborations.deleteCollaboration(ctx, authOf(request), request.params.id);
      return { success: true as const };
    },
  );

  r.get(
    '/public/collaboration_action',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers (no login)',
        querystring: ZCollaborationActionQuerySchema,
        response: { 200: ZCollaborationActionInfoSchema, ...errorResponses(400, 422) },
      },
    },
    (request) => readCollaborationInvite(ctx, request.query.token),
  );

  r.post(
    '/public/collaboration_action',
    {
      schema: {
        tags,
        summary: 'Accept or decline an invitation (no login); accepting may create the company',
        description:
          'Without an account, accept needs company_name and password and answers the login of the new admin.',
        body: ZCollaborationActionRequestSchema,
        response: { 200: ZCollaborationActionResponseSchema, ...errorResponses(400, 409, 422) },
      },
    },
    (request) => answerCollaborationInvite(ctx, request.body),
  );
}
