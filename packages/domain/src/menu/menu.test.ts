import { describe, expect, it } from 'vitest';
import { readClientSettings } from '../client/client-settings.js';
import { globalPermissionsFor } from '../users/user.js';
import { buildMenu, MENU_ITEMS } from './menu.js';

const admin = { role: 'admin' as const, permissions: { global: globalPermissionsFor('admin', []) } };
const member = { role: 'user' as const, permissions: { global: globalPermissionsFor('user', ['member']) } };

describe('buildMenu', () => {
  it('gives an admin the full menu with default settings', () => {
    expect(buildMenu(readClientSettings({}), admin).map((m) => m.key)).toEqual(MENU_ITEMS.map((m) => m.key));
  });

  it('leaves out features the client switched off', () => {
    const settings = readClientSettings({
      include_equipment: false,
      include_assets: false,
      include_collab: false,
    });
    const keys = buildMenu(settings, admin).map((m) => m.key);
    expect(keys).not.toContain('equipment');
    expect(keys).not.toContain('assets');
    expect(keys).not.toContain('collaborators');
    expect(keys).toContain('issues');
  });

  it('hides the user list from non-admins when only_admins_see_users is on', () => {
    const settings = readClientSettings({ only_admins_see_users: true });
    expect(buildMenu(settings, member).map((m) => m.key)).not.toContain('profiles');
    expect(buildMenu(settings, admin).map((m) => m.key)).toContain('profiles');
  });
});

describe('globalPermissionsFor', () => {
  it('gives admins every global permission and managers edit_workspace', () => {
    expect(globalPermissionsFor('admin', [])).toEqual([
      'can_view_calendar',
      'can_create_equipment',
      'edit_workspace',
    ]);
    expect(globalPermissionsFor('user', ['group_manager'])).toContain('edit_workspace');
    expect(globalPermissionsFor('user', ['member'])).toEqual(['can_view_calendar']);
  });
});
