import type { Locator, Page } from '@playwright/test';
import { formatMoney } from '@/lib/money';
import { type ShopPage, expect, test } from './fixtures';

/**
 * The product list page (storefront §2 ProductListPage, §4, §5, §9): headings and
 * breadcrumbs in every mode, filters, sort, facets, pagination limits, search, badges, empty
 * state and resets, wishlist and add to cart from a card, SEO tags, no-JS browsing, axe.
 */

interface CatalogProduct {
  id: number;
  name: string;
  retail_price: string;
  /** Its variations differ in price: the card says "from". */
  price_from: boolean;
  variations: { discount_percent: number }[];
  old_price: string;
  discount_percent: number;
  top_product: boolean;
  new_arrival: boolean;
}
interface Pagination {
  total: number;
  last_page: number;
}

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
const results = (page: Page) => page.getByRole('region', { name: 'Products' });
const cards = (page: Page) => results(page).locator('article.product-card');
const largePager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).locator('.pagination-large');
const smallPager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).locator('.pagination-small');
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });

/** Facet groups are <details>, open when there are few of them; open the first one. */
async function openFirstFacet(page: Page): Promise<void> {
  const facet = filters(page).locator('details.facet').first();
  if ((await facet.getAttribute('open')) === null) await facet.locator('summary').click();
  await expect(facet.locator('a.facet-option').first()).toBeVisible();
}

async function prices(list: Locator): Promise<number[]> {
  return (await list.locator('.price').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
}

async function catalog(shop: ShopPage, query: string) {
  const reply = await shop.apiGet<CatalogProduct[]>(`/api/products/catalog?per_page=14&${query}`);
  return { products: reply.payload!, pagination: (reply as unknown as { pagination: Pagination }).pagination };
}

test('all products: title, breadcrumbs, 14 cards, next-page tile, pagination, SEO tags, axe', async ({
  shop,
  page,
  axe,
}) => {
  const { pagination } = await catalog(shop, '');
  await shop.goto('/products/all/all');
  await expect(page).toHaveTitle('All Products | Gear Shop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await expect(crumbs(page)).toHaveText(['Home', 'All Products']);
  await expect(crumbs(page).first().getByRole('link')).toHaveAttribute('href', '/');
  await expect(cards(page)).toHaveCount(14);
  await expect(results(page).locator('a.next-tile')).toHaveAttribute('href', '/products/all/all?page=2');

  // Large variant at desktop width: 1 2 3 4 5 … last.
  const large = largePager(page);
  await expect(large).toBeVisible();
  await expect(smallPager(page)).toBeHidden();
  await expect(large.locator('a.page-link:not(.page-arrow), .page-ellipsis')).toHaveText([
    '1',
    '2',
    '3',
    '4',
    '5',
    '…',
    String(pagination.last_page),
  ]);
  await expect(large.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(large.getByRole('link', { name: 'Previous page' })).toHaveCount(0);

  // Images: size given, the first row eager, the rest lazy.
  const images = cards(page).locator('img');
  await expect(images.first()).toHaveAttribute('width', '400');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.nth(10)).toHaveAttribute('loading', 'lazy');

  // SEO: canonical without page 1, Open Graph, JSON-LD BreadcrumbList.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/all\/all$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'All Products');
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/products\/all\/all$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /All Products: \d+ products/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld['@type']).toBe('BreadcrumbList');
  expect(ld.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'All Products']);
  await axe.check();
  shop.expectNoPageErrors();
});

test('category path breadcrumbs, title and the open branch of the tree, which can collapse', async ({ shop, page }) => {
  await shop.goto('/products/sports-equipment/mountain-bikes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mountain Bikes');
  await expect(crumbs(page)).toHaveText(['Home', 'Sports Equipment', 'Cycling', 'Mountain Bikes']);
  await expect(crumbs(page).nth(1).getByRole('link')).toHaveAttribute('href', '/products/sports-equipment/all');
  await expect(crumbs(page).nth(2).getByRole('link')).toHaveAttribute('href', '/products/sports-equipment/cycling');
  const tree = filters(page).getByRole('navigation', { name: 'Categories' });
  const current = tree.getByRole('link', { name: 'Mountain Bikes' });
  await expect(current).toBeVisible();
  await expect(current).toHaveAttribute('aria-current', 'page');
  // Other branches start closed.
  await expect(tree.getByRole('link', { name: 'Tents' })).toBeHidden();
  // The toggle collapses and expands the tree.
  await filters(page).getByText('Collapse categories').click();
  await expect(current).toBeHidden();
  await filters(page).getByText('Expand categories').click();
  await expect(current).toBeVisible();
  // A top-level category: path of one.
  await tree.getByRole('link', { name: 'Outdoor Adventure' }).click();
  await expect(page).toHaveURL(/\/products\/outdoor-adventure\/all$/);
  await expect(crumbs(page)).toHaveText(['Home', 'Outdoor Adventure']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outdoor Adventure');
  // Unknown categories are not found.
  await shop.goto('/products/no-such-category/all', { status: 404 });
  await shop.goto('/products/outdoor-adventure/no-such-sub', { status: 404 });
});

test('new arrivals and sale breadcrumbs from the header, with badges', async ({ shop, page }) => {
  await shop.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'NEW', exact: true })
    .click();
  await expect(page).toHaveURL(/\/products\/all\?new=true$/);
  await expect(crumbs(page)).toHaveText(['Home', 'New Arrivals']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  for (const card of await cards(page).all())
    await expect(card.locator('.badge-new-arrivals')).toHaveText('New arrivals');

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'SALE', exact: true })
    .click();
  await expect(page).toHaveURL(/\/products\/all\?sale=true$/);
  await expect(crumbs(page)).toHaveText(['Home', 'Sale Items']);
  await expect(page).toHaveTitle('Sale Items | Gear Shop');
  for (const card of await cards(page).all()) await expect(card.locator('.badge-sale')).toHaveText('Sale');

  // Every badge, old price and discount follows the product data (sale rule of §4).
  const { products } = await catalog(shop, '');
  await shop.goto('/products/all/all');
  for (const [i, p] of products.entries()) {
    const card = cards(page).nth(i);
    await expect(card.getByRole('heading')).toHaveText(p.name);
    const onSale =
      (Number(p.old_price) !== 0 && p.old_price !== p.retail_price) ||
      p.discount_percent > 0 ||
      p.variations.some((v) => v.discount_percent > 0);
    const expected = [onSale && 'Sale', p.top_product && 'Top product', p.new_arrival && 'New arrivals'].filter(
      Boolean,
    ) as string[];
    await expect(card.locator('.badge')).toHaveText(expected);
    const price = formatMoney(p.retail_price, 'EUR', 'en');
    await expect(card.locator('.price')).toHaveText(p.price_from ? `from ${price}` : price);
    if (Number(p.old_price) > 0 && p.old_price !== p.retail_price) {
      await expect(card.locator('.old-price')).toHaveText(formatMoney(p.old_price, 'EUR', 'en'));
      await expect(card.locator('.discount')).toHaveText(/^-\d+%$/);
    } else await expect(card.locator('.old-price')).toHaveCount(0);
  }
});

test('header search lands here; no results shows the empty state; both resets', async ({ shop, page, axe }) => {
  await shop.goto('/products/outdoor-adventure/all?sale=true');
  await page.getByRole('searchbox', { name: 'Search' }).fill('tent');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/\/products\/outdoor-adventure\/all\?sale=true&search=tent&page=1$/);
  await expect(crumbs(page)).toHaveText(['Home', 'Search Results for "tent"']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outdoor Adventure');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  expect(await cards(page).count()).toBeGreaterThan(0);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('tent');

  await page.getByRole('searchbox', { name: 'Search' }).fill('qqxzzyv');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/search=qqxzzyv/);
  await expect(results(page)).toContainText('No products found matching your criteria within this category');
  await expect(cards(page)).toHaveCount(0);
  await axe.check();
  // Refresh filters: search, sort and price go; the route and the sale flag stay.
  await results(page).getByRole('link', { name: 'Refresh filters' }).click();
  await expect(page).toHaveURL(/\/products\/outdoor-adventure\/all\?sale=true$/);
  expect(await cards(page).count()).toBeGreaterThan(0);

  await shop.goto('/products/outdoor-adventure/tents?new=true&search=qqxzzyv&sort=desc');
  await results(page).getByRole('link', { name: 'Reset category' }).click();
  await expect(page).toHaveURL(/\/products\/all\/all$/);
  await expect(crumbs(page)).toHaveText(['Home', 'All Products']);
});

test('sort, price filter and facets reset the page and keep each other', async ({ shop, page }) => {
  await shop.goto('/products/all/all?page=3');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('desc');
  await expect(page).toHaveURL(/\/products\/all\/all\?sort=desc$/);
  const desc = await prices(results(page));
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('desc');

  // Only digits and one decimal point; applied 500 ms after typing.
  const from = filters(page).getByRole('textbox', { name: 'From' });
  await from.pressSequentially('2x0.5.0');
  await expect(from).toHaveValue('20.50');
  await expect(page).toHaveURL(/\/products\/all\/all\?sort=desc&price_min=20\.50$/);
  await expect(filters(page).getByRole('textbox', { name: 'From' })).toBeFocused();
  expect(Math.min(...(await prices(results(page))))).toBeGreaterThanOrEqual(20.5);

  // Blur applies at once; an empty minimum is 0 (dropped), an empty maximum no limit.
  const to = filters(page).getByRole('textbox', { name: 'To' });
  await to.fill('60');
  await to.blur();
  await expect(page).toHaveURL(/price_min=20\.50&price_max=60$/);
  for (const price of await prices(results(page))) {
    expect(price).toBeGreaterThanOrEqual(20.5);
    expect(price).toBeLessThanOrEqual(60);
  }
  await filters(page).getByRole('textbox', { name: 'From' }).fill('');
  await filters(page).getByRole('textbox', { name: 'From' }).blur();
  await expect(page).toHaveURL(/\/products\/all\/all\?sort=desc&price_max=60$/);

  // Facets: attribute groups of the result with counts, in the URL as attrs, page back to 1.
  await page.goto('/products/all/all?sort=desc&price_max=60&page=2');
  await openFirstFacet(page);
  const option = filters(page).locator('.facet a.facet-option').first();
  const count = Number((await option.locator('.facet-count').textContent())!.replace(/\D/g, ''));
  const id = await option.getAttribute('data-attr-id');
  await option.click();
  await expect(page).toHaveURL(new RegExp(`\\?sort=desc&price_max=60&attrs=${id}$`));
  await expect(page.getByText(`${count} products`, { exact: true })).toBeVisible();
  await expect(filters(page).locator(`a[data-attr-id="${id}"]`)).toHaveAttribute('data-selected', 'true');
  await filters(page).locator(`a[data-attr-id="${id}"]`).click();
  await expect(page).toHaveURL(/\?sort=desc&price_max=60$/);
});

test('pagination limits: next tile, clamped last page, small variant on a narrow screen', async ({ shop, page }) => {
  const { pagination } = await catalog(shop, '');
  const last = pagination.last_page;
  await shop.goto('/products/all/all');
  await results(page).locator('a.next-tile').click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(largePager(page).getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/all\/all\?page=2$/);

  // Past the end: clamped to the last page, no next tile, previous page link.
  await shop.goto('/products/all/all?page=9999');
  const pager = largePager(page);
  await expect(pager.getByRole('link', { name: `Page ${last}`, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.locator('a.page-link:not(.page-arrow), .page-ellipsis')).toHaveText([
    '1',
    '…',
    ...[4, 3, 2, 1, 0].map((n) => String(last - n)),
  ]);
  await expect(results(page).locator('.next-tile')).toHaveCount(0);
  await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
    'href',
    `/products/all/all?page=${last - 1}`,
  );
  await expect(cards(page)).toHaveCount(pagination.total - (last - 1) * 14);

  await page.setViewportSize({ width: 412, height: 915 });
  await shop.goto('/products/all/all?page=5');
  await expect(largePager(page)).toBeHidden();
  await expect(smallPager(page).locator('a.page-link:not(.page-arrow)')).toHaveText(['4', '5', '6', '7']);
});

test('wishlist toggle and add to cart from a card (guest goes to sign-in)', async ({ shop, page }) => {
  await shop.goto('/products/all/all');
  const card = cards(page).first();
  const id = await card.getAttribute('data-product-id');
  const heart = card.locator('button.wishlist-toggle');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBe(`[${id}]`);
  await page.reload();
  await expect(cards(page).first().locator('button.wishlist-toggle')).toHaveAttribute('aria-pressed', 'true');
  await cards(page).first().locator('button.wishlist-toggle').click();
  expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBe('[]');

  // A product with variations opens the variation modal (first option of each group chosen).
  const withVariations = results(page).locator('button[data-add-to-cart][data-has-variations="true"]').first();
  const name = await withVariations.locator('xpath=ancestor::article').getByRole('heading').textContent();
  await withVariations.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Choose options for ${name}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A product without variations is added directly; a guest is sent to sign in.
  const simple = results(page).locator('button[data-add-to-cart][data-has-variations="false"]').first();
  await simple.click();
  await expect(page).toHaveURL(/\/auth\?form=signin&redirect=%2Fproducts%2Fall%2Fall/);
  await expect(page.getByText('Please sign in to add item to cart')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('tree, sort, price form, facets, pagination and search are links and forms', async ({ shop, page }) => {
    await shop.goto('/products/all/all');
    await filters(page)
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Computer Equipment' })
      .click();
    await expect(page).toHaveURL(/\/products\/computer-equipment\/all$/);
    await expect(crumbs(page)).toHaveText(['Home', 'Computer Equipment']);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('desc');
    await page.locator('form[data-sort]').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/products\/computer-equipment\/all\?sort=desc$/);

    await filters(page).getByRole('textbox', { name: 'From' }).fill('50');
    await filters(page).getByRole('textbox', { name: 'To' }).fill('400');
    await page.locator('form[data-price-filter]').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/products\/computer-equipment\/all\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      sort: 'desc',
      price_min: '50',
      price_max: '400',
    });
    for (const price of await prices(results(page))) {
      expect(price).toBeGreaterThanOrEqual(50);
      expect(price).toBeLessThanOrEqual(400);
    }

    await openFirstFacet(page);
    const option = filters(page).locator('.facet a.facet-option').first();
    const id = await option.getAttribute('data-attr-id');
    await option.click();
    await expect(page).toHaveURL(new RegExp(`attrs=${id}`));

    await shop.goto('/products/all/all');
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .locator('.pagination-large')
      .getByRole('link', { name: 'Page 3', exact: true })
      .click();
    await expect(page).toHaveURL(/\/products\/all\/all\?page=3$/);
    await expect(cards(page)).toHaveCount(14);

    await page.getByRole('searchbox', { name: 'Search' }).fill('keyboard');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(
      /\/products\/all\?search=keyboard&page=1$|\/products\/all\/all\?search=keyboard&page=1$/,
    );
    await expect(crumbs(page)).toHaveText(['Home', 'Search Results for "keyboard"']);
    expect(await cards(page).count()).toBeGreaterThan(0);
  });
});

test('JavaScript shipped at a phone viewport stays within the list page budget (90 KB)', async ({
  shop,
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 412, height: 915 });
  const seen = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    seen.set(response.url(), sizes?.responseBodySize ?? (await response.body()).length);
  });
  await shop.goto('/products/all/all');
  await page.waitForLoadState('networkidle');
  const bytes = [...seen.values()].reduce((sum, n) => sum + n, 0);
  testInfo.annotations.push({ type: 'js-bytes', description: `list page JS: ${bytes} B in ${seen.size} files` });
  expect(bytes).toBeLessThan(90 * 1024);
});
