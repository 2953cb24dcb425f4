import { categoryContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { createCategory, deleteCategory, listCategoryItems, updateCategory } from './category-service.js';

/** Categories (000 §7 GET category/): everyone of the organisation reads them, admins manage them. */
export function categoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, categoryContracts.list, ({ auth }) => listCategoryItems(ctx, auth));
  route(app, ctx, categoryContracts.create, ({ auth, body }) => createCategory(ctx, auth, body));
  route(app, ctx, categoryContracts.update, ({ auth, params, body }) =>
    updateCategory(ctx, auth, params.id, body),
  );
  route(app, ctx, categoryContracts.remove, ({ auth, params }) => deleteCategory(ctx, auth, params.id));
}
