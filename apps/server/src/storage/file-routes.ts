import { systemContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { route } from '../http/contract-route.js';
import { notFound } from '../http/errors.js';
import { contentTypeOf, isValidFileKey } from './file-storage.js';

/** Serves stored files by their unguessable key; they never change, so they cache for long. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, systemContracts.file, async ({ params, reply }) => {
    const key = params['*'];
    const data = isValidFileKey(key) ? await ctx.storage.get(key) : undefined;
    if (!data) throw notFound('File not found');
    return reply
      .header('content-type', contentTypeOf(key))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
