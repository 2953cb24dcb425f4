import { assetContracts as contracts, readAssetSystemListQuery } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  createAssetSystem,
  deleteAssetSystem,
  getAssetSystem,
  listAssetSystems,
  updateAssetSystem,
} from './asset-system-service.js';

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * Asset systems (heating, fire safety, lifts): organisation-wide, managed by its admins, read by
 * everyone of it and by partners it shares them with.
 */
export function assetSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.systemList, ({ auth, query, request }) =>
    listAssetSystems(ctx, auth, readAssetSystemListQuery(query), pathOf(request)),
  );
  route(app, ctx, contracts.systemCreate, ({ auth, body }) => createAssetSystem(ctx, auth, body));
  route(app, ctx, contracts.systemGet, ({ auth, params }) => getAssetSystem(ctx, auth, params.id));
  route(app, ctx, contracts.systemUpdate, ({ auth, params, body }) =>
    updateAssetSystem(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.systemRemove, ({ auth, params }) => deleteAssetSystem(ctx, auth, params.id));
}
