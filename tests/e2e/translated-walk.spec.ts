import type { APIRequestContext, Page } from '@playwright/test';
import de from '@/i18n/messages/de.json' with { type: 'json' };
import fr from '@/i18n/messages/fr.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer } from './support/shopper';

/**
 * A German and a French walk from home to order history (issue 29, ADR 041): home → a list with a
 * facet → a product with variations → add to cart → cart → checkout with the country list → a
 * phone order → order history and order detail. On every page the rendered text must not show a
 * stored English attribute group, option or country name that has a text in the page's language;
 * the names are read from the API in both languages first. axe on every page.
 */

type Messages = typeof de;
const WALKS: { code: 'de' | 'fr'; messages: Messages }[] = [
  { code: 'de', messages: de },
  { code: 'fr', messages: fr as Messages },
];

interface CatalogProduct {
  id: number;
  categories: { id: number; url: string }[];
  variations: {
    id: number;
    stock: number;
    attributes: { id: number; name: string; attribute_group: { id: number; name: string } }[];
  }[];
}

async function payload<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { payload: T }).payload;
}

/** Every attribute group, option and country name by id, in one language. */
async function namesIn(request: APIRequestContext, langId: number): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const products = await payload<CatalogProduct[]>(request, `/api/products/catalog?per_page=60&lang_id=${langId}`);
  for (const variation of products.flatMap((p) => p.variations)) {
    for (const attribute of variation.attributes) {
      names.set(`option:${attribute.id}`, attribute.name);
      names.set(`group:${attribute.attribute_group.id}`, attribute.attribute_group.name);
    }
  }
  const countries = await payload<{ id: number; name: string }[]>(request, `/api/countries?lang_id=${langId}`);
  for (const country of countries) names.set(`country:${country.id}`, country.name);
  return names;
}

/**
 * The English names that have a different text in the language, as whole-word patterns. A name
 * that is also some name in the language itself (a loan word such as "Sand") cannot tell the two
 * apart and is left out.
 */
function untranslatedPatterns(english: Map<string, string>, local: Map<string, string>): Map<string, RegExp> {
  const localWords = new Set(local.values());
  const patterns = new Map<string, RegExp>();
  for (const [key, name] of english) {
    const translated = local.get(key);
    if (!translated || translated === name || localWords.has(name)) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns.set(`${key} "${name}"`, new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u'));
  }
  return patterns;
}

async function englishNamesOn(page: Page, patterns: Map<string, RegExp>): Promise<string[]> {
  // Option texts of closed selects are not in innerText: read them as well.
  const text = await page.evaluate(
    () =>
      `${document.body.innerText}\n${[...document.querySelectorAll('option')].map((o) => o.textContent).join('\n')}`,
  );
  return [...patterns].filter(([, pattern]) => pattern.test(text)).map(([key]) => key);
}

async function expectNoEnglishNames(page: Page, patterns: Map<string, RegExp>): Promise<void> {
  expect(await englishNamesOn(page, patterns), `English names on ${page.url()}`).toEqual([]);
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

for (const { code, messages: m } of WALKS) {
  test(`${code}: home to order history shows no English attribute, option or country name`, async ({
    shop,
    page,
    axe,
    mailbox,
  }) => {
    test.slow();
    const languages = await payload<{ id: number; code: string }[]>(page.request, '/api/languages');
    const langId = languages.find((l) => l.code === code)!.id;
    const enId = languages.find((l) => l.code === 'en')!.id;
    const english = await namesIn(page.request, enId);
    const local = await namesIn(page.request, langId);
    const patterns = untranslatedPatterns(english, local);
    // The walk proves something only when the shop has texts to show.
    expect([...patterns.keys()].some((k) => k.startsWith('group:'))).toBe(true);
    expect([...patterns.keys()].some((k) => k.startsWith('option:'))).toBe(true);
    expect([...patterns.keys()].some((k) => k.startsWith('country:'))).toBe(true);
    const visit = async () => {
      await expectNoEnglishNames(page, patterns);
      await axe.check();
    };

    await newVerifiedCustomer(page, mailbox, `walk.${code}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shop.goto(`/${code}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await visit();

    // A list with a facet chosen.
    const products = await payload<CatalogProduct[]>(
      page.request,
      `/api/products/catalog?per_page=60&lang_id=${langId}`,
    );
    const product = products.find((p) => p.variations.some((v) => v.stock >= 5 && v.attributes.length > 0))!;
    expect(product).toBeDefined();
    const variation = product.variations.find((v) => v.stock >= 5 && v.attributes.length > 0)!;
    const listPath = [...product.categories].sort((a, b) => b.id - a.id)[0]?.url ?? '/products/all/all';
    await shop.goto(`/${code}${listPath}?attrs=${variation.attributes[0]!.id}`);
    await expect(page.locator(`.facet a[data-attr-id="${variation.attributes[0]!.id}"]`).first()).toHaveAttribute(
      'data-selected',
      'true',
    );
    await visit();

    // The same product page in English shows the names the check looks for: the check can fail.
    await shop.goto(`${listPath}/${product.id}`);
    expect((await englishNamesOn(page, patterns)).length).toBeGreaterThan(0);

    // The product page: its variation chosen by the names in the page's language.
    await shop.goto(`/${code}${listPath}/${product.id}`);
    const purchase = page.locator('.product-purchase');
    await purchase.hover();
    await expect(page.locator('astro-island:has(.product-purchase)')).not.toHaveAttribute('ssr', /.*/);
    for (const attribute of variation.attributes) {
      await purchase
        .getByLabel(attribute.attribute_group.name, { exact: true })
        .selectOption({ label: attribute.name });
    }
    await visit();
    const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
    await purchase.getByRole('button', { name: m['product.addToCart'] }).click();
    expect((await added).status()).toBe(200);

    // The cart shows the line's options in the language.
    await shop.goto(`/${code}/cart`);
    await expect(page.locator('astro-island:has(.cart-view)')).not.toHaveAttribute('ssr', /.*/);
    for (const attribute of variation.attributes)
      await expect(page.locator('.cart-view')).toContainText(attribute.name);
    await visit();

    // Checkout: the country list in the language, a phone order.
    await page.getByRole('button', { name: m['cart.checkout'], exact: true }).click();
    const country = page.locator('#checkout-countryId');
    await expect(country).toBeVisible();
    const germanyId = [...english].find(([key, name]) => key.startsWith('country:') && name === 'Germany')![0];
    const germany = local.get(germanyId)!;
    await country.selectOption({ label: germany });
    await page.locator('#checkout-city').fill('Berlin');
    await page.locator('#checkout-address').fill('Friedrichstraße 1');
    await page.locator('#checkout-postCode').fill('10117');
    const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
    await page.locator('.checkout-submit').click();
    expect((await totals).status()).toBe(200);
    await expect(page.locator('.checkout-submit')).toHaveText(m['checkout.button.placeOrder']);
    await visit();
    await page.getByRole('radio', { name: m['checkout.paymentMethod.phone'] }).check();
    const checkout = page.waitForResponse((r) => r.url().endsWith('/api/orders/checkout'));
    await page.locator('.checkout-submit').click();
    await page.getByRole('alertdialog').getByRole('button', { name: m['checkout.confirm.yes'] }).click();
    const answer = (await (await checkout).json()) as { order_data: { order_nr: string } };
    const orderNr = answer.order_data.order_nr;
    await expect(page.getByRole('dialog', { name: m['phonePayment.title'] })).toBeVisible();
    await visit();

    // Order history and the order's page keep the words of the order's language.
    await shop.goto(`/${code}/account?tab=orders`);
    const row = page.locator('.orders-list > li').filter({ hasText: orderNr });
    await expect(row).toBeVisible();
    await visit();
    await shop.goto(`/${code}/account/orders/${orderNr}`);
    await expect(page.locator('main')).toContainText(germany);
    for (const attribute of variation.attributes) await expect(page.locator('main')).toContainText(attribute.name);
    await visit();
    shop.expectNoPageErrors();
  });
}
