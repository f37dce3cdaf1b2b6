import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer, xsrfHeaders } from './support/shopper';
import { type CatalogProduct, berlinShipping, post, stockOf } from './support/page-api';
import { EDITOR, STAFF, signInToBackOffice } from './support/back-office';

/**
 * A day in the back office (issue 15, ADR 023), in Chromium as the demo staff member: a new
 * customer's pending phone order is found by the customer's email and marked paid (their history
 * says Success, the confirmation mail arrives), shipped with a tracking number (mail with the
 * link); another order is cancelled (stock back once, the once-per-customer promo code usable
 * again); a paid card order is refunded to the shop balance (ledger row). The filtered list is
 * exported as CSV with its progress bar. axe on every back-office page on the way.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

/** Puts `count` of the product in the cart and checks out; answers the checkout's JSON. */
async function buy(page: Page, email: string, product: CatalogProduct, count: number, over: Record<string, unknown>) {
  await post(page, '/api/cart/add', { id: product.id, count, is_variation: false });
  return post<{ status: string; order_data?: { order_nr: string }; redirect_url?: string }>(
    page,
    '/api/orders/checkout',
    berlinShipping(email, over),
  );
}

/** Sends an action form of the order page, accepting its confirm question, and waits for the reload. */
async function act(page: Page, form: string, fill: Record<string, string> = {}, button?: string) {
  const section = page.locator('form', { has: page.getByRole('heading', { level: 3, name: form, exact: true }) });
  for (const [label, value] of Object.entries(fill)) {
    const field = section.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  if ((await section.getAttribute('data-confirm')) !== null) page.once('dialog', (dialog) => void dialog.accept());
  const reply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/admin/orders/'));
  const reloaded = page.waitForEvent('load');
  await section.getByRole('button', { name: button ?? form, exact: true }).click();
  expect((await reply).status()).toBe(200);
  await reloaded;
}

test('staff: find, mark paid, ship, cancel, refund to balance, export; axe on every page', async ({
  page,
  browser,
  axe,
  mailbox,
}) => {
  test.slow();
  // The customer: a new account with three orders.
  const customerContext = await browser.newContext();
  await customerContext.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const customer = await customerContext.newPage();
  const { email } = await newVerifiedCustomer(customer, mailbox, 'staff-flow');
  const catalog = (await (await customer.request.get('/api/products/catalog?per_page=60')).json()) as {
    payload: CatalogProduct[];
  };
  const simple = catalog.payload.filter((p) => p.variations.length === 0 && p.stock >= 20);
  expect(simple.length).toBeGreaterThan(3);
  const [shipped, cancelled, refunded] = [simple[1]!, simple[2]!, simple[3]!];

  const phone = await buy(customer, email, shipped, 1, { payment_method: 'phone' });
  const toShip = phone.order_data!.order_nr;
  const stockBefore = await stockOf(customer, cancelled.id);
  const withPromo = await buy(customer, email, cancelled, 2, { payment_method: 'phone', promoCode: 'SAVE10' });
  const toCancel = withPromo.order_data!.order_nr;
  expect(await stockOf(customer, cancelled.id)).toBe(stockBefore - 2);
  const spent = await customer.request.post('/api/promocodes/check', {
    headers: await xsrfHeaders(customer),
    data: { code: 'SAVE10' },
  });
  expect(((await spent.json()) as { message: string }).message).toBe('You have already used this promo code.');

  const card = await buy(customer, email, refunded, 1, { payment_method: 'card' });
  await customer.goto(card.redirect_url!);
  await customer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await customer.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await customer.getByLabel('Security code (CVC)').fill('123');
  await customer.getByLabel('Name on the card').fill('Robin Trail');
  await customer.getByRole('button', { name: /^Pay / }).click();
  await customer.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  const cardNr = new URL(customer.url()).searchParams.get('order')!;
  const statusOf = async (nr: string) => {
    const res = await customer.request.get('/api/orders/history?page=1');
    const orders = ((await res.json()) as { payload: { order_nr: string; status: string }[] }).payload;
    return orders.find((o) => o.order_nr === nr)?.status;
  };
  expect(await statusOf(cardNr)).toBe('Success');

  // Staff: the list, found by the customer's email.
  await signInToBackOffice(page, STAFF);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await axe.check();
  const search = page.getByRole('search', { name: 'Find orders' });
  await search.getByLabel('Order number, email or name').fill(email);
  await search.getByRole('button', { name: 'Find orders' }).click();
  await expect(page.getByRole('table')).toContainText('3 orders');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await axe.check();

  // The export of exactly these three orders, with its progress.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export these orders as CSV' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'orders exported' })).toHaveText('Done: 3 orders exported.');
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('value', '100');
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let all = '';
    csv.on('data', (chunk: Buffer) => (all += chunk.toString('utf8')));
    csv.on('end', () => resolve(all));
  });
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'order_nr,created_at,status,kind,payment_method,name,surname,email,country,city,total_eur,currency,total_in_currency,refunded_eur',
  );
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
  ).toEqual([toShip, toCancel, cardNr].sort());
  expect(lines.slice(1).every((l) => l.includes(email))).toBe(true);

  // Mark the phone order paid: Success in the customer's history, and the confirmation mail.
  await page.getByRole('link', { name: toShip, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${toShip}` })).toBeVisible();
  await axe.check();
  await act(page, 'Mark paid');
  await expect(page.locator('.badge').first()).toHaveText('Success');
  expect(await statusOf(toShip)).toBe('Success');
  const paidMail = await mailbox.waitFor(email, { subject: new RegExp(`^Your order ${toShip} `) });
  expect(paidMail.text).toContain(toShip);

  // Ship it with a tracking number and link.
  await act(
    page,
    'Ship',
    {
      Carrier: 'DHL',
      'Tracking number': '00340434161234567890',
      'Tracking link (optional, https)': 'https://www.dhl.de/track?id=00340434161234567890',
    },
    'Ship order',
  );
  await expect(page.locator('.badge').first()).toHaveText('Shipped');
  await expect(page.getByRole('link', { name: '00340434161234567890' })).toHaveAttribute(
    'href',
    'https://www.dhl.de/track?id=00340434161234567890',
  );
  const shippedMail = await mailbox.waitFor(email, { subject: /is on its way/ });
  expect(shippedMail.links).toContain('https://www.dhl.de/track?id=00340434161234567890');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Marked paid' })).toContainText(STAFF.email);
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Shipped' })).toContainText('carrier: — → DHL');

  // Cancel the second order: stock back once, the promo code usable again.
  await page.goto(`/admin/orders/${toCancel}`);
  await act(page, 'Cancel', { Reason: 'Customer called to cancel' }, 'Cancel order');
  await expect(page.locator('.badge').first()).toHaveText('Cancelled');
  expect(await stockOf(customer, cancelled.id)).toBe(stockBefore);
  const again = await customer.request.post('/api/promocodes/check', {
    headers: await xsrfHeaders(customer),
    data: { code: 'SAVE10' },
  });
  expect(((await again.json()) as { status: string }).status).toBe('OK');
  await mailbox.waitFor(email, { subject: new RegExp(`^Your order ${toCancel} was cancelled`) });

  // Refund the paid card order to the shop balance: the ledger shows it.
  await page.goto(`/admin/orders/${cardNr}`);
  await act(page, 'Refund', { 'Refund to': 'balance', Reason: 'Arrived damaged' });
  await expect(page.locator('.badge').first()).toHaveText('Refunded');
  await mailbox.waitFor(email, { subject: new RegExp(`^Refund for your order ${cardNr}`) });
  await page.getByRole('link', { name: new RegExp(`^${email.replace(/[.+]/g, '\\$&')} \\(balance`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Trail' })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Every change of the balance, oldest first' });
  await expect(ledger).toContainText('Refund');
  await expect(ledger).toContainText(cardNr);
  await axe.check();
  // The customer list finds them by part of the address.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('search', { name: 'Find customers' }).getByLabel('Email or name').fill(email.split('@')[0]!);
  await page.getByRole('button', { name: 'Find customers' }).click();
  await expect(page.getByRole('link', { name: email })).toBeVisible();
  await axe.check();
  await customerContext.close();
});

test('an editor has no orders area: no link, and the 403 page on /admin/orders', async ({ page }) => {
  await signInToBackOffice(page, EDITOR);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' })).toHaveCount(0);
  const response = await page.goto('/admin/orders');
  expect(response!.status()).toBe(403);
});
