import { beforeEach, describe, expect, it } from 'vitest';
import { readStoredSession, SESSION_STORAGE_KEY, type StoredSession, saveSession } from './session-storage';

const session = (overrides: Partial<StoredSession> = {}): StoredSession =>
  ({
    token: 'tok',
    expires_at: new Date(Date.now() + 60_000).toISOString(),
    user: { id: 1 } as StoredSession['user'],
    remember_me: false,
    ...overrides,
  }) as StoredSession;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('stored login', () => {
  it('lives in sessionStorage without remember-me and in localStorage with it', () => {
    saveSession(session());
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    saveSession(session({ remember_me: true }));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('restores a valid login', () => {
    saveSession(session({ token: 'valid' }));
    expect(readStoredSession()).toMatchObject({ session: { token: 'valid' }, expired: false });
  });

  it('removes a login whose token has expired and says so', () => {
    saveSession(session({ remember_me: true, expires_at: new Date(Date.now() - 1000).toISOString() }));
    expect(readStoredSession()).toEqual({ session: null, expired: true });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ignores unreadable data', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readStoredSession()).toEqual({ session: null, expired: false });
  });
});
