/**
 * The owner's first steps on a new production shop (docs/operations.md "Production: opening the shop", issue 25): the built
 * shop started with NODE_ENV=production on an empty DATA_DIR gets the base data, `npm run
 * user:create -- owner@… admin` prints a link, the owner opens it in Chromium, chooses a
 * password, signs in and reaches /admin. A shop of its own beside the suite's demo shop, started
 * from dist/ like the resilience tests do (the suite's web server has built it). On PGlite the
 * command runs with the shop stopped, as docs/operations.md says.
 */
import { cleanupServers } from '../helpers/server';
import { expect, test } from './fixtures';
import { type ProductionShop, signInToProductionAdmin, startProductionShop } from './support/production-shop';

const OWNER = { email: 'owner@shop.test', password: 'Owner-Pass-2026' };
let shop: ProductionShop;
let base: string;
let link: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // First start: the empty database gets the base data.
  shop = await startProductionShop();
  base = shop.base;
  expect(shop.current.output().stdout).toContain(`Shop ready in `);
  expect(shop.current.output().stdout).toContain(`on ${base}; PUBLIC_URL is ${base}`);
  // While it runs, PGlite's folder is the shop's: the command says so and changes nothing.
  const refused = shop.userCreate(OWNER.email, 'admin');
  expect(refused.status).toBe(1);
  expect(refused.stderr.trim()).toMatch(
    /^The shop is running on .+ \(pid \d+\) and PGlite lets one process open it: stop the shop, run npm run user:create again, then start the shop\.$/,
  );
  expect(await shop.stop()).toBe(0);

  const created = shop.userCreate(OWNER.email, 'admin');
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
  link = /^\s+(http\S+)$/m.exec(created.stdout)?.[1] ?? '';
  expect(link.startsWith(`${base}/reset-password?`)).toBe(true);
  await shop.start();
});

test.afterAll(async () => {
  if (shop) await shop.stop();
  cleanupServers();
});

test('the first admin opens the printed link, chooses a password, signs in and reaches /admin', async ({
  page,
  axe,
}) => {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText('Welcome! Choose the password you will sign in with.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /reset/i })).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(OWNER.email);
  await axe.check();

  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password is set. You can sign in now.')).toBeVisible();

  // The link is spent: opening it again and saving is refused.
  const again = await page.context().newPage();
  await again.goto(link);
  await again.getByLabel('Password', { exact: true }).fill('Another-Pass-1');
  await again.getByLabel('Confirm password', { exact: true }).fill('Another-Pass-1');
  await again.getByRole('button', { name: 'Save password' }).click();
  await expect(again.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await again.close();

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signInToProductionAdmin(page, base, OWNER);
  await axe.check();
});
