import { type Page, expect as pwExpect } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { BASE, xsrfHeaders } from './support/shopper';
import { ADMIN, signInToBackOffice } from './support/back-office';

/**
 * The staff product editor (issue 16, ADR 026), in Chromium as the demo staff member: create a
 * product, vary it over two attributes, price and stock a variation, translate it, publish it and
 * buy a variation on the storefront; a price change reaches the next guest at once; a save from a
 * form opened before someone else's save is refused with the reason. axe on the back-office pages.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

/** The form under a heading, by the heading's name. */
const formOf = (page: Page, heading: string) =>
  page.locator('form', { has: page.getByRole('heading', { name: heading, exact: true }) });

/** Submits a form whose page reloads after a successful save, and waits for the reload. */
async function save(page: Page, heading: string, button: string) {
  const reloaded = page.waitForEvent('load');
  await formOf(page, heading).getByRole('button', { name: button, exact: true }).click();
  await reloaded;
}

test('staff: create, vary, translate, publish a product and buy a variation; a price change reaches the next guest; a stale save is refused; axe', async ({
  page,
  browser,
  axe,
}) => {
  // About twenty page loads and two browser tabs: a minute on a busy two-core machine.
  test.slow();
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const name = `Ridge Tent ${sku}`;
  await signInToBackOffice(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await axe.check();

  // Create.
  await page.getByRole('link', { name: 'New product' }).click();
  const create = formOf(page, 'New product');
  await create.getByLabel('SKU').fill(sku);
  await create.getByLabel('Name in English').fill(name);
  await create.getByLabel('Price (EUR, VAT included)').fill('149.00');
  await create.getByLabel('Category').selectOption({ index: 0 });
  await axe.check();
  await create.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const editorUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`SKU ${sku} · Unpublished · version 1`)).toBeVisible();

  // Two attributes → four combinations.
  const generate = formOf(page, 'Generate combinations');
  await generate.getByLabel('Attribute 1', { exact: true }).fill('Size');
  await generate.getByLabel('Values of attribute 1').fill('S, M');
  await generate.getByLabel('Attribute 2', { exact: true }).fill('Colour');
  await generate.getByLabel('Values of attribute 2').fill('Red, Blue');
  await save(page, 'Generate combinations', 'Generate variations');
  const variations = formOf(page, '4 variations');
  await expect(variations.getByRole('row')).toHaveCount(5);
  await expect(variations.getByLabel('SKU of Size S, Colour Red')).toHaveValue(`${sku}-S-RED`);
  await variations.getByLabel('Stock of Size S, Colour Red').fill('6');
  await variations.getByLabel('Price of Size S, Colour Red', { exact: true }).fill('139.00');
  await variations.getByLabel('Remove Size M, Colour Blue').check();
  await axe.check();
  await save(page, '4 variations', 'Save variations');
  await expect(formOf(page, '3 variations').getByLabel('Stock of Size S, Colour Red')).toHaveValue('6');

  // German name, stock and publishing: one form, one save (issue 30).
  await page.getByRole('list', { name: 'Language of the text' }).getByRole('link', { name: 'Deutsch' }).click();
  const product = formOf(page, 'Product');
  await product.getByLabel('Name', { exact: true }).fill(`Gratzelt ${sku}`);
  await product.getByLabel('Stock', { exact: true }).fill('6');
  await product.getByLabel('Published (shown in the shop)').check();
  await save(page, 'Product', 'Save');
  await expect(formOf(page, 'Product').getByLabel('Name', { exact: true })).toHaveValue(`Gratzelt ${sku}`);
  await expect(page.getByText(`SKU ${sku} · Published`)).toBeVisible();

  // Photos: two uploads (a PNG named .jpg is taken as the PNG it is), alt texts, saved in order.
  const photo = async (format: 'jpeg' | 'png', colour: string) =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
      .composite([
        { input: Buffer.from(`<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#fff"/></svg>`) },
      ])
      [format]()
      .toBuffer();
  await page.getByLabel('Add photos (JPEG, PNG, WebP or AVIF, up to 15 MB each)').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', '#2a6f4e') },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo('png', '#6f2a4e') },
  ]);
  await expect(page.getByText('2 photos added: write the alternative texts, then save the images.')).toBeVisible();
  const images = formOf(page, 'Images');
  await images
    .getByLabel(/^New photo \d+ \(front\.jpg\): alternative text in English/)
    .fill('Ridge tent pitched on grass');
  await images.getByLabel(/^New photo \d+ \(side\.jpg\): alternative text in English/).fill('Ridge tent from the side');
  await images.getByLabel(/^New photo \d+ \(front\.jpg\): alternative text in Deutsch/).fill('Gratzelt auf der Wiese');
  await axe.check();
  await save(page, 'Images', 'Save images');
  await expect(formOf(page, 'Images').getByLabel('Image 1: alternative text in English (required)')).toHaveValue(
    'Ridge tent pitched on grass',
  );
  await expect(formOf(page, 'Images').getByLabel('Image 2: alternative text in English (required)')).toHaveValue(
    'Ridge tent from the side',
  );

  // On the storefront: responsive photos, the variation picker and the cart.
  await page.getByRole('link', { name: 'View in the shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const lead = page.getByRole('img', { name: 'Ridge tent pitched on grass' }).first();
  await expect(lead).toHaveAttribute('fetchpriority', 'high');
  await expect(lead).toHaveAttribute('width', /\d+/);
  await expect(lead).toHaveAttribute('height', /\d+/);
  const picture = page.locator('picture', { has: lead });
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/media\/[0-9a-f]{64}\/\d+\.avif \d+w/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /\/media\/[0-9a-f]{64}\/\d+\.webp \d+w/,
  );
  const avif = (await picture.locator('source[type="image/avif"]').getAttribute('srcset'))!.split(' ')[0]!;
  const served = await page.request.get(avif);
  expect(served.headers()['content-type']).toBe('image/avif');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const size = page.getByLabel('Size', { exact: true });
  await size.focus();
  await expect(page.locator('astro-island:has(.product-purchase)')).not.toHaveAttribute('ssr', /.*/);
  await size.selectOption({ label: 'S' });
  await page.getByLabel('Colour', { exact: true }).selectOption({ label: 'Red' });
  await page.locator('.product-purchase').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();
  const shopUrl = page.url();

  // A stale form: opened before another tab saved.
  const other = await page.context().newPage();
  await other.goto(editorUrl);
  await page.goto(editorUrl);
  await formOf(page, 'Product').getByLabel('Price (EUR, VAT included)').fill('129.00');
  await save(page, 'Product', 'Save');
  const staleForm = formOf(other, 'Product');
  await staleForm.getByLabel('Price (EUR, VAT included)').fill('99.00');
  await staleForm.getByRole('button', { name: 'Save', exact: true }).click();
  await pwExpect(staleForm.getByRole('alert')).toContainText('Someone else saved this product after you opened it');
  await other.close();

  // The guest sees the new price on the next request.
  const guest = await browser.newContext();
  await guest.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const guestPage = await guest.newPage();
  await guestPage.goto(shopUrl);
  await expect(guestPage.locator('.price-block .price')).toContainText('129.00');
  await guest.close();

  // Found in the list by its SKU.
  await page.goto(`/admin/products?q=${encodeURIComponent(sku)}`);
  await expect(page.getByRole('table').getByRole('link', { name: sku })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('€129.00');
});

test('staff: create a category, name it in German, change its slug; the old address answers 301; axe', async ({
  page,
  axe,
  request,
}) => {
  const slug = `e2e-cat-${Date.now().toString(36)}`;
  await signInToBackOffice(page);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await axe.check();
  const create = formOf(page, 'New category');
  await create.getByLabel('Name in English').fill('Hammocks');
  await create.getByLabel('Slug (its address)').fill(slug);
  await create.getByLabel('Inside').selectOption({ index: 1 });
  await create.getByRole('button', { name: 'Create category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hammocks' })).toBeVisible();
  await axe.check();

  await page.getByRole('list', { name: 'Language of the text' }).getByRole('link', { name: 'Deutsch' }).click();
  await formOf(page, 'Name in Deutsch').getByLabel('Name').fill('Hängematten');
  await save(page, 'Name in Deutsch', 'Save name');
  await expect(formOf(page, 'Name in Deutsch').getByLabel('Name')).toHaveValue('Hängematten');

  const place = formOf(page, 'Address and place');
  const parent = await place.getByLabel('Inside').locator('option:checked').textContent();
  await place.getByLabel('Slug').fill(`${slug}-new`);
  await save(page, 'Address and place', 'Save address and place');
  await expect(page.getByText(`Old addresses that still lead here: ${slug}.`)).toBeVisible();

  // The storefront: the old address answers 301 to the new one, which lists the category.
  const tree = (await (await request.get('/api/categories')).json()) as {
    payload: { slug: string; name: string; subcategories: { slug: string }[] }[];
  };
  const top = tree.payload.find(
    (c) => c.name === parent?.trim() || c.subcategories.some((s) => s.slug === `${slug}-new`),
  )!;
  const old = await request.get(`/products/${top.slug}/${slug}?sort=asc`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/products/${top.slug}/${slug}-new?sort=asc`);
  await page.goto(`/products/${top.slug}/${slug}`);
  await expect(page).toHaveURL(`${BASE}/products/${top.slug}/${slug}-new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hammocks' })).toBeVisible();
});

test('staff: create a promo code the cart accepts; axe on both pages', async ({ page, axe }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await signInToBackOffice(page);
  await page.goto('/admin/promo-codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();
  await axe.check();
  const create = formOf(page, 'New promo code');
  await create.getByLabel('Code').fill(code);
  await create.getByLabel('Percentage off').fill('15');
  await create.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page).toHaveURL(/\/admin\/promo-codes\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Promo code ${code}` })).toBeVisible();
  await axe.check();
  const check = await page.request.post('/api/promocodes/check', {
    headers: await xsrfHeaders(page),
    data: { code: code.toLowerCase() },
  });
  expect(((await check.json()) as { payload: { discount_amount: number } }).payload.discount_amount).toBe(15);

  // Delivery prices need the `prices` permission, the admin's (roles.ts): staff do not see them.
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Delivery, VAT and currencies' }),
  ).toHaveCount(0);
});

test('admin: change a delivery price; axe on the page', async ({ page, axe }) => {
  // axe over the shipping page's every-country forms takes most of the default 30 s on a busy machine.
  test.slow();
  await signInToBackOffice(page, ADMIN);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Delivery, VAT and currencies' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery, VAT and currencies' })).toBeVisible();
  await axe.check();
  const zone = page
    .getByRole('form')
    .filter({ has: page.getByRole('button', { name: /^Save zone / }) })
    .first();
  const price = zone.getByLabel('Delivery price (EUR)');
  const before = await price.inputValue();
  await price.fill('7.77');
  const reloaded = page.waitForEvent('load');
  await zone.getByRole('button', { name: /^Save zone / }).click();
  await reloaded;
  await expect(
    page
      .getByRole('form')
      .filter({ has: page.getByRole('button', { name: /^Save zone / }) })
      .first()
      .getByLabel('Delivery price (EUR)'),
  ).toHaveValue('7.77');
  // Back as it was, for the other tests on this database.
  await page
    .getByRole('form')
    .filter({ has: page.getByRole('button', { name: /^Save zone / }) })
    .first()
    .getByLabel('Delivery price (EUR)')
    .fill(before);
  const again = page.waitForEvent('load');
  await page
    .getByRole('form')
    .filter({ has: page.getByRole('button', { name: /^Save zone / }) })
    .first()
    .getByRole('button', { name: /^Save zone / })
    .click();
  await again;
});
