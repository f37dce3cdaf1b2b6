import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer, xsrfHeaders } from './support/shopper';
import { setCountryState } from './support/back-office';

/**
 * The cart and checkout as a new customer walks them (accounts spec §2 Cart page,
 * Checkout form, Payment outcome pages, Phone payment modal; §4 button states and checkout flow):
 * lines → quantity → promo → shipping → Calculate Shipping → Place Order → confirm → the demo card
 * gateway → success → Orders; a phone order → modal; a declined card → fail page → Try Again;
 * a country without delivery. Every purchase uses a freshly registered and verified customer
 * (the demo customer's orders are read by other specs). axe on every page on the way.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

interface CatalogProduct {
  id: number;
  name: string;
  stock: number;
  categories: { id: number; url: string }[];
  variations: { id: number; stock: number; attributes: { name: string; attribute_group: { name: string } }[] }[];
}

/** The product page path the shop links to (the most specific category's list + the id). */
const productPath = (p: CatalogProduct) =>
  `${[...p.categories].sort((a, b) => b.id - a.id)[0]?.url ?? '/products/all/all'}/${p.id}`;

/** As a shopper does it: the product page, the variation's options if any, Add to cart. */
async function addFromProductPage(
  page: Page,
  product: CatalogProduct,
  variation?: CatalogProduct['variations'][number],
) {
  await page.goto(productPath(product));
  const purchase = page.locator('.product-purchase');
  await purchase.hover();
  await expect(page.locator('astro-island:has(.product-purchase)')).not.toHaveAttribute('ssr', /.*/);
  for (const attribute of variation?.attributes ?? []) {
    await purchase.getByLabel(attribute.attribute_group.name, { exact: true }).selectOption({ label: attribute.name });
  }
  const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
  await purchase.getByRole('button', { name: 'Add to cart' }).click();
  expect((await added).status()).toBe(200);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications).toContainText('Item added to cart!');
  // Toasts follow the shopper to the next page (bottom-right, over the checkout button): close them.
  const close = notifications.getByRole('button');
  while ((await close.count()) > 0) await close.first().click();
}

/** A product without variations and one variation of another, both with stock to spare. */
async function pickProducts(page: Page, offset: number) {
  const response = await page.request.get('/api/products/catalog?per_page=60');
  expect(response.status()).toBe(200);
  const products = ((await response.json()) as { payload: CatalogProduct[] }).payload;
  const simple = products.filter((p) => p.variations.length === 0 && p.stock >= 20);
  const varied = products.filter((p) => p.variations.some((v) => v.stock >= 20));
  expect(simple.length).toBeGreaterThan(offset);
  expect(varied.length).toBeGreaterThan(offset);
  const product = simple[offset % simple.length]!;
  const withVariation = varied[offset % varied.length]!;
  const variation = withVariation.variations.find((v) => v.stock >= 20)!;
  return { product, withVariation, variation };
}

async function addToCart(page: Page, id: number, isVariation: boolean, count = 1) {
  const response = await page.request.post('/api/cart/add', {
    headers: await xsrfHeaders(page),
    data: { id, count, is_variation: isVariation },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('OK');
}

/** Buttons of an island do nothing before its code has arrived. */
async function hydrated(page: Page, selector: string): Promise<void> {
  await expect(page.locator(`astro-island:has(${selector})`)).not.toHaveAttribute('ssr', /.*/);
}

const mainButton = (page: Page) => page.locator('.checkout-submit');

async function openCheckout(page: Page) {
  await hydrated(page, '.cart-view');
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function fillAddress(page: Page, country = 'Germany', postCode = '10117') {
  await page.getByRole('combobox', { name: /^Country/ }).selectOption({ label: country });
  await page.getByRole('textbox', { name: /^City/ }).fill('Berlin');
  await page.getByRole('textbox', { name: /^Address/ }).fill('Friedrichstraße 1');
  await page.getByRole('textbox', { name: /^Post code/ }).fill(postCode);
}

async function calculate(page: Page) {
  await expect(mainButton(page)).toHaveText('Calculate Shipping');
  const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
  await mainButton(page).click();
  expect((await totals).status()).toBe(200);
}

async function placeOrder(page: Page, axe?: { check(): Promise<void> }) {
  await expect(mainButton(page)).toHaveText('Place Order');
  await mainButton(page).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm your order' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Are you sure you want to proceed with this purchase?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeFocused();
  if (axe) await axe.check();
  await dialog.getByRole('button', { name: 'Yes' }).click();
}

async function payByCard(page: Page, number: string) {
  await page.waitForURL(/\/pay\/demo\/[0-9a-f-]+$/);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Robin Trail');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('a guest sees the empty cart with a way to sign in; axe', async ({ shop, page, axe }) => {
  await shop.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/auth?form=signin&redirect=%2Fcart',
  );
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products/all/all');
  await axe.check();
  shop.expectNoPageErrors();
});

test('new customer: lines, quantity, promo, shipping, card payment → success → Orders shows Success', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'cart.card');
  const { product, withVariation, variation } = await pickProducts(page, 0);

  // An empty cart first.
  await shop.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();

  // Added the way a shopper does: from the product pages, choosing the variation's options.
  await addFromProductPage(page, product);
  await addFromProductPage(page, withVariation, variation);
  await shop.goto('/cart');
  const lines = page.locator('.cart-lines > li');
  await expect(lines).toHaveCount(2);
  // Server-rendered: the header badge counts the units.
  await expect(page.locator('header .badge')).toHaveText('2');
  const simpleLine = lines.filter({ hasText: product.name });
  await expect(simpleLine.getByRole('heading', { level: 3 })).toHaveText(product.name);
  await expect(lines.filter({ hasText: withVariation.name }).locator('.cart-line-attributes')).not.toBeEmpty();
  await expect(simpleLine.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await axe.check();

  // Quantity: + once, sent after the debounce, the price and badge follow.
  await hydrated(page, '.cart-view');
  const priceBefore = await simpleLine.locator('.cart-line-price').textContent();
  const update = page.waitForResponse((r) => r.url().endsWith('/api/cart/update'));
  await simpleLine.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(simpleLine.getByRole('spinbutton')).toHaveValue('2');
  expect((await update).status()).toBe(200);
  await expect(simpleLine.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  await expect(simpleLine.locator('.cart-line-price')).not.toHaveText(priceBefore!);
  await expect(page.locator('header .badge')).toHaveText('3');

  // Checkout: prefilled from the profile; the address is missing.
  await openCheckout(page);
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Robin');
  await expect(page.locator('#checkout-email')).toHaveValue(/^cart\.card\./);
  await expect(mainButton(page)).toHaveText('Complete Form');
  await expect(mainButton(page)).toHaveAttribute('aria-disabled', 'true');
  // The first submit attempt highlights what is missing (the button is aria-disabled, not inert).
  await mainButton(page).click({ force: true });
  await expect(page.getByRole('textbox', { name: /^City/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
  await axe.check();

  // Promo with an incomplete address: kept, with the note.
  const promoButton = page.getByRole('button', { name: 'Apply' });
  await expect(promoButton).toBeDisabled();
  await page.getByLabel('Promo code').fill('SAVE10');
  await promoButton.click();
  await expect(page.getByText('Active promo code: SAVE10')).toBeVisible();
  await expect(page.getByText('Please complete shipping address to apply promo code')).toBeVisible();
  await expect(promoButton).toBeDisabled();

  await fillAddress(page);
  await expect(page.getByText('Please complete shipping address to apply promo code')).toBeHidden();
  await calculate(page);
  const summary = page.locator('.checkout-summary');
  await expect(summary.getByText('Discount')).toBeVisible();
  await expect(summary.locator('.checkout-totals')).toContainText('−€10.00');
  // Germany from the Dutch demo shop under the OSS: the German rate, one row per rate (ADR 030).
  await expect(summary.getByText(/^incl\. 19% VAT$/)).toBeVisible();
  await expect(summary.locator('.checkout-total dd')).toHaveText(/^€\d+\.\d\d$/);
  await axe.check();

  await placeOrder(page, axe);
  await page.waitForURL(/\/pay\/demo\//);
  await axe.check();
  await payByCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
  await axe.check();
  const orderNr = new URL(page.url()).searchParams.get('order')!;

  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  const card = page.locator('.orders-list > li').filter({ hasText: orderNr });
  await expect(card.locator('.order-badge')).toHaveText('Success');
  // The cart is empty now.
  await shop.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  shop.expectNoPageErrors();
});

test('phone payment: the modal with the order number; closing goes to the orders', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'cart.phone');
  const { product } = await pickProducts(page, 1);
  await addToCart(page, product.id, false, 2);
  await shop.goto('/cart');
  await openCheckout(page);
  await fillAddress(page);
  await calculate(page);
  await page.getByRole('radio', { name: 'Phone payment' }).check();
  const checkout = page.waitForResponse((r) => r.url().endsWith('/api/orders/checkout'));
  await placeOrder(page);
  const answer = await (await checkout).json();
  expect(answer.payment_type).toBe('phone');
  const dialog = page.getByRole('dialog', { name: 'Pay by phone' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.phone-modal-order')).toHaveText(answer.order_data.order_nr);
  await expect(dialog.getByText('Your order is reserved and waiting for payment.')).toBeVisible();
  await expect(page.locator('header .badge')).toHaveCount(0);
  await axe.check();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  await expect(
    page.locator('.orders-list > li').filter({ hasText: answer.order_data.order_nr }).locator('.order-badge'),
  ).toHaveText('Pending...');
  shop.expectNoPageErrors();
});

test('a declined card ends on the fail page; Try Again returns to the cart with its lines, and they can be bought', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'cart.declined');
  const { withVariation, variation } = await pickProducts(page, 2);
  await addToCart(page, variation.id, true, 2);
  await shop.goto('/cart');
  await openCheckout(page);
  await fillAddress(page, 'France', '75001');
  await calculate(page);
  await placeOrder(page);
  await payByCard(page, '4000 0000 0000 0002');
  await page.waitForURL(/\/fail-payment/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Order Payment Failed' })).toBeVisible();
  await axe.check();
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(`${BASE}/cart`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  // Issue 13: the declined order's lines are back in the cart (not "Your cart is empty").
  const lines = page.locator('.cart-lines > li');
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByRole('heading', { level: 3 })).toHaveText(withVariation.name);
  await expect(lines.first().getByRole('spinbutton')).toHaveValue('2');
  await expect(page.getByText('Your cart is empty')).toBeHidden();
  await expect(page.locator('header .badge')).toHaveText('2');

  // Try Again really works: the same lines are paid this time.
  await openCheckout(page);
  await fillAddress(page, 'France', '75001');
  await calculate(page);
  await placeOrder(page);
  await payByCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  await shop.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  shop.expectNoPageErrors();
});

test('the 3-D Secure card asks the bank step first, then pays; cancelling declines', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'cart.threeds');
  const { product: plain } = await pickProducts(page, 3);
  await addToCart(page, plain.id, false);
  await shop.goto('/cart');
  await openCheckout(page);
  await fillAddress(page);
  await calculate(page);
  await placeOrder(page);
  await payByCard(page, '4000 0000 0000 3220');
  await page.waitForURL(/\/pay\/demo\/[0-9a-f-]+\/secure$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByText(/with the card •••• 3220\.$/)).toBeVisible();
  await axe.check();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();

  // A second order cancelled at the bank step ends on the fail page.
  await addToCart(page, plain.id, false);
  await shop.goto('/cart');
  await openCheckout(page);
  await fillAddress(page);
  await calculate(page);
  await placeOrder(page);
  await payByCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/fail-payment/, { timeout: 20_000 });
  shop.expectNoPageErrors();
});

test('delivery unavailable: Place Order (Delivery Price N/A); a bad post code is an address error on the button', async ({
  shop,
  page,
  axe,
  mailbox,
  playwright,
}) => {
  test.slow();
  // New Zealand with the delivery price on request for this test (the demo serves it at its
  // zone's price; the sanctioned countries are not served at all): put back at the end.
  const admin = await playwright.request.newContext({ baseURL: BASE });
  await setCountryState(admin, 'NZ', 'on_request');
  try {
    await newVerifiedCustomer(page, mailbox, 'cart.nodelivery');
    const { product } = await pickProducts(page, 3);
    await addToCart(page, product.id, false);
    await shop.goto('/cart');
    await openCheckout(page);

    // A post code Germany does not accept: the button shows the server's text, disabled.
    await fillAddress(page, 'Germany', 'ABC');
    const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
    await mainButton(page).click();
    expect((await totals).status()).toBe(422);
    await expect(mainButton(page)).toHaveText(/Invalid postcode/);
    await expect(mainButton(page)).toBeDisabled();
    // Changing the address allows a new calculation.
    await fillAddress(page, 'New Zealand', '6011');
    await calculate(page);
    await expect(mainButton(page)).toHaveText('Place Order (Delivery Price N/A)');
    await expect(mainButton(page)).toBeEnabled();
    await expect(page.locator('.checkout-totals')).toContainText('N/A');
    await expect(
      page.getByText(
        'Delivery price not available at the moment, we will contact you with delivery details after order placement.',
      ),
    ).toBeVisible();
    await axe.check();

    // Back to cart brings the list back; No in the confirm dialog changes nothing.
    await mainButton(page).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await page.getByRole('button', { name: /Back to cart/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.locator('.cart-lines > li')).toHaveCount(1);
    shop.expectNoPageErrors();
  } finally {
    await setCountryState(admin, 'NZ', 'served');
    await admin.dispose();
  }
});

test('balance top-up: at least the minimum, paid by card, credited once settled', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'cart.topup');
  await shop.goto('/account?tab=contact');
  await expect(page.locator('.account-balance')).toHaveText('Balance: €0.00');
  await page.getByRole('button', { name: 'Top up' }).click();
  const amount = page.getByLabel('Amount (EUR)');
  await amount.fill('5');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.locator('#top-up-amount-error')).toHaveText('Minimum top-up amount: €10.00');
  await axe.check();
  await amount.fill('25');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payByCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success-payment\?order=TU-/, { timeout: 20_000 });
  await shop.goto('/account?tab=contact');
  await expect(page.locator('.account-balance')).toHaveText('Balance: €25.00');
  shop.expectNoPageErrors();
});

test('a currency change re-prices the cart in place and asks for the totals again', async ({ shop, page, mailbox }) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'cart.currency');
  const { product } = await pickProducts(page, 4);
  await addToCart(page, product.id, false);
  await shop.goto('/cart');
  const price = page.locator('.cart-lines > li .cart-line-price').first();
  await expect(price).toContainText('€');
  await openCheckout(page);
  await fillAddress(page);
  await calculate(page);
  await expect(mainButton(page)).toHaveText('Place Order');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
  // The totals were in euros: calculated again before an order can be placed.
  await expect(mainButton(page)).toHaveText('Calculate Shipping');
  await calculate(page);
  await expect(page.locator('.checkout-totals')).toContainText('$');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  await page.getByRole('button', { name: 'Back to cart' }).click();
  await expect(price).toContainText('$');
  shop.expectNoPageErrors();
});
