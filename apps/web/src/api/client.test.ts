import { categoryContracts, type LoginResponse } from '@workbench/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../features/auth/session-store';
import { ApiError, authorizedFetch, call, contractUrl } from './client';

type Sent = { url: string; init: RequestInit };
let sent: Sent[] = [];

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  sent = [];
  sessionStore.loggedIn(
    { token: 'tok', expires_at: '2099-01-01T00:00:00Z', user: {} } as LoginResponse,
    false,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.loggedOut();
});

describe('the typed client', () => {
  it('calls the contract path with the token and the JSON body, and answers the body', async () => {
    answer(200, { id: 4, name: 'Roof', color: null, issues_count: 0, created_at: '', updated_at: '' });
    const saved = await call(categoryContracts.update, { params: { id: 4 }, body: { name: 'Roof' } });
    expect(saved.name).toBe('Roof');
    expect(sent[0]?.url).toBe('/api/v4/category/4');
    expect(sent[0]?.init.method).toBe('PUT');
    expect(sent[0]?.init.body).toBe('{"name":"Roof"}');
    expect((sent[0]?.init.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer tok');
  });

  it('adds the session token to a stream a library reads itself (the live events), keeping its headers', async () => {
    answer(200, {});
    await authorizedFetch('/api/v4/events', {
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': '7' },
    });
    expect(sent[0]?.init.headers).toEqual({
      Accept: 'text/event-stream',
      'Last-Event-ID': '7',
      authorization: 'Bearer tok',
    });
  });

  it("turns a refusal into an ApiError with the server's key and fields", async () => {
    answer(422, { error: 'category_name_taken', message: 'Taken', fields: { name: 'category_name_taken' } });
    const error = await call(categoryContracts.create, { body: { name: 'Roof' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      key: 'category_name_taken',
      fields: { name: 'category_name_taken' },
    });
    expect(sessionStore.get().session).not.toBeNull();
  });

  it('ends the session when the server says the login expired', async () => {
    answer(403, { error: 'access_denied', message: 'Access denied!' });
    await expect(call(categoryContracts.list)).rejects.toMatchObject({ key: 'access_denied' });
    expect(sessionStore.get().session).toBeNull();
  });

  it('builds URLs for the browser to fetch itself', () => {
    expect(contractUrl(categoryContracts.remove, { params: { id: 9 } })).toBe('/api/v4/category/9');
  });

  it('checks inputs at compile time', () => {
    // A call without its path parameter, or with a body the contract has not, does not compile.
    const typeOnly = () => {
      // @ts-expect-error params are required
      void call(categoryContracts.update, { body: { name: 'x' } });
      // @ts-expect-error the list takes no body
      void call(categoryContracts.list, { body: { name: 'x' } });
    };
    expect(typeOf(typeOnly)).toBe('function');
  });
});

const typeOf = (value: unknown) => typeof value;
