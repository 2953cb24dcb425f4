import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdateBanner } from './UpdateBanner';

/** How often an open app asks whether a new release was deployed (besides on every page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and, when a new release's worker waits, offers to reload into it.
 * Until then the page keeps running the release it started with (the old worker still serves its
 * files), so no chunk of the new release is loaded into the old page.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error) {
      console.warn('The service worker could not be registered', error);
    },
  });

  if (!needRefresh) return null;
  return <UpdateBanner onReload={() => updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />;
}
