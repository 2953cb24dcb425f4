import { describe, expect, it } from 'vitest';
import { readClientSettings } from '../client/client-settings.js';
import {
  canCreateWorkspace,
  canEditWorkspace,
  canInviteCollaborator,
  canManageUsers,
  canSeeUserList,
  isAccessChoiceDisabled,
} from './access.js';

const settings = readClientSettings({});

describe('workspace rules', () => {
  it('only admins create top-level workspaces; editors of the parent create sub-workspaces', () => {
    expect(canCreateWorkspace({ role: 'admin' }, null, settings)).toBe(true);
    expect(canCreateWorkspace({ role: 'user' }, null, settings)).toBe(false);
    expect(canCreateWorkspace({ role: 'user' }, 'manager', settings)).toBe(true);
    expect(canCreateWorkspace({ role: 'user' }, 'group_manager', settings)).toBe(false);
    expect(canCreateWorkspace({ role: 'user' }, 'manager', { edit_workspace: false })).toBe(false);
  });

  it('managers edit only when the client allows it; partners never', () => {
    expect(canEditWorkspace('admin', { edit_workspace: false })).toBe(true);
    expect(canEditWorkspace('manager', { edit_workspace: true })).toBe(true);
    expect(canEditWorkspace('manager', { edit_workspace: false })).toBe(false);
    for (const role of [
      'group_manager',
      'member',
      'collab_admin',
      'collab_manager',
      'collab_member',
    ] as const)
      expect(canEditWorkspace(role, settings)).toBe(false);
  });
});

describe('user management (000 §6)', () => {
  it('admins always; managers only with manager_admins', () => {
    expect(canManageUsers({ role: 'admin', managesAnyWorkspace: false }, settings)).toBe(true);
    expect(canManageUsers({ role: 'user', managesAnyWorkspace: true }, settings)).toBe(false);
    const managerAdmins = { user_management_permission: 'manager_admins' as const };
    expect(canManageUsers({ role: 'user', managesAnyWorkspace: true }, managerAdmins)).toBe(true);
    expect(canManageUsers({ role: 'user', managesAnyWorkspace: false }, managerAdmins)).toBe(false);
  });

  it('only_admins_see_users hides the list from everybody but admins', () => {
    expect(canSeeUserList({ role: 'user' }, { only_admins_see_users: false })).toBe(true);
    expect(canSeeUserList({ role: 'user' }, { only_admins_see_users: true })).toBe(false);
    expect(canSeeUserList({ role: 'admin' }, { only_admins_see_users: true })).toBe(true);
  });
});

describe('collaborator invites', () => {
  const on = { include_collab: true, limited_collaborator_invites: false };
  const limitedAllowed = { include_collab: true, limited_collaborator_invites: true };
  it('admins invite with any access; others only limited, and only when allowed', () => {
    expect(canInviteCollaborator({ role: 'admin' }, on, 'full')).toBe(true);
    expect(canInviteCollaborator({ role: 'user' }, on, 'limited')).toBe(false);
    expect(canInviteCollaborator({ role: 'user' }, limitedAllowed, 'limited')).toBe(true);
    expect(canInviteCollaborator({ role: 'user' }, limitedAllowed, 'full')).toBe(false);
    expect(canInviteCollaborator({ role: 'admin' }, { ...on, include_collab: false }, 'full')).toBe(false);
  });

  it('the access choice is disabled in multi mode, for limited-only inviters, or without collaborations', () => {
    expect(isAccessChoiceDisabled({ role: 'admin' }, on, false)).toBe(false);
    expect(isAccessChoiceDisabled({ role: 'admin' }, on, true)).toBe(true);
    expect(isAccessChoiceDisabled({ role: 'user' }, limitedAllowed, false)).toBe(true);
    expect(isAccessChoiceDisabled({ role: 'admin' }, { ...on, include_collab: false }, false)).toBe(true);
  });
});
