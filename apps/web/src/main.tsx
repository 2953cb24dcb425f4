import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reloadAfterChunkError } from './app/chunk-reload';
import { listenForInstallPrompt } from './app/pwa/install-prompt';
import { setupI18n } from './i18n';

// Vite reports a failed preload of a chunk here: reload once (throttled) to get the new release.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

// The browser's install offer comes once, early: kept for the phone prompt's "Add to home screen".
listenForInstallPrompt();

const root = createRoot(document.getElementById('root') as HTMLElement);
setupI18n()
  .catch((err) => console.error('Translations failed to load', err))
  .finally(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
