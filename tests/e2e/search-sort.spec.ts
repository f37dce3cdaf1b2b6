import { expect, test } from './fixtures';
import { BASE } from './support/shopper';

/** The sort says what the order is (issue 18): "Best match" on a search, price orders elsewhere. */
test('a search is sorted by "Best match" until a price order is chosen; other lists by price', async ({ page }) => {
  await page.context().addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  await page.goto('/products/all/all?search=tent');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort.locator('option:checked')).toHaveText('Best match');
  await expect(sort.locator('option')).toHaveText(['Best match', 'Price low to high', 'Price high to low']);
  await sort.selectOption({ label: 'Price high to low' });
  await expect(page).toHaveURL(/sort=desc/);
  await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked')).toHaveText(
    'Price high to low',
  );
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Best match' });
  await expect(page).not.toHaveURL(/sort=/);
  await page.goto('/products/all/all');
  await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option')).toHaveText([
    'Price low to high',
    'Price high to low',
  ]);
});
