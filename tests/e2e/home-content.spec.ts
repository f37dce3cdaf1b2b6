import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Home page, FAQ, static pages and the wishlist (storefront §2 HomePage, Wishlist, FAQ
 * page, Static page, §4, §8, §9), with axe on each page and the home page/FAQ without JavaScript.
 */

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

test.beforeEach(async ({ context }) => {
  // The cookie bar sits over the bottom of the page; these tests are not about it.
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

async function apiSignIn(page: Page): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/login', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    data: { username: DEMO.email, password: DEMO.password },
  });
  expect(res.status()).toBe(200);
}

interface ApiProduct {
  id: number;
  name: string;
  variations: unknown[];
  stock: number;
}

async function simpleProducts(page: Page, count: number): Promise<ApiProduct[]> {
  const res = await page.request.get('/api/products/catalog?per_page=100');
  const body = (await res.json()) as { payload: ApiProduct[] };
  const list = body.payload.filter((p) => p.variations.length === 0 && p.stock > 3).slice(0, count);
  expect(list).toHaveLength(count);
  return list;
}

const storedWishlist = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]') as number[]);

test.describe('home page', () => {
  test('hero, five featured tiles, new arrivals with tabs, sale, call to action and the strip; axe', async ({
    shop,
    page,
    axe,
  }) => {
    await shop.goto('/');
    await expect(page).toHaveTitle('Gear Shop | Sports, outdoor and computer gear');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}/`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Gear Shop | Sports, outdoor and computer gear',
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /new arrivals/);

    const hero = page.locator('section.hero');
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products/all/all');

    // Featured tiles: the server's featured categories override the defaults (short titles).
    const tiles = page.locator('[data-featured-tiles] a');
    await expect(tiles).toHaveCount(5);
    const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/products/outdoor-adventure/all',
      '/products/sports-equipment/all',
      '/products/fitness-essentials/all',
      '/products/apparel-and-footwear/all',
      '/products/accessories-and-tech/all',
    ]);
    await expect(tiles.first()).toContainText('Outdoor');
    await expect(tiles.first()).toContainText('Tents, packs and trail gear');
    await expect(page.getByText('Error loading featured categories. Please refresh the page.')).toHaveCount(0);

    const arrivals = page.locator('#new-arrivals');
    await expect(arrivals.getByRole('heading', { level: 2, name: 'New Arrivals' })).toBeVisible();
    const tabs = arrivals.getByRole('navigation', { name: 'New arrivals by category' }).getByRole('link');
    const tabCount = await tabs.count();
    // All plus the first top-level categories: at most 6 tabs (spec §9, issue 29).
    const tops = (await shop.apiGet<unknown[]>('/api/categories?topLevel=1')).payload!;
    expect(tabCount).toBe(Math.min(tops.length + 1, 6));
    await tabs.last().focus();
    await expect(tabs.last()).toBeInViewport();
    await expect(tabs.first()).toHaveText('All');
    await expect(tabs.first()).toHaveAttribute('aria-current', 'true');
    await expect(arrivals.getByRole('link', { name: 'View all new arrivals' })).toHaveAttribute(
      'href',
      '/products/all/all?new=true',
    );
    await expect(arrivals.locator('.product-card').first()).toBeVisible();
    await expect(arrivals.locator('.badge-new-arrivals').first()).toBeVisible();

    const sale = page.locator('#sale');
    await expect(sale.getByRole('heading', { level: 2, name: 'Sale' })).toBeVisible();
    await expect(sale.getByRole('link', { name: 'View all sale items' })).toHaveAttribute(
      'href',
      '/products/all/all?sale=true',
    );
    expect(await sale.locator('.product-card').count()).toBeGreaterThan(0);

    await expect(page.locator('section.cta').getByRole('link', { name: 'Browse all products' })).toHaveAttribute(
      'href',
      '/products/all/all',
    );
    const strip = page.getByRole('region', { name: 'Why shop with us' });
    await expect(strip.getByRole('listitem')).toHaveCount(3);
    await expect(strip).toContainText('Top brands');
    await expect(strip).toContainText('Fast shipping');
    await expect(strip).toContainText('Expert support');

    await axe.check();
    shop.expectNoPageErrors();
  });

  test('a category tab filters the new arrivals and its button; the carousel becomes a swiper', async ({
    shop,
    page,
    axe,
  }) => {
    await shop.goto('/');
    const arrivals = page.locator('#new-arrivals');
    const second = arrivals.getByRole('navigation', { name: 'New arrivals by category' }).getByRole('link').nth(1);
    const slug = (await second.getAttribute('data-tab'))!;
    await second.click();
    await expect(page).toHaveURL(new RegExp(`/\\?category=${slug}#new-arrivals$`));
    await expect(arrivals.locator(`[data-tab="${slug}"]`)).toHaveAttribute('aria-current', 'true');
    await expect(arrivals.locator('[data-tab="all"]')).not.toHaveAttribute('aria-current', 'true');
    await expect(arrivals.getByRole('link', { name: 'View all new arrivals' })).toHaveAttribute(
      'href',
      `/products/${slug}/all?new=true`,
    );

    // The carousel is hydrated when it comes into view: swiper, with previous/next buttons.
    const carousel = page.locator('#sale [data-home-carousel]');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute('data-carousel', 'ready');
    await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
    const next = carousel.getByRole('button', { name: 'Next slide' });
    await expect(next).toBeVisible();
    const track = carousel.locator('.swiper-wrapper');
    const before = await track.getAttribute('style');
    await next.click();
    await expect.poll(() => track.getAttribute('style')).not.toBe(before);
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeVisible();
    await axe.check();
    shop.expectNoPageErrors();
  });

  test('renders with JavaScript off: tiles, tabs, carousels as lists, buttons as links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-featured-tiles] a')).toHaveCount(5);
    await expect(page.locator('#new-arrivals .product-card').first()).toBeVisible();
    await expect(page.locator('#sale .product-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'View all sale items' })).toBeVisible();
    await page.locator('#new-arrivals [data-tab]').nth(1).click();
    await expect(page).toHaveURL(/\?category=/);
    await expect(page.locator('#new-arrivals [aria-current="true"]')).not.toHaveText('All');
    await context.close();
  });
});

test.describe('FAQ and static pages', () => {
  test('FAQ: Back to home, numbered titles with their HTML content; axe', async ({ shop, page, axe }) => {
    await shop.goto('/faq');
    await expect(page).toHaveTitle('Frequently Asked Questions | Gear Shop');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}/faq`);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    const titles = page.locator('.faq-item h2');
    expect(await titles.count()).toBeGreaterThan(2);
    await expect(titles.nth(0)).toContainText(/^1\. How long does delivery take\?/);
    await expect(titles.nth(1)).toContainText(/^2\. Which payment methods do you accept\?/);
    await expect(page.locator('.faq-item').first().locator('.faq-content p')).toContainText(
      'EU orders arrive in 2–4 working days',
    );
    await expect(page.locator('.faq-item script')).toHaveCount(0);
    await axe.check();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
  });

  test('FAQ renders with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto('/faq'))?.status()).toBe(200);
    await expect(page.locator('.faq-item h2').first()).toContainText('1. How long does delivery take?');
    await context.close();
  });

  test('a static page from the footer (by id) and by slug; canonical is the id form; axe', async ({
    shop,
    page,
    axe,
  }) => {
    await shop.goto('/');
    const link = page.locator('footer').getByRole('link', { name: 'About us' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/static-page\/\d+$/);
    await link.click();
    await expect(page).toHaveURL(`${BASE}${href}`);
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page).toHaveTitle('About us | Gear Shop');
    await expect(page.locator('.static-content')).not.toBeEmpty();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Home',
      'About us',
    ]);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await axe.check();

    await shop.goto('/static-page/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE}${href}`);
  });

  test('the cookie notice links to the cookie page by id', async ({ page, context }) => {
    await context.clearCookies();
    await page.goto('/');
    const learnMore = page.getByRole('link', { name: 'Learn more' });
    await expect(learnMore).toHaveAttribute('href', /^\/static-page\/\d+$/);
    await learnMore.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/cookie/i);
  });

  test('an unknown static page is the 404 page; axe', async ({ shop, page, axe }) => {
    await shop.goto('/static-page/no-such-page', { status: 404 });
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /home/i }).last()).toBeVisible();
    await axe.check();
    await shop.goto('/static-page/999999', { status: 404 });
  });
});

test.describe('wishlist', () => {
  test('empty state; add from a home card; remove; axe', async ({ shop, page, axe }) => {
    await shop.goto('/wishlist');
    await expect(page).toHaveTitle('Wishlist | Gear Shop');
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await axe.check();

    await shop.goto('/');
    const card = page.locator('#new-arrivals .product-card').first();
    const name = (await card.locator('.card-name').textContent())!.trim();
    const toggle = card.locator('button[data-wishlist-id]');
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const id = Number(await toggle.getAttribute('data-wishlist-id'));
    expect(await storedWishlist(page)).toEqual([id]);

    await shop.goto('/wishlist');
    const item = page.locator('.wishlist-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('link', { name })).toBeVisible();
    await expect(item.locator('.wl-price strong')).toHaveText(/^€\d+\.\d{2}$/);
    await axe.check();

    await item.getByRole('button', { name: `Remove ${name} from the wishlist` }).click();
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    expect(await storedWishlist(page)).toEqual([]);
    shop.expectNoPageErrors();
  });

  test('move to cart as a guest keeps the id and asks to sign in', async ({ shop, page }) => {
    const [product] = await simpleProducts(page, 1);
    await page.addInitScript((ids) => localStorage.setItem('wishlist', JSON.stringify(ids)), [product!.id]);
    await shop.goto('/wishlist');
    await page.getByRole('button', { name: `Move ${product!.name} to the cart` }).click();
    await expect(page).toHaveURL(/\/auth\?form=signin&redirect=%2Fwishlist$/);
    expect(await storedWishlist(page)).toEqual([product!.id]);
  });

  test('move to cart signed in: added, the id leaves the wishlist; unknown ids are not shown', async ({
    shop,
    page,
    axe,
  }) => {
    await apiSignIn(page);
    const [a, b] = await simpleProducts(page, 2);
    await page.addInitScript(
      (ids) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('wishlist', JSON.stringify(ids));
          sessionStorage.setItem('seeded', '1');
        }
      },
      [a!.id, 987654, b!.id],
    );
    await shop.goto('/wishlist');
    const items = page.locator('.wishlist-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(a!.name);
    await expect(items.nth(1)).toContainText(b!.name);

    await page.getByRole('button', { name: `Move ${a!.name} to the cart` }).click();
    await expect(page.getByText('Item added to cart!')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(b!.name);
    expect(await storedWishlist(page)).toEqual([987654, b!.id]);
    const cart = await page.request.get('/api/cart/contents', { headers: { Accept: 'application/json' } });
    expect(JSON.stringify(await cart.json())).toContain(`"${a!.name.replace(/"/g, '\\"')}"`);
    await axe.check();
    // The header badge woke up with the new count (and hydrated without a mismatch).
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, [1-9]\d* items?$/ })).toBeVisible();
    shop.expectNoPageErrors();
  });
});

/** Every script the page loads at a phone viewport until the network is idle, gzipped (the page budgets in bench/pages.mjs). */
async function scriptBytes(page: Page, path: string): Promise<{ bytes: number; files: number }> {
  await page.setViewportSize({ width: 412, height: 915 });
  const seen = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    seen.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  const res = await page.goto(path, { waitUntil: 'networkidle' });
  expect(res?.status()).toBe(200);
  const sizes = await Promise.all(seen.values());
  return { bytes: sizes.reduce((sum, n) => sum + n, 0), files: sizes.length };
}

test.describe('JavaScript budgets (gzipped, 412x915, until network idle, untouched)', () => {
  for (const [path, budget] of [
    ['/', 90],
    ['/wishlist', 90],
    ['/faq', 20],
    ['/static-page/about', 20],
  ] as const) {
    test(`${path} ships at most ${budget} KB`, async ({ page }, testInfo) => {
      const { bytes, files } = await scriptBytes(page, path);
      testInfo.annotations.push({ type: 'js-bytes', description: `${path}: ${bytes} B gz in ${files} files` });
      console.log(`JS ${path}: ${bytes} B gz in ${files} files`);
      expect(bytes).toBeLessThanOrEqual(budget * 1024);
    });
  }
});
