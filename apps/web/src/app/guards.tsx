import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authApi } from '../features/auth/auth-api';
import { HOME_PATH } from '../features/auth/complete-login';
import { sessionStore, useAuth } from '../features/auth/session-store';
import { DashboardShell } from './shell/DashboardShell';

/**
 * Dashboard pages are for logged-in users only: others go to `/`, which remembers where they
 * were going; an expired login goes to /login (000 §4). The stored login shows the shell at once
 * and is refreshed from the server in the background.
 */
export function DashboardGuard() {
  const { session, expired } = useAuth();
  const location = useLocation();
  const me = useQuery({ queryKey: ['me'], queryFn: authApi.me, enabled: !!session, staleTime: 60_000 });
  useEffect(() => {
    if (me.data) sessionStore.userChanged(me.data);
  }, [me.data]);

  if (!session) {
    if (expired) return <Navigate to="/login" replace />;
    return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <DashboardShell user={session.user} />;
}

/** Login and signup pages are for logged-out people: a logged-in one goes to the dashboard. */
export function LoggedOutOnly({ children }: { children: React.ReactNode }) {
  const { session } = useAuth();
  return session ? <Navigate to={HOME_PATH} replace /> : children;
}
