import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer, xsrfHeaders } from './support/shopper';

/**
 * Issue 29: a card payment the shopper walked away from never strands them. The order waits with
 * Pay now and Cancel in history, on its page and on the cart page (which says where the items are
 * instead of "Your cart is empty"); the unpaid-orders limit has its own page with the same actions.
 * Orders are placed through the API (the checkout form has its own specs); what follows is clicked.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

interface CatalogProduct {
  id: number;
  name: string;
  stock: number;
  variations: unknown[];
}

/** Products without variations with stock to spare (a spec running beside this one buys some too). */
async function simpleProducts(page: Page, offset: number): Promise<CatalogProduct[]> {
  const response = await page.request.get('/api/products/catalog?per_page=50&page=1');
  expect(response.status()).toBe(200);
  const list = ((await response.json()) as { payload: CatalogProduct[] }).payload;
  const simple = list.filter((p) => p.variations.length === 0 && p.stock >= 20);
  expect(simple.length, 'the demo catalogue has products without variations in stock').toBeGreaterThan(offset + 1);
  return simple.slice(offset);
}

async function addToCart(page: Page, id: number, count = 1): Promise<void> {
  const response = await page.request.post('/api/cart/add', {
    headers: await xsrfHeaders(page),
    data: { id, count, is_variation: false },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A card order of the cart, placed and left unpaid: its number and payment page. */
async function placeCardOrder(page: Page): Promise<{ orderNr: string; redirectUrl: string }> {
  const response = await page.request.post('/api/orders/checkout', {
    headers: await xsrfHeaders(page),
    data: {
      name: 'Robin',
      surname: 'Trail',
      email: 'robin@example.org',
      phone: '+4915123456789',
      phoneCountryCode: 'DE',
      nationalNumber: '15123456789',
      country: 'Germany',
      city: 'Berlin',
      address: 'Friedrichstraße 1',
      postCode: '10117',
      payment_method: 'card',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { order_data: { order_nr: string }; redirect_url: string };
  return { orderNr: body.order_data.order_nr, redirectUrl: body.redirect_url };
}

async function hydrated(page: Page, selector: string): Promise<void> {
  await expect(page.locator(`astro-island:has(${selector})`).first()).not.toHaveAttribute('ssr', /.*/);
}

async function payByCard(page: Page): Promise<void> {
  await page.waitForURL(/\/pay\/demo\/[0-9a-f-]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Robin Trail');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('a card payment abandoned on the payment page is paid later from the order history; axe', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'pending.pay');
  const [product] = await simpleProducts(page, 0);
  await addToCart(page, product!.id, 2);
  const { orderNr, redirectUrl } = await placeCardOrder(page);
  // The shopper opens the payment page and walks away from it.
  await page.goto(redirectUrl);
  await expect(page.getByLabel('Card number')).toBeVisible();

  await shop.goto('/cart');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Your items are held by an order waiting for payment' }),
  ).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  await expect(page.locator('.cart-held-order')).toHaveText(new RegExp(`^Order #${orderNr} · 2 items · €`));
  await axe.check();

  await shop.goto('/account?tab=orders');
  const card = page.locator('.orders-list > li').filter({ hasText: orderNr });
  await expect(card.locator('.order-badge')).toHaveText('Pending...');
  await hydrated(page, '.orders');
  await expect(card.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await axe.check();
  await card.getByRole('button', { name: 'Pay now' }).click();
  await payByCard(page);
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();

  await shop.goto(`/account/orders/${orderNr}`);
  await expect(page.locator('.order-status .order-badge')).toHaveText('Success');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await shop.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  shop.expectNoPageErrors();
});

test('a pending card order cancelled from the cart page puts its items back at once; the order page offers both actions', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'pending.cancel');
  const [product] = await simpleProducts(page, 1);
  await addToCart(page, product!.id, 3);
  const { orderNr } = await placeCardOrder(page);

  await shop.goto(`/account/orders/${orderNr}`);
  await expect(
    page.getByText(
      'Waiting for your card payment. Pay now to finish the order, or cancel it to put its items back into your cart.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await axe.check();

  await shop.goto('/cart');
  await hydrated(page, '.cart-view');
  const held = page.locator('.cart-held');
  await expect(
    held.getByText('Pay now to finish an order, or cancel it to put its items back into your cart.'),
  ).toBeVisible();
  await held.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`Order ${orderNr} was cancelled. Its items are back in your cart.`)).toBeVisible();
  const line = page.locator('.cart-lines > li').filter({ hasText: product!.name });
  await expect(line.getByRole('spinbutton')).toHaveValue('3');
  await expect(page.locator('.cart-held')).toHaveCount(0);
  await axe.check();

  await shop.goto(`/account/orders/${orderNr}`);
  await expect(page.locator('.order-status .order-badge')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  shop.expectNoPageErrors();
});

test('the unpaid-orders limit: checkout opens its own page listing the orders with Pay now and Cancel; axe', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'pending.limit');
  const [product] = await simpleProducts(page, 2);
  const placed: string[] = [];
  for (let i = 0; i < 3; i++) {
    await addToCart(page, product!.id, 1);
    placed.push((await placeCardOrder(page)).orderNr);
  }
  await addToCart(page, product!.id, 1);

  // The fourth order from the checkout form: no payment is tried, the limit's page opens.
  await shop.goto('/cart');
  await hydrated(page, '.cart-view');
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.getByRole('combobox', { name: /^Country/ }).selectOption({ label: 'Germany' });
  await page.getByRole('textbox', { name: /^City/ }).fill('Berlin');
  await page.getByRole('textbox', { name: /^Address/ }).fill('Friedrichstraße 1');
  await page.getByRole('textbox', { name: /^Post code/ }).fill('10117');
  const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
  await page.locator('.checkout-submit').click();
  expect((await totals).status()).toBe(200);
  await expect(page.locator('.checkout-submit')).toHaveText('Place Order');
  await page.locator('.checkout-submit').click();
  await page.getByRole('alertdialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Yes' }).click();

  await page.waitForURL(/\/account\/unpaid-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders waiting for payment' })).toBeVisible();
  await expect(
    page.getByText(
      'The shop holds at most 3 unpaid orders or 100 items for you at a time, and your orders waiting for payment have reached that limit. Pay for one of them or cancel it, then place your new order.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Order Payment Failed')).toHaveCount(0);
  const rows = page.locator('.unpaid-orders-list > li');
  await expect(rows).toHaveCount(3);
  for (const nr of placed) {
    const row = rows.filter({ hasText: nr });
    await expect(row.getByRole('button', { name: 'Pay now' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  }
  await axe.check();

  await hydrated(page, '.pending-order-actions');
  await rows.filter({ hasText: placed[0]! }).getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/cart$/);
  const line = page.locator('.cart-lines > li').filter({ hasText: product!.name });
  await expect(line.getByRole('spinbutton')).toHaveValue('2');
  shop.expectNoPageErrors();
});
