import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Equipment groups (without their bookings), types and external holders (001 §3, §7). */
export function equipmentSetRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
