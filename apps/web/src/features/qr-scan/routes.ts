import type { FeaturePage } from '../../app/route-table';

/** Scanning QR codes with the camera. */
export const qrScanPages: FeaturePage[] = [];
