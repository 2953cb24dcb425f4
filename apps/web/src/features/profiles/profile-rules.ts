import {
  type ClientSettings,
  canManageUser,
  canManageUsers,
  canSeeUserList,
  type SessionUser,
  type UserManager,
  type UserRole,
} from '@workbench/domain';

/** The logged-in person as the user-management rules of packages/domain see them. */
export function userManagerOf(user: SessionUser): UserManager {
  return {
    role: user.role,
    managesAnyWorkspace: user.permissions.workspace.some((r) => r.role === 'manager'),
  };
}

export type ProfileAbilities = {
  seeList: boolean;
  manageUsers: boolean;
  /** May act on this person (edit, archive, resend); a manager-admin never on an admin. */
  manage: (target: { role: UserRole }) => boolean;
  grantAdmin: boolean;
};

type Settings = Pick<ClientSettings, 'user_management_permission' | 'only_admins_see_users'>;

export function profileAbilities(user: SessionUser, settings: Settings): ProfileAbilities {
  const actor = userManagerOf(user);
  return {
    seeList: canSeeUserList(actor, settings),
    manageUsers: canManageUsers(actor, settings),
    manage: (target) => canManageUser(actor, settings, target),
    grantAdmin: user.role === 'admin',
  };
}
