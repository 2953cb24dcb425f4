import type { FeaturePage } from '../../app/route-table';

const report = () => import('./pages/PublicReportPage').then((m) => m.PublicReportPage);
const assetReport = () => import('./pages/PublicReportPage').then((m) => m.PublicAssetReportPage);
const thankYou = () => import('./pages/PublicThankYouPage').then((m) => m.PublicThankYouPage);
const issue = () => import('./pages/PublicIssuePage').then((m) => m.PublicIssuePage);
const unsubscribe = () => import('./pages/PublicUnsubscribePage').then((m) => m.PublicUnsubscribePage);
const watcherUnsubscribe = () =>
  import('./pages/PublicUnsubscribePage').then((m) => m.PublicWatcherUnsubscribePage);

/** The public report pages (000 §2): report from a QR code, thank-you, follow, unsubscribe. */
export const publicReportPages: FeaturePage[] = [
  { path: '/public/report', load: report },
  { path: '/public/asset/report', load: assetReport },
  { path: '/public/thank-you', load: thankYou },
  { path: '/public/issue', load: issue },
  { path: '/public/issue/unsubscribe', load: unsubscribe },
  { path: '/public/issue/watchers-unsubscribe', load: watcherUnsubscribe },
];
