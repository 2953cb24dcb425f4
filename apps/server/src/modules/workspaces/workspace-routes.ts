import { workspaceContracts as contracts } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { newFileKey } from '../../storage/file-storage.js';
import { readWorkspaceImage } from './workspace-image.js';
import {
  getPublicWorkspace,
  listScanLog,
  listUserPresence,
  listWorkspacePresence,
  recordPresence,
  regenerateWorkspaceCode,
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

/** The path of a list call as the web sees it, for the envelope's page links. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

export function workspaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.list, ({ auth, query, request }) =>
    listWorkspaces(ctx, auth, query, pathOf(request)),
  );
  route(app, ctx, contracts.clean, ({ auth }) => listWorkspacesClean(ctx, auth));
  route(app, ctx, contracts.short, ({ auth, query }) => listWorkspacesShort(ctx, auth, query.search));
  route(app, ctx, contracts.flat, ({ auth }) => listWorkspacesFlat(ctx, auth));
  route(app, ctx, contracts.detail, ({ auth, params, query }) =>
    getWorkspaceDetail(ctx, auth, params.id, { pruneOffline: !!query.prune_offline }),
  );
  route(app, ctx, contracts.create, ({ auth, body }) => createWorkspace(ctx, auth, body));
  route(app, ctx, contracts.update, ({ auth, params, body }) => updateWorkspace(ctx, auth, params.id, body));
  route(app, ctx, contracts.remove, ({ auth, params }) => deleteWorkspace(ctx, auth, params.id));
  route(app, ctx, contracts.uploadImage, async ({ auth, params, request }) => {
    // Refuse before reading a file the caller may not set.
    await assertCanEditWorkspace(ctx, auth, params.id);
    const image = await readWorkspaceImage(request);
    const key = newFileKey(auth.clientId, 'workspaces', image.ext);
    return setWorkspaceImage(ctx, auth, params.id, image, key);
  });
  route(app, ctx, contracts.addFavorite, ({ auth, params }) => setFavorite(ctx, auth, params.id, true));
  route(app, ctx, contracts.removeFavorite, ({ auth, params }) => setFavorite(ctx, auth, params.id, false));
  route(app, ctx, contracts.setUsers, ({ auth, params, body }) =>
    setWorkspaceUsers(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.qrCode, async ({ auth, params, query, reply }) => {
    const qr = await workspaceQrCode(ctx, auth, params.id, query.format);
    return (
      reply
        .header('content-type', qr.contentType)
        // Regenerating the code changes it: never a stale copy from the browser's cache.
        .header('cache-control', 'no-store')
        .send(qr.body)
    );
  });
  route(app, ctx, contracts.scanLog, ({ auth, params, query, request }) =>
    listScanLog(ctx, auth, params.id, query, pathOf(request)),
  );
  route(app, ctx, contracts.regenerateQrCode, async ({ auth, params }) => {
    await regenerateWorkspaceCode(ctx, auth, params.id);
    return { success: true as const };
  });
  route(app, ctx, contracts.publicView, ({ params, query, request }) =>
    getPublicWorkspace(ctx, request, params.id, query),
  );
  route(app, ctx, contracts.presenceLogs, ({ auth, params, query, request }) =>
    listWorkspacePresence(ctx, auth, params.id, query, pathOf(request)),
  );
  route(app, ctx, contracts.userPresenceLogs, ({ auth, params, query }) =>
    listUserPresence(ctx, auth, params.id, query.workspace_id),
  );
  route(app, ctx, contracts.presence, ({ auth, params, body }) =>
    recordPresence(ctx, auth, params.id, body.action),
  );
}
