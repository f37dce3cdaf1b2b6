import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, setCountryState, signInToBackOffice } from './support/back-office';
import { BASE, calculateBerlinTotals, newVerifiedCustomer, xsrfHeaders } from './support/shopper';

/**
 * Countries the shop serves (issue 25), in Chromium as the admin on /admin/shipping (permission `prices`):
 * select the EU and set it served, search "Spain" and set it not served (by keyboard); the
 * checkout no longer offers Spain, its totals are refused with the message, and a customer whose
 * saved address is in Spain is told so and chooses another country.
 * The e2e shop is shared by every spec: Spain is served again at the end, whatever happened.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

const EU_COUNT = 27;
const NOT_SERVED = 'Sorry, we do not sell to Spain. Please choose another country.';

const row = (page: Page, name: string) =>
  page.locator('tr[data-country]', { has: page.getByRole('rowheader', { name: new RegExp(`^${name} `) }) });
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

test('admin: select the EU and serve it, search Spain and stop serving it; the checkout no longer offers Spain, and says so to a customer whose address is in Spain; axe', async ({
  page,
  axe,
  mailbox,
  browser,
  playwright,
}) => {
  test.slow();
  const admin = await playwright.request.newContext({ baseURL: BASE });
  // A customer who saved an address in Spain while the shop still sold there.
  const customerContext = await browser.newContext({ baseURL: BASE, locale: 'en-GB' });
  await customerContext.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const customer = await customerContext.newPage();
  try {
    const { email } = await newVerifiedCustomer(customer, mailbox, 'countries.spain');
    const spain = (
      (await (await customer.request.get('/api/countries')).json()) as { payload: { id: number; iso: string }[] }
    ).payload.find((c) => c.iso === 'ES')!;
    const saved = await customer.request.put('/api/user/profile', {
      headers: await xsrfHeaders(customer),
      data: {
        name: 'Robin',
        surname: 'Trail',
        email,
        phone: '+4915123456789',
        phoneCountryCode: 'DE',
        nationalNumber: '15123456789',
        address: 'Calle Mayor 1',
        city: 'Madrid',
        post_code: '28013',
        country_id: spain.id,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await signInToBackOffice(page, ADMIN);
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
    for (const name of ['Germany', 'Spain', 'Sweden'])
      await expect(row(page, name).locator('.badge')).toHaveText('Served');

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

    // The shop: Spain is gone from /api/countries and refused by the totals.
    const listed = (
      (await (await customer.request.get('/api/countries')).json()) as { payload: { iso: string }[] }
    ).payload.map((c) => c.iso);
    expect(listed).not.toContain('ES');
    expect(listed).toContain('DE');
    const refused = await customer.request.post('/api/cart/calculate-totals', {
      headers: await xsrfHeaders(customer),
      data: {
        country: 'Spain',
        postCode: '28013',
        city: 'Madrid',
        address: 'Calle Mayor 1',
        promoCode: null,
        cart_items: [],
      },
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ message: NOT_SERVED, errors: { country: [NOT_SERVED] } });

    // The checkout: Spain not offered; the saved Spanish address leaves the country to choose, and says why.
    const products = (
      (await (await customer.request.get('/api/products/catalog?per_page=20')).json()) as {
        payload: { id: number; stock: number; variations: unknown[] }[];
      }
    ).payload;
    const product = products.find((p) => p.variations.length === 0 && p.stock >= 5)!;
    const added = await customer.request.post('/api/cart/add', {
      headers: await xsrfHeaders(customer),
      data: { id: product.id, count: 1, is_variation: false },
    });
    expect(added.status()).toBe(200);
    await customer.goto('/cart');
    await expect(customer.locator('astro-island:has(.cart-view)')).not.toHaveAttribute('ssr', /.*/);
    await customer.getByRole('button', { name: 'Checkout', exact: true }).click();
    const country = customer.getByRole('combobox', { name: /^Country/ });
    await expect(country.locator('option', { hasText: 'Germany' })).toHaveCount(1);
    await expect(country.locator('option', { hasText: 'Spain' })).toHaveCount(0);
    await expect(country).toHaveValue('');
    await expect(customer.locator('#checkout-countryId-error')).toHaveText(NOT_SERVED);
    await country.selectOption({ label: 'Germany' });
    await expect(customer.locator('#checkout-countryId-error')).toHaveCount(0);
    await calculateBerlinTotals(customer);
  } finally {
    await setCountryState(admin, 'ES', 'served');
    await admin.dispose();
    await customerContext.close();
  }
});
