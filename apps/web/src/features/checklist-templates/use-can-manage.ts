import { canManageChecklistTemplates } from '@workbench/domain';
import { useAuth } from '../auth/session-store';

/** Admins and workspace managers keep the templates; the server enforces the same rule. */
export function useCanManageTemplates(): boolean {
  const user = useAuth().session?.user;
  return (
    !!user &&
    canManageChecklistTemplates({
      role: user.role,
      managesAnyWorkspace: user.permissions.workspace.some((r) => r.role === 'manager'),
    })
  );
}
