import { defineConfig } from '@playwright/test';

// End-to-end journeys against the built PWA served by the real server (npm start's entry) on a fresh
// embedded database, in Debian's Chromium (never a downloaded browser).
const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: 'rm -rf .tmp/e2e-data && node --import tsx server/main.ts',
    env: { PORT: String(port), DATA_DIR: '.tmp/e2e-data', HOST: '127.0.0.1' },
    url: `http://localhost:${port}/api/v1/events/bangkok-city-marathon-2026`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
