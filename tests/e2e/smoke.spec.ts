import { expect, test } from './fixtures';

// The six top-level areas of the demo seed (src/server/db/seed/data-*.ts).
const TOP_LEVEL_CATEGORIES = [
  'Outdoor Adventure',
  'Sports Equipment',
  'Fitness Essentials',
  'Apparel and Footwear',
  'Accessories and Tech',
  'Computer Equipment',
];

test.describe('home page without JavaScript', () => {
  // Proves the page is rendered on the server: nothing here may depend on hydration.
  test.use({ javaScriptEnabled: false });

  test('shows a heading and the top-level categories of the demo shop', async ({ shop, page }) => {
    await shop.goto('/');
    await expect(page).toHaveTitle(/\S/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    // The new-arrivals tabs: "All" and the first five top-level areas (at most 6 tabs, spec §9).
    await expect(page.getByRole('main').getByRole('link', { name: 'All', exact: true })).toBeVisible();
    for (const name of TOP_LEVEL_CATEGORIES.slice(0, 5)) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
    }
  });
});

test('home page has no serious accessibility violations', async ({ shop, axe }) => {
  await shop.goto('/');
  await axe.check();
  shop.expectNoPageErrors();
});

test('/api/health reports the database up', async ({ shop }) => {
  const body = await shop.apiGet<{ database: string; engine: string }>('/api/health');
  expect(body).toMatchObject({ status: 'OK', payload: { database: 'up', engine: 'pglite' } });
});

test('an unknown page answers 404 with the shop frame', async ({ shop, page }) => {
  await shop.goto('/no-such-page-anywhere', { status: 404 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
