import type { FeaturePage } from '../../app/route-table';

const page = () => import('./pages/CategoriesPage').then((m) => m.CategoriesPage);

export const categoryPages: FeaturePage[] = [{ path: '/dashboard/categories', load: page }];
