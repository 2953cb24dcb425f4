import type { FeaturePage } from '../../app/route-table';

/** The public report pages (000 §2): report from a QR code, thank-you, follow, unsubscribe. */
export const publicReportPages: FeaturePage[] = [];
