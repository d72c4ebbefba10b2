import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Generous limits: CI's 2 cores are sometimes shared and several times slower than a quiet
  // machine (the same journeys took 3-4x longer there). A limit is a hang detector, not a timing.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Most of a browser test is waiting (pages, timers, the simulators), so more workers than cores.
  workers: Number(process.env.E2E_WORKERS || 3),
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    // The service worker is tested on its own (tests/e2e/offline.spec.ts allows it); elsewhere it
    // would install and precache in every new context, and Chromium can hang closing a context
    // whose worker is still busy (a 90 s teardown seen once in CI).
    serviceWorkers: 'block',
    // As a member who asked for less motion: the news ticker, the banner carousel and Pico's
    // transitions stand still, so what a test sees does not depend on when it looks. The ticker's
    // own tests run with motion (phone-shell.spec.ts).
    reducedMotion: 'reduce',
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'off',
    launchOptions: {
      // Debian's headless shell when installed (`npm test` installs it: scripts/ensure-chromium.mjs).
      executablePath:
        process.env.CHROMIUM_PATH ||
        (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/serve-test.mjs',
    url: `${baseURL}/signin`,
    reuseExistingServer: false,
    timeout: 240_000,
    // TRUST_PROXY lets tests that fail sign-ins on purpose use an address of their own
    // (X-Forwarded-For), so the per-address limit never locks out the other tests.
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: baseURL, DEMO_MEMBERS: '300', TRUST_PROXY: '1' },
    // SIGTERM lets the test server drop its PostgreSQL database on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
