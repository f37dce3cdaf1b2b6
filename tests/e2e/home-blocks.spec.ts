import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EDITOR, signInToBackOffice } from './support/back-office';
import { BASE } from './support/shopper';

/**
 * Issue 17's marketer on the home page (ADR 027): opens the home page in the visual editor from
 * /admin/pages, changes the hero heading and the second featured tile, publishes, and a guest sees
 * both on /; the German home keeps its own texts field by field (a German heading given in the
 * German tab, the German defaults elsewhere). axe on the editor and on both home pages. The home
 * page record is deleted at the end, which brings the spec's home page back for the other tests
 * (which only look at the first tile, the h1 being there and the shop-now link).
 */

/** The fixture's axe runs on its own page; the guest's pages are checked with the same rules here. */
async function axeClean(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const fatal = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(fatal.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a marketer edits the home hero and a featured tile in the visual editor; guests see them on / and /de/', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(120_000);
  page.on('dialog', (dialog) => dialog.accept());
  await signInToBackOffice(page, EDITOR);
  await page.goto('/admin/pages');
  await page.getByRole('button', { name: 'Edit the home page' }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  const editorUrl = page.url();
  const homeId = Number(/(\d+)$/.exec(editorUrl)![1]);
  const guest = await browser.newContext();
  try {
    await expect(page.getByRole('link', { name: /the home page's hero and featured area/ })).toHaveAttribute(
      'href',
      '/',
    );
    const block = (name: string) => page.getByRole('listitem', { name });
    await page.getByRole('button', { name: /^Hero/ }).click();
    await block('Hero (block 1)').getByLabel('Heading').fill('Trail season is open');
    await page.getByRole('button', { name: /^Featured tiles/ }).click();
    const tiles = block('Featured tiles (block 2)');
    await tiles.getByLabel('Tile 2 title').fill('Team sports');
    await tiles.getByLabel('Tile 2 description').fill('Balls, nets and goals for every club.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved: not public yet.')).toBeVisible();
    await axe.check({ exclude: ['iframe'] });

    const visitor = await guest.newPage();
    await guest.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
    await visitor.goto('/');
    // A draft is not public.
    await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText('Trail season is open');

    await page.getByRole('button', { name: 'Publish changes' }).click();
    await expect(page.getByText('Same as the published page.')).toBeVisible();

    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Trail season is open');
    await expect(visitor.locator('section.hero').getByRole('link', { name: 'Shop now' })).toHaveAttribute(
      'href',
      '/products/all/all',
    );
    const tileLinks = visitor.locator('[data-featured-tiles] a');
    await expect(tileLinks).toHaveCount(5);
    await expect(tileLinks.nth(1)).toContainText('Team sports');
    await expect(tileLinks.nth(1)).toContainText('Balls, nets and goals for every club.');
    await expect(tileLinks.nth(1)).toHaveAttribute('href', '/products/sports-equipment/all');
    await axeClean(visitor);

    // German: nothing of its own yet, so its own defaults (never the English edits).
    await visitor.goto('/de/');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Ausgerüstet für Ihr nächstes Abenteuer');
    await expect(visitor.locator('[data-featured-tiles] a').nth(1)).not.toContainText('Team sports');

    // A German heading in the German tab; the subtitle and the tiles keep the German defaults.
    await page.goto(`${editorUrl}?lang=de`);
    await page.getByRole('button', { name: /^Hero/ }).click();
    await block('Hero (block 1)').getByLabel('Heading').fill('Die Trailsaison ist eröffnet');
    await page.getByRole('button', { name: 'Save Deutsch draft' }).click();
    await expect(page.getByText('Draft saved: not public yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await expect(page.getByText('Same as the published page.')).toBeVisible();
    await visitor.goto('/de/');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Die Trailsaison ist eröffnet');
    await expect(visitor.locator('section.hero .lead')).toHaveText(
      'Outdoor-, Sport-, Fitness- und Technikausrüstung von Marken, denen Sie vertrauen.',
    );
    await expect(visitor.locator('section.hero').getByRole('link', { name: 'Jetzt einkaufen' })).toBeVisible();
    await expect(visitor.locator('[data-featured-tiles] a').nth(1)).not.toContainText('Team sports');
    await axeClean(visitor);
  } finally {
    // The spec's home page again for every other test.
    const token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    await page.request.delete(`/api/admin/static-pages/${homeId}`, {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    });
    await guest.close();
  }
  const after = await browser.newPage();
  await after.goto('/');
  await expect(after.getByRole('heading', { level: 1 })).not.toHaveText('Trail season is open');
  await after.close();
});
