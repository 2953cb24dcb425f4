import type { ClientSettings } from '../client/client-settings.js';
import type { UserRole } from '../users/user.js';

/**
 * How a user reaches a workspace (000 §6): through their own organisation (admin, workspace
 * manager, group manager, member) or through a partner collaboration (collab admin, collab
 * manager, collab member). Strongest first; the server computes it in one place
 * (modules/access/workspace-access.ts) and every rule below reads it.
 */
export const ACCESS_ROLES = [
  'admin',
  'manager',
  'group_manager',
  'member',
  'collab_admin',
  'collab_manager',
  'collab_member',
] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

export const COLLABORATION_ROLES = ['collab_admin', 'collab_manager', 'member'] as const;
export type CollaborationRole = (typeof COLLABORATION_ROLES)[number];

export function isCollaborationAccess(role: AccessRole): boolean {
  return role === 'collab_admin' || role === 'collab_manager' || role === 'collab_member';
}

/** Admins and workspace managers run a workspace of their own organisation. */
export function isWorkspaceManagerRole(role: AccessRole): boolean {
  return role === 'admin' || role === 'manager';
}

/** Create a top-level workspace: admins only. A sub-workspace: whoever may edit the parent. */
export function canCreateWorkspace(
  user: { role: UserRole },
  parentRole: AccessRole | null,
  settings: Pick<ClientSettings, 'edit_workspace'>,
): boolean {
  if (user.role === 'admin') return true;
  return parentRole !== null && canEditWorkspace(parentRole, settings);
}

/** Edit name, details, image and sub-workspaces: admins; managers when the client allows it. */
export function canEditWorkspace(
  role: AccessRole,
  settings: Pick<ClientSettings, 'edit_workspace'>,
): boolean {
  if (role === 'admin') return true;
  return role === 'manager' && settings.edit_workspace;
}

/** Add and remove managers, group managers and members: admins and workspace managers. */
export function canManageWorkspaceUsers(role: AccessRole): boolean {
  return isWorkspaceManagerRole(role);
}

/** Archive and unarchive a workspace: admins and workspace managers. Delete: admins only. */
export function canArchiveWorkspace(role: AccessRole): boolean {
  return isWorkspaceManagerRole(role);
}
export function canDeleteWorkspace(role: AccessRole): boolean {
  return role === 'admin';
}

/** Presence logs and QR scan logs of a workspace: those who run it. */
export function canReadWorkspaceLogs(role: AccessRole): boolean {
  return role === 'admin' || role === 'manager' || role === 'group_manager';
}

/**
 * User management (000 §6): admins; managers (of at least one workspace) only when the client's
 * user_management_permission is 'manager_admins'.
 */
export function canManageUsers(
  user: { role: UserRole; managesAnyWorkspace: boolean },
  settings: Pick<ClientSettings, 'user_management_permission'>,
): boolean {
  if (user.role === 'admin') return true;
  return settings.user_management_permission === 'manager_admins' && user.managesAnyWorkspace;
}

/** The user list may be restricted to admins (only_admins_see_users). */
export function canSeeUserList(
  user: { role: UserRole },
  settings: Pick<ClientSettings, 'only_admins_see_users'>,
): boolean {
  return user.role === 'admin' || !settings.only_admins_see_users;
}

/**
 * Invite a partner company (000 §6): admins, with full or limited access; others only when the
 * client allows limited invites, and then only limited access. Never when include_collab is off.
 */
export function canInviteCollaborator(
  user: { role: UserRole },
  settings: Pick<ClientSettings, 'include_collab' | 'limited_collaborator_invites'>,
  accessType: 'full' | 'limited',
): boolean {
  if (!settings.include_collab) return false;
  if (user.role === 'admin') return true;
  return settings.limited_collaborator_invites && accessType === 'limited';
}

/**
 * The limited-access choice of the invite form is disabled (000 §5) in multi mode, when only
 * limited invites are allowed (a non-admin inviting), or when include_collab is off.
 */
export function isAccessChoiceDisabled(
  user: { role: UserRole },
  settings: Pick<ClientSettings, 'include_collab' | 'limited_collaborator_invites'>,
  multiMode: boolean,
): boolean {
  if (multiMode || !settings.include_collab) return true;
  return user.role !== 'admin';
}
