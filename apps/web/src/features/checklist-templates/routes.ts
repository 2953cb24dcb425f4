import type { FeaturePage } from '../../app/route-table';

const landing = () => import('./pages/TemplatesLandingPage').then((m) => m.TemplatesLandingPage);
const list = () => import('./pages/ChecklistTemplateListPage').then((m) => m.ChecklistTemplateListPage);
const form = () => import('./pages/ChecklistTemplateFormPage').then((m) => m.ChecklistTemplateFormPage);

/** The template pages (001 §2); text templates (/dashboard/templates/autocomplete) live in their own feature. */
export const checklistTemplatePages: FeaturePage[] = [
  { path: '/dashboard/templates', load: landing },
  { path: '/dashboard/templates/checklists', load: list },
  { path: '/dashboard/templates/checklists/add', load: form },
  { path: '/dashboard/templates/checklists/detail/:id', load: form },
];
