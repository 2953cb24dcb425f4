import { textTemplateContracts } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  createTextTemplate,
  deleteTextTemplate,
  getTextTemplate,
  listTextTemplates,
  updateTextTemplate,
} from './text-template-service.js';

/** The path of a list call as the web sees it, for the envelope's page links. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * Text templates (001 §2, §3; the spec shows no paths, these are ours). Everyone of the
 * organisation reads them; admins and workspace managers manage them. The autocomplete reads
 * them through GET config?get_only=templates.
 */
export function textTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = textTemplateContracts;
  route(app, ctx, c.list, ({ auth, query, request }) => listTextTemplates(ctx, auth, query, pathOf(request)));
  route(app, ctx, c.create, ({ auth, body }) => createTextTemplate(ctx, auth, body));
  route(app, ctx, c.get, ({ auth, params }) => getTextTemplate(ctx, auth, params.id));
  route(app, ctx, c.update, ({ auth, params, body }) => updateTextTemplate(ctx, auth, params.id, body));
  route(app, ctx, c.remove, ({ auth, params }) => deleteTextTemplate(ctx, auth, params.id));
}
