import type { FeaturePage } from '../../app/route-table';

const list = () => import('./pages/TextTemplateListPage').then((m) => m.TextTemplateListPage);

/** The text-template list; /dashboard/templates (the landing) belongs to the checklist templates. */
export const textTemplatePages: FeaturePage[] = [{ path: '/dashboard/templates/autocomplete', load: list }];
