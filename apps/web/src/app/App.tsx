import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CACHE_EXPIRY_MS } from '@workbench/domain';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/client';
import { useColors } from '../features/config/colors-store';
import { CrashBoundary } from './crash/CrashScreen';
import { NotificationsHost } from './NotificationsHost';
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
    },
  });
}

export function App() {
  const colors = useColors();
  const theme = useMemo(() => buildTheme(colors), [colors]);
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <CrashBoundary>
        <QueryClientProvider client={queryClient}>
          <NotificationsHost />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </CrashBoundary>
    </MantineProvider>
  );
}
