import type { LoginResponse } from '@workbench/domain';

/** Storage key of the login data (000 §9: the product's name). */
export const SESSION_STORAGE_KEY = 'workbench';

export type StoredSession = LoginResponse & { remember_me: boolean };

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredSession;
    return value && typeof value.token === 'string' && typeof value.expires_at === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function isExpired(session: Pick<StoredSession, 'expires_at'>, now = Date.now()): boolean {
  const expires = Date.parse(session.expires_at);
  return Number.isNaN(expires) || expires <= now;
}

/**
 * The login lives in localStorage with remember-me (it survives closing the browser), otherwise
 * in sessionStorage (it survives a reload, not the end of the browser session).
 */
export function saveSession(session: StoredSession): void {
  clearStoredSession();
  const storage = session.remember_me ? localStorage : sessionStorage;
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  sessionStorage.removeItem(SESSION_STORAGE_KEY);
}

/** The stored login, or null. A login whose token has expired is removed (000 §4). */
export function readStoredSession(now = Date.now()): { session: StoredSession | null; expired: boolean } {
  const session =
    parse(sessionStorage.getItem(SESSION_STORAGE_KEY)) ?? parse(localStorage.getItem(SESSION_STORAGE_KEY));
  if (!session) return { session: null, expired: false };
  if (isExpired(session, now)) {
    clearStoredSession();
    return { session: null, expired: true };
  }
  return { session, expired: false };
}
