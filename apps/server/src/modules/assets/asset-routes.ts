import { assetQrTarget, assetContracts as contracts, readAssetListQuery } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { readsUploadForm, uploadFormOf } from '../attachments/upload-form-hook.js';
import { pathOf } from '../issues/issue-route-common.js';
import { qrCodeImage } from '../workspaces/workspace-logs.js';
import { removeAssetPicture, requireCanChangePictures, uploadAssetPictures } from './asset-pictures.js';
import {
  assetPublicCode,
  createAsset,
  deleteAsset,
  getAsset,
  getAssetFilterOptions,
  listAssetActivity,
  listAssetIssues,
  listAssetSchedules,
  listAssets,
  multiArchiveAssets,
  multiDeleteAssets,
  regenerateAssetCode,
  updateAsset,
} from './asset-service.js';

/**
 * Assets (001 §7 "Assets"): the list and its filter options, the asset itself, bulk delete and
 * archive, pictures, the QR code, and what belongs to one asset (activity, issues, tasks,
 * schedules). Groups, systems and regulatory files register their own routes.
 */
export function assetRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.list, ({ auth, query, request }) =>
    listAssets(ctx, auth, readAssetListQuery(query), pathOf(request)),
  );
  route(app, ctx, contracts.filterOptions, ({ auth }) => getAssetFilterOptions(ctx, auth));
  route(app, ctx, contracts.create, ({ auth, body }) => createAsset(ctx, auth, body));
  route(app, ctx, contracts.multiDelete, ({ auth, body }) => multiDeleteAssets(ctx, auth, body.ids));
  route(app, ctx, contracts.multiArchive, ({ auth, body }) => multiArchiveAssets(ctx, auth, body.ids));
  route(app, ctx, contracts.get, ({ auth, params }) => getAsset(ctx, auth, params.id));
  route(app, ctx, contracts.update, ({ auth, params, body }) => updateAsset(ctx, auth, params.id, body));
  route(app, ctx, contracts.remove, ({ auth, params }) => deleteAsset(ctx, auth, params.id));
  route(
    app,
    ctx,
    contracts.upload,
    ({ auth, params, request }) => uploadAssetPictures(ctx, auth, params.id, uploadFormOf(request)),
    // Refused callers are refused before their files are read.
    { preValidation: readsUploadForm((auth, assetId) => requireCanChangePictures(ctx, auth, assetId)) },
  );
  route(app, ctx, contracts.removePicture, ({ auth, params }) =>
    removeAssetPicture(ctx, auth, params.id, params.pictureId),
  );
  route(app, ctx, contracts.qrCode, async ({ auth, params, query, reply }) => {
    const code = await assetPublicCode(ctx, auth, params.id);
    const qr = await qrCodeImage(assetQrTarget(ctx.config.appUrl, code), query.format);
    return (
      reply
        .header('content-type', qr.contentType)
        // Regenerating the code changes it: never a stale copy from the browser's cache.
        .header('cache-control', 'no-store')
        .send(qr.body)
    );
  });
  route(app, ctx, contracts.regenerateQrCode, ({ auth, params }) =>
    regenerateAssetCode(ctx, auth, params.id),
  );
  route(app, ctx, contracts.activityLog, ({ auth, params, query, request }) =>
    listAssetActivity(ctx, auth, params.id, query, pathOf(request)),
  );
  route(app, ctx, contracts.issues, ({ auth, params, query, request }) =>
    listAssetIssues(ctx, auth, params.id, 'issue', query, pathOf(request)),
  );
  route(app, ctx, contracts.tasks, ({ auth, params, query, request }) =>
    listAssetIssues(ctx, auth, params.id, 'task', query, pathOf(request)),
  );
  route(app, ctx, contracts.schedules, ({ auth, params, query, request }) =>
    listAssetSchedules(ctx, auth, params.id, query, pathOf(request)),
  );
}
