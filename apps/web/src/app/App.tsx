import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CACHE_EXPIRY_MS } from '@workbench/domain';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/client';
import { useColors } from '../features/config/colors-store';
import { issuePaths } from '../features/issues/issue-helpers';
import { restoreForCurrentPerson } from '../features/offline/query-persistence';
import { CrashBoundary } from './crash/CrashScreen';
import { NotificationsHost } from './NotificationsHost';
import { PwaHost } from './pwa/PwaHost';
import { createRouter } from './router';
import { buildTheme, cssVariablesResolver } from './theme';

// The offline side (sync, the offline bar) loads just after the first page, not with it.
// A chunk that cannot load (offline before the service worker had it) leaves just the bar out.
const OfflineHost = lazy(() =>
  import('../features/offline/components/OfflineHost')
    .then((m) => ({ default: m.OfflineHost }))
    .catch(() => ({ default: () => null })),
);

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
          <Suspense fallback={null}>
            <OfflineHost onOpenIssue={(id) => void router.navigate(issuePaths.detail(id))} />
          </Suspense>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </CrashBoundary>
    </MantineProvider>
  );
}
