import { clientContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { removeClientLogo, uploadClientLogo } from './client-logo.js';
import { getClient, updateClient } from './client-service.js';

export function clientRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.mine, ({ auth }) => getClient(ctx, auth, auth.clientId));
  route(app, ctx, contracts.get, ({ auth, params }) => getClient(ctx, auth, params.id));
  route(app, ctx, contracts.update, ({ auth, params, body }) => updateClient(ctx, auth, params.id, body));
  route(app, ctx, contracts.uploadLogo, ({ auth, params, request }) =>
    uploadClientLogo(ctx, auth, params.id, request),
  );
  route(app, ctx, contracts.removeLogo, ({ auth, params }) => removeClientLogo(ctx, auth, params.id));
}
