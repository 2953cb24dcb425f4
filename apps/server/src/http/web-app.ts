import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerWebManifest } from './web-manifest.js';

/**
 * Serves the built web app: hashed files under /assets are cached for a year, index.html never,
 * and any other GET that is not an API call or a file gets index.html (the app's own router
 * then shows the page, or sends unknown paths to /). The web build writes brotli (.br) and gzip
 * (.gz) copies next to its text files: a browser that accepts one gets it, with
 * `Content-Encoding` and `Vary: Accept-Encoding`; others get the file itself.
 *
 * The service worker (sw.js, its workbox-*.js runtime, made by vite-plugin-pwa) and the manifest
 * (/manifest.webmanifest, answered here) are never cached by HTTP: the browser checks them on
 * every visit, which is how an installed app learns of a new release.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  registerWebManifest(app);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The copies are other encodings of a file, not addresses of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        // Only the hashed files under /assets are immutable; sw.js, workbox-*.js, the icons and
        // the rest keep their names across releases.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: 'not_found', message: `No such call: ${request.method} ${path}` });
    }
    if (!hasBuild) {
      return reply.type('text/plain').send('The web app is not built. Run `npm run build` (or `npm start`).');
    }
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) {
      // A missing asset is a 404, not the app page (a stale chunk must fail, so the app can reload).
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
