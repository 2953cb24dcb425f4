import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** POST user/{id}/request_location and the person's answer. */
export function locationRequestRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
