import {
  canInviteCollaborator,
  isAccessChoiceDisabled,
  readClientSettings,
  type SessionUser,
} from '@workbench/domain';
import { useAuth } from '../auth/session-store';
import { useConfig } from '../config/use-config';

/** What the logged-in person may do with collaborations, by the shared rules of the domain package. */
export function useCollaborationRights() {
  const { session } = useAuth();
  const config = useConfig(!!session);
  const user: Pick<SessionUser, 'role'> = session?.user ?? { role: 'user' };
  const settings = readClientSettings(config.data?.client?.settings ?? {});
  return {
    user: session?.user ?? null,
    settings,
    isAdmin: user.role === 'admin',
    canInvite: canInviteCollaborator(user, settings, 'limited'),
    canInviteFull: canInviteCollaborator(user, settings, 'full'),
    isAccessChoiceDisabled: (multiMode: boolean) => isAccessChoiceDisabled(user, settings, multiMode),
  };
}
