import type { LoginResponse, SessionUser } from '@workbench/domain';
import { useSyncExternalStore } from 'react';
import { clearStoredSession, readStoredSession, type StoredSession, saveSession } from './session-storage';

/** Auth state of 000 §4: idle, login sent, logged in, error (with time); remember-me is kept with the login. */
export type AuthState = {
  session: StoredSession | null;
  status: 'idle' | 'sending' | 'logged_in' | 'error';
  error: { key: string; at: number } | null;
  /** Set when a stored or used login was found expired, so the app can go to /login. */
  expired: boolean;
};

const initial = readStoredSession();
let state: AuthState = {
  session: initial.session,
  status: initial.session ? 'logged_in' : 'idle',
  error: null,
  expired: initial.expired,
};
const listeners = new Set<() => void>();

function set(next: Partial<AuthState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  sending() {
    set({ status: 'sending', error: null });
  },
  failed(key: string) {
    set({ status: 'error', error: { key, at: Date.now() } });
  },
  loggedIn(login: LoginResponse, rememberMe: boolean) {
    const session = { ...login, remember_me: rememberMe };
    saveSession(session);
    set({ session, status: 'logged_in', error: null, expired: false });
  },
  userChanged(user: SessionUser) {
    if (!state.session) return;
    const session = { ...state.session, user };
    saveSession(session);
    set({ session });
  },
  loggedOut(options: { expired?: boolean } = {}) {
    clearStoredSession();
    set({ session: null, status: 'idle', error: null, expired: options.expired ?? false });
  },
  expiredSeen() {
    set({ expired: false });
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
