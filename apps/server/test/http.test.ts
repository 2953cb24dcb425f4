import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('HTTP basics', () => {
  it('health names the database', async () => {
    const res = await server.call('GET', '/api/v4/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('an unknown /api path is a JSON 404, for any method', async () => {
    for (const [method, path] of [
      ['GET', '/api/v4/nope'],
      ['POST', '/api/v4/issue/1/unknown'],
      ['GET', '/api'],
      ['DELETE', '/api/v4/user/me'],
    ] as const) {
      const res = await server.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('not_found');
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('malformed JSON is a 400 with the error body, never a 500', async () => {
    const res = await server.call('POST', '/api/v4/auth/login', { rawBody: '{"email": "a@b.c", ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_json' });
  });

  it('a body of the wrong type is a 422', async () => {
    const res = await server.call('POST', '/api/v4/auth/login', { body: ['not', 'an', 'object'] });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
  });

  it('a content type the API does not read is refused with 415', async () => {
    const res = await fetch(`${server.url}/api/v4/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<email>a</email>',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'unsupported_media_type' });
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document with the auth paths and the error body', async () => {
    const res = await server.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    for (const path of [
      '/api/v4/auth/login',
      '/api/v4/auth/signup',
      '/api/v4/auth/forgot_password',
      '/api/v4/auth/reset_password',
      '/api/v4/auth/tokenlogin',
      '/api/v4/auth/change_password',
      '/api/v4/auth/logout',
      '/api/v4/users/activate',
      '/api/v4/user/{id}',
      '/api/v4/user/client_info',
      '/api/v4/client/{id}',
      '/api/v4/config',
    ]) {
      expect(res.body.paths, path).toHaveProperty([path]);
    }
    const login = res.body.paths['/api/v4/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(JSON.stringify(login.responses['401'])).toContain('ErrorBody');
    expect(res.body.components.schemas).toHaveProperty('LoginResponse');
    // Each call names the error keys it answers, from its contract.
    expect(login.description).toContain('incorrect_email_or_password');
    expect(res.body.paths['/api/v4/category/{id}'].put.description).toContain('category_name_taken');
  });

  it('serves the browsable page', async () => {
    const res = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/swagger/i);
  });
});

describe('the web app', () => {
  it('without a build, GET / says to build it', async () => {
    const res = await server.call('GET', '/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('npm run build');
  });

  it('with a build: files, long-cached assets, index.html for app routes, 404 for a missing asset', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Workbench</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    const web = await startTestServer({ webDist: dist });
    try {
      const asset = await fetch(`${web.url}/assets/main-abc123.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await fetch(`${web.url}/favicon.svg`)).status).toBe(200);
      for (const path of ['/', '/login', '/dashboard/issues/detail/5', '/no/such/page']) {
        const page = await fetch(`${web.url}${path}`);
        expect(page.status, path).toBe(200);
        expect(await page.text()).toContain('<div id="root">');
        expect(page.headers.get('cache-control')).toBe('no-cache');
      }
      expect((await fetch(`${web.url}/assets/gone-000.js`)).status).toBe(404);
      const api = await web.call('GET', '/api/v4/nope');
      expect(api.status).toBe(404);
      expect(api.body.error).toBe('not_found');
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
