import { useAuth } from '../auth/session-store';
import { useWorkspaceChoices } from '../issues/issues-api';

/**
 * Whether the person may add schedules somewhere: admins, and managers of some workspace (the
 * server's rule for POST schedule); the form then offers the workspaces they may edit.
 */
export function useCanAddSchedule(): boolean {
  const user = useAuth().session?.user;
  const flat = useWorkspaceChoices();
  if (user?.role === 'admin') return true;
  return !!flat.data?.some((w) => w.can_edit && !w.archived);
}
