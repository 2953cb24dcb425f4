import { systemContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, systemContracts.health, async () => {
    await sql`select 1`.execute(ctx.db);
    return { ok: true as const, database: ctx.dbKind };
  });
}
