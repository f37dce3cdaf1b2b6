import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The orders and contact part of the accounts spec (§2 Order history, Phone payment modal,
 * Contact page; §8 Orders/Clipboard/Contact): the demo customer's Orders tab (5 a page,
 * pagination, badges, dates, totals), Complete on the Pending phone order → the phone payment
 * modal (copy buttons, keyboard, closing reloads the list), and the contact form. Read-only for
 * the demo customer: its password and profile stay as they are.
 */

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

async function apiSignIn(page: Page): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/login', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    data: { username: DEMO.email, password: DEMO.password },
  });
  expect(response.status()).toBe(200);
}

/** Buttons of an island do nothing before its code has arrived. */
async function hydrated(page: Page, selector: string): Promise<void> {
  await expect(page.locator(`astro-island:has(${selector})`)).not.toHaveAttribute('ssr', /.*/);
}

const orderCards = (page: Page) => page.locator('.orders-list > li');

test.describe('orders tab of the demo customer', () => {
  test.beforeEach(async ({ page }) => {
    await apiSignIn(page);
  });

  test('lists 5 orders a page with badges, dates, totals and address; pagination; axe', async ({ shop, page, axe }) => {
    await shop.goto('/account?tab=orders');
    await expect(page.getByRole('heading', { level: 2, name: 'Order History' })).toBeVisible();
    // First page comes with the HTML.
    await expect(orderCards(page)).toHaveCount(5);
    const newest = orderCards(page).first();
    await expect(newest.getByRole('heading', { level: 3 })).toHaveText(/^Order #\d{6}-\d{6}$/);
    await expect(newest.locator('time')).toHaveText(/^Placed on \d\d\.\d\d\.\d{4}$/);
    await expect(newest.locator('.order-badge')).toHaveText('Pending...');
    await expect(newest.locator('.order-badge')).toHaveClass(/order-badge-pending/);
    for (const label of ['Order price', 'Delivery', 'Promo discount', 'Total amount', 'Delivery address']) {
      await expect(newest.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(newest.getByText(/^VAT \(20%\)$/)).toBeVisible();
    await expect(newest.getByText('Alex Demo, Friedrichstraße 123, 10117 Berlin, Germany')).toBeVisible();
    await expect(newest.locator('.order-item').first().locator('.order-item-qty')).toHaveText(/^Qty: \d+$/);
    const badges = await page.locator('.order-badge').allTextContents();
    expect(badges.every((b) => ['Success', 'Pending...', 'Error', 'Failed'].includes(b))).toBe(true);
    await expect(page.locator('.order-badge-error')).not.toHaveCount(0);
    await axe.check();

    await hydrated(page, '.orders');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1 of 2' })).toHaveAttribute('aria-current', 'page');
    const firstPageNumbers = await page.locator('.order-title').allTextContents();
    const loaded = page.waitForResponse((r) => r.url().includes('/api/orders/history') && r.url().includes('page=2'));
    await pagination.getByRole('link', { name: 'Page 2 of 2' }).click();
    await loaded;
    await expect(page).toHaveURL(/\/account\?tab=orders&page=2$/);
    await expect(pagination.getByRole('link', { name: 'Page 2 of 2' })).toHaveAttribute('aria-current', 'page');
    await expect(orderCards(page)).not.toHaveCount(0);
    const secondPageNumbers = await page.locator('.order-title').allTextContents();
    expect(secondPageNumbers.some((n) => firstPageNumbers.includes(n))).toBe(false);
    // The oldest demo order: a successful card order in EUR.
    await expect(orderCards(page).last().locator('.order-badge')).toHaveText('Success');

    await page.goBack();
    await expect(page).toHaveURL(/\/account\?tab=orders$/);
    await expect(page.locator('.order-title').first()).toHaveText(firstPageNumbers[0]!);

    // Without JavaScript the page links still work (server-rendered page 2).
    await shop.goto('/account?tab=orders&page=2');
    await expect(page.locator('.order-title')).toHaveText(secondPageNumbers);
    shop.expectNoPageErrors();
  });

  test('Complete on the pending phone order opens the phone payment modal; copy; keyboard; closing reloads', async ({
    shop,
    page,
    context,
    axe,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
    await shop.goto('/account?tab=orders');
    await hydrated(page, '.orders');
    const pending = orderCards(page)
      .filter({ has: page.getByRole('button', { name: 'Complete' }) })
      .first();
    const orderNr = (await pending.locator('.order-title').textContent())!.replace('Order #', '');
    const total = (await pending.locator('.order-total dd').textContent())!;
    const complete = pending.getByRole('button', { name: 'Complete' });

    const config = page.waitForResponse((r) => r.url().includes('/api/processing/config/phone-payment'));
    await complete.click();
    expect((await config).status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'Pay by phone' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toBeFocused();
    await expect(dialog.getByText('US and global customers')).toBeVisible();
    await expect(dialog.getByRole('link', { name: '+1 415 555 0142' })).toBeVisible();
    await expect(dialog.getByText('UK and EU customers')).toBeVisible();
    await expect(dialog.getByRole('link', { name: '+44 20 7946 0321' })).toBeVisible();
    await expect(dialog.locator('.phone-modal-order')).toHaveText(orderNr);
    // The amount exactly as the list writes it ("€12.34"): one currency display per language.
    await expect(dialog.locator('.phone-modal-total .phone-modal-value')).toHaveText(total);
    await expect(dialog.getByText('Your order is reserved and waiting for payment.')).toBeVisible();
    await expect(dialog.getByText('An unpaid phone order expires after 72 hours.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'View Orders' })).toBeEnabled();

    await dialog.getByRole('button', { name: 'Copy phone number: US and global customers' }).click();
    await expect(page.getByText('Phone number copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('+1 415 555 0142');
    await dialog.getByRole('button', { name: 'Copy order number' }).click();
    await expect(page.getByText('Order number copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNr);
    await axe.check();

    // Focus stays inside while open.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // Escape closes, focus returns to Complete, the list is fetched again.
    let reload = page.waitForResponse((r) => r.url().includes('/api/orders/history'));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await reload;
    await expect(pending.getByRole('button', { name: 'Complete' })).toBeFocused();

    // Close button, and the backdrop.
    await pending.getByRole('button', { name: 'Complete' }).click();
    await expect(dialog).toBeVisible();
    reload = page.waitForResponse((r) => r.url().includes('/api/orders/history'));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await reload;

    await pending.getByRole('button', { name: 'Complete' }).click();
    await expect(dialog).toBeVisible();
    reload = page.waitForResponse((r) => r.url().includes('/api/orders/history'));
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await reload;

    // View Orders goes to the orders tab.
    await pending.getByRole('button', { name: 'Complete' }).click();
    await dialog.getByRole('button', { name: 'View Orders' }).click();
    await expect(page).toHaveURL(/\/account\?tab=orders$/);
    shop.expectNoPageErrors();
  });
});

test('contact form: required fields, then sent, toast, cleared, mailed to support; axe', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  await shop.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
    'href',
    'mailto:support@example.com',
  );
  await expect(page.getByText('221 Harbour Road, 3011 AB Rotterdam, Netherlands')).toBeVisible();
  await axe.check();

  // The form's code (phone input and its number rules) loads on the first interaction, not with
  // the page: Send waits for it, and reaching for the form brings it.
  await expect(page.locator('astro-island:has(.contact-form)')).toHaveAttribute('ssr', '');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.locator('.contact-form').hover();
  await hydrated(page, '.contact-form');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('#contact-name-error')).toHaveText('This field is required');
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
  await axe.check();

  const topic = `Tent question ${Date.now()}`;
  await page.getByRole('textbox', { name: 'First name' }).fill('Robin');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hiker');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('robin.hiker@example.com');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0958');
  await page.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await page.getByRole('textbox', { name: 'Message' }).fill('Does the dome tent fit three people?');
  await expect(page.locator('.contact-page .field-error:not(:empty)')).toHaveCount(0);

  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact-us'));
  await page.getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('');
  await expect(page.locator('.contact-page .field-error:not(:empty)')).toHaveCount(0);

  const mail = await mailbox.waitFor('support@example.com', { subject: new RegExp(topic) });
  expect(mail.text).toContain('robin.hiker@example.com');
  expect(mail.text).toContain('Does the dome tent fit three people?');
  // The sender gets their acknowledgement with a copy of the message.
  const ack = await mailbox.waitFor('robin.hiker@example.com', { subject: new RegExp(topic) });
  expect(ack.subject).toBe(`We have received your message: ${topic} – Gear Shop`);
  expect(ack.text).toContain('Does the dome tent fit three people?');
  shop.expectNoPageErrors();
});
