import {
  ZCreateTextTemplateRequestSchema,
  ZSuccessResponseSchema,
  ZTextTemplateListQuerySchema,
  ZTextTemplateListResponseSchema,
  ZTextTemplateSchema,
  ZUpdateTextTemplateRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import {
  createTextTemplate,
  deleteTextTemplate,
  getTextTemplate,
  listTextTemplates,
  updateTextTemplate,
} from './text-template-service.js';

const tags = ['Text templates'];
const security = [{ bearer: [] }];
const ZParams = z.object({ id: z.coerce.number().int().positive() });
const templateId = { ids: { id: 'text_template' as const } };
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * Text templates (001 §2, §3; the spec shows no paths, these are ours). Everyone of the
 * organisation reads them; admins and workspace managers manage them. The autocomplete reads
 * them through GET config?get_only=templates.
 */
export function textTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.get(
    '/text-templates',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Text templates, paged: category_id (0 = all), search (in the text, case ignored), sort_by created|updated|name (the text), default updated desc',
        security,
        querystring: ZTextTemplateListQuerySchema,
        response: { 200: ZTextTemplateListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listTextTemplates(ctx, authOf(request), request.query, pathOf(request)),
  );

  r.post(
    '/text-templates',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Add a text template (admins and workspace managers); text at most 5000 characters',
        security,
        body: ZCreateTextTemplateRequestSchema,
        response: { 200: ZTextTemplateSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => createTextTemplate(ctx, authOf(request), request.body),
  );

  r.get(
    '/text-templates/:id',
    {
      onRequest: loggedIn,
      config: templateId,
      schema: {
        tags,
        summary: 'One text template',
        security,
        params: ZParams,
        response: { 200: ZTextTemplateSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getTextTemplate(ctx, authOf(request), request.params.id),
  );

  r.put(
    '/text-templates/:id',
    {
      onRequest: loggedIn,
      config: templateId,
      schema: {
        tags,
        summary: 'Change the text or category of a text template (admins and workspace managers)',
        security,
        params: ZParams,
        body: ZUpdateTextTemplateRequestSchema,
        response: { 200: ZTextTemplateSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateTextTemplate(ctx, authOf(request), request.params.id, request.body),
  );

  r.delete(
    '/text-templates/:id',
    {
      onRequest: loggedIn,
      config: templateId,
      schema: {
        tags,
        summary: 'Delete a text template (admins and workspace managers)',
        security,
        params: ZParams,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => deleteTextTemplate(ctx, authOf(request), request.params.id),
  );
}
