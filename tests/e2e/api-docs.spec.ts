import { expect, test } from './fixtures';

/**
 * The API reference page (ADR 022) in Chromium with every request off this host refused: it
 * loads its script from the shop, runs under its own CSP without a violation, and shows the
 * operations of /api/openapi.json.
 */
test('the API reference renders the contract offline, without a CSP violation', async ({ page, shop }) => {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const response = await shop.goto('/api/docs');
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  // The document's tags and operations, by their summaries (src/lib/contract/cart.ts).
  const sidebar = page.getByRole('navigation', { name: /Gear shop API/ });
  await expect(sidebar.getByRole('button', { name: /Readiness: 503 while starting/ })).toBeVisible({ timeout: 20_000 });
  await sidebar.getByRole('button', { name: /^Cart/ }).click();
  await expect(sidebar.getByRole('button', { name: /Add a product or variation/ })).toBeVisible();
  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});
