import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** The dashboard's figures, onboarding progress and privacy consent. */
export function dashboardRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
