import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The web app manifest (issue 24) and the service worker files of a (fake) web build.
let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-pwa-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Workbench</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'workbox-1a2b3c4d.js'), 'export {};');
  writeFileSync(join(dist, 'assets/index-abc123.js'), 'export {};');
  writeFileSync(join(dist, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  server = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${server.url}${path}`);
type Manifest = { name: string; theme_color: string; background_color: string; icons: unknown };
const manifestOf = async (res: Response) => (await res.json()) as Manifest;

describe('GET /manifest.webmanifest', () => {
  it('answers an installable manifest, never cached', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = await manifestOf(res);
    expect(manifest).toMatchObject({
      name: 'Workbench',
      short_name: 'Workbench',
      start_url: '/dashboard/issues',
      scope: '/',
      display: 'standalone',
      theme_color: '#1c7ed6',
      background_color: '#ffffff',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      expect(icon.type).toBe('image/png');
      expect(icon.src).toMatch(/^\/icons\/[\w-]+\.png$/);
    }
  });

  it('takes the theme colour from the query when it is a hex colour, else the default', async () => {
    const themed = await manifestOf(await get('/manifest.webmanifest?theme_color=%232B8A3E'));
    expect(themed.theme_color).toBe('#2b8a3e');
    expect(themed.background_color).toBe('#ffffff');
    for (const bad of ['red', '%23abc', '%232b8a3e;x', 'javascript:alert(1)', '%23GGGGGG', '']) {
      const res = await get(`/manifest.webmanifest?theme_color=${bad}`);
      expect(res.status, bad).toBe(200);
      expect((await manifestOf(res)).theme_color, bad).toBe('#1c7ed6');
    }
    const twice = await manifestOf(
      await get('/manifest.webmanifest?theme_color=%23000000&theme_color=%23ffffff'),
    );
    expect(twice.theme_color).toBe('#1c7ed6');
  });

  it('is answered also without a web build, and is not an API route', async () => {
    const bare = await startTestServer();
    try {
      const res = await fetch(`${bare.url}/manifest.webmanifest`);
      expect(res.status).toBe(200);
      expect((await manifestOf(res)).name).toBe('Workbench');
      expect(bare.routes.some((r) => r.url === '/manifest.webmanifest' && r.method === 'GET')).toBe(true);
    } finally {
      await bare.close();
    }
  });
});

describe('the service worker files', () => {
  it('sends sw.js and the workbox runtime never cached, as JavaScript', async () => {
    for (const path of ['/sw.js', '/workbox-1a2b3c4d.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/javascript/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect((await get('/assets/index-abc123.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('/icons/icon-192.png')).headers.get('cache-control')).toBe('no-cache');
  });

  it('a missing service worker is a 404, not the app page', async () => {
    expect((await get('/sw-missing.js')).status).toBe(404);
  });
});
