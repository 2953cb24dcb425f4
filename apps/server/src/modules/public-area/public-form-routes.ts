import { publicFormContracts as forms, publicIssueContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { getPublicAsset } from './public-asset-service.js';
import {
  applyPublicFormTemplateTo,
  getPublicFormConfig,
  listPublicFormTemplates,
  savePublicFormConfig,
} from './public-form-service.js';

/** The public page configurator (public_page_configurator/...): admins only; and an asset's public page. */
export function publicFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, forms.get, ({ auth, params }) => getPublicFormConfig(ctx, auth, params.type));
  route(app, ctx, forms.save, ({ auth, params, body }) => savePublicFormConfig(ctx, auth, params.type, body));
  route(app, ctx, forms.templates, ({ params }) => listPublicFormTemplates(params.type));
  route(app, ctx, forms.applyTemplate, ({ auth, params, body }) =>
    applyPublicFormTemplateTo(ctx, auth, params.type, body.template),
  );
  route(app, ctx, publicIssueContracts.asset, ({ params, query, request }) =>
    getPublicAsset(ctx, request, params.id, query.qr === 1),
  );
}
