import { Navigate } from 'react-router';
import { useAuth } from '../../auth/session-store';

/** /dashboard/settings: admins start on general, everyone else on their profile. */
export function SettingsIndexPage() {
  const isAdmin = useAuth().session?.user.role === 'admin';
  return <Navigate to={isAdmin ? '/dashboard/settings/general' : '/dashboard/settings/profile'} replace />;
}
