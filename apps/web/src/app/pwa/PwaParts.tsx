import { lazy, Suspense } from 'react';
import { useColors } from '../../features/config/colors-store';
import { useManifestTheme } from './manifest-theme';

// workbox-window and the banner: only in the built app, where there is a service worker to
// register (the dev server and the unit tests have none, nor the virtual module behind it).
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));
const withServiceWorker =
  import.meta.env.PROD && import.meta.env.MODE !== 'test' && typeof navigator !== 'undefined'
    ? 'serviceWorker' in navigator
    : false;

/** Keeps the manifest link and theme colour in step with the organisation's colours; offers updates. */
export function PwaParts() {
  const { primary } = useColors();
  useManifestTheme(primary);
  if (!withServiceWorker) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
