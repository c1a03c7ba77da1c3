import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

// End-to-end journeys against the built PWA served by the real server (npm start's entry) on a fresh
// embedded database, in Debian's Chromium (never a downloaded browser).
// E2E_PORT, E2E_DIST and E2E_FACE_WORKERS let several checkouts' runs share one machine.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = `.tmp/e2e-data-${port}`;
// The store's warnings and errors in the run's output; every request's access line with E2E_LOG_LEVEL=info.
const serverEnv: Record<string, string> = {
  PORT: String(port),
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
};
if (process.env.E2E_DIST) serverEnv.DIST_DIR = process.env.E2E_DIST;
if (process.env.E2E_FACE_WORKERS) serverEnv.FACE_WORKERS = process.env.E2E_FACE_WORKERS;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'th-TH',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
    env: serverEnv,
    url: `http://localhost:${port}/api/v1/events/bangkok-city-marathon-2026`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
