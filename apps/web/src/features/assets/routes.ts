import type { FeaturePage } from '../../app/route-table';

const list = () => import('./pages/AssetListPage').then((m) => m.AssetListPage);
const add = () => import('./pages/AssetAddPage').then((m) => m.AssetAddPage);
const detail = () => import('./pages/AssetDetailPage').then((m) => m.AssetDetailPage);
const groups = () => import('./pages/AssetGroupsPage').then((m) => m.AssetGroupsPage);
const systems = () => import('./pages/AssetSystemsPage').then((m) => m.AssetSystemsPage);

/** The asset pages (001 §2 "Assets"). */
export const assetPages: FeaturePage[] = [
  { path: '/dashboard/assets', load: list },
  { path: '/dashboard/assets/add', load: add },
  { path: '/dashboard/assets/detail/:id', load: detail },
  { path: '/dashboard/assets/groups', load: groups },
  { path: '/dashboard/assets/systems', load: systems },
];
