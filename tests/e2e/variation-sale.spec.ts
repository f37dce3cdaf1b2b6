import { formatMoney } from '@/lib/money';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer } from './support/shopper';
import { productPath, putVariationOnSale } from './support/variation-sale';

/**
 * Issue 26: a variation on sale is charged what its page shows. Staff put a demo product with
 * sizes on sale the way the shop owner did (a sale price on the product, the variations
 * at the product's regular price); a new customer picks a size on the product page, and sees the
 * same sale price there, in the cart, at checkout, on the order and in the confirmation mail.
 * (In German to France: vat-destination.spec.ts.)
 */

const money = (amount: number) => formatMoney(amount, 'EUR', 'en');

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('a variation on sale: the same price on the product page, in the cart, at checkout, on the order and in its mail', async ({
  shop,
  page,
  request,
  axe,
  mailbox,
}) => {
  test.slow();
  // Staff: a sale price on the product (20 % off), every size at the product's regular price.
  const { product, variation, regularCents: regular, saleCents } = await putVariationOnSale(request, request, 0);
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
