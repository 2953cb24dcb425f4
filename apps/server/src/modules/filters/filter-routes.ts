import { savedFilterContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  createSavedFilter,
  deleteSavedFilter,
  duplicateSavedFilter,
  listSavedFilters,
  readFilterId,
  updateSavedFilter,
} from './filter-service.js';

/** Saved filters (000 §7): each user's own, private list-query shortcuts. */
export function filterRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, savedFilterContracts.list, ({ auth, params }) =>
    listSavedFilters(ctx.db, auth, params.type),
  );
  route(app, ctx, savedFilterContracts.create, ({ auth, body }) => createSavedFilter(ctx, auth, body));
  route(app, ctx, savedFilterContracts.update, ({ auth, params, body }) =>
    updateSavedFilter(ctx, auth, readFilterId(params.id), body),
  );
  route(app, ctx, savedFilterContracts.remove, ({ auth, params }) =>
    deleteSavedFilter(ctx, auth, readFilterId(params.id)),
  );
  route(app, ctx, savedFilterContracts.duplicate, ({ auth, params }) =>
    duplicateSavedFilter(ctx, auth, readFilterId(params.id)),
  );
}
