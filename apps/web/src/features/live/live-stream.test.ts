import type { FetchLike } from 'eventsource';
import { describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from './live-bus';
import { LIVE_REOPEN_DELAYS_MS, openLiveStream, parseLiveMessage } from './live-stream';

const change = (id: number) =>
  JSON.stringify({
    entity_type: 'issue',
    entity_id: id,
    action: 'updated',
    workspace_id: 2,
    actor_id: 1,
    at: '2026-12-02T08:00:00.000Z',
  });

/** A stream the test writes to, answered as text/event-stream (or another status). */
function fakeServer() {
  const requests: Array<{ url: string; headers: Record<string, string> }> = [];
  const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
  const statuses: number[] = [];
  const encoder = new TextEncoder();
  const fetch: FetchLike = async (url, init) => {
    requests.push({ url: String(url), headers: init.headers });
    const status = statuses.shift() ?? 200;
    if (status !== 200)
      return new Response('{}', { status, headers: { 'content-type': 'application/json' } });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.push(controller);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return {
    fetch,
    requests,
    statuses,
    send(text: string, stream = streams.length - 1) {
      streams[stream]?.enqueue(encoder.encode(text));
    },
    end(stream = streams.length - 1) {
      streams[stream]?.close();
    },
    get streams() {
      return streams.length;
    },
  };
}

describe('parseLiveMessage', () => {
  it('reads the three kinds by the domain schemas and drops anything else', () => {
    expect(parseLiveMessage('change', '4', change(9))).toMatchObject({
      name: 'change',
      id: '4',
      data: { entity_type: 'issue', entity_id: 9, actor_id: 1 },
    });
    expect(
      parseLiveMessage(
        'notification',
        '5',
        JSON.stringify({
          notification_id: 3,
          event_type: 'issue_assigned',
          entity_type: 'issue',
          entity_id: 9,
          actor_id: 1,
          at: '2026-12-02T08:00:00.000Z',
        }),
      ),
    ).toMatchObject({ name: 'notification', data: { notification_id: 3 } });
    expect(parseLiveMessage('reset', '6', '')).toEqual({ name: 'reset', id: '6', data: {} });
    expect(parseLiveMessage('change', '7', '{"entity_type":"issue"}')).toBeNull();
    expect(parseLiveMessage('change', '7', 'not json')).toBeNull();
    expect(parseLiveMessage('other', '7', '{}')).toBeNull();
  });
});

describe('openLiveStream', () => {
  it('asks for an event stream, hands on each event once (replayed ids are dropped) and resumes with Last-Event-ID', async () => {
    const server = fakeServer();
    const messages: LiveMessage[] = [];
    const close = openLiveStream({
      url: 'http://localhost/api/v4/events',
      onMessage: (m) => messages.push(m),
      fetch: server.fetch,
    });
    await vi.waitFor(() => expect(server.streams).toBe(1));
    expect(server.requests[0]?.headers).toMatchObject({ Accept: 'text/event-stream' });
    expect(server.requests[0]?.headers['Last-Event-ID']).toBeUndefined();
    server.send(`retry: 1\n\n: heartbeat\n\nid: 10\nevent: change\ndata: ${change(1)}\n\n`);
    server.send(`id: 11\nevent: change\ndata: {"broken":true}\n\nid: 12\nevent: reset\ndata: {}\n\n`);
    await vi.waitFor(() =>
      expect(messages.map((m) => `${m.name}:${m.id}`)).toEqual(['change:10', 'reset:12']),
    );
    // The connection drops: the package reconnects with the last id; the server replays 12 again.
    server.end();
    await vi.waitFor(() => expect(server.streams).toBe(2));
    expect(server.requests[1]?.headers).toMatchObject({ 'Last-Event-ID': '12' });
    server.send(`id: 12\nevent: reset\ndata: {}\n\nid: 13\nevent: change\ndata: ${change(2)}\n\n`);
    await vi.waitFor(() => expect(messages.map((m) => m.id)).toEqual(['10', '12', '13']));
    close();
    server.send(`id: 14\nevent: change\ndata: ${change(3)}\n\n`);
    expect(messages).toHaveLength(3);
  });

  it('reopens a refused stream after a delay, with the last id seen; a 401 ends the login instead', async () => {
    const server = fakeServer();
    const timers: Array<{ run: () => void; ms: number }> = [];
    const messages: LiveMessage[] = [];
    const onUnauthorized = vi.fn();
    const close = openLiveStream({
      url: 'http://localhost/api/v4/events',
      onMessage: (m) => messages.push(m),
      onUnauthorized,
      fetch: server.fetch,
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => {},
    });
    await vi.waitFor(() => expect(server.streams).toBe(1));
    server.send(`retry: 1\n\nid: 20\nevent: change\ndata: ${change(1)}\n\n`);
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    // The server restarts behind a proxy: 503 twice, then the stream again.
    server.statuses.push(503, 503);
    server.end();
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0]?.ms).toBe(LIVE_REOPEN_DELAYS_MS[0]);
    timers[0]?.run();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(timers[1]?.ms).toBe(LIVE_REOPEN_DELAYS_MS[1]);
    timers[1]?.run();
    await vi.waitFor(() => expect(server.streams).toBe(2));
    expect(server.requests.at(-1)?.headers).toMatchObject({
      'Last-Event-ID': '20',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    // The session expired: 401, and no reopening.
    server.statuses.push(401);
    server.send('retry: 1\n\n');
    server.end();
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(timers).toHaveLength(2);
    close();
  });
});
