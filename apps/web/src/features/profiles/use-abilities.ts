import { readClientSettings } from '@workbench/domain';
import { useAuth } from '../auth/session-store';
import { type ProfileAbilities, profileAbilities } from './profile-rules';
import { useClientSettings } from './profiles-api';

/** What the logged-in person may do with people (null until the session and settings are known). */
export function useProfileAbilities(): ProfileAbilities | null {
  const user = useAuth().session?.user;
  const settings = useClientSettings();
  if (!user) return null;
  return profileAbilities(user, settings ?? readClientSettings({}));
}
