import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CACHE_EXPIRY_MS } from '@workbench/domain';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/client';
import { useColors } from '../features/config/colors-store';
import { issuePaths } from '../features/issues/issue-helpers';
import { OfflineHost } from '../features/offline/components/OfflineHost';
import { restoreForCurrentPerson } from '../features/offline/offline-sync';
import { CrashBoundary } from './crash/CrashScreen';
import { NotificationsHost } from './NotificationsHost';
import { PwaHost } from './pwa/PwaHost';
import { createRouter } from './router';
import { buildTheme, cssVariablesResolver } from './theme';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_EXPIRY_MS,
        // Retry only what may pass a second time: not a refusal or a missing thing.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      // A write runs at once, online or not: offline-capable ones queue themselves
      // (features/offline), any other fails with "no internet" rather than waiting unseen.
      mutations: { networkMode: 'always' },
    },
  });
}

export function App() {
  const colors = useColors();
  const theme = useMemo(() => buildTheme(colors), [colors]);
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  // The person's kept copy goes into the cache before the first page reads it (offline use).
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    restoreForCurrentPerson(queryClient)
      .catch(() => null)
      .finally(() => setRestored(true));
  }, [queryClient]);
  if (!restored) return null;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <CrashBoundary>
        <QueryClientProvider client={queryClient}>
          <NotificationsHost />
          <PwaHost />
          <OfflineHost onOpenIssue={(id) => void router.navigate(issuePaths.detail(id))} />
          <RouterProvider router={router} />

        </QueryClientProvider>
      </CrashBoundary>
    </MantineProvider>
  );
}
