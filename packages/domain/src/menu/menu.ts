import type { ClientSettings } from '../client/client-settings.js';
import type { GlobalPermission, UserRole } from '../users/user.js';

/** Entries of the dashboard sidebar (000 §2), in menu order. */
export const MENU_ITEMS = [
  { key: 'overview', path: '/dashboard/overview' },
  { key: 'workspaces', path: '/dashboard/workspaces' },
  { key: 'issues', path: '/dashboard/issues' },
  { key: 'scheduling', path: '/dashboard/scheduling', setting: 'include_schedules' },
  { key: 'calendar', path: '/dashboard/calendar', permission: 'can_view_calendar' },
  { key: 'equipment', path: '/dashboard/equipment', setting: 'include_equipment' },
  { key: 'assets', path: '/dashboard/assets', setting: 'include_assets' },
  { key: 'profiles', path: '/dashboard/profiles', hiddenForUsersWhen: 'only_admins_see_users' },
  { key: 'collaborators', path: '/dashboard/collaborators', setting: 'include_collab' },
  { key: 'categories', path: '/dashboard/categories' },
  { key: 'templates', path: '/dashboard/templates' },
  { key: 'settings', path: '/dashboard/settings' },
] as const satisfies ReadonlyArray<{
  key: string;
  path: string;
  setting?: keyof ClientSettings;
  permission?: GlobalPermission;
  hiddenForUsersWhen?: keyof ClientSettings;
}>;

export type MenuKey = (typeof MENU_ITEMS)[number]['key'];
export type MenuEntry = { key: MenuKey; path: string };

/** The menu a user sees: features the client switched off and screens the user may not open are left out. */
export function buildMenu(
  settings: ClientSettings,
  user: { role: UserRole; permissions: { global: ReadonlyArray<GlobalPermission> } },
): MenuEntry[] {
  return MENU_ITEMS.filter((item) => {
    if ('setting' in item && !settings[item.setting]) return false;
    if ('permission' in item && !user.permissions.global.includes(item.permission)) return false;
    if ('hiddenForUsersWhen' in item && user.role !== 'admin' && settings[item.hiddenForUsersWhen])
      return false;
    return true;
  }).map(({ key, path }) => ({ key, path }));
}
