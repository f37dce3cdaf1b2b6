/**
 * A production shop of its own for the owner's specs (docs/operations.md "Production: opening the shop"):
 * the built shop (dist/, which the suite's web server has built) started with NODE_ENV=production
 * on an empty DATA_DIR and a free port, and `npm run user:create` run against it with the shop
 * stopped (PGlite lets one process open DATA_DIR, as docs/operations.md says).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, freePort, type Started, startServer, stopServer, tempDir, waitReady } from '~/tests/helpers/server';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export interface ProductionShop {
  base: string;
  env: Record<string, string>;
  current: Started;
  /** `npm run user:create -- …args` with the shop's settings (the shop must be stopped on PGlite). */
  userCreate(...args: string[]): SpawnSyncReturns<string>;
  start(): Promise<void>;
  stop(): Promise<number | null>;
}

/**
 * Starts the production shop the first time (the empty database gets the base data). `smtpUrl`:
 * '' leaves SMTP unset (mail stays in the outbox and the admin mail log); the e2e mailbox's
 * address sends it there, as a real SMTP server would.
 */
export async function startProductionShop(
  options: { smtpUrl?: string; mailFrom?: string } = {},
): Promise<ProductionShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Production with nothing else set ('' is unset): no SEED, no DATABASE_URL.
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SHOP_MODE: 'production',
    SEED: '',
    DATABASE_URL: '',
    SMTP_URL: options.smtpUrl ?? '',
    ...(options.mailFrom ? { MAIL_FROM: options.mailFrom } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: tempDir(),
    LOG_LEVEL: 'warn',
  };
  const launch = async (): Promise<Started> => {
    const started = startServer(env);
    await waitReady(started, 120_000);
    return started;
  };
  const shop: ProductionShop = {
    base,
    env,
    current: await launch(),
    userCreate(...args) {
      const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
      return spawnSync(process.execPath, [tsx, join(ROOT, 'scripts', 'user-create.ts'), ...args], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
    },
    async start() {
      shop.current = await launch();
    },
    stop() {
      return stopServer(shop.current);
    },
  };
  return shop;
}

/** docs/operations.md step 2: with the shop stopped, `user:create -- email role` prints the first-password link. */
export async function createAccountLink(shop: ProductionShop, email: string, role: string): Promise<string> {
  expect(await shop.stop()).toBe(0);
  const created = shop.userCreate(email, role);
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
  const link = /^\s+(http\S+)$/m.exec(created.stdout)?.[1] ?? '';
  expect(link.startsWith(`${shop.base}/reset-password?`)).toBe(true);
  await shop.start();
  return link;
}

/** docs/operations.md step 3: the link's page, "Choose your password", saved. */
export async function choosePassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password is set. You can sign in now.')).toBeVisible();
}

/** docs/operations.md step 3: sign in on the shop's own sign-in page, landing on /admin. */
export async function signInToProductionAdmin(
  page: Page,
  base: string,
  who: { email: string; password: string },
): Promise<void> {
  await page.goto(`${base}/auth?form=signin&redirect=%2Fadmin`);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`${base}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
}
