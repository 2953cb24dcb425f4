import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Handouts and reservations of one item, several items and groups (001 §4, §7). */
export function equipmentBookingRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
