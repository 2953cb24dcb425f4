import { collaborationAssetSystemContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { changeSharedAssetSystems, listSharedAssetSystems } from './collaboration-asset-systems-service.js';

/** GET/PUT collaboration/{id}/asset-systems and PUT …/remove_access (000 §7 Collaborations). */
export function collaborationAssetSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.list, ({ auth, params }) => listSharedAssetSystems(ctx, auth, params.id));
  route(app, ctx, contracts.share, ({ auth, params, body }) =>
    changeSharedAssetSystems(ctx, auth, params.id, body.system_ids, 'share'),
  );
  route(app, ctx, contracts.removeAccess, ({ auth, params, body }) =>
    changeSharedAssetSystems(ctx, auth, params.id, body.system_ids, 'unshare'),
  );
}
