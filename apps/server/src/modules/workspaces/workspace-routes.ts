import {
  ZCreateWorkspaceRequestSchema,
  ZPresenceLogItemSchema,
  ZPresenceLogResponseSchema,
  ZPresenceRequestSchema,
  ZPublicWorkspaceQuerySchema,
  ZPublicWorkspaceResponseSchema,
  ZQrScanLogResponseSchema,
  ZUpdateWorkspaceRequestSchema,
  ZUserPresenceLogsQuerySchema,
  ZUserPresenceLogsResponseSchema,
  ZWorkspaceCleanResponseSchema,
  ZWorkspaceDetailResponseSchema,
  ZWorkspaceFlatResponseSchema,
  ZWorkspaceItemSchema,
  ZWorkspaceListQuerySchema,
  ZWorkspaceListResponseSchema,
  ZWorkspaceLogQuerySchema,
  ZWorkspaceQrQuerySchema,
  ZWorkspaceShortQuerySchema,
  ZWorkspaceShortResponseSchema,
  ZWorkspaceSuccessResponseSchema,
  ZWorkspaceUsersRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { newFileKey } from '../../storage/file-storage.js';
import { readWorkspaceImage } from './workspace-image.js';
import {
  getPublicWorkspace,
  listScanLog,
  listUserPresence,
  listWorkspacePresence,
  recordPresence,
  workspaceQrCode,
} from './workspace-logs.js';
import {
  assertCanEditWorkspace,
  createWorkspace,
  deleteWorkspace,
  getWorkspaceDetail,
  listWorkspaces,
  listWorkspacesClean,
  listWorkspacesFlat,
  listWorkspacesShort,
  setFavorite,
  setWorkspaceImage,
  setWorkspaceUsers,
  updateWorkspace,
} from './workspace-service.js';

const tags = ['Workspaces'];
const security = [{ bearer: [] }];
const ZParams = z.object({ id: z.coerce.number().int().positive() });
const ZDetailQuery = z.object({
  prune_offline: ZWorkspaceListQuerySchema.shape.prune_offline,
});
const workspaceId = { ids: { id: 'workspace' as const } };

/** The path of a list call as the web sees it, for the envelope's page links. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

export function workspaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  const listOptions = {
    onRequest: loggedIn,
    schema: {
      tags,
      summary:
        'Visible workspaces, paged: search (name, reference number), archived, include_subws, sort_by created|updated|name',
      security,
      querystring: ZWorkspaceListQuerySchema,
      response: { 200: ZWorkspaceListResponseSchema, ...errorResponses(401, 403) },
    },
  };
  for (const path of ['/workspace', '/workspace/']) {
    r.get(path, listOptions, (request) =>
      listWorkspaces(ctx, authOf(request), request.query, pathOf(request)),
    );
  }

  r.get(
    '/workspace_clean',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Every visible workspace: id, name, parent_id (for pickers)',
        security,
        response: { 200: ZWorkspaceCleanResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listWorkspacesClean(ctx, authOf(request)),
  );

  r.get(
    '/workspace/short',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Visible, not archived workspaces: id, name, reference number; optional search',
        security,
        querystring: ZWorkspaceShortQuerySchema,
        response: { 200: ZWorkspaceShortResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listWorkspacesShort(ctx, authOf(request), request.query.search),
  );

  r.get(
    '/workspace/flat',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Every visible workspace in tree order with depth and path names (tree pickers)',
        security,
        response: { 200: ZWorkspaceFlatResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listWorkspacesFlat(ctx, authOf(request)),
  );

  r.get(
    '/workspace/:id',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'A workspace with its direct children, breadcrumbs and people by role',
        security,
        params: ZParams,
        querystring: ZDetailQuery,
        response: { 200: ZWorkspaceDetailResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      getWorkspaceDetail(ctx, authOf(request), request.params.id, {
        pruneOffline: !!request.query.prune_offline,
      }),
  );

  r.post(
    '/workspace',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Create a workspace (top level: admins; under a parent: who may edit the parent)',
        security,
        body: ZCreateWorkspaceRequestSchema,
        response: { 200: ZWorkspaceItemSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => createWorkspace(ctx, authOf(request), request.body),
  );

  r.put(
    '/workspace/:id',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'Edit a workspace, move it (parent_id) or archive/unarchive it (archived)',
        security,
        params: ZParams,
        body: ZUpdateWorkspaceRequestSchema,
        response: { 200: ZWorkspaceItemSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateWorkspace(ctx, authOf(request), request.params.id, request.body),
  );

  r.delete(
    '/workspace/:id',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'Delete a workspace and everything below it (admins only)',
        security,
        params: ZParams,
        response: { 200: ZWorkspaceSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => deleteWorkspace(ctx, authOf(request), request.params.id),
  );

  r.post(
    '/workspace/:id/upload',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'Set the image (multipart, one file: jpeg, png or gif, at most 10 MB)',
        security,
        params: ZParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZWorkspaceItemSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      // Refuse before reading a file the caller may not set.
      await assertCanEditWorkspace(ctx, auth, request.params.id);
      const image = await readWorkspaceImage(request);
      const key = newFileKey(auth.clientId, 'workspaces', image.ext);
      return setWorkspaceImage(ctx, auth, request.params.id, image, key);
    },
  );

  for (const [method, favorite] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    r[method](
      '/workspace/:id/favorite',
      {
        onRequest: loggedIn,
        config: workspaceId,
        schema: {
          tags,
          summary: favorite ? 'Mark as a favourite of mine' : 'Remove from my favourites',
          security,
          params: ZParams,
          response: { 200: ZWorkspaceItemSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      (request) => setFavorite(ctx, authOf(request), request.params.id, favorite),
    );
  }

  r.put(
    '/workspace/:id/users',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'Replace the managers, group managers and/or members of a workspace',
        security,
        params: ZParams,
        body: ZWorkspaceUsersRequestSchema,
        response: { 200: ZWorkspaceItemSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => setWorkspaceUsers(ctx, authOf(request), request.params.id, request.body),
  );

  r.get(
    '/workspace/:id/qr_code',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'The QR code (png or svg) opening the public report form of this workspace',
        security,
        params: ZParams,
        querystring: ZWorkspaceQrQuerySchema,
      },
    },
    async (request, reply) => {
      const qr = await workspaceQrCode(ctx, authOf(request), request.params.id, request.query.format);
      return reply
        .header('content-type', qr.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(qr.body);
    },
  );

  r.get(
    '/qr_code/scan_log/:id',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'QR scans of a workspace, newest first (admins, managers, group managers)',
        security,
        params: ZParams,
        querystring: ZWorkspaceLogQuerySchema,
        response: { 200: ZQrScanLogResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listScanLog(ctx, authOf(request), request.params.id, request.query, pathOf(request)),
  );

  r.get(
    '/public/workspace/:id',
    {
      config: { ids: { id: 'token' } },
      schema: {
        tags: ['Public'],
        summary: 'What a visitor may see of a live workspace; qr=1 records a QR scan',
        params: ZParams,
        querystring: ZPublicWorkspaceQuerySchema,
        response: { 200: ZPublicWorkspaceResponseSchema, ...errorResponses(404, 422) },
      },
    },
    (request) => getPublicWorkspace(ctx, request, request.params.id, request.query),
  );

  r.get(
    '/workspace/:id/presence/logs',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'Check-ins and check-outs in a workspace, newest first (admins, managers, group managers)',
        security,
        params: ZParams,
        querystring: ZWorkspaceLogQuerySchema,
        response: { 200: ZPresenceLogResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      listWorkspacePresence(ctx, authOf(request), request.params.id, request.query, pathOf(request)),
  );

  r.get(
    '/workspace/user/:id/presence/logs',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: "One person's presence logs in the workspaces whose logs you may read, with the total time",
        security,
        params: ZParams,
        querystring: ZUserPresenceLogsQuerySchema,
        response: { 200: ZUserPresenceLogsResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listUserPresence(ctx, authOf(request), request.params.id, request.query.workspace_id),
  );

  r.post(
    '/workspace/:id/presence',
    {
      onRequest: loggedIn,
      config: workspaceId,
      schema: {
        tags,
        summary: 'Check in to or out of a workspace (yourself)',
        security,
        params: ZParams,
        body: ZPresenceRequestSchema,
        response: { 200: ZPresenceLogItemSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) => recordPresence(ctx, authOf(request), request.params.id, request.body.action),
  );
}
