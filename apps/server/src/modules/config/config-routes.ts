import { parseConfigParts, ZConfigQuerySchema, ZConfigResponseSchema } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { loadConfig } from './config-service.js';

export function configRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/config',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags: ['Organisation'],
        summary: 'What the web app needs at start: the parts named in get_only (all when absent)',
        security: [{ bearer: [] }],
        querystring: ZConfigQuerySchema,
        response: { 200: ZConfigResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => {
      const { parts, unknown } = parseConfigParts(request.query.get_only);
      if (unknown.length) {
        // 000 §8 'Unsupported type': a typo must not silently return nothing.
        throw new AppError(422, 'unsupported_type', `Unsupported type: ${unknown.join(', ')}`, {
          get_only: 'unsupported_type',
        });
      }
      return loadConfig(ctx, authOf(request), parts);
    },
  );
}
