import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setCountryState, signInToBackOffice } from './support/back-office';
import { BASE, newVerifiedCustomer, xsrfHeaders } from './support/shopper';

/**
 * Countries the shop serves (issue 25), in Chromium as the demo staff member on /admin/shipping:
 * select the EU and set it served, search "Spain" and set it not served (by keyboard), and the
 * checkout of a new customer no longer offers Spain while its totals are refused with the message.
 * The e2e shop is shared by every spec: Spain is served again at the end, whatever happened.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

const EU_COUNT = 27;

const row = (page: Page, name: string) => page.locator('tr[data-country]', { has: page.getByRole('rowheader', { name: new RegExp(`^${name} `) }) });
const status = (page: Page) => page.locator('[data-country-count]');

/** Presses Apply and waits for the page to reload with the saved states. */
async function apply(page: Page, how: 'click' | 'keyboard') {
  const reloaded = page.waitForEvent('load');
  const button = page.getByRole('button', { name: 'Apply to selected' });
  if (how === 'click') await button.click();
  else {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  await reloaded;
}

test('staff: select the EU and serve it, search Spain and stop serving it; the checkout no longer offers Spain; axe', async ({ page, axe, mailbox, playwright }) => {
  test.slow();
  const admin = await playwright.request.newContext({ baseURL: BASE });
  try {
    await signInToBackOffice(page);
    await page.goto('/admin/shipping');
    await expect(page.getByRole('heading', { level: 2, name: 'Countries' })).toBeVisible();
    const total = await page.locator('tr[data-country]').count();
    await expect(status(page)).toHaveText(`0 selected · ${total} of ${total} shown`);
    await expect(page.getByRole('button', { name: 'Apply to selected' })).toBeDisabled();
    await axe.check();

    // The EU, served.
    await page.getByRole('button', { name: 'Select the EU' }).click();
    await expect(status(page)).toHaveText(`${EU_COUNT} selected · ${total} of ${total} shown`);
    await expect(page.getByRole('checkbox', { name: 'Select Spain' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Select United Kingdom' })).not.toBeChecked();
    await page.getByLabel('Set the selected countries to').selectOption({ label: 'Served' });
    await apply(page, 'click');
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`${EU_COUNT} countries saved.`);
    for (const name of ['Germany', 'Spain', 'Sweden']) await expect(row(page, name).locator('.badge')).toHaveText('Served');

    // Spain, found by the search and set not served with the keyboard only.
    const search = page.getByLabel('Search countries');
    await search.focus();
    await page.keyboard.type('Spain');
    await page.keyboard.press('Enter'); // searches; never sends the form
    await expect(page.locator('tr[data-country]:visible')).toHaveCount(1);
    await expect(status(page)).toHaveText(`0 selected · 1 of ${total} shown`);
    await page.getByRole('button', { name: 'Select all shown' }).focus();
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveText(`1 selected · 1 of ${total} shown`);
    await page.getByLabel('Set the selected countries to').focus();
    await page.getByLabel('Set the selected countries to').selectOption({ label: 'Not served' });
    await axe.check();
    await apply(page, 'keyboard');
    await expect(row(page, 'Spain').locator('.badge')).toHaveText('Not served');
    await expect(row(page, 'France').locator('.badge')).toHaveText('Served');

    // The shop: Spain is gone from /api/countries and the checkout, and refused by the totals.
    const listed = ((await (await page.request.get('/api/countries')).json()) as { payload: { iso: string }[] }).payload.map((c) => c.iso);
    expect(listed).not.toContain('ES');
    expect(listed).toContain('DE');
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
    await newVerifiedCustomer(page, mailbox, 'countries.spain');
    const products = ((await (await page.request.get('/api/products/catalog?per_page=20')).json()) as { payload: { id: number; stock: number; variations: unknown[] }[] }).payload;
    const product = products.find((p) => p.variations.length === 0 && p.stock >= 5)!;
    const added = await page.request.post('/api/cart/add', { headers: await xsrfHeaders(page), data: { id: product.id, count: 1, is_variation: false } });
    expect(added.status()).toBe(200);
    await page.goto('/cart');
    await expect(page.locator('astro-island:has(.cart-view)')).not.toHaveAttribute('ssr', /.*/);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const country = page.getByRole('combobox', { name: /^Country/ });
    await expect(country.locator('option', { hasText: 'Germany' })).toHaveCount(1);
    await expect(country.locator('option', { hasText: 'Spain' })).toHaveCount(0);
    const refused = await page.request.post('/api/cart/calculate-totals', {
      headers: await xsrfHeaders(page),
      data: { country: 'Spain', postCode: '28013', city: 'Madrid', address: 'Calle Mayor 1', promoCode: null, cart_items: [] },
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ message: 'Sorry, we do not sell to Spain. Please choose another country.', errors: { country: ['Sorry, we do not sell to Spain. Please choose another country.'] } });
  } finally {
    await setCountryState(admin, 'ES', 'served');
    await admin.dispose();
  }
});
