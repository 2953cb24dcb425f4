import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import { ZSuccessResponseSchema } from './auth.js';
import { ZSessionSchema } from './sessions.js';

const tags = ['Authentication'];

/** The caller's own sessions: seeing where they are logged in and signing the others out. */
export const sessionContracts = {
  list: defineContract({
    method: 'GET',
    path: '/auth/sessions',
    caller: 'user',
    ids: {},
    response: z.object({ data: z.array(ZSessionSchema) }),
    tags,
    summary: 'Your active sessions, the current one first, then the most recently used',
  }),
  revoke: defineContract({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    caller: 'user',
    ids: { id: 'session' },
    params: ZIdParamsSchema,
    response: ZSuccessResponseSchema,
    tags,
    summary: 'Sign one of your sessions out (another person’s session answers 404)',
  }),
  revokeOthers: defineContract({
    method: 'POST',
    path: '/auth/sessions/revoke_others',
    caller: 'user',
    ids: {},
    response: z.object({ revoked: z.number().int() }),
    tags,
    summary: 'Sign out every session of yours but this one',
  }),
};
