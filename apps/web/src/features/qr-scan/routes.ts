import type { FeaturePage } from '../../app/route-table';

const scan = () => import('./pages/ScanPage').then((m) => m.ScanPage);

/** Scanning QR codes with the camera. */
export const qrScanPages: FeaturePage[] = [{ path: '/dashboard/scan', load: scan }];
