import { publicReportStaffContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { pathOf } from '../issues/issue-route-common.js';
import { listExternalReporters, sendDeclinedNotification } from './public-report-staff-service.js';

/** The staff side of public reports: the declined notification and the external reporters. */
export function publicReportStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.sendDeclinedNotification, ({ auth, params, body }) =>
    sendDeclinedNotification(ctx, auth, params.id, body.message),
  );
  route(app, ctx, contracts.externalReporters, ({ auth, query, request }) =>
    listExternalReporters(ctx, auth, query, pathOf(request)),
  );
}
