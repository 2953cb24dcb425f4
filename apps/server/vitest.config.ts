import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests read the domain package from source, so no build is needed before them.
    alias: {
      '@workbench/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database (PGlite ~300 MB): two at a time fit the 2-core machine.
    maxWorkers: 2,
    // Each worker imports the app once for all its files instead of once per file (about 175 s
    // of the suite's import time before). Files share no state: each opens its own server and
    // database, and no test mocks a module.
    isolate: false,
  },
});
