import { canCreateEquipment } from '@workbench/domain';
import { useAuth } from '../auth/session-store';
import { useWorkspaceChoices } from '../issues/issues-api';

/**
 * Whether the person may add equipment somewhere (001 §6 can_create_equipment): admins, and
 * managers of some workspace that is not archived (the server's rule for POST equipment).
 */
export function useCanAddEquipment(): boolean {
  const user = useAuth().session?.user;
  const flat = useWorkspaceChoices();
  const isAdmin = user?.role === 'admin';
  if (isAdmin) return true;
  return !!flat.data?.some((w) => !w.archived && canCreateEquipment({ isAdmin, workspaceRole: w.my_role }));
}
