import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Equipment items (001 §7): list, filter options, the item, pictures, copies, bulk actions, logs, QR code, availability and returns. */
export function equipmentRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
