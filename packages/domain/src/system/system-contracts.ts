import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

export const ZHealthResponseSchema = z.object({
  ok: z.literal(true),
  database: z.enum(['pglite', 'postgres']),
});

/** One mail of the outbox: kind says what it carries (password_reset, login_link, invite, ...). */
export const ZOutboxMailSchema = z
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
export type OutboxMail = z.infer<typeof ZOutboxMailSchema>;

export const ZMailOutboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The server itself: liveness, the outgoing mail of the organisation, stored files. */
export const systemContracts = {
  health: defineContract({
    method: 'GET',
    path: '/health',
    caller: 'public',
    ids: {},
    response: ZHealthResponseSchema,
    tags: ['System'],
    summary: 'Liveness and database reachability',
  }),
  mailOutbox: defineContract({
    method: 'GET',
    path: '/mail/outbox',
    // The outbox holds the password-reset and login links of the organisation's people.
    caller: 'admin',
    ids: {},
    query: ZMailOutboxQuerySchema,
    response: z.object({ data: z.array(ZOutboxMailSchema) }),
    tags: ['Organisation'],
    summary:
      "The organisation's outgoing e-mails, newest first (admins only). Without SMTP this is where mails stay.",
  }),
  file: defineContract({
    method: 'GET',
    path: '/files/*',
    caller: 'public',
    // The key is random and unguessable: it is the file's own secret, not a tenant id.
    ids: { '*': 'token' },
    params: z.object({ '*': z.string() }),
    produces: ['application/octet-stream'],
    errorStatuses: [404],
    tags: ['Files'],
    summary: 'A stored file (workspace image, profile picture, ...) by its key',
  }),
};
