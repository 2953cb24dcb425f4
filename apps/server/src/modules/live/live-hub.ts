import type { ServerResponse } from 'node:http';
import {
  LIVE_EVENT_RETENTION_MINUTES,
  LIVE_HEARTBEAT_SECONDS,
  type LiveChange,
  type LiveNotification,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { loadVisibleWorkspaces, type VisibleWorkspaces } from '../access/workspace-access.js';
import {
  deleteOldLiveEvents,
  type LiveEvent,
  parseLivePayload,
  readAccessVersion,
  readLatestLiveEventId,
  readLiveEventsFrom,
  readLiveSessions,
} from './live-queries.js';

/** Events a reconnecting stream may catch up on; more missed than these: a reset. */
export const LIVE_REPLAY_MAX = 500;
/** Concurrent streams of one session (tabs); a further one closes the oldest. */
export const LIVE_STREAMS_PER_SESSION = 5;
/** How often the sessions of open streams are checked (revoked, expired, person deactivated). */
const SESSION_CHECK_MS = 60_000;
/** How often old events are deleted. */
const RETENTION_SWEEP_MS = 5 * 60_000;
/** A stream whose client reads slower than this many bytes pile up is closed (it reconnects). */
const MAX_BUFFERED_BYTES = 1_000_000;
/** Ids this server processed lately, so a listen reconnect's catch-up never sends one twice. */
const RECENT_IDS_MAX = 10_000;
/** What a listen reconnect catches up on at most; more: every stream gets a reset. */
const RECONNECT_CATCH_UP_MAX = 1_000;

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role' | 'tokenId'>;

/** The visible workspaces as sets (made once per copy of loadVisibleWorkspaces). */
type VisibleSets = { full: Set<number>; limited: Set<number>; clientIds: Set<number> };
const setsCache = new WeakMap<VisibleWorkspaces, VisibleSets>();
function setsOf(visible: VisibleWorkspaces): VisibleSets {
  let sets = setsCache.get(visible);
  if (!sets) {
    sets = {
      full: new Set(visible.full),
      limited: new Set(visible.limited),
      clientIds: new Set(visible.clientIds),
    };
    setsCache.set(visible, sets);
  }
  return sets;
}

/** One SSE message (live-events.ts): `id`, `event` and the JSON of the event's public fields. */
export function liveMessage(event: LiveEvent): string {
  if (event.kind === 'notification') {
    const data: LiveNotification = {
      notification_id: Number(event.data.notification_id),
      event_type: event.action,
      entity_type: event.entity_type,
      entity_id: event.entity_id,
      actor_id: event.actor_id,
      at: event.at,
    };
    return `id: ${event.id}\nevent: notification\ndata: ${JSON.stringify(data)}\n\n`;
  }
  const data: LiveChange = {
    entity_type: event.entity_type,
    entity_id: event.entity_id,
    action: event.action,
    workspace_id: event.workspace_id,
    actor_id: event.actor_id,
    at: event.at,
  };
  return `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
}

const resetMessage = (latestId: string | undefined) =>
  `${latestId ? `id: ${latestId}\n` : ''}event: reset\ndata: {}\n\n`;

/** One open stream: its caller, their visible workspaces at an access version, and the response. */
class LiveConnection {
  readonly auth: Caller;
  readonly res: ServerResponse;
  visible: VisibleWorkspaces;
  version: string;
  /** A collaboration changed since the grants were read: read them again before the next workspace event. */
  mustReload = false;
  /** While catching up (Last-Event-ID): live messages wait here, then go out unless replayed. */
  pending: Array<{ id: string; text: string }> | undefined;
  closed = false;

  constructor(auth: Caller, res: ServerResponse, visible: VisibleWorkspaces, version: string) {
    this.auth = auth;
    this.res = res;
    this.visible = visible;
    this.version = version;
  }

  /**
   * THE filter, the API's access rules applied to an event (the grants as of `version`):
   * a notification only to its recipient in its organisation; a change of a workspace's entity to
   * who sees the workspace in full, or with limited access when the event names them; any other
   * change to the event's own organisation.
   */
  accepts(event: LiveEvent): boolean {
    if (event.kind === 'notification') {
      return event.client_id === this.auth.clientId && event.user_ids.includes(this.auth.userId);
    }
    if (event.workspace_id === null) return event.client_id === this.auth.clientId;
    const sets = setsOf(this.visible);
    if (sets.full.has(event.workspace_id)) return true;
    return sets.limited.has(event.workspace_id) && event.user_ids.includes(this.auth.userId);
  }

  /** Whether a workspace event could be this person's, so stale grants are worth reading again. */
  couldConcern(event: LiveEvent): boolean {
    return (
      this.mustReload ||
      event.client_id === this.auth.clientId ||
      setsOf(this.visible).clientIds.has(event.client_id)
    );
  }

  write(text: string): void {
    if (this.closed || this.res.destroyed || this.res.writableEnded) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.res.write(text);
  }

  deliver(id: string, text: string): void {
    if (this.pending) this.pending.push({ id, text });
    else this.write(text);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }
}

/**
 * The live hub of one app (one per server process): LISTENs on the database's live channel
 * (every server's writes publish there, live-publish.ts) and fans each event out to this server's
 * open streams, each filtered by the caller's access. The grants are those of
 * loadVisibleWorkspaces at an access version; the current version is read once per batch of
 * events, and a stream's grants are read again only when they are older and the event could
 * concern it (its organisation, or one whose workspaces it sees, or after a collaboration change).
 */
export class LiveHub {
  readonly #ctx: AppContext;
  readonly #connections = new Set<LiveConnection>();
  readonly #bySession = new Map<number, LiveConnection[]>();
  #queue: LiveEvent[] = [];
  #draining = false;
  #idle: Promise<void> = Promise.resolve();
  #markIdle: (() => void) | undefined;
  /** The highest id this server has seen (a listen reconnect catches up from there). */
  #lastId = 0n;
  readonly #recent = new Set<string>();
  #started: Promise<void> | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #timers: NodeJS.Timeout[] = [];
  #stopped = false;
  readonly #log: (message: string) => void;

  constructor(ctx: AppContext, log: (message: string) => void = () => {}) {
    this.#ctx = ctx;
    this.#log = log;
  }

  get size(): number {
    return this.#connections.size;
  }

  /** Starts listening (once, on the first stream): later commits reach the streams opened from then on. */
  start(): Promise<void> {
    if (!this.#started) {
      this.#started = this.#listen().catch((err) => {
        this.#started = undefined;
        throw err;
      });
    }
    return this.#started;
  }

  async #listen(): Promise<void> {
    const unlisten = await this.#ctx.listen(
      (payload) => {
        const event = parseLivePayload(payload);
        if (event) this.#enqueue([event]);
      },
      () => void this.#catchUp(),
    );
    if (this.#stopped) {
      await unlisten();
      return;
    }
    this.#unlisten = unlisten;
    const latest = await readLatestLiveEventId(this.#ctx.db);
    if (latest && BigInt(latest) > this.#lastId) this.#lastId = BigInt(latest);
  }

  /**
   * The background work that needs no stream: the retention sweep (once now, awaited, so no
   * statement of it runs later into a request), the session check, the heartbeat.
   */
  async startTimers(): Promise<void> {
    const every = (ms: number, work: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        Promise.resolve(work()).catch((err) => this.#log(`live: ${(err as Error).message}`));
      }, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(LIVE_HEARTBEAT_SECONDS * 1000, () => this.heartbeat());
    every(SESSION_CHECK_MS, () => this.checkSessions());
    every(RETENTION_SWEEP_MS, () => this.sweep());
    await this.sweep().catch((err) => this.#log(`live: ${(err as Error).message}`));
  }

  /** A comment line on every stream: keeps idle connections open through proxies. */
  heartbeat(): void {
    for (const connection of this.#connections) connection.write(':\n\n');
  }

  /** Deletes events past the retention (any server may; a DELETE is idempotent). */
  async sweep(): Promise<void> {
    await deleteOldLiveEvents(this.#ctx.db, LIVE_EVENT_RETENTION_MINUTES);
  }

  /** Closes the streams whose session ended (logout, expiry, person deactivated, organisation or role changed). */
  async checkSessions(): Promise<void> {
    if (!this.#connections.size) return;
    const valid = await readLiveSessions(this.#ctx.db, [...this.#bySession.keys()]);
    for (const connection of [...this.#connections]) {
      const now = valid.get(connection.auth.tokenId);
      if (!now || now.client_id !== connection.auth.clientId || now.role !== connection.auth.role) {
        connection.close();
      }
    }
  }

  /**
   * Adds a stream (its headers already sent). With a Last-Event-ID, first replays what it missed
   * from the live_events table, in id order, through the same filter; live events arriving
   * meanwhile wait and follow (those replayed are not sent twice). Commit order may differ from
   * id order: an event committed late with a lower id reaches open streams live, and a stream
   * that reconnects resumes after the last id it saw (clients ignore ids they saw).
   */
  async open(
    auth: Caller,
    res: ServerResponse,
    visible: VisibleWorkspaces,
    version: string,
    lastEventId: string | undefined,
  ): Promise<void> {
    const connection = new LiveConnection(auth, res, visible, version);
    if (lastEventId !== undefined) connection.pending = [];
    this.#connections.add(connection);
    const siblings = this.#bySession.get(auth.tokenId) ?? [];
    siblings.push(connection);
    this.#bySession.set(auth.tokenId, siblings);
    while (siblings.length > LIVE_STREAMS_PER_SESSION) siblings.shift()?.close();
    res.on('close', () => this.#remove(connection));
    if (lastEventId === undefined) return;

    const replayed = new Set<string>();
    let upTo: bigint | undefined;
    try {
      const rows = /^\d{1,18}$/.test(lastEventId)
        ? await readLiveEventsFrom(this.#ctx.db, lastEventId, LIVE_REPLAY_MAX + 2)
        : [];
      // The id the client saw must still be kept, and what followed it fit in one replay.
      if (rows[0]?.id !== lastEventId || rows.length > LIVE_REPLAY_MAX + 1) {
        const latest = await readLatestLiveEventId(this.#ctx.db);
        upTo = latest ? BigInt(latest) : undefined;
        connection.write(resetMessage(latest));
      } else {
        for (const event of rows.slice(1)) {
          replayed.add(event.id);
          if (connection.accepts(event)) connection.write(liveMessage(event));
        }
      }
    } finally {
      const waiting = connection.pending ?? [];
      connection.pending = undefined;
      for (const message of waiting) {
        if (replayed.has(message.id) || (upTo !== undefined && BigInt(message.id) <= upTo)) continue;
        connection.write(message.text);
      }
    }
  }

  #remove(connection: LiveConnection): void {
    connection.closed = true;
    this.#connections.delete(connection);
    const siblings = this.#bySession.get(connection.auth.tokenId);
    if (!siblings) return;
    const index = siblings.indexOf(connection);
    if (index >= 0) siblings.splice(index, 1);
    if (!siblings.length) this.#bySession.delete(connection.auth.tokenId);
  }

  #enqueue(events: LiveEvent[]): void {
    for (const event of events) {
      if (this.#recent.has(event.id)) continue;
      this.#recent.add(event.id);
      if (this.#recent.size > RECENT_IDS_MAX) {
        const oldest = this.#recent.values().next().value;
        if (oldest !== undefined) this.#recent.delete(oldest);
      }
      const id = BigInt(event.id);
      if (id > this.#lastId) this.#lastId = id;
      this.#queue.push(event);
    }
    if (this.#draining || !this.#queue.length) return;
    this.#draining = true;
    this.#idle = new Promise((done) => {
      this.#markIdle = done;
    });
    void this.#drain();
  }

  /** Resolves when every event received so far has been handed to the streams (tests wait on it). */
  settled(): Promise<void> {
    return this.#idle;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length) {
        const batch = this.#queue;
        this.#queue = [];
        try {
          await this.#deliver(batch);
        } catch (err) {
          this.#log(`live: ${(err as Error).message}`);
        }
      }
    } finally {
      this.#draining = false;
      this.#markIdle?.();
    }
  }

  async #deliver(batch: LiveEvent[]): Promise<void> {
    if (!this.#connections.size) return;
    const needsGrants = batch.some((e) => e.kind === 'change' && e.workspace_id !== null);
    const version = needsGrants ? await readAccessVersion(this.#ctx.db) : undefined;
    for (const event of batch) {
      if (event.kind === 'change' && event.entity_type === 'collaboration') {
        for (const connection of this.#connections) connection.mustReload = true;
      }
      if (version !== undefined && event.kind === 'change' && event.workspace_id !== null) {
        await this.#refresh(
          [...this.#connections].filter((c) => c.version !== version && c.couldConcern(event)),
          version,
        );
      }
      let text: string | undefined;
      for (const connection of this.#connections) {
        if (!connection.accepts(event)) continue;
        text ??= liveMessage(event);
        connection.deliver(event.id, text);
      }
    }
  }

  /** Reads the grants of these streams at this version (once per person, from loadVisibleWorkspaces' copy). */
  async #refresh(connections: LiveConnection[], version: string): Promise<void> {
    if (!connections.length) return;
    const reads = new Map<string, Promise<VisibleWorkspaces>>();
    await Promise.all(
      connections.map(async (connection) => {
        const { userId, clientId, role } = connection.auth;
        const key = `${userId}:${clientId}:${role}`;
        let read = reads.get(key);
        if (!read) {
          read = loadVisibleWorkspaces(this.#ctx.db, connection.auth, version);
          reads.set(key, read);
        }
        connection.visible = await read;
        connection.version = version;
        connection.mustReload = false;
      }),
    );
  }

  /** After a lost listening connection came back: the events committed meanwhile, or a reset. */
  async #catchUp(): Promise<void> {
    try {
      const from = this.#lastId.toString();
      const rows = await readLiveEventsFrom(this.#ctx.db, from, RECONNECT_CATCH_UP_MAX + 2);
      const missed = rows.filter((e) => e.id !== from);
      if (rows[0]?.id !== from && this.#lastId > 0n) {
        // The last id seen is gone (retention): what is missing is unknown.
        this.#resetAll();
        return;
      }
      if (missed.length > RECONNECT_CATCH_UP_MAX) {
        this.#resetAll();
        return;
      }
      this.#enqueue(missed);
    } catch (err) {
      this.#log(`live: catching up failed: ${(err as Error).message}`);
      this.#resetAll();
    }
  }

  #resetAll(): void {
    for (const connection of this.#connections) connection.write(resetMessage(undefined));
  }

  /** Ends every stream (the app is closing: the HTTP server waits for open responses). */
  closeAll(): void {
    for (const connection of [...this.#connections]) connection.close();
  }

  /** Stops listening and the timers. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    this.closeAll();
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await this.#started?.catch(() => {});
    await (unlisten ?? this.#unlisten)?.();
  }
}
