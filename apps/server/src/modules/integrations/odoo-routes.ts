import { odooContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  getOdooConnection,
  odooIssueStatus,
  putOdooConnection,
  removeOdooConnection,
  syncIssueToOdoo,
  testOdooConnection,
} from './odoo-service.js';

/** 000 §7 POST integration/odoo-sync/{id} and the organisation's Odoo connection (issue 22). */
export function odooRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.sync, ({ auth, params }) => syncIssueToOdoo(ctx, auth, params.id));
  route(app, ctx, contracts.issueStatus, ({ auth, params }) => odooIssueStatus(ctx, auth, params.id));
  route(app, ctx, contracts.get, ({ auth }) => getOdooConnection(ctx, auth));
  route(app, ctx, contracts.put, ({ auth, body }) => putOdooConnection(ctx, auth, body));
  route(app, ctx, contracts.remove, ({ auth }) => removeOdooConnection(ctx, auth));
  route(app, ctx, contracts.test, ({ auth }) => testOdooConnection(ctx, auth));
}
