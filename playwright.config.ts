import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT) || 4180;

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real
 * server: the production build, the embedded database in a throwaway folder, the real model.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 60_000 },
  // Spec files run two at a time (E2E_WORKERS), the tests inside a file in order. No retry: a flaky test
  // is a defect to fix, not to hide.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The paid-service mode (BILLING=on, with the local test payment provider) these specs were written for, and a
    // generous free allowance: they run many tasks per device; accountsCredits.spec.ts starts its own server with a
    // small one, personalMode.spec.ts one in personal mode (the default of `npm start`).
    command: `node scripts/build-server.mjs --if-stale && rm -rf .e2e-data && DATA_DIR=.e2e-data PORT=${PORT} HOST=127.0.0.1 DATABASE_URL= BILLING=on PAYMENTS=test FREE_DAILY_CREDITS=1000 WORKERS=2 LOG_LEVEL=warn node build/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
