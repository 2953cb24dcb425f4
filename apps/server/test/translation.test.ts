import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTranslateServer, startFakeTranslateServer } from './helpers/fake-translate-server.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// POST translate/issue/{issueId} and translate/workspace/{workspaceId} (000 §7; issue 22)
// against a small local server speaking LibreTranslate's and DeepL's APIs.

let server: TestServer;
let fake: FakeTranslateServer;
beforeAll(async () => {
  [server, fake] = await Promise.all([startTestServer(), startFakeTranslateServer()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), fake?.close()]);
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
  server.ctx.config.translate = {
    provider: 'libretranslate',
    url: fake.url,
    apiKey: 'libre-key',
    timeoutMs: 500,
  };
});

const translateIssue = (token: string, id: number, body: Record<string, unknown> = {}) =>
  server.call('POST', `${API}/translate/issue/${id}`, { token, body });
const translateWorkspace = (token: string, id: number, body: Record<string, unknown> = {}) =>
  server.call('POST', `${API}/translate/workspace/${id}`, { token, body });

async function world() {
  const t = await createIssueTeam(server);
  // The member reads German.
  await server.db.updateTable('users').set({ language: 'de' }).where('id', '=', t.people.member.id).execute();
  const issueId = await t.issue({ title: 'Leaking pipe', description: 'Water on the floor' });
  return { ...t, issueId };
}

describe('POST translate/issue/{issueId}', () => {
  it("translates into the reader's language, caches it and fills available_translations", async () => {
    const t = await world();
    const first = await translateIssue(t.tokens.member, t.issueId, {
      title: 'Leaking pipe',
      description: 'x',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      language: 'de',
      cached: false,
      trans: { title: '[de] Leaking pipe', description: '[de] Water on the floor' },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/translate',
      body: {
        q: ['Leaking pipe', 'Water on the floor'],
        source: 'auto',
        target: 'de',
        format: 'text',
        api_key: 'libre-key',
      },
    });
    // Asked again (by anyone who sees it): the cache answers, the provider is not asked.
    const again = await translateIssue(t.tokens.admin, t.issueId, { language: 'de', title: 'Leaking pipe' });
    expect(again.body).toEqual({
      success: true,
      language: 'de',
      cached: true,
      trans: { title: '[de] Leaking pipe' },
    });
    expect(fake.requests).toHaveLength(1);
    const detail = await server.call('GET', `${API}/issue/${t.issueId}`, { token: t.tokens.member });
    expect(detail.body.available_translations).toEqual({
      title: { de: '[de] Leaking pipe' },
      description: { de: '[de] Water on the floor' },
    });
  });

  it('translates again after the title changes (a stale cache is not used)', async () => {
    const t = await world();
    await translateIssue(t.tokens.member, t.issueId);
    const edit = await server.call('PUT', `${API}/issue/${t.issueId}`, {
      token: t.tokens.admin,
      body: { title: 'Burst pipe' },
    });
    expect(edit.status).toBe(200);
    // The edited issue does not show the old translation.
    expect(edit.body.available_translations?.title ?? {}).toEqual({});
    const fresh = await translateIssue(t.tokens.member, t.issueId);
    expect(fresh.body).toMatchObject({ cached: false, trans: { title: '[de] Burst pipe' } });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.body.q).toEqual(['Burst pipe', 'Water on the floor']);
  });

  it("keeps a person's own translation and only asks the provider for the rest", async () => {
    const t = await world();
    const id = await t.issue({
      title: 'Door',
      description: null,
      translations: JSON.stringify({ title: { de: 'Tür' }, description: {} }),
    });
    const own = await translateIssue(t.tokens.member, id);
    expect(own.body).toEqual({
      success: true,
      language: 'de',
      cached: true,
      trans: { title: 'Tür', description: null },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('speaks DeepL: key header, text[] and the target in capitals', async () => {
    const t = await world();
    server.ctx.config.translate = {
      provider: 'deepl',
      url: fake.url,
      apiKey: 'deepl-key:fx',
      timeoutMs: 500,
    };
    const answer = await translateIssue(t.tokens.member, t.issueId, { language: 'pl' });
    expect(answer.body.trans).toEqual({ title: '[PL] Leaking pipe', description: '[PL] Water on the floor' });
    expect(fake.requests[0]).toMatchObject({
      path: '/v2/translate',
      headers: { authorization: 'DeepL-Auth-Key deepl-key:fx' },
      body: { text: ['Leaking pipe', 'Water on the floor'], target_lang: 'PL' },
    });
  });

  it('answers not configured without a provider, and a cached translation still', async () => {
    const t = await world();
    server.ctx.config.translate = undefined;
    const off = await translateIssue(t.tokens.member, t.issueId);
    expect(off.status).toBe(503);
    expect(off.body.error).toBe('translation_not_configured');
    const status = await server.call('GET', `${API}/translate/status`, { token: t.tokens.member });
    expect(status.body).toEqual({ configured: false, provider: null });
    server.ctx.config.translate = {
      provider: 'libretranslate',
      url: fake.url,
      apiKey: undefined,
      timeoutMs: 500,
    };
    expect((await server.call('GET', `${API}/translate/status`, { token: t.tokens.member })).body).toEqual({
      configured: true,
      provider: 'libretranslate',
    });
    await translateIssue(t.tokens.member, t.issueId);
    server.ctx.config.translate = undefined;
    expect((await translateIssue(t.tokens.member, t.issueId)).body).toMatchObject({
      success: true,
      cached: true,
    });
  });

  it('answers translation_failed when the provider fails or is too slow, and stores nothing', async () => {
    const t = await world();
    fake.mode = 500;
    const failed = await translateIssue(t.tokens.member, t.issueId);
    expect(failed.status).toBe(503);
    expect(failed.body.error).toBe('translation_failed');
    fake.mode = 'hang';
    const slow = await translateIssue(t.tokens.member, t.issueId);
    expect(slow.status).toBe(503);
    expect(slow.body.message).toMatch(/timed out/);
    const row = await server.db
      .selectFrom('issues')
      .select('translations')
      .where('id', '=', t.issueId)
      .executeTakeFirstOrThrow();
    expect(row.translations).toEqual({});
  });

  it('refuses another organisation (404), an issue the caller cannot see and a bad language', async () => {
    const t = await world();
    expect((await translateIssue(t.strangerToken, t.issueId)).status).toBe(404);
    const depotIssue = await t.issue({ workspace_id: t.ids.depot });
    expect((await translateIssue(t.tokens.member, depotIssue)).status).toBe(404);
    const bad = await translateIssue(t.tokens.member, t.issueId, { language: 'xx' });
    expect(bad.status).toBe(422);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST translate/workspace/{workspaceId}', () => {
  it('translates name and description for anyone who sees the workspace, cached until it changes', async () => {
    const t = await world();
    await server.db
      .updateTable('workspaces')
      .set({ description: 'Main building' })
      .where('id', '=', t.ids.site)
      .execute();
    const first = await translateWorkspace(t.tokens.member, t.ids.site, {
      name: 'Site',
      description: 'Main building',
    });
    expect(first.body).toEqual({
      success: true,
      language: 'de',
      cached: false,
      trans: { name: '[de] Site', description: '[de] Main building' },
    });
    const second = await translateWorkspace(t.tokens.member, t.ids.site);
    expect(second.body.cached).toBe(true);
    expect(fake.requests).toHaveLength(1);
    const renamed = await server.call('PUT', `${API}/workspace/${t.ids.site}`, {
      token: t.tokens.admin,
      body: { name: 'Campus' },
    });
    expect(renamed.status).toBe(200);
    const third = await translateWorkspace(t.tokens.member, t.ids.site, { name: 'Campus' });
    expect(third.body).toMatchObject({ cached: false, trans: { name: '[de] Campus' } });
    expect(fake.requests).toHaveLength(2);
    // A partner's member sees the shared Site: they may translate it too.
    expect((await translateWorkspace(t.tokens.collabMember, t.ids.site)).status).toBe(200);
    expect((await translateWorkspace(t.strangerToken, t.ids.site)).status).toBe(404);
    expect((await translateWorkspace(t.tokens.member, t.ids.depot)).status).toBe(404);
  });
});
