import { assetContracts as contracts } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import { authOf } from '../../http/authenticate.js';
import { route } from '../../http/contract-route.js';
import {
  assertCanAddRegulatoryFile,
  deleteRegulatoryFile,
  getRegulatoryFile,
  listRegulatoryFiles,
  updateRegulatoryFile,
  uploadRegulatoryFile,
} from './regulatory-service.js';
import { type RegulatoryUpload, readRegulatoryForm } from './regulatory-upload.js';

/** The form of each upload request, read before validation and kept for its handler. */
const forms = new WeakMap<FastifyRequest, RegulatoryUpload>();

function formOf(request: FastifyRequest): RegulatoryUpload {
  const form = forms.get(request);
  if (!form) throw new Error('A regulatory upload route reads its form in preValidation');
  return form;
}

/**
 * Reads the upload form before validation; for an asset named in the path, a caller who may not
 * add files to it is refused before a byte of the file is read.
 */
function readsRegulatoryForm(ctx: AppContext, perAsset: boolean): preValidationHookHandler {
  return async (request) => {
    if (perAsset) {
      const assetId = Number((request.params as { id?: unknown }).id);
      // A malformed id is answered by the params schema next.
      if (!Number.isSafeInteger(assetId) || assetId <= 0) return;
      await assertCanAddRegulatoryFile(ctx, authOf(request), assetId);
    }
    forms.set(request, await readRegulatoryForm(request));
  };
}

/**
 * Regulatory files of assets: certificates, contracts and permits with their validity, checked by
 * content on upload, listed soonest expiry first with their state (expired, expiring, valid).
 */
export function regulatoryFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.regulatoryList, ({ auth, params }) => listRegulatoryFiles(ctx, auth, params.id));
  route(
    app,
    ctx,
    contracts.regulatoryUpload,
    ({ auth, params, request }) => uploadRegulatoryFile(ctx, auth, [params.id], formOf(request)),
    { preValidation: readsRegulatoryForm(ctx, true) },
  );
  route(
    app,
    ctx,
    contracts.regulatoryUploadGlobal,
    ({ auth, request }) => {
      const form = formOf(request);
      return uploadRegulatoryFile(ctx, auth, form.assetIds, form, { field: 'asset_ids' });
    },
    { preValidation: readsRegulatoryForm(ctx, false) },
  );
  route(app, ctx, contracts.regulatoryGet, ({ auth, params }) => getRegulatoryFile(ctx, auth, params.id));
  route(app, ctx, contracts.regulatoryUpdate, ({ auth, params, body }) =>
    updateRegulatoryFile(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.regulatoryRemove, ({ auth, params }) =>
    deleteRegulatoryFile(ctx, auth, params.id),
  );
}
