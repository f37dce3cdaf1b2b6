import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * How much JavaScript a content page ships before and after the shopper touches the header.
 * Sizes are transferred bytes (compressed as served), summed over script responses.
 */

function trackScripts(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    seen.set(response.url(), sizes?.responseBodySize ?? (await response.body()).length);
  });
  return seen;
}

const total = (seen: Map<string, number>) => [...seen.values()].reduce((sum, n) => sum + n, 0);

test('the home page ships almost no JavaScript until the shopper interacts', async ({ shop, page }, testInfo) => {
  const seen = trackScripts(page);
  await shop.goto('/');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const before = total(seen);
  const beforeFiles = seen.size;

  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await expect(page.locator('astro-island[ssr]'))
    .toHaveCount(0, { timeout: 1 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const after = total(seen);

  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].reduce((sum, s) => sum + (s.textContent?.length ?? 0), 0),
  );
  for (const [url, bytes] of seen) console.log(`  ${bytes} B ${new URL(url).pathname}`);
  console.log(`  inline scripts in the HTML (Astro's island loader): ${inline} B uncompressed`);
  const line = `home page JS: before interaction ${before} B in ${beforeFiles} files; after focusing search ${after} B in ${seen.size} files`;
  testInfo.annotations.push({ type: 'js-bytes', description: line });
  console.log(line);
  // A cookie-notice script and Astro's island loader, not a framework.
  expect(before).toBeLessThan(12_000);
  expect(after).toBeGreaterThan(before);
});
