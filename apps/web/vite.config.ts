import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildInfo, bundleLicences } from './bundle-licences';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli (.br) and gzip (.gz) copies of every built text file worth compressing, next to it, for
 * the server to send to browsers that accept them (apps/server/src/http/web-app.ts): made once
 * at the highest levels here rather than on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'workbench:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          if (content.length < COMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: 9 }),
          ]);
          // A copy that is not smaller is left out: the server then sends the file itself.
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The service worker of the installable app (issue 24): Workbox precaches the built app shell,
 * every chunk, stylesheet, font, icon and the QR decoder, so the app opens offline; a navigation
 * that is not an API call gets the precached index.html (the app's router shows the page). It
 * waits for the person's "Reload" (registerType 'prompt', src/app/pwa/UpdatePrompt.tsx), so an
 * open page never gets a new release's chunks half way. The server answers the manifest
 * (/manifest.webmanifest, apps/server/src/http/web-manifest.ts), so none is generated here.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // Registered by the app itself (virtual:pwa-register/react): no inline script, which the CSP forbids.
    injectRegister: false,
    manifest: false,
    workbox: {
      // The files themselves, not the .br/.gz copies precompress() writes (the server sends those
      // to a browser that accepts them; the worker's cache holds the decoded answer anyway).
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,wasm}'],
      globIgnores: ['**/*.br', '**/*.gz', '**/node_modules/**'],
      // The largest chunks (charts, the PDF and QR code) are above Workbox's 2 MiB default.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api\//],
      // Vite's hashed names make Workbox's revision query unnecessary for /assets.
      dontCacheBustURLsMatching: /^assets\//,
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      // Pictures of issues (thumbnails first) for offline reading: a file's key names its content,
      // so the signed URL's query (expiry, signature) is left out of the match. Logging out deletes
      // this cache (features/offline/query-persistence.ts).
      runtimeCaching: [
        {
          urlPattern: ({ url }) =>
            url.pathname.startsWith('/api/v4/files/') && /\.(jpe?g|png|webp|gif)$/i.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'workbench-pictures',
            matchOptions: { ignoreSearch: true },
            expiration: { maxEntries: 500, maxAgeSeconds: 14 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), precompress(), bundleLicences(), serviceWorker()],
  // Settings → about: version, commit and build time (src/features/settings/build-info.ts).
  define: {
    __WORKBENCH_BUILD__: JSON.stringify(buildInfo(fileURLToPath(new URL('../..', import.meta.url)))),
  },
  resolve: {
    // The domain package from source: no prebuild needed for dev, tests or the bundle.
    alias: {
      '@workbench/domain': fileURLToPath(new URL('../../packages/domain/src/web.ts', import.meta.url)),
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // Rolldown splits the rest by use, so a route downloads only the components it shows. The
        // libraries every route runs go in one chunk that stays cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
      // The domain package has no side effects at load time: a chunk keeps only the schemas and
      // constants it uses, not every zod schema of every feature.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
