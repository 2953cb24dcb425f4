import type { FeaturePage } from '../../app/route-table';

/** A workspace's lease and maintenance pages. */
export const workspaceInfoPages: FeaturePage[] = [
  {
    path: '/dashboard/workspaces/lease-info/:id',
    load: () => import('./pages/LeasePage').then((m) => m.LeasePage),
  },
  {
    path: '/dashboard/workspaces/maintenance-info/:id',
    load: () => import('./pages/MaintenancePage').then((m) => m.MaintenancePage),
  },
];
