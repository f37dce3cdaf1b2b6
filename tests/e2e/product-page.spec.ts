import type { Page } from '@playwright/test';
import { formatMoney, formatPercent } from '@/lib/money';
import { type Envelope, expect, test } from './fixtures';

/**
 * Product page (storefront §2 ProductDetailsPage, §4 variations/sale badge/add to cart):
 * breadcrumbs, badges, prices, drop-downs with disabled options, Add to cart signed in (toast,
 * header badge) and signed out (sign-in with the way back), the variation modal from the Sale
 * carousel (first options preselected, "Please select a variation"), technical info, reviews
 * (list, average, "No reviews yet.", a buyer's review), SEO tags and JSON-LD, 404s, axe.
 * Products are picked from the demo catalogue through the API, so no id is hard-coded. The
 * demo customer's password and profile are never changed; its cart lines added here are removed.
 */

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

interface Attr {
  id: number;
  name: string;
  attribute_group: { id: number; name: string };
}
interface Product {
  id: number;
  name: string;
  old_price: string;
  retail_price: string;
  /** Its variations differ in price: "from" retail_price to max_price. */
  price_from: boolean;
  max_price: number;
  discount_percent: number;
  top_product: boolean;
  new_arrival: boolean;
  in_stock: boolean;
  stock: number;
  variations: { id: number; in_stock: boolean; attributes: Attr[] }[];
  categories: { id: number; name: string; url: string; parent: { id: number; name: string } | null }[];
  reviews: { count: number; average: number | null };
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' };
}

async function apiSignIn(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', {
    headers: await xsrfHeaders(page),
    data: { username: DEMO.email, password: DEMO.password },
  });
  expect(response.status()).toBe(200);
}

let catalogue: Product[] | null = null;
async function products(shop: { apiGet<T>(path: string): Promise<Envelope<T>> }): Promise<Product[]> {
  if (!catalogue) {
    const all: Product[] = [];
    for (let page = 1; page <= 4; page++)
      all.push(...((await shop.apiGet<Product[]>(`/api/products/catalog?per_page=100&page=${page}`)).payload ?? []));
    catalogue = all;
  }
  return catalogue;
}

const pathOf = (p: Product) => {
  const newest = [...p.categories].sort((a, b) => b.id - a.id)[0];
  return `${newest?.url ?? '/products/all/all'}/${p.id}`;
};

const groupsOf = (p: Product) => {
  const groups = new Map<number, { name: string; options: Map<number, string> }>();
  for (const v of p.variations)
    for (const a of v.attributes) {
      const g = groups.get(a.attribute_group.id) ?? { name: a.attribute_group.name, options: new Map() };
      g.options.set(a.id, a.name);
      groups.set(a.attribute_group.id, g);
    }
  return [...groups.values()];
};

/** A two-group product and a pair of options no variation has together. */
async function twoGroupProduct(shop: Parameters<typeof products>[0]) {
  for (const p of await products(shop)) {
    const groups = groupsOf(p);
    if (groups.length !== 2) continue;
    const [g1, g2] = groups as [(typeof groups)[0], (typeof groups)[0]];
    for (const [a, aName] of g1.options)
      for (const [b, bName] of g2.options) {
        const exists = p.variations.some(
          (v) => v.attributes.some((x) => x.id === a) && v.attributes.some((x) => x.id === b),
        );
        if (!exists) return { p, g1, g2, a: aName, b: bName, aId: a, bId: b };
      }
  }
  throw new Error('no two-group product with a missing combination in the demo shop');
}

const hydrated = (page: Page, selector: string) =>
  expect(page.locator(`astro-island:has(${selector})`)).not.toHaveAttribute('ssr', /.*/);

test('a product with variations: breadcrumbs, drop-downs, disabled options, Add to cart when complete; SEO; axe', async ({
  shop,
  page,
  axe,
}) => {
  const { p, g1, g2, a, b } = await twoGroupProduct(shop);
  await shop.goto(pathOf(p));
  await expect(page.getByRole('heading', { level: 1, name: p.name })).toBeVisible();

  const newest = [...p.categories].sort((x, y) => y.id - x.id)[0]!;
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  const expected = ['Home', ...(newest.parent ? [newest.parent.name] : []), newest.name, p.name];
  await expect(crumbs.getByRole('listitem')).toHaveText(expected);
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  if (newest.parent)
    await expect(crumbs.getByRole('link', { name: newest.parent.name })).toHaveAttribute(
      'href',
      /\/products\/[^/]+\/all$/,
    );
  await expect(crumbs.getByRole('link', { name: newest.name, exact: true })).toHaveAttribute('href', newest.url);

  const add = page.locator('.product-purchase').getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeDisabled();
  const first = page.getByLabel(g1.name, { exact: true });
  const second = page.getByLabel(g2.name, { exact: true });
  await expect(first.locator('option').first()).toHaveText('Select...');
  await first.focus();
  await hydrated(page, '.product-purchase');
  await first.selectOption({ label: a });
  // The missing combination's option is disabled in the other group.
  await expect(second.locator('option:disabled')).toContainText([`${b} (unavailable)`]);
  await expect(add).toBeDisabled();
  // The empty option clears the choice again.
  await first.selectOption({ label: 'Select...' });
  await expect(second.locator('option:disabled')).toHaveCount(0);
  // A complete, compatible choice enables Add to cart.
  const v = p.variations[0]!;
  const byGroup = (name: string) => v.attributes.find((x) => x.attribute_group.name === name)!.name;
  await first.selectOption({ label: byGroup(g1.name) });
  await second.selectOption({ label: byGroup(g2.name) });
  await expect(add).toBeEnabled();

  // SEO: canonical, Open Graph image, JSON-LD Product with Offer and BreadcrumbList.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}${pathOf(p)}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\/images\//);
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const product = ld.find((d) => d['@type'] === 'Product');
  // Variations at different prices: an AggregateOffer from the lowest to the highest (issue 26).
  if (p.price_from) {
    expect(product.offers).toMatchObject({
      '@type': 'AggregateOffer',
      priceCurrency: 'EUR',
      lowPrice: p.retail_price,
      highPrice: p.max_price.toFixed(2),
      offerCount: p.variations.length,
    });
  } else {
    expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR', price: p.retail_price });
  }
  expect(product.offers.availability).toMatch(/^https:\/\/schema.org\//);
  if (p.reviews.count > 0) expect(product.aggregateRating).toMatchObject({ reviewCount: p.reviews.count });
  else expect(product.aggregateRating).toBeUndefined();
  expect(ld.find((d) => d['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(expected.length);

  await axe.check();
  shop.expectNoPageErrors();
});

test('badges, prices and technical info follow the product; reviews or "No reviews yet."', async ({ shop, page }) => {
  const all = await products(shop);
  const sale = all.find((p) => p.variations.length === 0 && p.old_price !== '0.00' && p.discount_percent > 0)!;
  await shop.goto(pathOf(sale));
  const badges = page.locator('.product-info .badges li');
  await expect(badges.first()).toHaveText('Sale');
  await expect(page.locator('.old-price s')).toContainText(formatMoney(sale.old_price, 'EUR', 'en'));
  await expect(page.locator('.old-price .discount')).toHaveText(formatPercent(-sale.discount_percent, 'en'));
  await expect(page.locator('.price-block .price')).toContainText(formatMoney(sale.retail_price, 'EUR', 'en'));
  // Technical info: "Important information" comes first.
  await expect(page.locator('.tech-info li').first()).toContainText('Important information:');
  // No variations: Add to cart is enabled at once.
  await expect(page.locator('.product-purchase').getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(page.locator('.product-purchase select')).toHaveCount(0);

  const plain = all.find(
    (p) => p.old_price === '0.00' && p.discount_percent === 0 && !p.top_product && !p.new_arrival,
  )!;
  await shop.goto(pathOf(plain));
  await expect(page.locator('.product-info .badges')).toHaveCount(0);
  await expect(page.locator('.old-price')).toHaveCount(0);

  const top = all.find((p) => p.top_product)!;
  await shop.goto(pathOf(top));
  await expect(page.locator('.product-info .badges li', { hasText: 'Top product' })).toBeVisible();
  const fresh = all.find((p) => p.new_arrival)!;
  await shop.goto(pathOf(fresh));
  await expect(page.locator('.product-info .badges li', { hasText: 'New arrivals' })).toBeVisible();

  const reviewed = all.find((p) => p.reviews.count > 0)!;
  await shop.goto(pathOf(reviewed));
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.locator('.reviews-summary')).toContainText(
    `Average rating: ${reviewed.reviews.average!.toFixed(1)} out of 5`,
  );
  await expect(reviews.locator('.review')).toHaveCount(Math.min(reviewed.reviews.count, 20));
  await expect(reviews.getByRole('link', { name: 'Sign in to write a review' })).toHaveAttribute(
    'href',
    `/auth?form=signin&redirect=${encodeURIComponent(pathOf(reviewed))}`,
  );

  const unreviewed = all.find((p) => p.reviews.count === 0)!;
  await shop.goto(pathOf(unreviewed));
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText('No reviews yet.');
});

test('signed out: Add to cart says to sign in and goes to sign-in with the way back', async ({ shop, page }) => {
  const p = (await products(shop)).find((x) => x.variations.length === 0 && x.in_stock)!;
  await shop.goto(pathOf(p));
  await page.locator('.product-purchase').hover();
  await hydrated(page, '.product-purchase');
  await page.locator('.product-purchase').getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL(/\/auth\?form=signin/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(pathOf(p));
  await expect(page.getByText('Please sign in to add item to cart')).toBeVisible();
});

test.describe('signed in as the demo customer', () => {
  test.beforeEach(async ({ page }) => {
    await apiSignIn(page);
  });

  async function cartCount(
    page: Page,
  ): Promise<{ count: number; lines: { id: number; item_id: number; is_variation: boolean; count: number }[] }> {
    const body = (await (await page.request.get('/api/cart/contents')).json()) as {
      payload: { id: number; item_id: number; is_variation: boolean; count: number }[];
    };
    const lines = body.payload ?? [];
    return { count: lines.reduce((s, l) => s + l.count, 0), lines };
  }

  test('Add to cart: toast and header badge; the variation modal with the error and the add', async ({
    shop,
    page,
  }) => {
    const all = await products(shop);
    const p = all.find((x) => x.variations.length === 0 && x.stock > 10)!;
    const before = await cartCount(page);
    await shop.goto(pathOf(p));
    await page.locator('.product-purchase').hover();
    await hydrated(page, '.product-purchase');
    await page.locator('.product-purchase').getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Item added to cart!')).toBeVisible();
    await expect(page.locator('header a[href="/cart"]')).toHaveAttribute(
      'aria-label',
      `Cart, ${before.count + 1} items`,
    );

    // The Sale carousel's cards open the variation modal for a product with variations.
    const saleCard = page.locator('.sale-card', { has: page.locator('button[data-has-variations="true"]') }).first();
    if ((await saleCard.count()) > 0) {
      await saleCard.scrollIntoViewIfNeeded();
      await saleCard.getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const selects = dialog.locator('select');
      // First option of each group preselected.
      for (const select of await selects.all())
        expect(await select.evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // Clean up: the demo customer's cart as it was. Only this test's own line: the other tests of
    // this block share the cart and may be adding theirs at the same moment.
    if (!before.lines.some((l) => !l.is_variation && l.item_id === p.id)) {
      await page.request.post('/api/cart/remove', {
        headers: await xsrfHeaders(page),
        data: { id: p.id, is_variation: false },
      });
    }
  });

  test('variation modal: "Please select a variation" for a missing combination, then adds a complete one', async ({
    shop,
    page,
  }) => {
    const { p, g1, g2, a, b } = await twoGroupProduct(shop);
    const before = await cartCount(page);
    // Open it on some product page through the Sale carousel code path.
    const host = (await products(shop)).find((x) => x.id !== p.id)!;
    await shop.goto(pathOf(host));
    await page.evaluate(
      async ({ id }) => {
        // The modal module is what the cards load on a press (product-page chunk already on the page).
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.saleAdd = String(id);
        button.dataset.hasVariations = 'true';
        button.textContent = 'open';
        document.querySelector('.sale-carousel ul')?.append(button);
        button.click();
      },
      { id: p.id },
    );
    const dialog = page.getByRole('dialog', { name: `Choose options for ${p.name}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(g1.name, { exact: true }).selectOption({ label: a });
    await dialog.getByLabel(g2.name, { exact: true }).selectOption({ label: b });
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a variation');
    const v = p.variations.find((x) => x.in_stock) ?? p.variations[0]!;
    for (const g of [g1, g2]) {
      await dialog
        .getByLabel(g.name, { exact: true })
        .selectOption({ label: v.attributes.find((x) => x.attribute_group.name === g.name)!.name });
    }
    await expect(dialog.getByRole('alert')).toHaveText('');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Item added to cart!')).toBeVisible();
    const after = await cartCount(page);
    expect(after.lines.some((l) => l.is_variation && l.item_id === v.id)).toBe(true);
    if (!before.lines.some((l) => l.is_variation && l.item_id === v.id)) {
      await page.request.post('/api/cart/remove', {
        headers: await xsrfHeaders(page),
        data: { id: v.id, is_variation: true },
      });
    }
  });

  test('a buyer writes one review, shown at once; others are told why they cannot; axe', async ({
    shop,
    page,
    axe,
  }) => {
    const history = (await (await page.request.get('/api/orders/history?per_page=50')).json()) as {
      payload: {
        status: string;
        items?: { product_id?: number | null }[];
        order_items?: { product_id?: number | null }[];
      }[];
    };
    const boughtIds = new Set<number>();
    for (const order of history.payload) {
      if (order.status !== 'Success') continue;
      for (const item of order.items ?? order.order_items ?? []) if (item.product_id) boughtIds.add(item.product_id);
    }
    const all = await products(shop);
    const bought = all.find((p) => boughtIds.has(p.id));
    // The demo seed gives the demo customer successful orders of active products (seed/users.ts).
    expect(bought, 'a product the demo customer bought').toBeDefined();

    await shop.goto(pathOf(bought!));
    const reviews = page.getByRole('region', { name: 'Reviews' });
    const form = reviews.locator('.review-form');
    if ((await form.count()) === 0) {
      // Already reviewed in an earlier run against this database.
      await expect(reviews).toContainText('You have already reviewed this product.');
      return;
    }
    await form.getByRole('textbox').focus();
    await hydrated(page, '.review-form');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(form.getByText('Please choose a rating from 1 to 5.')).toBeVisible();
    await form.getByRole('radio', { name: '4 of 5 stars' }).check();
    await form.getByRole('textbox').fill('Solid <b>kit</b> & light.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(reviews.locator('.review-own')).toContainText('Solid kit & light.');
    await expect(reviews.locator('.review-own')).toContainText('by Alex D.');
    await expect(reviews.getByText('Thank you for your review!').first()).toBeVisible();
    await axe.check({ exclude: ['.toaster'] });

    await page.reload();
    await expect(reviews).toContainText('You have already reviewed this product.');
    await expect(reviews.locator('.review').first()).toContainText('Solid kit & light.');

    const notBought = all.find((p) => !boughtIds.has(p.id))!;
    await shop.goto(pathOf(notBought));
    await expect(page.getByRole('region', { name: 'Reviews' })).toContainText(
      'Only customers who bought this product can review it.',
    );
  });
});

test('unknown, inactive and non-numeric ids are the 404 page', async ({ shop, page, axe }) => {
  await shop.goto('/products/all/all/999999', { status: 404 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i }).last()).toBeVisible();
  await shop.goto('/products/outdoor-adventure/tents/abc', { status: 404 });
  await shop.goto('/products/outdoor-adventure/tents/12abc', { status: 404 });
  await axe.check();
});

test('the page ships no island code before interaction', async ({ shop, page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const p = (await products(shop)).find((x) => x.variations.length > 0)!;
  await shop.goto(pathOf(p));
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => /react|ProductPurchase|ReviewForm|VariationModal/i.test(u))).toEqual([]);
});
