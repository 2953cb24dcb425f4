import { dashboardContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { dashboardStatistics } from './dashboard-service.js';
import { givePrivacyConsent, updateOnboarding } from './onboarding-service.js';

/** The dashboard's figures, onboarding progress and privacy consent (issue 21). */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.statistics, ({ auth, query }) => dashboardStatistics(ctx, auth, query));
  route(app, ctx, contracts.updateOnboarding, ({ auth, body }) => updateOnboarding(ctx, auth, body));
  route(app, ctx, contracts.privacyConsent, ({ auth }) => givePrivacyConsent(ctx, auth));
}
