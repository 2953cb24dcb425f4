import { defineContract } from '../contracts/contract.js';
import { ZQrScanRequestSchema, ZQrScanResponseSchema } from './qr-scan.js';

const tags = ['Workspaces'];

/** Ours (issue 21): a QR code scanned with the app's camera. */
export const qrScanContracts = {
  scan: defineContract({
    method: 'POST',
    path: '/qr_code/scan',
    caller: 'user',
    ids: {},
    body: ZQrScanRequestSchema,
    response: ZQrScanResponseSchema,
    errors: ['not_found', 'workspace_archived', 'asset_archived', 'equipment_archived'],
    tags,
    summary:
      'Resolve a scanned QR code (a printed workspace, asset or equipment address, or a bare code) to what you may see, and log the scan with the position when given',
    description:
      "Answers 404 not_found for a code that names nothing you may see (another organisation's too), and the thing's *_archived key when it is archived.",
  }),
};
