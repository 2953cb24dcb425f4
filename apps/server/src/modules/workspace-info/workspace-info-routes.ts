import { workspaceInfoContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { readsUploadForm, uploadFormOf } from '../attachments/upload-form-hook.js';
import {
  deleteLease,
  getLease,
  putLease,
  removeLeaseFile,
  requireCanChangeLeaseFiles,
  uploadLeaseFiles,
} from './lease-service.js';
import { getMaintenanceInfo } from './maintenance-service.js';

/** A workspace's lease and maintenance pages (issue 21). */
export function workspaceInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.getLease, ({ auth, params }) => getLease(ctx, auth, params.id));
  route(app, ctx, contracts.putLease, ({ auth, params, body }) => putLease(ctx, auth, params.id, body));
  route(app, ctx, contracts.deleteLease, ({ auth, params }) => deleteLease(ctx, auth, params.id));
  route(
    app,
    ctx,
    contracts.uploadLeaseFiles,
    ({ auth, params, request }) => uploadLeaseFiles(ctx, auth, params.id, uploadFormOf(request)),
    // Refused callers are refused before their files are read.
    {
      preValidation: readsUploadForm((auth, workspaceId) =>
        requireCanChangeLeaseFiles(ctx, auth, workspaceId),
      ),
    },
  );
  route(app, ctx, contracts.removeLeaseFile, ({ auth, params }) =>
    removeLeaseFile(ctx, auth, params.id, params.fileId),
  );
  route(app, ctx, contracts.maintenanceInfo, ({ auth, params }) => getMaintenanceInfo(ctx, auth, params.id));
}
