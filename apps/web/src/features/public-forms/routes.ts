import type { FeaturePage } from '../../app/route-table';

const forms = () => import('./pages/PublicFormsPage').then((m) => m.PublicFormsPage);
const reporters = () => import('./pages/ExternalReportersPage').then((m) => m.ExternalReportersPage);

/** The staff side of the public area: the public-forms settings tab, the external reporters. */
export const publicFormPages: FeaturePage[] = [
  { path: '/dashboard/settings/public-forms', load: forms },
  { path: '/dashboard/profiles/external-reporters', load: reporters },
];
