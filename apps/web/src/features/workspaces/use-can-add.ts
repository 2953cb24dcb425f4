import { useAuth } from '../auth/session-store';
import { useWorkspaceFlat } from './workspace-api';

/** Whether the person may add workspaces anywhere: admins, or whoever may edit some workspace. */
export function useCanAddWorkspace(): boolean {
  const user = useAuth().session?.user;
  const isAdmin = user?.role === 'admin';
  const flat = useWorkspaceFlat();
  if (isAdmin) return true;
  return !!flat.data?.some((w) => w.can_edit);
}
