import type { FeaturePage } from '../../app/route-table';

const list = () => import('./pages/IssueListPage').then((m) => m.IssueListPage);
const form = () => import('./pages/IssueFormPage').then((m) => m.IssueFormPage);
const detail = () => import('./pages/IssueDetailPage').then((m) => m.IssueDetailPage);

/** The issue pages built so far; paths come from DASHBOARD_PAGES in app/route-table.ts. */
export const issuePages: FeaturePage[] = [
  { path: '/dashboard/issues', load: list },
  { path: '/dashboard/issues/add', load: form },
  { path: '/dashboard/issues/edit/:id', load: form },
  { path: '/dashboard/issues/detail/:id', load: detail },
  { path: '/dashboard/issues/detail/:id/:subtaskId', load: detail },
];
