import { qrScanContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { scanQrCode } from './qr-scan-service.js';

/** QR codes scanned with the app's camera (issue 21). */
export function qrScanRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.scan, ({ auth, body, request }) => scanQrCode(ctx, auth, request, body));
}
