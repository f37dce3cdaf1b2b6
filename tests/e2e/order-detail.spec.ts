import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The customer's order detail page (issue 15, ADR 023 "What the customer sees") reached from the
 * Orders tab, its guards, and two storefront fixes of issue 18: /products → the all/all list and
 * the phone country button's name on /contact (axe label-content-name-mismatch).
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

test('a guest asking for an order is sent to sign-in with the way back', async ({ page }) => {
  const response = await page.request.get('/account/orders/GS-0001', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/auth?form=signin&redirect=%2Faccount%2Forders%2FGS-0001');
});

test('the orders tab links each order to its page: lines, totals, status, timeline; axe', async ({
  shop,
  page,
  axe,
}) => {
  await apiSignIn(page);
  await shop.goto('/account?tab=orders');
  const first = page.locator('.orders-list > li').first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent())!.trim();
  const orderNr = title.replace(/^Order #/, '');
  const badge = (await first.locator('.order-badge').textContent())!.trim();
  const total = (await first.locator('.order-total dd').textContent())!.trim();
  await first.getByRole('link', { name: 'Order details' }).click();

  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNr}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.order-status .order-badge')).toHaveText(badge);
  await expect(page.locator('.order-total dd')).toHaveText(total);
  await expect(page.getByRole('heading', { level: 2, name: 'Items' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();
  await expect(page.getByText('Alex Demo, Friedrichstraße 123, 10117 Berlin, Germany')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/account?tab=orders');
  await axe.check();
  shop.expectNoPageErrors();
});

test('an unknown order number is the 404 page', async ({ shop, page }) => {
  await apiSignIn(page);
  await shop.goto('/account/orders/NO-SUCH-ORDER', { status: 404 });
});

test('/products and /products/ are a permanent redirect to the all/all list', async ({ page }) => {
  for (const path of ['/products', '/products/', '/products?search=tent']) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers()['location'], path).toBe(
      path.includes('?') ? '/products/all/all?search=tent' : '/products/all/all',
    );
  }
});

test('/contact: every control says its visible text (label-content-name-mismatch)', async ({ shop, page }) => {
  await shop.goto('/contact');
  await page.locator('.contact-form').hover();
  await expect(page.locator('astro-island:has(.contact-form)')).not.toHaveAttribute('ssr', /.*/);
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
});
