import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), precompress(), bundleLicences()],
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
