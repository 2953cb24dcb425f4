import type { LiveChange, LiveEventName, LiveNotification } from '@workbench/domain';
import { useEffect, useRef } from 'react';

/**
 * The page's one stream of live events (GET /api/v4/events, read by LiveUpdates), handed to any
 * screen that wants to react beyond the query refetches (a banner, a toast, the bell).
 */
export type LiveMessage =
  | { name: 'change'; id: string; data: LiveChange }
  | { name: 'notification'; id: string; data: LiveNotification }
  | { name: 'reset'; id: string; data: Record<string, never> };

type Listener = (message: LiveMessage) => void;
const listeners = new Set<Listener>();

/** Hands a message to every listener (LiveUpdates calls this for each event it reads). */
export function publishLive(message: LiveMessage): void {
  for (const listener of [...listeners]) listener(message);
}

export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls handler for each live message of the names given while the component is mounted. */
export function useLiveEvent(names: readonly LiveEventName[], handler: (message: LiveMessage) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = names.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return subscribeLive((message) => {
      if (wanted.has(message.name)) latest.current(message);
    });
  }, [key]);
}
