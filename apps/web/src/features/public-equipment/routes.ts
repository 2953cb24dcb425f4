import type { FeaturePage } from '../../app/route-table';

const item = () => import('./pages/PublicEquipmentPage').then((m) => m.PublicEquipmentPage);
const group = () => import('./pages/PublicEquipmentPage').then((m) => m.PublicEquipmentGroupPage);
const report = () => import('./pages/PublicEquipmentPage').then((m) => m.PublicFoundReportPage);
const extend = () => import('./pages/PublicExtendPage').then((m) => m.PublicExtendPage);

/** The public equipment pages (001 §2): found, extend a handout. */
export const publicEquipmentPages: FeaturePage[] = [
  { path: '/public/equipment/:id', load: item },
  { path: '/public/equipment/group/:id', load: group },
  { path: '/public/equipment/report', load: report },
  { path: '/public/equipment/group/found', load: report },
  { path: '/public/equipment/extend_handout', load: extend },
  { path: '/public/equipment/group/extend_handout', load: extend },
];
