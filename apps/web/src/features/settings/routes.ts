import type { FeaturePage } from '../../app/route-table';

/** The settings tabs (general, profile, pdf-reports, about; public-forms is the public area's). */
export const settingsPages: FeaturePage[] = [
  {
    path: '/dashboard/settings',
    load: () => import('./pages/SettingsIndexPage').then((m) => m.SettingsIndexPage),
  },
  {
    path: '/dashboard/settings/general',
    load: () => import('./pages/GeneralSettingsPage').then((m) => m.GeneralSettingsPage),
  },
  {
    path: '/dashboard/settings/profile',
    load: () => import('./pages/ProfileSettingsPage').then((m) => m.ProfileSettingsPage),
  },
  {
    path: '/dashboard/settings/pdf-reports',
    load: () => import('./pages/PdfReportsPage').then((m) => m.PdfReportsPage),
  },
  { path: '/dashboard/settings/about', load: () => import('./pages/AboutPage').then((m) => m.AboutPage) },
];
