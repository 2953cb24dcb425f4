import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { typed } from '../http/route-helpers.js';
import { contentTypeOf, isValidFileKey } from './file-storage.js';

/** Serves stored files by their unguessable key; they never change, so they cache for long. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/files/*',
    {
      config: { ids: { '*': 'token' } },
      schema: {
        tags: ['Files'],
        summary: 'A stored file (workspace image, profile picture, ...) by its key',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const data = isValidFileKey(key) ? await ctx.storage.get(key) : undefined;
      if (!data) throw notFound('File not found');
      return reply
        .header('content-type', contentTypeOf(key))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
