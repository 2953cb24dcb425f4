import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, createTeam, login } from './helpers/factories.js';
import { API, insertIssue } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** Input no route may take: each case is one the hostile test of issue 14 answered with 500. */

let server: TestServer;
let adminToken: string;
let orgId: number;
let workspaceId: number;
let issueId: number;
beforeAll(async () => {
  server = await startTestServer();
  const team = await createTeam(server.db);
  orgId = team.org.id;
  workspaceId = await addWorkspace(server.db, orgId, 'Site');
  issueId = await insertIssue(server, {
    client_id: orgId,
    workspace_id: workspaceId,
    created_by: team.admin.id,
  });
  adminToken = await login(server, team.admin);
});
afterAll(async () => {
  await server?.close();
});

const categoryCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('client_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Sends raw bytes (a body that JSON.stringify could not write, a cut-off multipart form). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; body: { error?: string; fields?: Record<string, string> } }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('input hygiene on every route', () => {
  it('refuses a NUL character with 422 and the field, and writes nothing', async () => {
    const before = await categoryCount();
    const created = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'a\u0000b' },
    });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({
      error: 'invalid_characters',
      fields: { name: 'invalid_characters' },
    });
    expect(await categoryCount()).toBe(before);

    const search = await server.call('GET', `${API}/issue?search=%00`, { token: adminToken });
    expect(search.status).toBe(422);
    expect(search.body.fields).toEqual({ search: 'invalid_characters' });

    const processNumber = await server.call('GET', `${API}/process_number/%00/check_exists`, {
      token: adminToken,
    });
    expect(processNumber.status).toBe(422);
  });

  it('refuses a lone surrogate (JSON allows it, text columns do not)', async () => {
    const created = await server.call('POST', `${API}/workspace`, {
      token: adminToken,
      rawBody: '{"name":"a\\ud800b"}',
    });
    expect(created.status).toBe(422);
    expect(created.body.fields).toEqual({ name: 'invalid_characters' });
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'Pumps 🚰' },
    });
    expect(emoji.status).toBe(200);
  });

  it('refuses direction overrides and invisible characters in names, but not in long text', async () => {
    for (const name of ['Invoice\u202Efdp.exe', 'ad\u200Bmin', 'Boi\uFEFFler', 'two\nlines']) {
      const res = await server.call('POST', `${API}/category`, { token: adminToken, body: { name } });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.fields).toEqual({ name: 'invalid_characters' });
    }
    // The zero-width non-joiner belongs to Persian words; emoji sequences use the joiner.
    const persian = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'می\u200Cخواهم 👩\u200D🔧' },
    });
    expect(persian.status).toBe(200);
    const comment = await server.call('POST', `${API}/issue/${issueId}/comments`, {
      token: adminToken,
      body: { comment: 'First line\nsecond line\twith a tab' },
    });
    expect(comment.status).toBe(201);
  });

  it('answers ids past the 32-bit columns as not found in paths and as 422 in bodies', async () => {
    const publicView = await server.call('GET', `${API}/public/workspace/2147483648`);
    expect(publicView.status).toBe(404);
    const detail = await server.call('GET', `${API}/issue/2147483648`, { token: adminToken });
    expect(detail.status).toBe(404);
    const archive = await server.call('POST', `${API}/users/archive`, {
      token: adminToken,
      body: { user_ids: [2147483648] },
    });
    expect(archive.status).toBe(422);
    expect(archive.body).toMatchObject({
      error: 'number_too_large',
      fields: { 'user_ids.0': 'number_too_large' },
    });
  });

  it('answers a multipart body cut off before its closing boundary with 400', async () => {
    const boundary = 'x-boundary';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments[0][file]"; filename="a.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\npump;pressure\n',
    );
    const res = await rawRequest(
      'POST',
      `${API}/issue/${issueId}/upload`,
      {
        authorization: `Bearer ${adminToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_multipart');
  });

  it('refuses JSON that is not UTF-8 instead of replacing the bytes', async () => {
    const body = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const res = await rawRequest(
      'POST',
      `${API}/category`,
      {
        authorization: `Bearer ${adminToken}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_encoding');
  });

  it('refuses escapes in the address that are not UTF-8', async () => {
    for (const path of [
      `${API}/issue?search=%FF%FE`,
      `${API}/issue?search=%ED%A0%80`,
      `${API}/issue/%C0%80`,
    ]) {
      const res = await server.call('GET', path, { token: adminToken });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe('invalid_encoding');
    }
    const ok = await server.call('GET', `${API}/issue?search=${encodeURIComponent('Kessel ä 水')}`, {
      token: adminToken,
    });
    expect(ok.status).toBe(200);
  });

  it('takes an update with nothing to change as a no-op', async () => {
    const created = await server.call('POST', `${API}/category`, {
      token: adminToken,
      body: { name: 'Doors' },
    });
    const res = await server.call('PUT', `${API}/category/${created.body.id}`, {
      token: adminToken,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, name: 'Doors' });
  });
});
