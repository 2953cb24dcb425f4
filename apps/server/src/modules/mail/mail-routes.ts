import { systemContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { listOutbox, readableText } from './outbox.js';

export function mailRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, systemContracts.mailOutbox, async ({ auth, query }) => {
    const rows = await listOutbox(ctx.db, auth.clientId, query.limit);
    return {
      data: rows.map(({ recipient_elsewhere, ...m }) => ({
        ...m,
        text: readableText(m.text, { smtp: !!ctx.config.smtp, recipientElsewhere: !!recipient_elsewhere }),
        created_at: m.created_at.toISOString(),
        sent_at: m.sent_at?.toISOString() ?? null,
      })),
    };
  });
}
