import {
  ZCategoryItemSchema,
  ZCategoryListResponseSchema,
  ZCreateCategoryRequestSchema,
  ZSuccessResponseSchema,
  ZUpdateCategoryRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { createCategory, deleteCategory, listCategoryItems, updateCategory } from './category-service.js';

const tags = ['Categories'];
const security = [{ bearer: [] }];
const ZParams = z.object({ id: z.coerce.number().int().positive() });
const categoryId = { ids: { id: 'category' as const } };

/** Categories (000 §7 GET category/): everyone of the organisation reads them, admins manage them. */
export function categoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  // The spec writes 'category/'; both spellings answer.
  for (const path of ['/category', '/category/']) {
    r.get(
      path,
      {
        onRequest: loggedIn,
        schema: {
          tags,
          summary: "The organisation's categories by name, each with its count of issues",
          security,
          response: { 200: ZCategoryListResponseSchema, ...errorResponses(401, 403) },
        },
      },
      (request) => listCategoryItems(ctx, authOf(request)),
    );
    r.post(
      path,
      {
        onRequest: loggedIn,
        schema: {
          tags,
          summary:
            'Add a category (admins). Names are unique per organisation, case ignored: category_name_taken',
          security,
          body: ZCreateCategoryRequestSchema,
          response: { 200: ZCategoryItemSchema, ...errorResponses(401, 403, 422) },
        },
      },
      (request) => createCategory(ctx, authOf(request), request.body),
    );
  }

  r.put(
    '/category/:id',
    {
      onRequest: loggedIn,
      config: categoryId,
      schema: {
        tags,
        summary: 'Rename or recolour a category (admins)',
        security,
        params: ZParams,
        body: ZUpdateCategoryRequestSchema,
        response: { 200: ZCategoryItemSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateCategory(ctx, authOf(request), request.params.id, request.body),
  );

  r.delete(
    '/category/:id',
    {
      onRequest: loggedIn,
      config: categoryId,
      schema: {
        tags,
        summary:
          'Delete a category (admins). Its issues stay without it (main category none, removed from their lists)',
        security,
        params: ZParams,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => deleteCategory(ctx, authOf(request), request.params.id),
  );
}
