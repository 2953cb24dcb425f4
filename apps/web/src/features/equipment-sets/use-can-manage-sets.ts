import { useAuth } from '../auth/session-store';
import { useWorkspaceChoices } from '../issues/issues-api';

/**
 * Whether the person may add groups, types and external holders: admins, and managers of some
 * workspace (packages/domain equipment-set-rules: canCreateEquipmentType,
 * canManageExternalHolders); what they may change of each one the server says (can_edit).
 */
export function useCanManageSets(): boolean {
  const user = useAuth().session?.user;
  const flat = useWorkspaceChoices();
  if (user?.role === 'admin') return true;
  return !!flat.data?.some((w) => w.can_edit && !w.archived);
}
