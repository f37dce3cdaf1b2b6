import { expect, test } from './fixtures';

/**
 * Real photos on the storefront (issue 16 "Images"): a demo product with uploaded photos renders
 * each as <picture> with AVIF and WebP sources and a JPEG srcset, width/height set; the first
 * gallery image is the LCP (fetchpriority=high, eager), the rest lazy; the variants it names are
 * served; Open Graph and JSON-LD name JPEGs; axe clean. The demo seed gives the first product of
 * the first areas photos (src/server/db/seed/photos.ts): product 1 has two.
 */

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

interface Image {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

test('a product with photos: <picture> with AVIF/WebP srcsets, sizes, LCP priority, served variants; axe', async ({
  shop,
  page,
  axe,
}) => {
  await page.context().addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const product = (
    await shop.apiGet<{ id: number; name: string; images: Image[]; categories: { id: number; url: string }[] }>(
      '/api/products/1/info',
    )
  ).payload!;
  const photos = product.images.filter((i) => i.width);
  expect(photos.length).toBe(2);
  const newest = [...product.categories].sort((a, b) => b.id - a.id)[0]!;
  await shop.goto(`${newest.url}/${product.id}`);

  const gallery = page.getByRole('region', { name: /images/i }).first();
  const slides = gallery.getByRole('group').locator('picture');
  await expect(slides).toHaveCount(2);
  const hash = /\/media\/([0-9a-f]{64})\//.exec(photos[0]!.url)![1]!;

  const first = slides.first();
  await expect(first.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    new RegExp(`^/media/${hash}/160\\.avif 160w, .*/media/${hash}/1280\\.avif 1280w$`),
  );
  await expect(first.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    new RegExp(`/media/${hash}/960\\.webp 960w`),
  );
  const lcp = first.getByRole('img', { name: photos[0]!.alt });
  await expect(lcp).toHaveAttribute('src', `/media/${hash}/640.jpg`);
  await expect(lcp).toHaveAttribute('srcset', new RegExp(`/media/${hash}/480\\.jpg 480w`));
  await expect(lcp).toHaveAttribute('sizes', /100vw$/);
  await expect(lcp).toHaveAttribute('width', '1600');
  await expect(lcp).toHaveAttribute('height', '1200');
  await expect(lcp).toHaveAttribute('fetchpriority', 'high');
  await expect(lcp).toHaveAttribute('loading', 'eager');
  const second = slides.nth(1).getByRole('img', { name: photos[1]!.alt });
  await expect(second).toHaveAttribute('loading', 'lazy');
  await expect(second).not.toHaveAttribute('fetchpriority', /.+/);

  // The browser picked a variant it could show: AVIF (Chromium), fully loaded, not stretched.
  await expect.poll(() => lcp.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await lcp.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    new RegExp(`/media/${hash}/\\d+\\.avif$`),
  );

  // Every variant the page names exists, with the immutable cache header.
  const avif = await page.request.get(`/media/${hash}/320.avif`);
  expect(avif.status()).toBe(200);
  expect(avif.headers()['content-type']).toBe('image/avif');
  expect(avif.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await page.request.get(`/media/${hash}/333.avif`)).status()).toBe(404);

  // Link previews: the 1200×630 JPEG crop; search engines: the largest JPEGs.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`/media/${hash}/og\\.jpg$`),
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld.image[0]).toMatch(new RegExp(`^https?://[^/]+/media/${hash}/1280\\.jpg$`));

  // The thumbnails ask for the smallest variant only.
  await expect(gallery.locator('.thumbs source[type="image/avif"]').first()).toHaveAttribute(
    'srcset',
    `/media/${hash}/160.avif 160w`,
  );
  await axe.check();
  shop.expectNoPageErrors();
});

test('product cards of photographed products show <picture>, the first row eagerly; drawings stay plain images', async ({
  shop,
  page,
}) => {
  await page.context().addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const product = (
    await shop.apiGet<{ id: number; name: string; categories: { id: number; url: string; parent_id: number }[] }>(
      '/api/products/1/info',
    )
  ).payload!;
  const leaf = [...product.categories].sort((a, b) => b.id - a.id)[0]!;
  await shop.goto(leaf.url);
  const card = page.getByRole('article', { name: product.name });
  const img = card.locator('picture img');
  await expect(img).toHaveAttribute('width', '1600');
  await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /\/640\.avif 640w$/);
  // Sorted by the list's default order the product may sit anywhere: the loading follows its place.
  const cards = page.getByRole('article');
  const index = await cards.evaluateAll(
    (all, id) => all.findIndex((a) => a.getAttribute('data-product-id') === String(id)),
    product.id,
  );
  await expect(img).toHaveAttribute('loading', index < 4 ? 'eager' : 'lazy');
  // A product without photos keeps its drawing as a plain <img> with width and height. (Products
  // that other specs create in parallel have neither photo nor drawing: they show the fallback.)
  const drawing = cards.locator('.card-media > img:not([src^="/images/fallback"])').first();
  await expect(drawing).toHaveAttribute('src', /^\/images\/products\/\d+\/1\.svg/);
  await expect(drawing).toHaveAttribute('width', '400');
  shop.expectNoPageErrors();
});
