import { ZErrorBodySchema } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Error answers documented on every route: all share the one error body. */
export function errorResponses(...codes: number[]) {
  return Object.fromEntries(codes.map((c) => [c, ZErrorBodySchema])) as Record<
    number,
    typeof ZErrorBodySchema
  >;
}

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
