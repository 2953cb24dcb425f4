import { ModalsProvider } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authApi } from '../../features/auth/auth-api';
import { sessionStore, useAuth } from '../../features/auth/session-store';
import { PrivacyConsentGate } from '../../features/dashboard/components/PrivacyConsentGate';
import { MobileAppPrompt } from '../MobileAppPrompt';
import { DashboardShell } from './DashboardShell';

/**
 * Dashboard pages are for logged-in users only: others go to `/`, which remembers where they
 * were going; an expired login goes to /login (000 §4). The stored login shows the shell at once
 * and is refreshed from the server in the background. Loaded lazily with the first dashboard
 * page, so the login and public pages do not download the shell, the confirm dialogs or the
 * mobile-app prompt (offered on dashboard pages only, never on public or auth pages: 000 §1).
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
  return (
    <ModalsProvider>
      {/* The privacy policy first, when the organisation requires it (issue 21). */}
      <PrivacyConsentGate>
        <DashboardShell user={session.user} />
        <MobileAppPrompt />
      </PrivacyConsentGate>
    </ModalsProvider>
  );
}
