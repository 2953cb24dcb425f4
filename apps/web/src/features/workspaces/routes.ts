import type { FeaturePage } from '../../app/route-table';

const list = () => import('./pages/WorkspaceListPage').then((m) => m.WorkspaceListPage);
const form = () => import('./pages/WorkspaceFormPage').then((m) => m.WorkspaceFormPage);
const detail = () => import('./pages/WorkspaceDetailPage').then((m) => m.WorkspaceDetailPage);

/** The workspaces pages built so far; paths come from DASHBOARD_PAGES / PUBLIC_PAGES in app/route-table.ts. */
export const workspacePages: FeaturePage[] = [
  { path: '/dashboard/workspaces', load: list },
  { path: '/dashboard/workspaces/add', load: form },
  { path: '/dashboard/workspaces/edit/:id', load: form },
  { path: '/dashboard/workspaces/detail/:id', load: detail },
  { path: '/dashboard/workspaces/detail/:parentId/:childId', load: detail },
];
