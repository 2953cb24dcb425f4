import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** The public page configurator (public_page_configurator/...): admins only. */
export function publicFormRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
