import type { ErrorBody } from '@workbench/domain';
import { sessionStore } from '../features/auth/session-store';

export const API_BASE = '/api/v4';

/** A failed call: the server's stable error key, its message and the per-field keys. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; auth?: boolean };

/**
 * Calls the API with the stored token. A 403 'access_denied' means the login expired or was
 * revoked: the session is cleared (000 §4), and the app's guard then sends the person to /login.
 */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionStore.get().session?.token;
  if (token && options.auth !== false) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'no_internet', 'No connection to the server');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ErrorBody>;
    const key = typeof error.error === 'string' ? error.error : 'general_error';
    if (response.status === 403 && key === 'access_denied' && token)
      sessionStore.loggedOut({ expired: true });
    if (response.status === 401 && token && options.auth !== false) sessionStore.loggedOut({ expired: true });
    throw new ApiError(response.status, key, error.message ?? response.statusText, error.fields ?? {});
  }
  return body as T;
}
