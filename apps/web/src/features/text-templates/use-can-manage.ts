import { canManageCategories, canManageTextTemplates } from '@workbench/domain';
import { useAuth } from '../auth/session-store';

/** Admins and workspace managers manage text templates (the server enforces the same rule). */
export function useCanManageTextTemplates(): boolean {
  const user = useAuth().session?.user;
  if (!user) return false;
  return canManageTextTemplates({
    role: user.role,
    managesAnyWorkspace: user.permissions.workspace.some((w) => w.role === 'manager'),
  });
}

/** Admins manage categories. */
export function useCanManageCategories(): boolean {
  const user = useAuth().session?.user;
  return !!user && canManageCategories(user);
}
