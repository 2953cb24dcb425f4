import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { CACHE_EXPIRY_MS } from '@workbench/domain';
import { sessionStore } from '../auth/session-store';
import { checklistKeys } from '../checklists/checklists-api';
import { refreshAfterWrite } from '../issues/issues-api';
import { refreshOfflineCopy } from './offline-copy';
import { outbox } from './offline-store';
import type { PendingChange } from './outbox';
import { currentOwner, forgetQueries, persistQueries, restoreQueries } from './query-persistence';

/** While changes wait and the device reads as online, sending is tried again this often. */
const RETRY_MS = 20_000;

/** What a change the server took may have changed: the issue's own refresh rule, and its checklists. */
function refreshAfterSent(client: QueryClient, change: PendingChange) {
  refreshAfterWrite(client, change.issueId, { issue: true, comments: true, worktime: true, timer: true });
  void client.invalidateQueries({ queryKey: checklistKeys.issue(change.issueId) });
}

/**
 * Runs the offline side of the app while it is open: keeps the query cache in IndexedDB for the
 * logged-in person (and forgets it at logout), refreshes their offline copy every 5 minutes
 * online, and sends the waiting changes when the connection returns (and every RETRY_MS while
 * some wait). Returns the stop.
 */
export function startOfflineSync(client: QueryClient, onCopyRefreshed: (at: number) => void): () => void {
  let owner: string | null = null;
  let stopPersisting: (() => void) | null = null;
  let copyTimer: ReturnType<typeof setInterval> | null = null;

  const flush = () => {
    if (owner && onlineManager.isOnline()) void outbox.flush(owner);
  };
  const refreshCopy = () => {
    const user = sessionStore.get().session?.user;
    if (!user || !onlineManager.isOnline()) return;
    refreshOfflineCopy(client, user.id)
      .then(() => onCopyRefreshed(Date.now()))
      .catch(() => undefined);
  };
  const follow = () => {
    const next = currentOwner();
    if (next === owner) return;
    const loggedOut = owner !== null && next === null;
    owner = next;
    stopPersisting?.();
    stopPersisting = null;
    if (copyTimer) clearInterval(copyTimer);
    copyTimer = null;
    if (loggedOut) void forgetQueries();
    if (!next) return;
    void restoreQueries(client, next).then(() => {
      if (owner !== next) return;
      stopPersisting = persistQueries(client, next);
      refreshCopy();
      copyTimer = setInterval(refreshCopy, CACHE_EXPIRY_MS);
    });
    void outbox.load().then(flush);
  };

  // TanStack Query assumes online until the browser says otherwise; an app opened without a
  // connection starts offline (a false "online" is caught anyway: a failed send is queued).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  follow();
  const unsubscribeSession = sessionStore.subscribe(follow);
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) {
      flush();
      refreshCopy();
    }
  });
  // A change queued while the device reads as online (the network failed on the way, or earlier
  // ones wait) is sent at once if it can be, else tried again every RETRY_MS.
  const unsubscribeOutbox = outbox.subscribe(() => {
    if (owner && outbox.hasWaiting(owner)) flush();
  });
  const retryTimer = setInterval(() => {
    if (owner && outbox.hasWaiting(owner)) flush();
  }, RETRY_MS);
  const unsubscribeSent = outbox.onSent((change) => refreshAfterSent(client, change));

  return () => {
    unsubscribeSession();
    unsubscribeOnline();
    unsubscribeOutbox();
    unsubscribeSent();
    stopPersisting?.();
    if (copyTimer) clearInterval(copyTimer);
    clearInterval(retryTimer);
  };
}
