import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** A workspace's lease and maintenance pages. */
export function workspaceInfoRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
