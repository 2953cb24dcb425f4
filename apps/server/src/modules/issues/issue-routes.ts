import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

export function issueRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
