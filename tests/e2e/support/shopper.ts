/**
 * Shopper set-up through the real API, for specs whose subject comes after it (the staff back
 * office, the cart): the XSRF header the API wants, a freshly registered customer verified by the
 * mailed link, and sign-in by API.
 */
import { expect, type Page } from '@playwright/test';
import type { Mailbox } from '../fixtures';

export const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;
export const NEW_CUSTOMER_PASSWORD = 'Basecamp77';

/** The API wants the XSRF cookie echoed in a header, as the browser client does. */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  let token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await page.request.get('/sanctum/csrf-cookie');
    token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  }
  return { 'X-XSRF-TOKEN': decodeURIComponent(token ?? ''), Accept: 'application/json' };
}

/** Registers (signed in through the page's cookies) and verifies by the mailed link. */
export async function newVerifiedCustomer(
  page: Page,
  mailbox: Mailbox,
  tag: string,
): Promise<{ email: string; name: string }> {
  const email = `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  await page.request.get('/sanctum/csrf-cookie');
  const response = await page.request.post('/api/register', {
    headers: await xsrfHeaders(page),
    data: {
      name: 'Robin',
      surname: 'Trail',
      email,
      phone: '+4915123456789',
      phoneCountryCode: 'DE',
      nationalNumber: '15123456789',
      password: NEW_CUSTOMER_PASSWORD,
      passConfirm: NEW_CUSTOMER_PASSWORD,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const mail = await mailbox.waitFor(email, { subject: /^Verify your email address/ });
  const link = mail.links.find((l) => l.includes('/api/email/verify/'));
  expect(link).toBeDefined();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(`${BASE}/email/verify/success`);
  return { email, name: 'Robin' };
}

/** Fills a Berlin delivery address on /checkout (Germany already chosen) and calculates the totals. */
export async function calculateBerlinTotals(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^City/ }).fill('Berlin');
  await page.getByRole('textbox', { name: /^Address/ }).fill('Friedrichstraße 1');
  await page.getByRole('textbox', { name: /^Post code/ }).fill('10117');
  const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
  await page.locator('.checkout-submit').click();
  expect((await totals).status()).toBe(200);
  await expect(page.locator('.checkout-submit')).toHaveText('Place Order');
}
