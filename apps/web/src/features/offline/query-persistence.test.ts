import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetQueries, OFFLINE_COPY_MAX_AGE_MS, persistQueries, restoreQueries } from './query-persistence';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function savedCopy(owner: string) {
  const online = new QueryClient();
  const stop = persistQueries(online, owner);
  await online.fetchQuery({
    queryKey: ['issues', 'detail', 5],
    queryFn: async () => ({ id: 5, title: 'Pump' }),
  });
  await online
    .fetchQuery({
      queryKey: ['issues', 'detail', 6],
      queryFn: async () => {
        throw new Error('refused');
      },
      retry: false,
    })
    .catch(() => undefined);
  await wait(1800);
  stop();
}

describe('the offline copy of the query cache', () => {
  it("gives the person's answers back, with the time they were fetched, and only to them", async () => {
    await savedCopy('7:1');
    const offline = new QueryClient();
    const savedAt = await restoreQueries(offline, '7:1', Date.now(), false);
    expect(savedAt).toBeGreaterThan(0);
    expect(offline.getQueryData(['issues', 'detail', 5])).toEqual({ id: 5, title: 'Pump' });
    expect(offline.getQueryState(['issues', 'detail', 5])?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    // Shown, but fetched again as soon as a page reads it.
    expect(offline.getQueryState(['issues', 'detail', 5])?.isInvalidated).toBe(true);
    // A failed answer is not kept.
    expect(offline.getQueryState(['issues', 'detail', 6])).toBeUndefined();
    // Another person (or the same one in another organisation) gets nothing.
    const other = new QueryClient();
    expect(await restoreQueries(other, '7:2', Date.now(), false)).toBeNull();
    expect(other.getQueryData(['issues', 'detail', 5])).toBeUndefined();
  });

  it('shows no copy online, none older than a week, and none after logging out', async () => {
    await savedCopy('8:1');
    expect(
      await restoreQueries(new QueryClient(), '8:1', Date.now() + OFFLINE_COPY_MAX_AGE_MS + 1),
    ).toBeNull();
    // Online, the server answers: no copy is put in.
    expect(await restoreQueries(new QueryClient(), '8:1', Date.now(), true)).toBeNull();
    await forgetQueries();
    expect(await restoreQueries(new QueryClient(), '8:1', Date.now(), false)).toBeNull();
  });
});
