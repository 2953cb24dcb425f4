import type { FeaturePage } from '../../app/route-table';

const list = () => import('./pages/EquipmentListPage').then((m) => m.EquipmentListPage);
const add = () => import('./pages/EquipmentFormPage').then((m) => m.EquipmentAddPage);
const edit = () => import('./pages/EquipmentFormPage').then((m) => m.EquipmentEditPage);
const detail = () => import('./pages/EquipmentDetailPage').then((m) => m.EquipmentDetailPage);

/** The equipment pages (001 §2 "Equipment"): list, add, detail, edit. */
export const equipmentPages: FeaturePage[] = [
  { path: '/dashboard/equipment', load: list },
  { path: '/dashboard/equipment/add', load: add },
  { path: '/dashboard/equipment/detail/:id', load: detail },
  { path: '/dashboard/equipment/edit/:id', load: edit },
];
