import type { FeaturePage } from '../../app/route-table';

/** The profiles pages built so far; paths come from DASHBOARD_PAGES / PUBLIC_PAGES in app/route-table.ts. */
export const profilePages: FeaturePage[] = [
  {
    path: '/dashboard/profiles',
    load: () => import('./pages/ProfileListPage').then((m) => m.ProfileListPage),
  },
  {
    path: '/dashboard/profiles/new',
    load: () => import('./pages/InviteUsersPage').then((m) => m.InviteUsersPage),
  },
  {
    path: '/dashboard/profile/detail',
    load: () => import('./pages/ProfileDetailPage').then((m) => m.ProfileDetailPage),
  },
  {
    path: '/dashboard/profile/detail/:id',
    load: () => import('./pages/ProfileDetailPage').then((m) => m.ProfileDetailPage),
  },
  {
    path: '/dashboard/profile/edit',
    load: () => import('./pages/ProfileEditPage').then((m) => m.ProfileEditPage),
  },
];
