import { type LiveEventName, ZLiveChangeSchema, ZLiveNotificationSchema } from '@workbench/domain';
import { EventSource, type FetchLike } from 'eventsource';
import { authorizedFetch } from '../../api/client';
import type { LiveMessage } from './live-bus';

/** After the server refused or broke the stream (not a plain disconnect): wait, longer each time. */
export const LIVE_REOPEN_DELAYS_MS = [5_000, 15_000, 30_000, 60_000] as const;
/** How many event ids are remembered to drop a replayed event already handled. */
const SEEN_IDS_KEPT = 500;

export type LiveStreamOptions = {
  url: string;
  onMessage: (message: LiveMessage) => void;
  /** The server answered 401: the login is gone. */
  onUnauthorized?: () => void;
  /** The stream is open (again). */
  onOpen?: () => void;
  fetch?: FetchLike;
  /** Timers, for tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

/** A message of the stream as the bus hands it on, or null when it does not read as one. */
export function parseLiveMessage(name: string, id: string, data: string): LiveMessage | null {
  let json: unknown;
  try {
    json = data ? JSON.parse(data) : {};
  } catch {
    return null;
  }
  if (name === 'change') {
    const parsed = ZLiveChangeSchema.safeParse(json);
    return parsed.success ? { name, id, data: parsed.data } : null;
  }
  if (name === 'notification') {
    const parsed = ZLiveNotificationSchema.safeParse(json);
    return parsed.success ? { name, id, data: parsed.data } : null;
  }
  if (name === 'reset') return { name, id, data: {} };
  return null;
}

const NAMES: readonly LiveEventName[] = ['change', 'notification', 'reset'];

/**
 * Opens the person's one live event stream (GET /api/v4/events) with the `eventsource` package,
 * whose `fetch` option is the typed client's authorised fetch (a browser's own EventSource cannot send
 * the token). It
 * reconnects by itself after a dropped connection and sends Last-Event-ID, so the server
 * replays what was missed. A refused stream (any answer but 200) is reopened after a growing
 * delay with the last id seen, except a 401, which ends the login. Answers a function that
 * closes the stream for good.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  // The typed client's authorised fetch adds the session's token (api/client.ts).
  const baseFetch: FetchLike = options.fetch ?? authorizedFetch;
  const seen: string[] = [];
  const seenSet = new Set<string>();
  let lastId: string | null = null;
  let source: EventSource | null = null;
  let reopenTimer: unknown = null;
  let failures = 0;
  let closed = false;

  const remember = (id: string) => {
    seen.push(id);
    seenSet.add(id);
    if (seen.length > SEEN_IDS_KEPT) seenSet.delete(seen.shift() ?? '');
  };

  const open = () => {
    reopenTimer = null;
    const es = new EventSource(options.url, {
      fetch: (input, init) =>
        baseFetch(input, {
          ...init,
          headers: {
            ...init.headers,
            // A new EventSource (after a refusal) resumes where the last one stopped.
            ...(lastId && !init.headers['Last-Event-ID'] ? { 'Last-Event-ID': lastId } : {}),
          },
        }),
    });
    source = es;
    es.addEventListener('open', () => {
      failures = 0;
      options.onOpen?.();
    });
    for (const name of NAMES) {
      es.addEventListener(name, (event) => {
        const id = event.lastEventId;
        if (id) {
          if (seenSet.has(id)) return;
          remember(id);
          lastId = id;
        }
        const message = parseLiveMessage(name, id, event.data);
        if (message) options.onMessage(message);
      });
    }
    es.addEventListener('error', (event) => {
      // CONNECTING: the package reconnects by itself. CLOSED: the server refused the stream.
      if (closed || es.readyState !== es.CLOSED) return;
      if (event.code === 401) {
        options.onUnauthorized?.();
        return;
      }
      const delay = LIVE_REOPEN_DELAYS_MS[Math.min(failures, LIVE_REOPEN_DELAYS_MS.length - 1)] ?? 60_000;
      failures += 1;
      reopenTimer = setTimer(open, delay);
    });
  };

  open();
  return () => {
    closed = true;
    if (reopenTimer !== null) clearTimer(reopenTimer);
    source?.close();
  };
}
