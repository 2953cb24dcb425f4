import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@workbench/domain': fileURLToPath(new URL('../../packages/domain/src/web.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    // Only unit tests: the Playwright specs under e2e/ run in the browser suite.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
