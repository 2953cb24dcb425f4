import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** 000 §7 "Users and notifications" (issue 20). */
export function notificationRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
