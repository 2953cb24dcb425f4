import { lazy, Suspense } from 'react';

// The manifest's colours, the service worker's registration and its update banner load after
// the first page, in chunks of their own (not in every route's entry).
const PwaParts = lazy(() => import('./PwaParts').then((m) => ({ default: m.PwaParts })));

/** The installable app's part of every page (mounted once in App.tsx). */
export function PwaHost() {
  return (
    <Suspense fallback={null}>
      <PwaParts />
    </Suspense>
  );
}
