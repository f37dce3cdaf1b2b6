import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer, xsrfHeaders } from './support/shopper';

/**
 * Issue 29's dead ends, as a shopper meets them in Chromium: the wishlist from the header and the
 * account menu, a sold-out product page and wishlist entry, /success-payment without an order, a
 * 401 on /cart (open to everyone: no sign-in redirect), and the promo and quantity messages.
 * Registration switched off changes every page's header: registration-closed.spec.ts, run after
 * the rest (playwright.config.ts SHOP_WIDE_SPECS).
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

interface CatalogProduct {
  id: number;
  name: string;
  stock: number;
  availability: string;
  categories: { id: number; url: string }[];
  variations: { in_stock: boolean }[];
}

async function catalogue(page: Page): Promise<CatalogProduct[]> {
  const all: CatalogProduct[] = [];
  for (let n = 1; n <= 10; n++) {
    const response = await page.request.get(`/api/products/catalog?per_page=50&page=${n}`);
    expect(response.status()).toBe(200);
    const list = ((await response.json()) as { payload: CatalogProduct[] }).payload;
    all.push(...list);
    if (list.length < 50) break;
  }
  return all;
}

/** The product page path the shop links to (the most specific category's list + the id). */
const productPath = (p: CatalogProduct) =>
  `${[...p.categories].sort((a, b) => b.id - a.id)[0]?.url ?? '/products/all/all'}/${p.id}`;

async function simpleProduct(page: Page): Promise<CatalogProduct> {
  const product = (await catalogue(page)).find((p) => p.variations.length === 0 && p.stock >= 20);
  expect(product, 'the demo catalogue has a product without variations in stock').toBeDefined();
  return product!;
}

async function addToCart(page: Page, id: number, count = 1): Promise<void> {
  const response = await page.request.post('/api/cart/add', {
    headers: await xsrfHeaders(page),
    data: { id, count, is_variation: false },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('OK');
}

/** Buttons of an island do nothing before its code has arrived. */
async function hydrated(page: Page, selector: string): Promise<void> {
  await expect(page.locator(`astro-island:has(${selector})`)).not.toHaveAttribute('ssr', /.*/);
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const header = (page: Page) => page.getByRole('banner');

test('the wishlist is linked from the header with its count, for guests and in the account menu', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await shop.goto('/products/all/all');
  // Nothing saved yet: the link says just "Wishlist" and shows no count.
  const link = header(page).getByRole('link', { name: 'Wishlist', exact: true });
  await expect(link).toHaveAttribute('href', '/wishlist');
  await expect(header(page).locator('[data-wishlist-badge]')).toBeHidden();

  const toggle = page.locator('.product-card [data-wishlist-id]').first();
  await expect(toggle).toBeVisible();
  const savedId = await toggle.getAttribute('data-wishlist-id');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const counted = header(page).getByRole('link', { name: 'Wishlist, 1 items' });
  await expect(counted).toBeVisible();
  await expect(header(page).locator('[data-wishlist-badge]')).toHaveText('1');

  // Another page reads the count from this browser's storage.
  await shop.goto('/contact');
  await expect(counted).toBeVisible();
  await counted.click();
  await expect(page).toHaveURL(`${BASE}/wishlist`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  const entry = page.locator(`.wishlist-item[data-product-id="${savedId}"]`);
  await expect(entry).toBeVisible();
  await axe.check();
  await entry.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Wishlist', exact: true })).toBeVisible();
  await expect(header(page).locator('[data-wishlist-badge]')).toBeHidden();

  // A customer also finds it in the account menu.
  await newVerifiedCustomer(page, mailbox, 'deadends.wishlist');
  await shop.goto('/account');
  const menu = page.getByRole('navigation', { name: 'Account sections' });
  await expect(menu.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
  await expect(header(page).getByRole('link', { name: 'Wishlist', exact: true })).toBeVisible();
  await axe.check();
  await menu.getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  shop.expectNoPageErrors();
});

test('a sold-out product offers a disabled "Sold out", in en, de and fr, and the wishlist offers no Move to cart for it', async ({
  shop,
  page,
  axe,
}) => {
  const products = await catalogue(page);
  const soldOut = products.find((p) => p.stock <= 0 && p.variations.every((v) => !v.in_stock));
  expect(soldOut, 'the demo catalogue has a sold-out product').toBeDefined();
  const path = productPath(soldOut!);

  for (const [prefix, text] of [
    ['', 'Sold out'],
    ['/de', 'Ausverkauft'],
    ['/fr', 'Épuisé'],
  ] as const) {
    await shop.goto(`${prefix}${path}`);
    const purchase = page.locator('.product-purchase');
    await expect(purchase.getByRole('button', { name: text, exact: true })).toBeDisabled();
    await expect(purchase.getByRole('button')).toHaveCount(1);
    await expect(purchase.getByRole('combobox')).toHaveCount(0);
  }
  await shop.goto(path);
  await expect(page.locator('.product-purchase').getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await axe.check();

  // The same product saved in the wishlist: shown, but not offered for the cart.
  await page.evaluate((id) => localStorage.setItem('wishlist', JSON.stringify([id])), soldOut!.id);
  await shop.goto('/wishlist');
  const entry = page.locator(`.wishlist-item[data-product-id="${soldOut!.id}"]`);
  await expect(entry.getByRole('heading', { level: 2 })).toHaveText(soldOut!.name);
  await expect(entry.getByRole('button', { name: 'Sold out', exact: true })).toBeDisabled();
  await expect(entry.getByRole('button', { name: /Move .* to the cart/ })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: `Remove ${soldOut!.name} from the wishlist` })).toBeEnabled();
  await axe.check();
  shop.expectNoPageErrors();
});

test('/success-payment without an order of this shopper says nothing was placed, links to the cart and keeps the count', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  // A guest.
  await shop.goto('/success-payment');
  await expect(page.getByRole('heading', { level: 1, name: 'No order was placed' })).toBeVisible();
  await expect(page.getByText('Order Placed Successfully')).toHaveCount(0);
  await expect(page.getByText(/a confirmation has been sent/i)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
  await axe.check();

  // A customer with a line in the cart, without an order and with a made-up order number.
  await newVerifiedCustomer(page, mailbox, 'deadends.success');
  const product = await simpleProduct(page);
  await addToCart(page, product.id, 2);
  for (const path of ['/success-payment', '/success-payment?order=NOPE123']) {
    await shop.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'No order was placed' })).toBeVisible();
    await expect(
      page.getByText('We could not find an order of yours to confirm here. Your cart is unchanged.'),
    ).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await expect(header(page).locator('.badge')).toHaveText('2');
  }
  await page.getByRole('main').getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(`${BASE}/cart`);
  await expect(page.locator('.cart-lines > li')).toHaveCount(1);
  await expect(page.locator('.cart-lines > li').getByRole('spinbutton')).toHaveValue('2');
  shop.expectNoPageErrors();
});

test('a 401 on /cart keeps the shopper on the cart (open to everyone) with the session-expired toast', async ({
  shop,
  page,
  context,
  axe,
  mailbox,
}) => {
  await newVerifiedCustomer(page, mailbox, 'deadends.expired');
  const product = await simpleProduct(page);
  await addToCart(page, product.id);
  await shop.goto('/cart');
  await hydrated(page, '.cart-view');
  await expect(page.locator('.cart-lines > li')).toHaveCount(1);

  // The session ends on the server's side (its cookie is gone); the next cart call answers 401
  // (after the client has fetched a fresh XSRF token for the session-less browser: 419 first).
  await context.clearCookies({ name: 'shop_session' });
  const unauthorized = page.waitForResponse((r) => r.url().endsWith('/api/cart/update') && r.status() === 401);
  await page.locator('.cart-lines > li').getByRole('button', { name: 'Increase quantity' }).click();
  await unauthorized;
  await expect(toasts(page)).toContainText('Error occurred. Please log in again.');
  // Still on the cart, which now reads as a guest's, with the way to sign in.
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/auth?form=signin&redirect=%2Fcart',
  );
  expect(new URL(page.url()).pathname).toBe('/cart');
  await axe.check();
  shop.expectNoPageErrors();
});

test('promo with an incomplete address shows only the spec message; 500 typed in a quantity shows the server warning', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  await newVerifiedCustomer(page, mailbox, 'deadends.messages');
  const product = await simpleProduct(page);
  await addToCart(page, product.id);
  await shop.goto('/cart');
  await hydrated(page, '.cart-view');
  const line = page.locator('.cart-lines > li');

  // 500: sent as typed, the server answers WARNING (the line limit), the line keeps its count.
  const quantity = line.getByRole('spinbutton');
  const update = page.waitForResponse((r) => r.url().endsWith('/api/cart/update'));
  await quantity.fill('500');
  await expect(quantity).toHaveValue('500');
  const reply = await update;
  expect(reply.status()).toBe(200);
  expect(((await reply.json()) as { status: string }).status).toBe('WARNING');
  const warning = toasts(page).locator('.toast-warning');
  await expect(warning).toHaveText(/You can have at most 99 of one item in your cart\./);
  await expect(warning).toContainText('Warning');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await expect(header(page).locator('.badge')).toHaveText('1');
  const close = toasts(page).getByRole('button');
  while ((await close.count()) > 0) await close.first().click();

  // Promo before the address: the note, and no success toast beside it.
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Promo code').fill('SAVE10');
  const check = page.waitForResponse((r) => r.url().endsWith('/api/promocodes/check'));
  await page.getByRole('button', { name: 'Apply' }).click();
  expect((await check).status()).toBe(200);
  await expect(page.getByText('Active promo code: SAVE10')).toBeVisible();
  await expect(page.getByText('Please complete shipping address to apply promo code')).toBeVisible();
  await expect(toasts(page).getByText('Promo code applied successfully')).toHaveCount(0);
  await expect(toasts(page).locator('.toast')).toHaveCount(0);
  await axe.check();
  shop.expectNoPageErrors();
});
