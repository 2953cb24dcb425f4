import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { clear, createStore, get, set } from 'idb-keyval';
import { sessionStore } from '../auth/session-store';
import { BUILD_INFO } from '../settings/build-info';
import { ownerOf } from './outbox';

/** A copy older than this is not shown offline: a week-old task list misleads more than it helps. */
export const OFFLINE_COPY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Saving waits this long after a change, so a burst of answers is written once. */
const SAVE_DELAY_MS = 1500;

type SavedQueries = { savedAt: number; build: string; owner: string; state: DehydratedState };

let store: ReturnType<typeof createStore> | null = null;
const db = () => {
  store ??= createStore('workbench-cache', 'queries');
  return store;
};
const keyOf = (owner: string) => `owner:${owner}`;

/**
 * When the app starts (or the person logs in) without a connection, puts their last saved
 * answers back into the query cache, with the times they were fetched (the age the offline bar
 * shows): they are what the pages show until the connection returns. Answers saved by another release are left out (their shape may differ).
 * Returns when the copy was saved, or null when there is none.
 */
export async function restoreQueries(
  client: QueryClient,
  owner: string,
  now = Date.now(),
  online = typeof navigator === 'undefined' || navigator.onLine,
) {
  // Online the server answers: a copy would show for a moment and seed forms with old values.
  if (online) return null;
  const saved = await get<SavedQueries>(keyOf(owner), db()).catch(() => undefined);
  if (!saved || saved.build !== BUILD_INFO.commit || saved.owner !== owner) return null;
  if (now - saved.savedAt > OFFLINE_COPY_MAX_AGE_MS) return null;
  hydrate(client, saved.state);
  // The copy counts as old: whatever a page reads from it is fetched again once online.
  for (const query of saved.state.queries) {
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
  }
  return saved.savedAt;
}

/** Saves the successful answers of the cache for this person whenever they change; returns the stop. */
export function persistQueries(client: QueryClient, owner: string): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.offline !== false,
    });
    const saved: SavedQueries = { savedAt: Date.now(), build: BUILD_INFO.commit, owner, state };
    void set(keyOf(owner), saved, db()).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && !timer) {
      timer = setTimeout(save, SAVE_DELAY_MS);
    }
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** The service worker's cache of issue pictures (vite.config.ts runtimeCaching). */
export const PICTURE_CACHE = 'workbench-pictures';

/** Logging out leaves nothing of the person's data on the device: answers and pictures. */
export async function forgetQueries(): Promise<void> {
  await clear(db()).catch(() => undefined);
  if (typeof caches !== 'undefined') await caches.delete(PICTURE_CACHE).catch(() => false);
}

/** The owner of the logged-in person's data on this device (ownerOf), or null. */
export function currentOwner(): string | null {
  const user = sessionStore.get().session?.user;
  return user ? ownerOf(user) : null;
}

/** Puts the kept copy of the logged-in person back before the first page asks for anything. */
export async function restoreForCurrentPerson(client: QueryClient): Promise<number | null> {
  const owner = currentOwner();
  return owner ? restoreQueries(client, owner) : null;
}
