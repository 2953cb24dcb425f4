/**
 * Every screen of the spec (000 §2, 001 §2). Screens that later work builds show a "not available
 * yet" panel, named by their section and view; the router builds routes from this table.
 */
export type PlannedPage = { path: string; section: string; view?: string };

/**
 * A page a feature has built, for one path of the tables below: each feature lists its own in
 * src/features/<feature>/routes.ts, e.g.
 * { path: '/dashboard/workspaces', load: () => import('./pages/WorkspaceListPage').then((m) => m.WorkspaceListPage) }
 */
export type FeaturePage = { path: string; load: () => Promise<import('react').ComponentType> };

export const DASHBOARD_PAGES: PlannedPage[] = [
  { path: '/dashboard/workspaces', section: 'workspaces' },
  { path: '/dashboard/workspaces/add', section: 'workspaces', view: 'add' },
  { path: '/dashboard/workspaces/edit/:id', section: 'workspaces', view: 'edit' },
  { path: '/dashboard/workspaces/detail/:id', section: 'workspaces', view: 'detail' },
  { path: '/dashboard/workspaces/detail/:parentId/:childId', section: 'workspaces', view: 'detail' },
  { path: '/dashboard/workspaces/lease-info/:id', section: 'workspaces', view: 'lease_info' },
  { path: '/dashboard/workspaces/maintenance-info/:id', section: 'workspaces', view: 'maintenance_info' },
  { path: '/dashboard/issues', section: 'issues' },
  { path: '/dashboard/issues/add', section: 'issues', view: 'add' },
  { path: '/dashboard/issues/edit/:id', section: 'issues', view: 'edit' },
  { path: '/dashboard/issues/detail/:id', section: 'issues', view: 'detail' },
  { path: '/dashboard/issues/detail/:id/:subtaskId', section: 'issues', view: 'detail' },
  { path: '/dashboard/scheduling', section: 'scheduling' },
  { path: '/dashboard/scheduling/add', section: 'scheduling', view: 'add' },
  { path: '/dashboard/scheduling/detail/:id', section: 'scheduling', view: 'detail' },
  { path: '/dashboard/equipment', section: 'equipment' },
  { path: '/dashboard/equipment/add', section: 'equipment', view: 'add' },
  { path: '/dashboard/equipment/detail/:id', section: 'equipment', view: 'detail' },
  { path: '/dashboard/equipment/edit/:id', section: 'equipment', view: 'edit' },
  { path: '/dashboard/equipment/groups', section: 'equipment', view: 'groups' },
  { path: '/dashboard/equipment/types', section: 'equipment', view: 'types' },
  { path: '/dashboard/equipment/external-holders', section: 'equipment', view: 'external_holders' },
  { path: '/dashboard/assets', section: 'assets' },
  { path: '/dashboard/assets/add', section: 'assets', view: 'add' },
  { path: '/dashboard/assets/detail/:id', section: 'assets', view: 'detail' },
  { path: '/dashboard/assets/groups', section: 'assets', view: 'groups' },
  { path: '/dashboard/assets/systems', section: 'assets', view: 'systems' },
  { path: '/dashboard/profiles', section: 'profiles' },
  { path: '/dashboard/profiles/new', section: 'profiles', view: 'add' },
  { path: '/dashboard/profiles/external-reporters', section: 'profiles', view: 'external_reporters' },
  { path: '/dashboard/profile/detail', section: 'profile', view: 'detail' },
  { path: '/dashboard/profile/detail/:id', section: 'profile', view: 'detail' },
  { path: '/dashboard/profile/edit', section: 'profile', view: 'edit' },
  { path: '/dashboard/categories', section: 'categories' },
  { path: '/dashboard/collaborators', section: 'collaborators' },
  { path: '/dashboard/collaborators/detail/:id', section: 'collaborators', view: 'detail' },
  { path: '/dashboard/calendar', section: 'calendar' },
  { path: '/dashboard/templates', section: 'templates' },
  { path: '/dashboard/templates/checklists', section: 'templates', view: 'checklists' },
  { path: '/dashboard/templates/checklists/add', section: 'templates', view: 'add' },
  { path: '/dashboard/templates/checklists/detail/:id', section: 'templates', view: 'detail' },
  { path: '/dashboard/templates/autocomplete', section: 'templates', view: 'autocomplete' },
  { path: '/dashboard/settings', section: 'settings', view: 'general' },
  { path: '/dashboard/settings/general', section: 'settings', view: 'general' },
  { path: '/dashboard/settings/profile', section: 'settings', view: 'profile' },
  { path: '/dashboard/settings/pdf-reports', section: 'settings', view: 'pdf_reports' },
  { path: '/dashboard/settings/public-forms', section: 'settings', view: 'public_forms' },
  { path: '/dashboard/settings/about', section: 'settings', view: 'about' },
  { path: '/dashboard/onboarding', section: 'onboarding' },
  // Ours (the spec names a dashboard and QR scanning but no path for them).
  { path: '/dashboard/overview', section: 'overview' },
  { path: '/dashboard/scan', section: 'scan' },
  { path: '/dashboard/privacy-consent', section: 'privacy_consent' },
];

export const PUBLIC_PAGES: PlannedPage[] = [
  { path: '/public/issue', section: 'public_issue' },
  { path: '/public/issue/unsubscribe', section: 'public_issue', view: 'unsubscribe' },
  { path: '/public/issue/watchers-unsubscribe', section: 'public_issue', view: 'unsubscribe' },
  { path: '/public/report', section: 'public_report' },
  { path: '/public/equipment/:id', section: 'public_equipment' },
  { path: '/public/equipment/group/:id', section: 'public_equipment', view: 'groups' },
  { path: '/public/equipment/extend_handout', section: 'public_equipment', view: 'extend_handout' },
  { path: '/public/equipment/group/extend_handout', section: 'public_equipment', view: 'extend_handout' },
  { path: '/public/equipment/report', section: 'public_equipment', view: 'report' },
  { path: '/public/equipment/group/found', section: 'public_equipment', view: 'found' },
  { path: '/public/asset/report', section: 'public_asset' },
  { path: '/public/collaboration_action', section: 'public_collaboration' },
  { path: '/public/thank-you', section: 'thank_you' },
];
