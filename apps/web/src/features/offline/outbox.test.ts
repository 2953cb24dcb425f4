import { describe, expect, it } from 'vitest';
import { ApiError, type StoredRequest } from '../../api/client';
import { createOutbox, type NewChange, type OutboxStorage, outcomeOf, type PendingChange } from './outbox';

function memoryStorage(initial: PendingChange[] = []): OutboxStorage & { rows: Map<string, PendingChange> } {
  const rows = new Map(initial.map((c) => [c.id, c]));
  return {
    rows,
    all: async () => [...rows.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    put: async (c) => {
      rows.set(c.id, structuredClone(c));
    },
    remove: async (id) => {
      rows.delete(id);
    },
  };
}

const change = (issueId: number, detail: string, owner = '7:1'): NewChange => ({
  key: `key-${detail}`,
  owner,
  issueId,
  issueTitle: `Issue ${issueId}`,
  kind: 'comment',
  detail,
  request: { method: 'POST', path: `issue/${issueId}/comments`, body: { comment: detail } },
});

/** A server that answers from a script: each request is logged with its key. */
function server(answer: (request: StoredRequest) => unknown = () => ({})) {
  const sent: Array<{ path: string; body: unknown; key: string }> = [];
  return {
    sent,
    send: async (request: StoredRequest, key: string) => {
      sent.push({ path: request.path, body: request.body, key });
      const result = answer(request);
      if (result instanceof Error) throw result;
      return result;
    },
  };
}

let keys = 0;
const newKey = () => `new-${++keys}`;

describe('the offline outbox', () => {
  it('sends the changes in the order they were made, each once with its key, and forgets them', async () => {
    const storage = memoryStorage();
    const api = server();
    let clock = 1000;
    const outbox = createOutbox({ storage, send: api.send, newKey, now: () => clock++ });
    for (const text of ['tick one', 'tick two', 'comment', 'done']) await outbox.add(change(1, text));
    expect(outbox.get()).toHaveLength(4);
    expect(await outbox.flush('7:1')).toBe('done');
    expect(api.sent.map((s) => s.key)).toEqual(['key-tick one', 'key-tick two', 'key-comment', 'key-done']);
    expect(outbox.get()).toEqual([]);
    expect(storage.rows.size).toBe(0);
    // A second flush has nothing to send: nothing is sent twice.
    await outbox.flush('7:1');
    expect(api.sent).toHaveLength(4);
  });

  it('keeps everything waiting when the network fails, and sends it with the same keys later', async () => {
    const storage = memoryStorage();
    let online = false;
    const api = server(() => (online ? {} : new ApiError(0, 'no_internet', '')));
    const outbox = createOutbox({ storage, send: api.send, newKey });
    await outbox.add(change(1, 'a'));
    await outbox.add(change(1, 'b'));
    expect(await outbox.flush('7:1')).toBe('offline');
    expect(outbox.get().map((c) => c.state)).toEqual(['waiting', 'waiting']);
    online = true;
    expect(await outbox.flush('7:1')).toBe('done');
    expect(api.sent.map((s) => s.key)).toEqual(['key-a', 'key-a', 'key-b']);
  });

  it('keeps a refused change with the reason, holds the later ones of its issue and sends the others', async () => {
    const api = server((request) =>
      request.path === 'issue/1/status' ? new ApiError(403, 'forbidden', 'reassigned') : {},
    );
    const outbox = createOutbox({ storage: memoryStorage(), send: api.send, newKey });
    await outbox.add({
      ...change(1, 'done'),
      kind: 'status',
      request: { method: 'POST', path: 'issue/1/status' },
    });
    await outbox.add(change(1, 'my comment'));
    await outbox.add(change(2, 'other issue'));
    await outbox.flush('7:1');
    expect(api.sent.map((s) => s.path)).toEqual(['issue/1/status', 'issue/2/comments']);
    const [refused, held] = outbox.get();
    expect(refused).toMatchObject({ state: 'refused', refusal: { status: 403, key: 'forbidden' } });
    expect(held).toMatchObject({ state: 'waiting', detail: 'my comment' });
    // Dropping the refused change lets the comment go.
    await outbox.drop(refused?.id ?? '');
    await outbox.flush('7:1');
    expect(api.sent.map((s) => s.path)).toEqual(['issue/1/status', 'issue/2/comments', 'issue/1/comments']);
    expect(outbox.get()).toEqual([]);
  });

  it('tries a refused change again with a new key (the old one answers the refusal)', async () => {
    let refuse = true;
    const api = server(() => (refuse ? new ApiError(422, 'worktime_required', '') : {}));
    const outbox = createOutbox({ storage: memoryStorage(), send: api.send, newKey });
    await outbox.add(change(1, 'done'));
    await outbox.flush('7:1');
    const id = outbox.get()[0]?.id ?? '';
    refuse = false;
    await outbox.retry(id);
    await outbox.flush('7:1');
    expect(api.sent[0]?.key).toBe('key-done');
    expect(api.sent[1]?.key).toMatch(/^new-/);
    expect(outbox.get()).toEqual([]);
  });

  it("sends only the logged-in person's changes", async () => {
    const api = server();
    const outbox = createOutbox({ storage: memoryStorage(), send: api.send, newKey });
    await outbox.add(change(1, 'anna', '7:1'));
    await outbox.add(change(1, 'boris', '8:1'));
    await outbox.flush('8:1');
    expect(api.sent.map((s) => s.key)).toEqual(['key-boris']);
    expect(outbox.hasWaiting('7:1')).toBe(true);
    expect(outbox.hasWaiting('8:1')).toBe(false);
  });

  it('reads what an earlier visit left in storage and stops on a lost login or a busy server', async () => {
    const seeded = createOutbox({ storage: memoryStorage(), send: async () => ({}), newKey });
    const kept = await seeded.add(change(3, 'from yesterday'));
    const api = server(() => new ApiError(401, 'unauthenticated', ''));
    const outbox = createOutbox({ storage: memoryStorage([kept]), send: api.send, newKey });
    expect(await outbox.flush('7:1')).toBe('login');
    expect(outbox.get()).toHaveLength(1);
    expect(outcomeOf(new ApiError(409, 'idempotency_key_in_use', ''))).toBe('later');
    expect(outcomeOf(new ApiError(503, 'general_error', ''))).toBe('later');
    expect(outcomeOf(new ApiError(404, 'not_found', ''))).toBe('refused');
    expect(outcomeOf(new TypeError('Failed to fetch'))).toBe('offline');
  });
});
