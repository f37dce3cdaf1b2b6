import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The Content Security Policy in Chromium (ADR 014): markup that slipped into a page cannot run
 * inline script (an injected <script> element, an inline event handler), and the shop's own
 * pages, islands and hydration scripts run without a single violation.
 */

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects `securitypolicyviolation` events from the first script on, and CSP console errors. */
async function watchCsp(page: Page): Promise<{ violations: () => Promise<Violation[]>; console: string[] }> {
  await page.addInitScript(() => {
    const list: { directive: string; blocked: string; sample: string }[] = [];
    (window as unknown as { __csp: typeof list }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp),
    console,
  };
}

test('an inline script injected into a page is blocked by the CSP', async ({ page, shop }) => {
  const csp = await watchCsp(page);
  const response = await shop.goto('/');
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self'[^;]*'sha256-/);

  // What a stored XSS would amount to: markup with inline code added to the document.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScriptRan = "xss";';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/no-such-image.png" onerror="window.__injectedHandlerRan = \'xss\'">';
    document.body.append(holder);
  });
  await expect.poll(async () => (await csp.violations()).length).toBeGreaterThanOrEqual(2);

  expect(
    await page.evaluate(() => (window as unknown as { __injectedScriptRan?: string }).__injectedScriptRan),
  ).toBeUndefined();
  expect(
    await page.evaluate(() => (window as unknown as { __injectedHandlerRan?: string }).__injectedHandlerRan),
  ).toBeUndefined();
  const violations = await csp.violations();
  expect(violations.map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
  expect(violations.every((v) => v.blocked === 'inline')).toBe(true);
  expect(csp.console.join('\n')).toMatch(/inline (script|event handler)/i);
});

test('a javascript: URL injected as a link does not run when followed', async ({ page, shop }) => {
  const csp = await watchCsp(page);
  await shop.goto('/faq');
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.id = 'injected';
    link.href = "javascript:window.__injectedUrlRan='xss'";
    link.textContent = 'click';
    document.body.append(link);
    link.click();
  });
  await expect
    .poll(async () => (await csp.violations()).filter((v) => v.directive.startsWith('script-src')).length)
    .toBeGreaterThan(0);
  expect(
    await page.evaluate(() => (window as unknown as { __injectedUrlRan?: string }).__injectedUrlRan),
  ).toBeUndefined();
});

test("the shop's own pages run without a CSP violation", async ({ page, shop }) => {
  const csp = await watchCsp(page);
  const product = (await shop.apiGet<{ id: number }[]>('/api/products/catalog?per_page=1')).payload![0]!;
  const paths = [
    '/',
    '/products/all/all',
    `/products/all/all/${product.id}`,
    '/faq',
    '/static-page/1',
    '/contact',
    '/auth',
    '/cart',
    '/wishlist',
  ];
  for (const path of paths) {
    await shop.goto(path);
    // Islands hydrate on load, on idle or when seen: give them their moment, then interact a bit.
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
    expect(await csp.violations(), `CSP violations on ${path}`).toEqual([]);
  }
  expect(csp.console).toEqual([]);
  shop.expectNoPageErrors();
});
