import type { FeaturePage } from '../../app/route-table';

const groups = () => import('./pages/EquipmentGroupsPage').then((m) => m.EquipmentGroupsPage);
const types = () => import('./pages/EquipmentTypesPage').then((m) => m.EquipmentTypesPage);
const holders = () => import('./pages/ExternalHoldersPage').then((m) => m.ExternalHoldersPage);

/** Equipment groups, types and external holders (001 §2). */
export const equipmentSetPages: FeaturePage[] = [
  { path: '/dashboard/equipment/groups', load: groups },
  { path: '/dashboard/equipment/types', load: types },
  { path: '/dashboard/equipment/external-holders', load: holders },
];
