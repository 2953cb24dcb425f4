/**
 * A small server-sent events reader for tests and the live bench (no browser EventSource in
 * Node): opens GET /api/v4/events with a bearer token, parses the stream as the SSE spec says
 * (fields id, event, data, retry; comment lines counted) and lets a test wait for a message.
 */
export type SseMessage = { id: string | undefined; event: string; data: string };

export type LiveStream = {
  status: number;
  headers: Headers;
  /** Every message so far, in order. */
  messages: SseMessage[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  retry: number | undefined;
  /** Resolves with the first message (from the start) that matches, as soon as it arrives. */
  waitFor: (match: (message: SseMessage) => boolean, what?: string) => Promise<SseMessage>;
  /** Resolves when `comments` reaches n. */
  waitForComments: (n: number) => Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close: () => void;
};

type Waiter = { match: (m: SseMessage) => boolean; done: (m: SseMessage) => void; fail: (e: Error) => void };

export async function openLiveStream(
  baseUrl: string,
  token: string | undefined,
  options: { lastEventId?: string; onMessage?: (message: SseMessage) => void } = {},
): Promise<LiveStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(`${baseUrl}/api/v4/events`, { headers, signal: abort.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<Waiter>();
  const commentWaiters = new Set<{ n: number; done: () => void }>();
  let ended = false;
  let endedResolve: () => void = () => {};
  const endedPromise = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  const stream: LiveStream = {
    status: response.status,
    headers: response.headers,
    messages,
    comments: 0,
    retry: undefined,
    waitFor: (match, what = 'a message') => {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      if (ended) return Promise.reject(new Error(`the stream ended before ${what}`));
      return new Promise((done, fail) => waiters.add({ match, done, fail }));
    },
    waitForComments: (n) =>
      stream.comments >= n ? Promise.resolve() : new Promise((done) => commentWaiters.add({ n, done })),
    ended: endedPromise,
    close: () => abort.abort(),
  };
  const finish = () => {
    ended = true;
    for (const w of waiters) w.fail(new Error('the stream ended while waiting'));
    waiters.clear();
    endedResolve();
  };
  if (response.status !== 200 || !response.body) {
    await response.text().catch(() => {});
    finish();
    return stream;
  }

  let id: string | undefined;
  let event = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length) {
      const message = { id, event: event || 'message', data: data.join('\n') };
      messages.push(message);
      options.onMessage?.(message);
      for (const w of [...waiters]) {
        if (w.match(message)) {
          waiters.delete(w);
          w.done(message);
        }
      }
    }
    event = '';
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) {
      stream.comments += 1;
      for (const w of [...commentWaiters]) {
        if (stream.comments >= w.n) {
          commentWaiters.delete(w);
          w.done();
        }
      }
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') stream.retry = Number(value);
  };

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n');
        while (end >= 0) {
          line(buffer.slice(0, end).replace(/\r$/, ''));
          buffer = buffer.slice(end + 1);
          end = buffer.indexOf('\n');
        }
      }
    } catch {
      // aborted by close()
    } finally {
      finish();
    }
  })();
  return stream;
}

/** The JSON of a message's data. */
// biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely
export const dataOf = (message: SseMessage): any => JSON.parse(message.data);
