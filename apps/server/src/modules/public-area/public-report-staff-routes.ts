import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** The staff side of public reports: the declined notification and the external reporters. */
export function publicReportStaffRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
