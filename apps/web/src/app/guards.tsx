import { Navigate } from 'react-router';
import { HOME_PATH } from '../features/auth/complete-login';
import { useAuth } from '../features/auth/session-store';

/** Login and signup pages are for logged-out people: a logged-in one goes to the dashboard. */
export function LoggedOutOnly({ children }: { children: React.ReactNode }) {
  const { session } = useAuth();
  return session ? <Navigate to={HOME_PATH} replace /> : children;
}
