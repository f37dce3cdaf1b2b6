import { expect, test } from './fixtures';
import { BASE } from './support/shopper';

/**
 * Phone first (issue 18): on a 390×844 phone the list page shows a product card in the first
 * screen; filters, sort and categories wait behind a "Filters" button that opens a modal dialog
 * (focus kept inside, Escape closes, focus back on the button) showing how many filters are on,
 * and that without JavaScript is a plain disclosure. The header takes at most a quarter of it.
 */

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('a product card in the first screen; the header a quarter at most; filters in a dialog with their count', async ({
  page,
  axe,
}) => {
  await page.goto('/products/all/all?price_min=1&price_max=5000');
  const header = (await page.getByRole('banner').boundingBox())!;
  console.log(`header ${Math.round(header.height)} px`);
  expect(header.height).toBeLessThanOrEqual(844 * 0.25);
  const card = (await page.getByRole('article').first().boundingBox())!;
  console.log(`first card top ${Math.round(card.y)} px`);
  expect(card.y).toBeLessThan(844);

  const button = page.locator('summary', { hasText: /^Filters/ });
  await expect(button).toHaveText('Filters (1)');
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toBeHidden();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'From', exact: true })).toHaveValue('1');
  await expect(
    dialog.getByRole('combobox', { name: 'Sort by' }).or(dialog.getByRole('combobox').first()),
  ).toBeVisible();
  await axe.check();
  // Focus stays inside: Tab a few times from the close button.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Filters opens as a disclosure and a filter applies', async ({ page }) => {
    await page.goto('/products/all/all');
    const summary = page.locator('summary', { hasText: /^Filters/ });
    await expect(summary).toHaveText('Filters');
    await summary.click();
    const from = page.getByRole('textbox', { name: 'From', exact: true });
    await expect(from).toBeVisible();
    await from.fill('10');
    await from.press('Enter');
    await expect(page).toHaveURL(/price_min=10/);
    await expect(page.locator('summary', { hasText: /^Filters/ })).toHaveText('Filters (1)');
  });
});
