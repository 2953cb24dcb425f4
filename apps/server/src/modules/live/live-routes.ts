import { liveContracts } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { loadVisibleWorkspaces } from '../access/workspace-access.js';
import { LiveHub } from './live-hub.js';
import { readAccessVersion } from './live-queries.js';

/** How long a client waits before reconnecting after a lost stream (the SSE `retry` field). */
const RETRY_MS = 3000;

// One hub per app, reachable from its context (tests call its rounds: heartbeat, session check).
const hubs = new WeakMap<AppContext, LiveHub>();
export function liveHubOf(ctx: AppContext): LiveHub | undefined {
  return hubs.get(ctx);
}

/** The id to resume after: the Last-Event-ID header (browsers send it on reconnect), or `?last_event_id=`. */
function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value?.trim()) return value.trim();
  const query = request.url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(request.url.slice(query + 1)).get('last_event_id')?.trim() || undefined;
}

/** GET /api/v4/events: the live update stream (issue 20; live-events.ts says what it carries). */
export function liveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const hub = new LiveHub(ctx, (message) => app.log.warn(message));
  hubs.set(ctx, hub);
  app.addHook('onReady', async () => hub.startTimers());
  // Open streams would hold the HTTP server's close: end them first.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => hub.stop());

  route(app, ctx, liveContracts.events, async ({ auth, request, reply }) => {
    await hub.start();
    const version = auth.accessVersion ?? (await readAccessVersion(ctx.db));
    const visible = await loadVisibleWorkspaces(ctx.db, auth, version);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and the like would buffer the stream otherwise.
      'x-accel-buffering': 'no',
    });
    request.raw.socket.setNoDelay(true);
    request.raw.socket.setKeepAlive(true);
    request.raw.socket.setTimeout(0);
    res.write(`retry: ${RETRY_MS}\n\n`);
    try {
      await hub.open(auth, res, visible, version, lastEventIdOf(request));
    } catch (err) {
      app.log.warn(`live: opening a stream failed: ${(err as Error).message}`);
      res.end();
    }
    return reply;
  });
}
