import type { StoredRequest } from '../../api/client';
import { ApiError } from '../../api/client';

/** The writes that wait while the device is offline (issue 24). */
export type ChangeKind =
  | 'status'
  | 'checklist_tick'
  | 'checklist_untick'
  | 'checklist_item'
  | 'comment'
  | 'photo'
  | 'worktime';

/**
 * One write made offline (or whose sending failed on the network), kept in IndexedDB until the
 * server took it. `key` is its Idempotency-Key: a change sent twice (the answer was lost) still
 * happens once. A refused change stays, with the server's reason, until the person drops it or
 * tries it again.
 */
export type PendingChange = {
  /** Sorts in the order the changes were made. */
  id: string;
  key: string;
  /** Whose change: the person in one organisation (ownerOf); only they send it. */
  owner: string;
  issueId: number;
  /** The issue's title when the change was made, for the list of waiting changes. */
  issueTitle: string;
  kind: ChangeKind;
  /** What the person sees of it: the comment, the item's title, the new status, the file names. */
  detail: string;
  request: StoredRequest;
  createdAt: number;
  state: 'waiting' | 'refused';
  refusal?: { status: number; key: string; message: string };
};

export type NewChange = Omit<PendingChange, 'id' | 'createdAt' | 'state' | 'refusal'>;

export type OutboxStorage = {
  all(): Promise<PendingChange[]>;
  put(change: PendingChange): Promise<void>;
  remove(id: string): Promise<void>;
};

/** What one failed sending means for the queue. */
export type SendOutcome = 'offline' | 'later' | 'login' | 'refused';

/**
 * A network failure or a server that cannot answer now (busy, restarting, the same key still
 * running) keeps the change waiting; a lost login waits for the person to log in again; any other
 * refusal is the server's answer on the change itself.
 */
export function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return 'offline';
  if (error.status === 0) return 'offline';
  if (error.status === 401 || (error.status === 403 && error.key === 'access_denied')) return 'login';
  if (error.status >= 500 || error.status === 429 || error.key === 'idempotency_key_in_use') return 'later';
  return 'refused';
}

/**
 * A waiting change is held while an earlier change of the same issue is refused: it was made
 * after that one, perhaps because of it, so the person decides first.
 */
export function isHeld(change: PendingChange, changes: readonly PendingChange[]): boolean {
  return changes.some(
    (other) => other.id < change.id && other.issueId === change.issueId && other.state === 'refused',
  );
}

/** The next change of this person to send: the oldest waiting one that is not held. */
export function nextToSend(changes: readonly PendingChange[], owner: string): PendingChange | undefined {
  return changes.find((c) => c.owner === owner && c.state === 'waiting' && !isHeld(c, changes));
}

/** The owner of changes and of the offline copy: one person in one organisation. */
export function ownerOf(user: { id: number; client_id: number }): string {
  return `${user.id}:${user.client_id}`;
}

type Deps = {
  storage: OutboxStorage;
  send: (request: StoredRequest, key: string) => Promise<unknown>;
  newKey: () => string;
  now?: () => number;
};

export type Outbox = ReturnType<typeof createOutbox>;

/** The queue of offline changes: kept in storage, sent in order, one at a time, each once. */
export function createOutbox({ storage, send, newKey, now = Date.now }: Deps) {
  let changes: PendingChange[] = [];
  let loaded: Promise<void> | null = null;
  let flushing: Promise<SendOutcome | 'done'> | null = null;
  let counter = 0;
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(change: PendingChange) => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const set = (next: PendingChange[]) => {
    changes = next;
    emit();
  };
  const replace = async (change: PendingChange) => {
    await storage.put(change);
    set(changes.map((c) => (c.id === change.id ? change : c)));
  };

  const load = () => {
    loaded ??= storage.all().then((stored) => {
      // A change added before the stored ones were read stays (it is newer).
      const known = new Set(stored.map((c) => c.id));
      set([...stored, ...changes.filter((c) => !known.has(c.id))].sort((a, b) => (a.id < b.id ? -1 : 1)));
    });
    return loaded;
  };

  const sendAll = async (owner: string): Promise<SendOutcome | 'done'> => {
    await load();
    for (;;) {
      const change = nextToSend(changes, owner);
      if (!change) return 'done';
      try {
        await send(change.request, change.key);
      } catch (error) {
        const outcome = outcomeOf(error);
        if (outcome !== 'refused') return outcome;
        // A field's key says more than the general one (a 422's 'validation_error').
        const refusal =
          error instanceof ApiError
            ? {
                status: error.status,
                key: Object.values(error.fields)[0] ?? error.key,
                message: error.message,
              }
            : { status: 0, key: 'general_error', message: String(error) };
        await replace({ ...change, state: 'refused', refusal });
        continue;
      }
      await storage.remove(change.id);
      set(changes.filter((c) => c.id !== change.id));
      for (const listener of sentListeners) listener(change);
    }
  };

  return {
    load,
    get: () => changes,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Called with each change the server took, to refresh what it changed. */
    onSent(listener: (change: PendingChange) => void) {
      sentListeners.add(listener);
      return () => {
        sentListeners.delete(listener);
      };
    },
    /** Whether a new write of this person must wait behind earlier ones (to keep the order). */
    hasWaiting: (owner: string) => changes.some((c) => c.owner === owner && c.state === 'waiting'),
    async add(change: NewChange): Promise<PendingChange> {
      const createdAt = now();
      counter = (counter + 1) % 1000;
      const id = `${String(createdAt).padStart(15, '0')}-${String(counter).padStart(3, '0')}`;
      const full: PendingChange = { ...change, id, createdAt, state: 'waiting' };
      await storage.put(full);
      set([...changes, full]);
      return full;
    },
    /**
     * Sends this person's waiting changes in order; one run at a time (a second call waits for
     * the running one, then runs again for what was added meanwhile).
     */
    async flush(owner: string): Promise<SendOutcome | 'done'> {
      while (flushing) await flushing;
      flushing = sendAll(owner);
      try {
        return await flushing;
      } finally {
        flushing = null;
      }
    },
    /** The person gives a refused (or held) change up. */
    async drop(id: string) {
      await storage.remove(id);
      set(changes.filter((c) => c.id !== id));
    },
    /** The person sends a refused change again: a new key, as the old one's answer is the refusal. */
    async retry(id: string) {
      const change = changes.find((c) => c.id === id);
      if (!change) return;
      const { refusal: _refusal, ...rest } = change;
      await replace({ ...rest, state: 'waiting', key: newKey() });
    },
  };
}
