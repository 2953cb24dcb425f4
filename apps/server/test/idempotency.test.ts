import { PROFILE_IMAGE_MAX_BYTES } from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredIdempotencyKeys } from '../src/http/idempotency.js';
import { attachmentForm, jpeg } from './helpers/attachments-factories.js';
import { API, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { type ApiResponse, startTestServer, type TestServer } from './helpers/test-server.js';
import { imageForm, pngImage } from './helpers/users-factories.js';

// Issue 24: the Idempotency-Key header of logged-in writes (apps/server/src/http/idempotency.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createIssueTeam>>;
type Who = keyof Team['tokens'];

let keyCount = 0;
const newKey = () => `key-${Date.now()}-${++keyCount}`;

const call = (t: Team, who: Who, method: string, path: string, key: string | undefined, body?: unknown) =>
  server.call(method, `${API}${path}`, {
    token: t.tokens[who],
    ...(body !== undefined ? { body } : {}),
    ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
  });

/** callForm with the header (the helper's callForm sends none). */
async function callForm(path: string, form: FormData, token: string, key: string): Promise<ApiResponse> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: form,
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return {
    status: response.status,
    body: isJson && text ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

const count = async (table: 'issue_comments' | 'worktime_logs' | 'attachments', issueId: number) => {
  const rows =
    table === 'attachments'
      ? await server.db
          .selectFrom('attachments')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('owner_type', '=', 'issue')
          .where('owner_id', '=', issueId)
          .executeTakeFirstOrThrow()
      : await server.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where('issue_id', '=', issueId)
          .executeTakeFirstOrThrow();
  return rows.n;
};

const storedKeys = async (userId: number) =>
  server.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).execute();

describe('the same write twice with one key has one effect', () => {
  it('a comment: one row, the second answer the first one replayed', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const key = newKey();
    const first = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, {
      comment: 'From the basement',
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, {
      comment: 'From the basement',
    });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toContain('application/json');
    expect(second.body).toEqual(first.body);
    expect(await count('issue_comments', id)).toBe(1);
    // Without a key, a write runs each time as before.
    await call(t, 'member', 'POST', `/issue/${id}/comments`, undefined, { comment: 'From the basement' });
    expect(await count('issue_comments', id)).toBe(2);
    const [row] = await storedKeys(t.people.member.id);
    expect(row).toMatchObject({ key, client_id: t.org.id, state: 'done', status_code: 201 });
  });

  it('a work-time entry: one row', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const key = newKey();
    const body = { seconds: 900, note: 'Wiring' };
    const first = await call(t, 'assignee', 'POST', `/issue/${id}/worktime-logs`, key, body);
    expect(first.status).toBe(201);
    const second = await call(t, 'assignee', 'POST', `/issue/${id}/worktime-logs`, key, body);
    expect([second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(second.body).toEqual(first.body);
    expect(await count('worktime_logs', id)).toBe(1);
  });

  it('a status change (mark done with work time): one change, one activity entry, one work-time entry', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const key = newKey();
    const body = { status_id: 7, worktime_seconds: 1800 };
    const first = await call(t, 'assignee', 'POST', `/issue/${id}/status`, key, body);
    expect(first.status).toBe(200);
    expect(first.body.status_id).toBe(7);
    const before = await issueSnapshot(server, id);
    const second = await call(t, 'assignee', 'POST', `/issue/${id}/status`, key, body);
    expect([second.status, second.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(second.body).toEqual(first.body);
    expect(await issueSnapshot(server, id)).toBe(before);
    const activity = await server.db
      .selectFrom('activity_log')
      .select('id')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .execute();
    expect(activity).toHaveLength(1);
    expect(await count('worktime_logs', id)).toBe(1);
  });

  it('a multipart upload: one attachment; the same form again (new boundary) is the same request', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const picture = await jpeg(400, 300);
    const form = () => attachmentForm([{ file: picture, name: 'pump.jpg', description: 'Broken pump' }]);
    const key = newKey();
    const path = `${API}/issue/${id}/upload`;
    const first = await callForm(path, form(), t.tokens.assignee, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await callForm(path, form(), t.tokens.assignee, key);
    expect([second.status, second.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(second.body).toEqual(first.body);
    expect(await count('attachments', id)).toBe(1);
    // Another file (same name, other bytes) with the key is another request.
    const other = attachmentForm([
      { file: await jpeg(401, 300), name: 'pump.jpg', description: 'Broken pump' },
    ]);
    const reused = await callForm(path, other, t.tokens.assignee, key);
    expect([reused.status, reused.body.error]).toEqual([422, 'idempotency_key_reused']);
    expect(await count('attachments', id)).toBe(1);
  });

  it("a multipart body its handler reads (a profile picture) keeps the route's own limits", async () => {
    const t = await createIssueTeam(server);
    const big = await pngImage(600, 600, { noisy: true });
    expect(big.length).toBeGreaterThan(PROFILE_IMAGE_MAX_BYTES);
    const refused = await callForm(
      `${API}/user/me`,
      imageForm(big, 'b.png', 'image/png'),
      t.tokens.member,
      newKey(),
    );
    expect([refused.status, refused.body.fields]).toEqual([422, { profile_image: 'image_too_big' }]);
    const key = newKey();
    const ok = await callForm(
      `${API}/user/me`,
      imageForm(await pngImage(200, 200), 'a.png', 'image/png'),
      t.tokens.member,
      key,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.profile_image).toBeTruthy();
  });
});

describe('refusals and key rules', () => {
  it('a 4xx refusal is stored and replayed as the same 4xx; nothing runs the second time either', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 6 });
    const key = newKey();
    // A plain member may not move the issue.
    const first = await call(t, 'member', 'POST', `/issue/${id}/status`, key, { status_id: 7 });
    expect([first.status, first.body.error]).toEqual([403, 'forbidden']);
    // Even once the member could (made the assignee), the key answers what it answered.
    await server.db
      .updateTable('issues')
      .set({ assignee_id: t.people.member.id })
      .where('id', '=', id)
      .execute();
    const before = await issueSnapshot(server, id);
    const second = await call(t, 'member', 'POST', `/issue/${id}/status`, key, { status_id: 7 });
    expect([second.status, second.headers.get('idempotent-replayed')]).toEqual([403, 'true']);
    expect(second.body).toEqual(first.body);
    expect(await issueSnapshot(server, id)).toBe(before);
  });

  it("keys are per person: another person's request with the same key runs on its own", async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const key = newKey();
    const body = { comment: 'Same words' };
    expect((await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body)).status).toBe(201);
    const other = await call(t, 'manager', 'POST', `/issue/${id}/comments`, key, body);
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('issue_comments', id)).toBe(2);
  });

  it('the key again with another body, path or method: 422 idempotency_key_reused, nothing written', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const other = await t.issue();
    const key = newKey();
    expect((await call(t, 'member', 'POST', `/issue/${id}/comments`, key, { comment: 'One' })).status).toBe(
      201,
    );
    const body = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, { comment: 'Two' });
    expect([body.status, body.body.error]).toEqual([422, 'idempotency_key_reused']);
    const path = await call(t, 'member', 'POST', `/issue/${other}/comments`, key, { comment: 'One' });
    expect([path.status, path.body.error]).toEqual([422, 'idempotency_key_reused']);
    expect(await count('issue_comments', id)).toBe(1);
    expect(await count('issue_comments', other)).toBe(0);
  });

  it('an invalid key: 400 idempotency_key_invalid and nothing written', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'clé']) {
      const res = await server.call('POST', `${API}/issue/${id}/comments`, {
        token: t.tokens.member,
        body: { comment: 'Hi' },
        headers: { 'idempotency-key': key },
      });
      expect([res.status, res.body.error], JSON.stringify(key)).toEqual([400, 'idempotency_key_invalid']);
    }
    expect(await count('issue_comments', id)).toBe(0);
    expect(await storedKeys(t.people.member.id)).toEqual([]);
    // 255 printable characters are a key.
    const long = await call(t, 'member', 'POST', `/issue/${id}/comments`, `${'k'.repeat(254)} `, {
      comment: 'Hi',
    });
    expect(long.status).toBe(201);
  });

  it("another organisation's person gets 404 as before, and nothing is stored for them", async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const res = await server.call('POST', `${API}/issue/${id}/comments`, {
      token: t.strangerToken,
      body: { comment: 'Hi' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.status).toBe(404);
    expect(await count('issue_comments', id)).toBe(0);
    const stored = await server.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('client_id', '<>', t.org.id)
      .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
      .where('status_code', '=', 404)
      .execute();
    expect(stored).toEqual([]);
  });

  it('reads and public calls ignore the header', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const key = newKey();
    for (let n = 0; n < 2; n++) {
      const res = await call(t, 'member', 'GET', `/issue/${id}/comments`, key);
      expect([res.status, res.headers.get('idempotent-replayed')]).toEqual([200, null]);
    }
    expect(await storedKeys(t.people.member.id)).toEqual([]);
  });
});

describe('concurrency, failures and expiry', () => {
  it('concurrent requests with one key: exactly one effect, the others replayed or 409', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t, 'member', 'POST', `/issue/${id}/comments`, key, { comment: 'At once' }),
      ),
    );
    const fresh = answers.filter((a) => a.status === 201 && !a.headers.get('idempotent-replayed'));
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer === fresh[0]) continue;
      if (answer.status === 409) expect(answer.body.error).toBe('idempotency_key_in_use');
      else expect([answer.status, answer.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    }
    expect(await count('issue_comments', id)).toBe(1);
  });

  it('while the first still runs: 409 idempotency_key_in_use; a claim abandoned long ago is taken over', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const key = newKey();
    const body = { comment: 'Pending' };
    const first = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body);
    // As if the first request were still running.
    await server.db
      .updateTable('idempotency_keys')
      .set({ state: 'running', status_code: null, response_body: null })
      .where('user_id', '=', t.people.member.id)
      .where('key', '=', key)
      .execute();
    const busy = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body);
    expect([busy.status, busy.body.error]).toEqual([409, 'idempotency_key_in_use']);
    expect(first.status).toBe(201);
    // Left running for more than a few minutes (a crash): the next request runs.
    await server.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '10 minutes'` })
      .where('user_id', '=', t.people.member.id)
      .where('key', '=', key)
      .execute();
    const again = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await count('issue_comments', id)).toBe(2);
  });

  it('a 5xx drops the claim: a retry with the key runs', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const key = newKey();
    const body = { comment: 'Retry me' };
    await sql`ALTER TABLE issue_comments RENAME TO issue_comments_away`.execute(server.db);
    try {
      const failed = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body);
      expect(failed.status).toBe(500);
    } finally {
      await sql`ALTER TABLE issue_comments_away RENAME TO issue_comments`.execute(server.db);
    }
    expect(await storedKeys(t.people.member.id)).toEqual([]);
    const retried = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body);
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await count('issue_comments', id)).toBe(1);
  });

  it('an answer older than 24 h no longer replays, and the sweep deletes it', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const key = newKey();
    const body = { comment: 'Yesterday' };
    expect((await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body)).status).toBe(201);
    await server.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('user_id', '=', t.people.member.id)
      .execute();
    const again = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await count('issue_comments', id)).toBe(2);
    // The new answer replays; an old one is swept.
    const replay = await call(t, 'member', 'POST', `/issue/${id}/comments`, key, body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const oldKey = newKey();
    expect((await call(t, 'member', 'POST', `/issue/${id}/comments`, oldKey, body)).status).toBe(201);
    await server.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('user_id', '=', t.people.member.id)
      .where('key', '=', oldKey)
      .execute();
    expect(await deleteExpiredIdempotencyKeys(server.db)).toBeGreaterThanOrEqual(1);
    expect((await storedKeys(t.people.member.id)).map((r) => r.key)).toEqual([key]);
  });

  it('the OpenAPI document names the header on the write calls', async () => {
    const res = await server.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const post = res.body.paths['/api/v4/issue/{id}/comments'].post;
    expect(post.description).toContain('Idempotency-Key');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '409', '422']));
    expect(res.body.paths['/api/v4/issue/{id}/comments'].get.description ?? '').not.toContain(
      'Idempotency-Key',
    );
  });
});
