import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useAuth } from '../auth/session-store';
import { outbox } from './offline-store';
import { isHeld, ownerOf, type PendingChange } from './outbox';

/** Whether the device reads as online (the browser's online and offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe, () => onlineManager.isOnline());
}

export type ShownChange = PendingChange & { held: boolean };

/** The logged-in person's waiting and refused changes, oldest first (optionally of one issue). */
export function usePendingChanges(issueId?: number): ShownChange[] {
  const changes = useSyncExternalStore(outbox.subscribe, outbox.get);
  const user = useAuth().session?.user;
  if (!user) return [];
  const owner = ownerOf(user);
  return changes
    .filter((c) => c.owner === owner && (issueId === undefined || c.issueId === issueId))
    .map((c) => ({ ...c, held: c.state === 'waiting' && isHeld(c, changes) }));
}
