import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app.js';
import { createTeam, createUser, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const api = (path: string) => `${API_PREFIX}${path}`;

async function rowsOf(userId: number) {
  return server.db
    .selectFrom('saved_filters')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe('saved filters', () => {
  it('creates, lists, updates, duplicates and deletes the caller’s own filters', async () => {
    const team = await createTeam(server.db);
    const token = await login(server, team.member);

    const created = await server.call('POST', api('/filters'), {
      token,
      body: {
        filter_type: 'issue',
        name: '  Open for me ',
        description: 'Mine to do',
        query_string: '?page=4&issue_state=to_do&assignees=7,x&sort_by=bogus',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Open for me',
      description: 'Mine to do',
      filter_type: 'issue',
      query_string: 'issue_state=to_do&assignees=7',
      is_favorite: false,
    });
    const id = created.body.id as number;

    const list = await server.call('GET', api('/filters/issue'), { token });
    expect(list.status).toBe(200);
    expect(list.body.map((f: { id: number }) => f.id)).toEqual([id]);
    expect((await server.call('GET', api('/filters/schedule'), { token })).body).toEqual([]);

    const updated = await server.call('PUT', api(`/filters/${id}`), {
      token,
      body: {
        name: 'Renamed',
        query_string: 'issue_state=completed&page=2',
        is_favorite: true,
        description: '',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'Renamed',
      description: null,
      query_string: 'issue_state=completed',
      is_favorite: true,
    });

    const copy = await server.call('POST', api(`/filters/duplicate/${id}`), { token });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      name: 'Renamed (Copy)',
      query_string: 'issue_state=completed',
      filter_type: 'issue',
      is_favorite: false,
    });
    expect(copy.body.id).not.toBe(id);

    const removed = await server.call('DELETE', api(`/filters/${id}`), { token });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect((await rowsOf(team.member.id)).map((r) => r.id)).toEqual([copy.body.id]);
    expect((await server.call('DELETE', api(`/filters/${id}`), { token })).status).toBe(404);

    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'saved_filter')
      .where('client_id', '=', team.org.id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['created', 'updated', 'duplicated', 'deleted']);
  });

  it('lists favourites first, then by name', async () => {
    const team = await createTeam(server.db);
    const token = await login(server, team.admin);
    const ids: Record<string, number> = {};
    for (const [name, is_favorite] of [
      ['beta', false],
      ['Alpha', false],
      ['zulu', true],
      ['Mike', true],
    ] as const) {
      const res = await server.call('POST', api('/filters'), {
        token,
        body: { filter_type: 'issue', name, query_string: '', is_favorite },
      });
      ids[name] = res.body.id;
    }
    const list = await server.call('GET', api('/filters/issue'), { token });
    expect(list.body.map((f: { name: string }) => f.name)).toEqual(['Mike', 'zulu', 'Alpha', 'beta']);
  });

  it('is private: another person of the same organisation or another organisation gets 404 and changes nothing', async () => {
    const team = await createTeam(server.db);
    const ownerToken = await login(server, team.member);
    const created = await server.call('POST', api('/filters'), {
      token: ownerToken,
      body: { filter_type: 'issue', name: 'Private', query_string: 'issue_state=to_do' },
    });
    const id = created.body.id as number;
    const before = await rowsOf(team.member.id);

    const stranger = await createTeam(server.db);
    for (const other of [team.admin, stranger.admin]) {
      const token = await login(server, other);
      expect((await server.call('GET', api('/filters/issue'), { token })).body).toEqual([]);
      expect(
        (await server.call('PUT', api(`/filters/${id}`), { token, body: { name: 'Taken' } })).status,
      ).toBe(404);
      expect((await server.call('DELETE', api(`/filters/${id}`), { token })).status).toBe(404);
      expect((await server.call('POST', api(`/filters/duplicate/${id}`), { token })).status).toBe(404);
      const config = await server.call('GET', api('/config?get_only=filters'), { token });
      expect(config.body.filters).toEqual([]);
    }
    expect(await rowsOf(team.member.id)).toEqual(before);
    expect(await rowsOf(team.admin.id)).toEqual([]);
    expect(await rowsOf(stranger.admin.id)).toEqual([]);
    for (const bad of ['abc', '0', '99999999999']) {
      expect((await server.call('DELETE', api(`/filters/${bad}`), { token: ownerToken })).status).toBe(404);
    }
  });

  it('needs a login', async () => {
    expect((await server.call('GET', api('/filters/issue'))).status).toBe(401);
    expect(
      (await server.call('POST', api('/filters'), { body: { filter_type: 'issue', name: 'x' } })).status,
    ).toBe(401);
    expect((await server.call('PUT', api('/filters/1'), { body: { name: 'x' } })).status).toBe(401);
    expect((await server.call('DELETE', api('/filters/1'))).status).toBe(401);
    expect((await server.call('POST', api('/filters/duplicate/1'))).status).toBe(401);
  });

  it('refuses bad input with field keys and writes nothing', async () => {
    const team = await createTeam(server.db);
    const token = await login(server, team.member);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ filter_type: 'issue', query_string: '' }, { name: 'required' }],
      [{ filter_type: 'issue', name: '   ' }, { name: 'required' }],
      [{ filter_type: 'issue', name: 'n'.repeat(256) }, { name: 'too_long' }],
      [{ filter_type: 'issue', name: 'ok', description: 'd'.repeat(256) }, { description: 'too_long' }],
      [{ filter_type: 'galaxy', name: 'ok' }, { filter_type: 'invalid_format' }],
    ];
    for (const [body, fields] of cases) {
      const res = await server.call('POST', api('/filters'), { token, body });
      expect(res.status).toBe(422);
      expect(res.body.fields).toMatchObject(fields);
    }
    const ok = await server.call('POST', api('/filters'), {
      token,
      body: { filter_type: 'issue', name: 'n'.repeat(255), description: 'd'.repeat(255) },
    });
    expect(ok.status).toBe(200);
    const copy = await server.call('POST', api(`/filters/duplicate/${ok.body.id}`), { token });
    expect(copy.body.name).toHaveLength(255);
    expect(copy.body.name.endsWith(' (Copy)')).toBe(true);
    const before = await rowsOf(team.member.id);
    const res = await server.call('PUT', api(`/filters/${ok.body.id}`), { token, body: { name: '' } });
    expect(res.status).toBe(422);
    expect(res.body.fields).toMatchObject({ name: 'required' });
    const res2 = await server.call('PUT', api(`/filters/${ok.body.id}`), {
      token,
      body: { description: 'd'.repeat(256) },
    });
    expect(res2.body.fields).toMatchObject({ description: 'too_long' });
    expect(await rowsOf(team.member.id)).toEqual(before);
    expect((await server.call('GET', api('/filters/galaxy'), { token })).status).toBe(422);
  });

  it('returns the caller’s issue filters in GET config?get_only=filters', async () => {
    const team = await createTeam(server.db);
    const other = await createUser(server.db, team.org.id);
    const token = await login(server, team.member);
    await server.call('POST', api('/filters'), {
      token,
      body: { filter_type: 'issue', name: 'Later', query_string: 'issue_state=to_do' },
    });
    await server.call('POST', api('/filters'), {
      token,
      body: { filter_type: 'issue', name: 'Star', query_string: 'issue_state=all', is_favorite: true },
    });
    await server.call('POST', api('/filters'), {
      token,
      body: { filter_type: 'schedule', name: 'Not an issue filter', query_string: 'x=1' },
    });
    const otherToken = await login(server, other);
    await server.call('POST', api('/filters'), {
      token: otherToken,
      body: { filter_type: 'issue', name: 'Someone else', query_string: '' },
    });
    const res = await server.call('GET', api('/config?get_only=filters'), { token });
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual([
      expect.objectContaining({
        name: 'Star',
        filter_type: 'issue',
        query_string: 'issue_state=all',
        is_favorite: true,
      }),
      expect.objectContaining({
        name: 'Later',
        query_string: 'issue_state=to_do',
        is_favorite: false,
        description: null,
      }),
    ]);
  });
});
