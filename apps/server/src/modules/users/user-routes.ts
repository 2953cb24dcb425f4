import { ZSessionUserSchema, ZUpdateOwnProfileRequestSchema } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { getUser, updateOwnProfile } from './user-service.js';

const tags = ['Users'];
const security = [{ bearer: [] }];
const ZUserIdParams = z.object({
  id: z.union([z.literal('me'), z.coerce.number().int().positive()]).describe('"me" or a user id'),
});

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.get(
    '/user/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: 'The logged-in user (id "me" or own id; another id answers 404 for now)',
        security,
        params: ZUserIdParams,
        response: { 200: ZSessionUserSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getUser(ctx, authOf(request), request.params.id),
  );

  r.put(
    '/user/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'user' } },
      schema: {
        tags,
        summary: 'Update own profile: names, phone, language, list settings',
        security,
        params: ZUserIdParams,
        body: ZUpdateOwnProfileRequestSchema,
        response: { 200: ZSessionUserSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateOwnProfile(ctx, authOf(request), request.params.id, request.body),
  );
}
