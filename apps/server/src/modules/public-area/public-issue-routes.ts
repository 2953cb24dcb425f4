import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** The public area's calls (000 §7 "Public"): reports, follow pages, comments, unsubscribes. */
export function publicIssueRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
