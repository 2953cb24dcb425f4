import { onlineManager } from '@tanstack/react-query';
import type { ContractResponse, RouteContract } from '@workbench/domain';
import { createStore, del, entries, set } from 'idb-keyval';
import { ApiError, type CallArgs, type CallInput, call, sendStored, storedRequestOf } from '../../api/client';
import { sessionStore } from '../auth/session-store';
import { type ChangeKind, createOutbox, type OutboxStorage, ownerOf, type PendingChange } from './outbox';

/** A random key per write (crypto.randomUUID needs a secure context; localhost and https are). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function idbOutboxStorage(): OutboxStorage {
  let store: ReturnType<typeof createStore> | null = null;
  const db = () => {
    store ??= createStore('workbench-outbox', 'changes');
    return store;
  };
  return {
    all: async () =>
      (await entries<string, PendingChange>(db()))
        .map(([, change]) => change)
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    put: (change) => set(change.id, change, db()),
    remove: (id) => del(id, db()),
  };
}

/** The one queue of the app (features/offline/components/OfflineHost.tsx sends it). */
export const outbox = createOutbox({
  storage: idbOutboxStorage(),
  send: sendStored,
  newKey: newIdempotencyKey,
});

/** A write's answer, or word that it waits on this device to be sent. */
export type WriteOutcome<T> = { queued: false; result: T } | { queued: true };

export type OfflineMeta = { issueId: number; issueTitle: string; kind: ChangeKind; detail: string };

/**
 * Sends a write that a technician may make offline, with an idempotency key. Offline, or when
 * earlier changes still wait (the order is kept), or when the network fails on the way, the
 * write is queued with that same key and sent when the connection returns.
 */
export async function writeOrQueue<C extends RouteContract>(
  contract: C,
  input: CallInput<C>,
  meta: OfflineMeta,
): Promise<WriteOutcome<ContractResponse<C>>> {
  const user = sessionStore.get().session?.user;
  const owner = user ? ownerOf(user) : undefined;
  const key = newIdempotencyKey();
  const queue = async (): Promise<{ queued: true }> => {
    if (owner === undefined) throw new ApiError(0, 'no_internet', 'No connection to the server');
    const request = storedRequestOf(contract, ...([input] as CallArgs<C>));
    await outbox.add({ ...meta, owner, key, request });
    return { queued: true };
  };
  if (owner !== undefined) await outbox.load();
  if (!onlineManager.isOnline() || (owner !== undefined && outbox.hasWaiting(owner))) return queue();
  try {
    const result = await call(contract, ...([{ ...input, idempotencyKey: key }] as CallArgs<C>));
    return { queued: false, result };
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return queue();
    throw error;
  }
}

/** The confirmation of a write: its own words, or that it waits on this device. */
export function savedMessage(outcome: WriteOutcome<unknown>, sentKey: string): string {
  return outcome.queued ? 'offline.queued' : sentKey;
}
