import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Sessions of the logged-in person (settings profile tab). */
export function sessionRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
