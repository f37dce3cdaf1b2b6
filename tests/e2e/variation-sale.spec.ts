import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer } from './support/shopper';
import { STAFF } from './support/back-office';

/**
 * Issue 26: a variation on sale is charged what its page shows. Staff put a demo product with
 * sizes on sale the way the shop owner did (a sale price on the product, the variations
 * at the product's regular price); a new customer picks a size on the product page, and sees the
 * same sale price there, in the cart, at checkout, on the order and in the confirmation mail.
 */

interface CatalogProduct {
  id: number;
  name: string;
  price: number;
  old_price: string;
  categories: { id: number; url: string }[];
  variations: { id: number; stock: number; attributes: { name: string; attribute_group: { name: string } }[] }[];
}

const money = (amount: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(amount);
const productPath = (p: CatalogProduct) => `${[...p.categories].sort((a, b) => b.id - a.id)[0]?.url ?? '/products/all/all'}/${p.id}`;

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

/** Staff, signed in with a bearer token (the API's way for scripts). */
async function staffApi(request: APIRequestContext): Promise<(method: 'GET' | 'PUT', path: string, data?: unknown) => Promise<any>> {
  const login = await request.post('/api/login', { data: { username: STAFF.email, password: STAFF.password, device_name: 'e2e-variation-sale' } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { payload: { token: string } }).payload.token;
  return async (method, path, data) => {
    const res = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { payload: unknown }).payload;
  };
}

test('a variation on sale: the same price on the product page, in the cart, at checkout, on the order and in its mail', async ({ shop, page, request, axe, mailbox }) => {
  test.slow();
  // A product with sizes in stock, not on sale, under 500.00 (the dearer end: other specs take the first ones).
  const list = await request.get('/api/products/catalog?per_page=60&sort=desc&price_max=500');
  expect(list.status(), await list.text()).toBe(200);
  const candidates = ((await list.json()) as { payload: CatalogProduct[] }).payload.filter(
    (p) => p.variations.length > 1 && p.variations.every((v) => v.stock >= 5) && Number(p.old_price) === 0,
  );
  expect(candidates.length).toBeGreaterThan(0);
  const product = candidates[0]!;
  const variation = product.variations[0]!;

  // Staff: a sale price on the product (20 % off), every size at the product's regular price.
  const api = await staffApi(request);
  const admin = await api('GET', `/api/admin/products/${product.id}`);
  const regular: number = admin.price_cents;
  const saleCents = Math.round(regular * 0.8);
  const onSale = await api('PUT', `/api/admin/products/${product.id}`, { version: admin.version, sale_price_cents: saleCents });
  await api('PUT', `/api/admin/products/${product.id}/variations`, {
    version: onSale.version,
    variations: onSale.variations.map((v: { id: number; sku: string; stock: number; active: boolean }) => ({ id: v.id, sku: v.sku, price_cents: regular, stock: v.stock, active: v.active })),
  });
  const sale = money(saleCents / 100);
  const old = money(regular / 100);

  const { email } = await newVerifiedCustomer(page, mailbox, 'variation.sale');

  // The product page: the sale price (no "from": every size costs the same), the regular one struck.
  await shop.goto(productPath(product));
  const info = page.locator('.product-info');
  await expect(info.locator('.price')).toHaveText(new RegExp(`^\\s*Price:\\s*${sale.replace('.', '\\.')}\\s*$`));
  await expect(info.locator('.old-price s')).toHaveText(old);
  const purchase = page.locator('.product-purchase');
  await purchase.hover();
  await expect(page.locator('astro-island:has(.product-purchase)')).not.toHaveAttribute('ssr', /.*/);
  for (const attribute of variation.attributes) {
    await purchase.getByLabel(attribute.attribute_group.name, { exact: true }).selectOption({ label: attribute.name });
  }
  // The chosen size's own price and stock, as the cart will charge it.
  const offer = page.getByTestId('choice-offer');
  await expect(offer.locator('.choice-price strong')).toHaveText(sale);
  await expect(offer.locator('.choice-price s')).toHaveText(old);
  await axe.check();
  const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
  await purchase.getByRole('button', { name: 'Add to cart' }).click();
  expect((await added).status()).toBe(200);

  // The cart.
  await shop.goto('/cart');
  const line = page.locator('.cart-lines > li').filter({ hasText: product.name });
  await expect(line.locator('.cart-line-price')).toContainText(sale);

  // Checkout: the items total is the sale price.
  await expect(page.locator('astro-island:has(.cart-view)')).not.toHaveAttribute('ssr', /.*/);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.getByRole('combobox', { name: /^Country/ }).selectOption({ label: 'Germany' });
  await page.getByRole('textbox', { name: /^City/ }).fill('Berlin');
  await page.getByRole('textbox', { name: /^Address/ }).fill('Friedrichstraße 1');
  await page.getByRole('textbox', { name: /^Post code/ }).fill('10117');
  const submit = page.locator('.checkout-submit');
  await expect(submit).toHaveText('Calculate Shipping');
  const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
  await submit.click();
  const totalsBody = (await (await totals).json()) as { original: { cart_total: number; final_amount: number } };
  expect(totalsBody.original.cart_total).toBe(saleCents / 100);
  await expect(page.locator('.checkout-totals')).toContainText(sale);
  await expect(submit).toHaveText('Place Order');
  await submit.click();
  await page.getByRole('alertdialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Yes' }).click();

  // Pay with the demo gateway's test card.
  await page.waitForURL(/\/pay\/demo\/[0-9a-f-]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Robin Trail');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  const orderNr = new URL(page.url()).searchParams.get('order')!;

  // The order: its line at the sale price, and the confirmation mail saying the same.
  await shop.goto(`/account/orders/${orderNr}`);
  await expect(page.locator('.order-item-price')).toContainText(sale);
  await expect(page.locator('.order-totals')).toContainText(sale);
  const mail = await mailbox.waitFor(email, { subject: new RegExp(orderNr) });
  expect(mail.text).toContain(`${product.name} × 1`);
  expect(mail.text).toContain(sale);
  expect(mail.text).not.toContain(old);
  shop.expectNoPageErrors();
});
