import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** GET /api/v4/events: the live update stream (issue 20). */
export function liveRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
