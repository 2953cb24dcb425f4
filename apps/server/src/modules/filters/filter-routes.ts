import {
  ZCreateSavedFilterRequestSchema,
  ZSavedFilterListResponseSchema,
  ZSavedFilterSchema,
  ZSavedFilterTypeParamsSchema,
  ZSuccessResponseSchema,
  ZUpdateSavedFilterRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import {
  createSavedFilter,
  deleteSavedFilter,
  duplicateSavedFilter,
  listSavedFilters,
  readFilterId,
  updateSavedFilter,
} from './filter-service.js';

const tags = ['Saved filters'];
const security = [{ bearer: [] }];
/**
 * A saved filter belongs to one person, not to a tenant-wide id space the guard could check:
 * the id is declared 'token' and the service answers 404 for anything not the caller's own.
 */
const filterId = { ids: { id: 'token' as const } };
const ZFilterIdParams = z.object({ id: z.string() });

/** Saved filters (000 §7): each user's own, private list-query shortcuts. */
export function filterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.get(
    '/filters/:type',
    {
      onRequest: loggedIn,
      config: { ids: { type: 'token' as const } },
      schema: {
        tags,
        summary: "The caller's saved filters of one entity (favourites first, then by name)",
        security,
        params: ZSavedFilterTypeParamsSchema,
        response: { 200: ZSavedFilterListResponseSchema, ...errorResponses(401, 422) },
      },
    },
    (request) => listSavedFilters(ctx.db, authOf(request), request.params.type),
  );

  r.post(
    '/filters',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Save a filter (issue query strings are normalised, without page)',
        security,
        body: ZCreateSavedFilterRequestSchema,
        response: { 200: ZSavedFilterSchema, ...errorResponses(401, 422) },
      },
    },
    (request) => createSavedFilter(ctx, authOf(request), request.body),
  );

  r.put(
    '/filters/:id',
    {
      onRequest: loggedIn,
      config: filterId,
      schema: {
        tags,
        summary: 'Rename, re-describe, update the query of, or (un)favourite one of your saved filters',
        security,
        params: ZFilterIdParams,
        body: ZUpdateSavedFilterRequestSchema,
        response: { 200: ZSavedFilterSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => updateSavedFilter(ctx, authOf(request), readFilterId(request.params.id), request.body),
  );

  r.delete(
    '/filters/:id',
    {
      onRequest: loggedIn,
      config: filterId,
      schema: {
        tags,
        summary: 'Delete one of your saved filters',
        security,
        params: ZFilterIdParams,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => deleteSavedFilter(ctx, authOf(request), readFilterId(request.params.id)),
  );

  r.post(
    '/filters/duplicate/:id',
    {
      onRequest: loggedIn,
      config: filterId,
      schema: {
        tags,
        summary: "Copy one of your saved filters as '<name> (Copy)'",
        security,
        params: ZFilterIdParams,
        response: { 200: ZSavedFilterSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => duplicateSavedFilter(ctx, authOf(request), readFilterId(request.params.id)),
  );
}
