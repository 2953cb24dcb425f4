import { z } from 'zod';
import { PUBLIC_CODE_PATTERN } from '../workspaces/workspace.js';

/**
 * Scanning a printed QR code with the app's camera (issue 21). A code is one of our printed
 * addresses (workspaceQrTarget, assetQrTarget, equipmentQrTarget and the group's) or a bare
 * public code typed by hand; POST qr_code/scan resolves it for the caller to the staff page.
 */
export const QR_SCAN_ENTITY_TYPES = ['workspace', 'asset', 'equipment', 'equipment_group'] as const;
export type QrScanEntityType = (typeof QR_SCAN_ENTITY_TYPES)[number];

/** What a scanned text names: a thing of one kind by its public code, or any kind (a bare code). */
export type ScannedCode =
  | { kind: QrScanEntityType; code: string }
  | { kind: 'workspace_legacy'; id: number }
  | { kind: 'any'; code: string };

const LEGACY_ID = /^[1-9][0-9]{0,9}$/;

/**
 * Reads a scanned or typed text. Any host is accepted (codes printed under an older address of
 * the app still work): the public code is unguessable, so it alone names the thing. Anything
 * that is not one of our addresses or a bare code names nothing (null).
 */
export function parseScannedCode(raw: string): ScannedCode | null {
  const value = raw.trim();
  if (PUBLIC_CODE_PATTERN.test(value)) return { kind: 'any', code: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const path = url.pathname.replace(/\/+$/, '');
  const code = (text: string | null | undefined) => (text && PUBLIC_CODE_PATTERN.test(text) ? text : null);
  if (path === '/public/report') {
    const ref = url.searchParams.get('workspace_id');
    const found = code(ref);
    if (found) return { kind: 'workspace', code: found };
    if (ref && LEGACY_ID.test(ref) && Number(ref) <= 2_147_483_647)
      return { kind: 'workspace_legacy', id: Number(ref) };
    return null;
  }
  if (path === '/public/asset/report') {
    const found = code(url.searchParams.get('asset_id'));
    return found ? { kind: 'asset', code: found } : null;
  }
  const group = /^\/public\/equipment\/group\/([^/]+)$/.exec(path);
  if (group) {
    const found = code(decodeURIComponent(group[1] ?? ''));
    return found ? { kind: 'equipment_group', code: found } : null;
  }
  const item = /^\/public\/equipment\/([^/]+)$/.exec(path);
  if (item) {
    const found = code(decodeURIComponent(item[1] ?? ''));
    return found ? { kind: 'equipment', code: found } : null;
  }
  return null;
}

/** The staff page of a scanned thing (the web navigates there). */
export function qrScanPath(entityType: QrScanEntityType, id: number): string {
  switch (entityType) {
    case 'workspace':
      return `/dashboard/workspaces/detail/${id}`;
    case 'asset':
      return `/dashboard/assets/detail/${id}`;
    case 'equipment':
      return `/dashboard/equipment/detail/${id}`;
    case 'equipment_group':
      return `/dashboard/equipment/groups?group=${id}`;
  }
}

/** A position from the browser's geolocation, as the scan and the location answer send it. */
export const ZGeoPositionShape = {
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  accuracy: z.number().min(0).max(100_000).optional().describe('Metres, as the browser reports it'),
};

export const ZQrScanRequestSchema = z
  .object({
    value: z.string().trim().min(1).max(2000).describe('The decoded text of the QR code, or a typed code'),
    ...ZGeoPositionShape,
  })
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined), {
    message: 'required',
    path: ['longitude'],
  })
  .meta({ id: 'QrScanRequest' });
export type QrScanRequest = z.infer<typeof ZQrScanRequestSchema>;

export const ZQrScanResponseSchema = z
  .object({
    entity_type: z.enum(QR_SCAN_ENTITY_TYPES),
    id: z.number().int(),
    name: z.string(),
    /** The web page of the thing for staff. */
    path: z.string(),
  })
  .meta({ id: 'QrScanResult' });
export type QrScanResult = z.infer<typeof ZQrScanResponseSchema>;
