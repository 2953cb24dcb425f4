import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { typed } from '../../http/route-helpers.js';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/health',
    {
      schema: {
        tags: ['System'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ ok: z.literal(true), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await sql`select 1`.execute(ctx.db);
      return { ok: true as const, database: ctx.dbKind };
    },
  );
}
