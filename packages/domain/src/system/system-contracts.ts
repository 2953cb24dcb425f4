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
    status: z.enum(['pending', 'delivered', 'temp_fail', 'permanent_fail']),
    attempts: z.number().int(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof ZOutboxMailSchema>;

export const ZMailOutboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * The signature part of a file URL (the API answers whole URLs; nobody builds them): without a
 * valid one the answer is 403 invalid_token, past `expires` 403 token_expired.
 */
export const ZFileUrlQuerySchema = z.object({
  expires: z.string().max(20).optional().describe('Unix seconds after which the URL is refused'),
  signature: z.string().max(100).optional().describe('HMAC of the key, expiry and name'),
  name: z.string().max(1000).optional().describe('The file name a download is saved as (signed)'),
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
    // The key is random and the URL signed: a secret of the file, not a tenant id.
    ids: { '*': 'token' },
    params: z.object({ '*': z.string() }),
    query: ZFileUrlQuerySchema,
    produces: ['application/octet-stream'],
    errors: ['invalid_token', 'token_expired'],
    errorStatuses: [403, 404],
    tags: ['Files'],
    summary:
      'A stored file (attachment, workspace image, profile picture, ...) by the signed URL the API answered; images and PDFs inline, other files as downloads',
  }),
};
