import type { FeaturePage } from '../../app/route-table';

/** The collaborations pages built so far; paths come from DASHBOARD_PAGES / PUBLIC_PAGES in app/route-table.ts. */
export const collaborationPages: FeaturePage[] = [
  {
    path: '/dashboard/collaborators',
    load: () => import('./pages/CollaborationListPage').then((m) => m.CollaborationListPage),
  },
  {
    path: '/dashboard/collaborators/detail/:id',
    load: () => import('./pages/CollaborationDetailPage').then((m) => m.CollaborationDetailPage),
  },
  {
    path: '/public/collaboration_action',
    load: () => import('./pages/CollaborationActionPage').then((m) => m.CollaborationActionPage),
  },
];
