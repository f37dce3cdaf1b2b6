import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startE2eMailbox } from './tests/e2e/support/mailbox';

/**
 * End-to-end tests against the built shop (`npm start`) in Debian's Chromium: Playwright's own
 * browser download is not reachable here (see scripts/ensure-tool.sh).
 */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The test mailbox the shop sends its mail to (tests/e2e/support/mailbox.ts). */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT - 1);

// Playwright evaluates this file in the runner and again in every worker; the runner picks a
// fresh data directory and the workers inherit it through the environment.
// Folders of earlier runs are removed here rather than at teardown, which Playwright runs
// while the server still has its database open.
if (!process.env.E2E_DATA_DIR) {
  for (const entry of readdirSync(tmpdir())) {
    const pid = /^shop-e2e-(\d+)$/.exec(entry)?.[1];
    if (pid && !isAlive(Number(pid))) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  }
  const dir = join(tmpdir(), `shop-e2e-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.E2E_DATA_DIR = dir;
  startE2eMailbox(SMTP_PORT, dir);
}
const DATA_DIR = process.env.E2E_DATA_DIR;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};
const SHOP_WIDE_SPECS = ['**/shop-settings.spec.ts', '**/registration-closed.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // CI runs two browsers, the server and the build cache on two cores: long journeys need the room.
  timeout: process.env.CI ? 60_000 : 30_000,
  // The CI machine has two cores shared by the server, the build cache and two browsers.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
  },
  projects: [
    {
      name: 'chromium',
      // Specs that change what every page shows (the shop's name, home country) run after the rest.
      testIgnore: SHOP_WIDE_SPECS,
      use: CHROMIUM,
    },
    {
      name: 'chromium-shop-wide',
      testMatch: SHOP_WIDE_SPECS,
      dependencies: ['chromium'],
      use: CHROMIUM,
    },
  ],
  webServer: {
    // The demo shop and an admin account first (support/prepare-shop.ts; PGlite admits one process),
    // then start.mjs, which builds when dist/ is missing or stale. `exec`: signals reach the shop.
    command: 'npx tsx tests/e2e/support/prepare-shop.ts && exec npm start',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PUBLIC_URL: BASE_URL,
      SEED: 'demo',
      // Not 'production': e2e tests read mail from /dev/mailbox, which production hides.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: 'shop@gear.test',
      // Every test signs in from 127.0.0.1; the limits themselves are tested in integration.
      RATE_LIMIT_MULTIPLIER: '50',
    },
  },
});
