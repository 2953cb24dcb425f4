import { ZClientSchema, ZUpdateClientRequestSchema } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { getClient, updateClient } from './client-service.js';

const tags = ['Organisation'];
const security = [{ bearer: [] }];
const ZParams = z.object({ id: z.coerce.number().int().positive() });

export function clientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.get(
    '/user/client_info',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "The logged-in user's organisation",
        security,
        response: { 200: ZClientSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => {
      const auth = authOf(request);
      return getClient(ctx, auth, auth.clientId);
    },
  );

  r.get(
    '/client/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'client' } },
      schema: {
        tags,
        summary: 'An organisation: only your own (another answers 404)',
        security,
        params: ZParams,
        response: { 200: ZClientSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getClient(ctx, authOf(request), request.params.id),
  );

  r.put(
    '/client/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'client' } },
      schema: {
        tags,
        summary: "Change the organisation's name and settings (admins only)",
        security,
        params: ZParams,
        body: ZUpdateClientRequestSchema,
        response: { 200: ZClientSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateClient(ctx, authOf(request), request.params.id, request.body),
  );
}
