import { locationRequestContracts as contracts, myOrganisationContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { answerLocationRequest, myLocationRequests, requestLocation } from './location-request-service.js';
import { listMyOrganisations } from './my-organisations.js';

/**
 * POST user/{id}/request_location and the person's answer (issue 21); and the organisations of
 * the user menu's switcher (GET user/me/clients), the other "who am I here" call of this issue.
 */
export function locationRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.request, ({ auth, params, body }) => requestLocation(ctx, auth, params.id, body));
  route(app, ctx, contracts.mine, ({ auth }) => myLocationRequests(ctx, auth));
  route(app, ctx, contracts.answer, ({ auth, params, body }) =>
    answerLocationRequest(ctx, auth, params.id, body),
  );
  route(app, ctx, myOrganisationContracts.list, ({ auth }) => listMyOrganisations(ctx, auth));
}
