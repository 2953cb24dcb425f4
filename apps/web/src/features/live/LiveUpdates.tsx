import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '../../api/client';
import { sessionStore, useAuth } from '../auth/session-store';
import { publishLive } from './live-bus';
import { createLiveInvalidator } from './live-invalidation';

/** The stream's address (liveContracts.events). */
export const LIVE_EVENTS_URL = `${API_BASE}/events`;

/**
 * Keeps the logged-in person's live event stream open while the dashboard is shown and turns its
 * events into refetches of what is on screen (issue 20). Renders nothing. Mounted only in the
 * dashboard shell, so public pages open no stream; a logout (or another login) closes it and
 * the next login opens a new one with its token.
 */
export function LiveUpdates() {
  const token = useAuth().session?.token ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const invalidator = createLiveInvalidator(queryClient);
    let close: (() => void) | null = null;
    let ended = false;
    // The stream's code (the eventsource package, the message schemas) loads beside the page,
    // not with the dashboard shell every page waits for.
    void import('./live-stream').then(
      ({ openLiveStream }) => {
        if (ended) return;
        close = openLiveStream({
          url: LIVE_EVENTS_URL,
          onMessage: (message) => {
            // What this person changed themselves their own screen refetched already (the
            // mutations invalidate what they touch); other people's changes are what arrives here.
            if (message.name === 'change') {
              if (message.data.actor_id !== sessionStore.get().session?.user.id)
                invalidator.change(message.data);
            } else if (message.name === 'reset') invalidator.reset();
            publishLive(message);
          },
          // Like any call answered 401 with a token (api/client.ts): the login is gone.
          onUnauthorized: () => {
            if (sessionStore.get().session?.token === token) sessionStore.loggedOut({ expired: true });
          },
        });
      },
      () => {
        // The chunk did not load (e.g. a new release replaced it): the pages work without live updates.
      },
    );
    return () => {
      ended = true;
      close?.();
      invalidator.stop();
    };
  }, [token, queryClient]);

  return null;
}
