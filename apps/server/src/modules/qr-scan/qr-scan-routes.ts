import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** QR codes scanned with the app's camera. */
export function qrScanRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
