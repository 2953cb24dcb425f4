import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** The public equipment pages (001 §2): a finder's view and report, the holder's extend link. */
export function publicEquipmentRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
