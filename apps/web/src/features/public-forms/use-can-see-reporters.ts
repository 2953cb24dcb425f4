import { useAuth } from '../auth/session-store';

/**
 * Who sees GET users/external-reporters: admins (everyone) and workspace managers (those who
 * reported in the workspaces they manage). Null until the session is known.
 */
export function useCanSeeExternalReporters(): boolean | null {
  const user = useAuth().session?.user;
  if (!user) return null;
  return user.role === 'admin' || user.permissions.workspace.some((grant) => grant.role === 'manager');
}
