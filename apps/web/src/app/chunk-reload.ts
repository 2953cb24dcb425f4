import { CHUNK_RELOAD_THROTTLE_MS } from '@workbench/domain';

const FLAG = 'workbench.chunk-reload-at';

/** Is this error a failed load of a code chunk (usually: a new release replaced the old files)? */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads the page once after a chunk failed to load, at most once per 30 seconds (a session flag
 * remembers the last time), so a broken release cannot put the browser in a reload loop.
 * Offline it does not: the reload would only show the browser's offline page in place of the
 * work on screen. Returns whether it reloaded.
 */
export function reloadAfterChunkError(
  now = Date.now(),
  storage: Storage = sessionStorage,
  reload: () => void = () => window.location.reload(),
  online: boolean = navigator.onLine,
): boolean {
  if (!online) return false;
  const last = Number(storage.getItem(FLAG) ?? 0);
  if (now - last < CHUNK_RELOAD_THROTTLE_MS) return false;
  storage.setItem(FLAG, String(now));
  reload();
  return true;
}
