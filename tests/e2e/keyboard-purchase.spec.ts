import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer } from './support/shopper';

/**
 * A whole purchase with the keyboard alone (issue 18): search from the header, filter the list,
 * open the product, pick its variation, add it to the cart, raise the quantity, check out, confirm
 * and pay on the gateway page — only Tab, Shift+Tab, typing, Enter and Space, and a visible focus
 * on every element Tab lands on. Cart and totals changes are announced in live regions.
 */

interface CatalogProduct {
  id: number;
  name: string;
  price: number;
  variations: { id: number; stock: number; attributes: { name: string; attribute_group: { name: string } }[] }[];
}

/** Whether the focused element shows it (an outline or a focus ring drawn as a shadow). */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el.tagName === 'IFRAME') return null;
    const s = getComputedStyle(el);
    const visible = (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    return visible
      ? null
      : `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}" has no visible focus`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus is visible at each stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    expect(await focusProblem(page)).toBeNull();
  }
  throw new Error(`Tab did not reach ${target}`);
}

test('a customer buys with the keyboard alone, with visible focus and announced changes', async ({
  page,
  context,
  mailbox,
}) => {
  test.slow();
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await newVerifiedCustomer(page, mailbox, 'keyboard');
  const catalog = (await (await page.request.get('/api/products/catalog?per_page=60')).json()) as {
    payload: CatalogProduct[];
  };
  const product = catalog.payload.find(
    (p) => p.variations.length > 1 && p.variations.some((v) => v.stock >= 20 && v.attributes.length > 0),
  )!;
  expect(product).toBeDefined();
  const variation = product.variations.find((v) => v.stock >= 20 && v.attributes.length > 0)!;

  // Search from the header.
  await page.goto('/');
  const search = page.getByRole('searchbox').first();
  await tabTo(page, search);
  await page.keyboard.type(product.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/all[^?]*\?.*search=/);

  // Filter: a price range around the product's price, typed and sent with Enter.
  const min = page.getByRole('textbox', { name: 'From', exact: true });
  await tabTo(page, min);
  await page.keyboard.type(String(Math.max(0, Math.floor(product.price) - 1)));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/price_min|min_price|price_from/);
  const cardLink = page
    .getByRole('article')
    .filter({ hasText: product.name })
    .getByRole('link', { name: product.name })
    .first();
  await tabTo(page, cardLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

  // The variation: each option chosen by typing its name into the focused select.
  const purchase = page.locator('.product-purchase');
  for (const attribute of variation.attributes) {
    const select = purchase.getByLabel(attribute.attribute_group.name, { exact: true });
    await tabTo(page, select);
    // The purchase island hydrates on the first interaction, keyboard focus included.
    await expect(page.locator('astro-island:has(.product-purchase)')).not.toHaveAttribute('ssr', /.*/, {
      timeout: 15_000,
    });
    await page.keyboard.type(attribute.name);
    await expect(select.locator('option:checked')).toHaveText(attribute.name);
  }
  const add = purchase.getByRole('button', { name: 'Add to cart' });
  await tabTo(page, add);
  const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
  await page.keyboard.press('Enter');
  expect((await added).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Item added to cart!');

  // To the cart through the header link, back up the page.
  const cartLink = page.getByRole('banner').getByRole('link', { name: /cart/i }).first();
  await tabTo(page, cartLink, { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${BASE}/cart`);
  await expect(page.locator('astro-island:has(.cart-view)')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  const increase = page.getByRole('button', { name: 'Increase quantity' }).first();
  await tabTo(page, increase);
  const updated = page.waitForResponse((r) => r.url().endsWith('/api/cart/update'));
  await page.keyboard.press('Enter');
  expect((await updated).status()).toBe(200);
  await expect(page.locator('.cart-view > [role="status"]')).toHaveText(/^Cart updated: 2 items, /);

  // Checkout: the address typed field by field, the country chosen by typing.
  await tabTo(page, page.getByRole('button', { name: 'Checkout', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
  const country = page.getByRole('combobox', { name: /^Country/ });
  await tabTo(page, country);
  await page.keyboard.type('Germany');
  await expect(country.locator('option:checked')).toHaveText('Germany');
  for (const [name, value] of [
    [/^City/, 'Berlin'],
    [/^Address/, 'Friedrichstraße 1'],
    [/^Post code/, '10117'],
  ] as const) {
    const field = page.getByRole('textbox', { name });
    await tabTo(page, field);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(value);
  }
  const main = page.locator('.checkout-submit');
  await tabTo(page, main);
  await expect(main).toHaveText('Calculate Shipping');
  await page.keyboard.press('Enter');
  await expect(page.locator('.checkout-summary-note')).toContainText(/Total now €\d+\.\d\d\./);
  await expect(main).toHaveText('Place Order');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Confirm your order' });
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The gateway page, by keyboard too.
  await page.waitForURL(/\/pay\/demo\/[0-9a-f-]+$/);
  for (const [label, value] of [
    ['Card number', '4242 4242 4242 4242'],
    ['Expiry date (MM/YY)', '12/30'],
    ['Security code (CVC)', '123'],
    ['Name on the card', 'Robin Trail'],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
});
