import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// A fake web build: index.html and a hashed chunk with brotli and gzip copies (as the web build
// writes them), a stylesheet with only a gzip copy, and a small file with none.
const INDEX = `<!doctype html><title>Workbench</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
const CHUNK = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))};`;
const STYLES = `.page { color: red; }\n`.repeat(100);

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-compressed-'));
  mkdirSync(join(dist, 'assets'));
  const files = {
    'index.html': INDEX,
    'assets/app-abc123.js': CHUNK,
    'assets/app-abc123.css': STYLES,
    'favicon.svg': '<svg/>',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  for (const name of ['index.html', 'assets/app-abc123.js']) {
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(files[name as keyof typeof files]));
  }
  for (const name of ['index.html', 'assets/app-abc123.js', 'assets/app-abc123.css']) {
    writeFileSync(join(dist, `${name}.gz`), gzipSync(files[name as keyof typeof files]));
  }
  server = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET with exactly these headers, answering the bytes as sent (fetch would decompress them). */
function get(path: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

function varies(res: RawResponse) {
  return String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
}

describe('the web app in compressed copies', () => {
  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(CHUNK.length);
    expect(varies(res)).toBe(true);
    expect(brotliDecompressSync(res.body).toString()).toBe(CHUNK);
  });

  it('sends the gzip copy to a browser that accepts only gzip, or prefers it', async () => {
    for (const accepted of ['gzip', 'br;q=0.5, gzip']) {
      const res = await get('/assets/app-abc123.js', accepted);
      expect(res.headers['content-encoding'], accepted).toBe('gzip');
      expect(varies(res), accepted).toBe(true);
      expect(gunzipSync(res.body).toString(), accepted).toBe(CHUNK);
    }
  });

  it('sends the file itself when no encoding is accepted, or none of the accepted ones exists', async () => {
    for (const accepted of [undefined, 'identity', 'zstd']) {
      const res = await get('/assets/app-abc123.js', accepted);
      expect(res.status, String(accepted)).toBe(200);
      expect(res.headers['content-encoding'], String(accepted)).toBeUndefined();
      expect(varies(res), String(accepted)).toBe(true);
      expect(res.body.toString(), String(accepted)).toBe(CHUNK);
    }
    const small = await get('/favicon.svg', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('<svg/>');
  });

  it('falls back from brotli to gzip when a file has only a gzip copy', async () => {
    const res = await get('/assets/app-abc123.css', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(res.body).toString()).toBe(STYLES);
  });

  it('compresses the app page at every app route, never cached', async () => {
    for (const path of ['/', '/login', '/dashboard/issues/detail/5']) {
      const res = await get(path, 'gzip, deflate, br');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(varies(res), path).toBe(true);
      expect(brotliDecompressSync(res.body).toString(), path).toBe(INDEX);
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(INDEX);
  });

  it('the copies have no address of their own', async () => {
    expect((await get('/assets/app-abc123.js.br')).status).toBe(404);
    expect((await get('/assets/app-abc123.js.gz', 'gzip')).status).toBe(404);
  });
});
