import { canReadMailOutbox } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { listOutbox } from './outbox.js';

const ZOutboxMail = z
  .object({
    id: z.number().int(),
    to_email: z.string(),
    subject: z.string(),
    text: z.string(),
    kind: z.string().describe('password_reset, login_link, invite, ...'),
    status: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number().int(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'OutboxMail' });

export function mailRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/mail/outbox',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags: ['Organisation'],
        summary:
          "The organisation's outgoing e-mails, newest first (admins only). Without SMTP this is where mails stay.",
        security: [{ bearer: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ data: z.array(ZOutboxMail) }), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!canReadMailOutbox(auth)) throw forbidden('Only admins may read the outbox');
      const rows = await listOutbox(ctx.db, auth.clientId, request.query.limit);
      return {
        data: rows.map((m) => ({
          ...m,
          created_at: m.created_at.toISOString(),
          sent_at: m.sent_at?.toISOString() ?? null,
        })),
      };
    },
  );
}
