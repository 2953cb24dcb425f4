import { parseScannedCode, type QrScanRequest, type QrScanResult, qrScanPath } from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordQrScan } from '../workspaces/qr-scans.js';
import { callerSees, findScannedThings } from './qr-scan-queries.js';

const ARCHIVED_KEY = {
  workspace: 'workspace_archived',
  asset: 'asset_archived',
  equipment: 'equipment_archived',
  equipment_group: 'equipment_archived',
} as const;

/**
 * POST qr_code/scan (issue 21): what a scanned code names, for the caller. Only what they may
 * see (anything else, another organisation's thing too, answers 404 as if it did not exist); an
 * archived thing answers its *_archived key (422, as the public pages refuse it). The scan is
 * logged in the thing's organisation's scan log with the caller and the position, as a scan of
 * the printed code's public page is (at most once per address, person and thing in a while).
 */
export async function scanQrCode(
  ctx: AppContext,
  auth: Auth,
  request: FastifyRequest,
  body: QrScanRequest,
): Promise<QrScanResult> {
  const code = parseScannedCode(body.value);
  if (!code) throw notFound('This code names nothing in Workbench');
  const things = await findScannedThings(ctx.db, code);
  let seen = null;
  for (const thing of things) {
    if (await callerSees(ctx.db, auth, thing)) {
      seen = thing;
      break;
    }
  }
  if (!seen) throw notFound('This code names nothing you may see');
  if (seen.archived) throw new AppError(422, ARCHIVED_KEY[seen.entity_type], 'It is archived');
  await recordQrScan(ctx, request, {
    clientId: seen.client_id,
    entityType: seen.entity_type,
    entityId: seen.id,
    userId: auth.userId,
    latitude: body.latitude,
    longitude: body.longitude,
    accuracy: body.accuracy,
  });
  return {
    entity_type: seen.entity_type,
    id: seen.id,
    name: seen.name,
    path: qrScanPath(seen.entity_type, seen.id),
  };
}
