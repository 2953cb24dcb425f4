import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reloadAfterChunkError } from './app/chunk-reload';
import { setupI18n } from './i18n';

// Vite reports a failed preload of a chunk here: reload once (throttled) to get the new release.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

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
