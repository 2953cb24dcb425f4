import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The domain package from source: no prebuild needed for dev, tests or the bundle.
    alias: {
      '@workbench/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    rollupOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (id.includes('@mantine') || id.includes('@floating-ui')) return 'mantine';
          if (id.includes('@tabler')) return 'icons';
          if (id.includes('i18next')) return 'i18n';
          if (id.includes('react-router') || id.includes('@tanstack')) return 'router-query';
          if (id.includes('/zod/')) return 'zod';
          if (id.includes('/react') || id.includes('scheduler')) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
