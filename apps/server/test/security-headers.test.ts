import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let dist: string;
let server: TestServer;
let tlsServer: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-headers-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Workbench</title><div id="root"></div>');
  server = await startTestServer({ webDist: dist });
  tlsServer = await startTestServer({ hsts: true });
});
afterAll(async () => {
  await server?.close();
  await tlsServer?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('the app page forbids framing and inline scripts and keeps its referrer to itself', async () => {
    const page = await fetch(`${server.url}/dashboard/issues`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'self' blob:");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    // Without TLS there is no HSTS: it would pin a plain-http host to https.
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('API answers and errors carry them too', async () => {
    for (const res of [await fetch(`${server.url}${API}/health`), await fetch(`${server.url}${API}/issue`)]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('HSTS is sent when the app is served over TLS', async () => {
    const res = await fetch(`${tlsServer.url}${API}/health`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('the API documentation page still loads its own scripts', async () => {
    const res = await fetch(`${server.url}/api/docs/static/index.html`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('swagger-initializer.js');
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});
