import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As vite.config.ts: Lingui's macros become catalog lookups before React's JSX transform.
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-code',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-code',
          environment: 'node',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
          setupFiles: ['server/test/log-setup.ts'],
          // Each suite opens a fresh database (PGlite boots in seconds); a busy 2-core machine needs headroom.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
