import { expect, test } from './fixtures';
import { BASE, xsrfHeaders } from './support/shopper';
import { post } from './support/page-api';
import { ADMIN, signInToBackOffice } from './support/back-office';
import { E2E_CART_CUSTOMER } from './support/accounts';

/**
 * Carts left behind (issue 32, ADR 044), in Chromium: prepare-shop.ts left a newsletter
 * subscriber's cart untouched for two days. The admin switches the reminder mail on; the jobs
 * runner mails it (read over real SMTP); the list under Reports shows the cart with its value and
 * the reminder. The customer empties the cart, opens the mail's link signed in, and finds the
 * reminded lines back in the cart. axe on both pages.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('a cart left behind: staff see it, the reminder goes out once, its link restores the cart', async ({
  page,
  axe,
  mailbox,
}) => {
  test.setTimeout(180_000);
  await signInToBackOffice(page, ADMIN);
  const saved = await page.request.put('/api/admin/settings', {
    headers: await xsrfHeaders(page),
    data: { cart_reminders: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The jobs runner ticks every minute.
  const mail = await mailbox.waitFor(E2E_CART_CUSTOMER.email, {
    subject: /^You left something in your cart/,
    timeoutMs: 120_000,
  });
  expect(mail.text).toMatch(/You left 2 items worth €[\d,.]+ in your cart\./);
  const link = mail.links.find((l) => l.includes('/cart?reminder='));
  expect(link).toBeDefined();

  await page.goto('/admin/reports');
  await page.getByRole('link', { name: 'Abandoned carts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Abandoned carts' })).toBeVisible();
  const table = page.getByRole('table', { name: /Carts unchanged for more than 24 hours/ });
  const row = table.getByRole('row').filter({ hasText: E2E_CART_CUSTOMER.email });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(0)).toContainText('2 × ');
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^€[\d,.]+$/);
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('Not sent');
  await expect(page.locator('[data-recovery]')).toContainText('became a paid order within 7 days');
  await axe.check();

  // The customer, in the same browser once the admin's cookies are gone.
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const target = new URL(link!);
  const reminderPath = target.pathname + target.search;
  // Signed out, the link signs nobody in: the cart asks to sign in and comes back to the link.
  await page.goto(reminderPath);
  await expect(page.locator('[data-reminder-restored]')).toHaveCount(0);
  await page
    .locator(`a[href*="${encodeURIComponent('/cart?reminder=')}"]`)
    .first()
    .click();
  await page.getByLabel('Email', { exact: true }).fill(E2E_CART_CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_CART_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/cart\?reminder=/);
  // The cart still holds its lines: left as it is. Emptied, the link puts the reminded lines back.
  await expect(page.locator('[data-reminder-restored]')).toHaveCount(0);
  await post(page, '/api/cart/clear', {});
  await page.goto(reminderPath);
  await expect(page.locator('[data-reminder-restored]')).toHaveText(
    'We put the items from our reminder back in your cart.',
  );
  const contents = (await (await page.request.get('/api/cart/contents')).json()) as {
    payload: { count: number }[];
  };
  expect(contents.payload.map((l) => l.count)).toEqual([2]);
  await axe.check();
});
