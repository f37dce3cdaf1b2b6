/**
 * Issue 26, "one price and one availability per thing sold", on a real database (both engines
 * with TEST_DATABASE_URL): the price a page shows for a choice (product + variation) is the price
 * the cart, totals, checkout, order, history and mail charge for it, to the cent; a product whose
 * row has no stock is in stock through its variations (page, list, sale and price filters, staff
 * list); the low-stock threshold is the shop's, overridable per product, counted per variation.
 *
 * The jacket: regular 289.00, on sale for 249.00 (the product row), stock 0 on the row, sizes
 *   S  its own price 289.00 (the product's regular price) → the product's sale: 249.00, 3 units
 *   M  no price of its own                                  → the product's: 249.00, 8 units
 *   L  its own price 320.00 and sale price 299.00           → 299.00, 0 units
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import {
  orderItems,
  productAttributeGroups,
  productCategories,
  products,
  settings,
  variationAttributes,
  variations,
} from '@/server/db/schema/index';
import { TEST_CARDS } from '@/server/payments/demo-cards';
import { getCharge, payCharge, setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { contentChanged } from '@/server/services/content-changed';
import { listProducts } from '@/server/services/admin/catalog/products-list.server';
import { parseProductListQuery } from '@/server/services/admin/catalog/products-list';
import { loadProductPage } from '@/features/product/product-page.server';
import { cardStockOf } from '@/features/catalog/product-card';
import { offerFields, productJsonLd } from '@/features/product/seo';
import { choiceOffers } from '@/features/product/choice-offers';
import { formatCents, formatMoney, formatPercent } from '@/lib/money';
import { getTranslator } from '@/server/i18n/index';
import type { ProductJson } from '@/lib/contract/catalog';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { cardShipping, checkoutShoppers, TEST_CARD } from '../helpers/checkout-shopper';
import { lastMailTo } from '../helpers/fixture-accounts';
import { createApiSession, createUser } from '../helpers/session';
import { setRole } from '@/server/services/admin/roles/roles.server';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
let jacket: number;
const size: Record<'S' | 'M' | 'L', number> = { S: 0, M: 0, L: 0 };

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  const [row] = await db()
    .insert(products)
    .values({
      sku: 'JKT',
      slug: 'alpine-jacket',
      name: 'Alpine Jacket',
      priceCents: 24_900,
      oldPriceCents: 28_900,
      discountPercent: 14,
      stock: 0,
    })
    .returning({ id: products.id });
  jacket = row!.id;
  await db().insert(productCategories).values({ productId: jacket, categoryId: fx.catalog.cat.backpacks });
  await db().insert(productAttributeGroups).values({ productId: jacket, groupId: fx.catalog.group.size, position: 0 });
  const rows = await db()
    .insert(variations)
    .values([
      { productId: jacket, sku: 'JKT-S', priceCents: 28_900, salePriceCents: null, stock: 3 },
      { productId: jacket, sku: 'JKT-M', priceCents: null, salePriceCents: null, stock: 8 },
      { productId: jacket, sku: 'JKT-L', priceCents: 32_000, salePriceCents: 29_900, stock: 0 },
    ])
    .returning({ id: variations.id, sku: variations.sku });
  for (const r of rows) size[r.sku.slice(4) as 'S' | 'M' | 'L'] = r.id;
  const attr = fx.catalog.attr;
  await db()
    .insert(variationAttributes)
    .values([
      { variationId: size.S, attributeId: attr.s },
      { variationId: size.M, attributeId: attr.m },
      { variationId: size.L, attributeId: attr.l },
    ]);
  await contentChanged(db());
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const { shopper, add, orderByNr } = checkoutShoppers(api, db, 'variation-buyer');
const guest = () => createApiSession(api, { clientAddress: '10.26.0.1' });
const variationOf = (p: ProductJson, id: number) => p.variations.find((v) => v.id === id)!;

async function catalogJacket(query = ''): Promise<ProductJson | undefined> {
  const res = await guest().get(`/api/products/catalog?category_id=${fx.catalog.cat.backpacks}&per_page=50${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.payload as ProductJson[]).find((p) => p.id === jacket);
}

describe('the price of a choice', () => {
  it('is the same on the list, the product page, the API, the cart, totals, checkout, the order, its history and its mail', async () => {
    // List (the catalogue API, as the list page and cards read it): from the cheapest choice.
    const listed = (await catalogJacket())!;
    expect(listed).toMatchObject({
      price: 249,
      retail_price: '249.00',
      old_price: '289.00',
      discount_percent: 14,
      price_from: true,
      max_price: 299,
    });
    // Product page data and the product API (info, by-ids for the wishlist).
    const page = (await loadProductPage(
      db(),
      jacket,
      { languageId: fx.catalog.lang.en, currency: { code: 'EUR', value: '1' } },
      null,
    ))!.product;
    const info = (await guest().get(`/api/products/${jacket}/info`)).body.payload as ProductJson;
    const byIds = ((await guest().get(`/api/products/by-ids?ids=${jacket}`)).body.payload as ProductJson[])[0]!;
    for (const p of [listed, page, info, byIds]) {
      expect(variationOf(p, size.S)).toMatchObject({
        price: 249,
        retail_price: '249.00',
        old_price: '289.00',
        discount_percent: 14,
      });
      expect(variationOf(p, size.M)).toMatchObject({
        price: 249,
        retail_price: '249.00',
        old_price: '289.00',
        discount_percent: 14,
      });
      expect(variationOf(p, size.L)).toMatchObject({
        price: 299,
        retail_price: '299.00',
        old_price: '320.00',
        discount_percent: 7,
      });
    }

    // Cart: the same choices at the same prices.
    const { session, email } = await shopper();
    await add(session, size.S, 1, true);
    await add(session, size.M, 2, true);
    const cart = (await session.get('/api/cart/contents')).body.payload as {
      item_id: number;
      item: { price: number };
    }[];
    expect(cart.map((l) => [l.item_id, l.item.price])).toEqual([
      [size.S, 249],
      [size.M, 249],
    ]);
    // Totals: 249.00 + 2 × 249.00 = 747.00, free delivery (EU over 75.00), VAT 20 % contained: 124.50.
    const totals = await session.post('/api/cart/calculate-totals', { ...cardShipping(), cart_items: [] });
    expect(totals.status, JSON.stringify(totals.body)).toBe(200);
    expect(totals.body.original).toMatchObject({
      cart_total: 747,
      delivery_cost: 0,
      discount_amount: 0,
      vat: 124.5,
      final_amount: 747,
    });

    // Checkout and the order it stores.
    const res = await session.post('/api/orders/checkout', { ...cardShipping({ email }), expected_total: 747 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order_data).toMatchObject({ amount: 747, currency: 'EUR' });
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order).toMatchObject({ cartTotalCents: 74_700, finalCents: 74_700, vatCents: 12_450 });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    expect(items.map((i) => [i.variationId, i.sku, i.priceCents, i.quantity])).toEqual([
      [size.S, 'JKT-S', 24_900, 1],
      [size.M, 'JKT-M', 24_900, 2],
    ]);

    // Paid: the history and the confirmation mail say the same amounts.
    const charge = (await getCharge(db(), res.body.redirect_url.split('/').pop()))!;
    expect(await payCharge(db(), charge, { number: TEST_CARDS.success, ...TEST_CARD })).toMatchObject({
      outcome: 'succeeded',
    });
    const history = (await session.get('/api/orders/history')).body.payload[0];
    expect(history.amount).toBe(747);
    expect(
      history.items.map((i: { sku: string; price: number; quantity: number }) => [i.sku, i.price, i.quantity]),
    ).toEqual([
      ['JKT-S', 249, 1],
      ['JKT-M', 249, 2],
    ]);
    const mail = (await lastMailTo(db(), email))!;
    expect(mail.text).toContain('Alpine Jacket × 1');
    expect(mail.text).toContain('€249.00');
    expect(mail.text).toContain('€498.00');
    expect(mail.text).toContain('€747.00');
  });

  it('a variation with a sale price of its own is charged that price', async () => {
    await db().update(variations).set({ stock: 4 }).where(eq(variations.id, size.L));
    await contentChanged(db());
    const { session } = await shopper();
    await add(session, size.L, 1, true);
    const totals = await session.post('/api/cart/calculate-totals', { ...cardShipping(), cart_items: [] });
    expect(totals.body.original).toMatchObject({ cart_total: 299, final_amount: 299 });
    // In GBP (0.85): the converted unit price is the converted page price.
    const page = (await loadProductPage(
      db(),
      jacket,
      { languageId: fx.catalog.lang.en, currency: { code: 'USD', value: '0.85' } },
      null,
    ))!.product;
    const gbp = await session.post('/api/cart/calculate-totals', {
      ...cardShipping(),
      cart_items: [],
      currency: 'GBP',
    });
    expect(variationOf(page, size.L).price).toBe(254.15);
    expect(gbp.body.converted.cart_total).toBe(254.15);
    await db().update(variations).set({ stock: 0 }).where(eq(variations.id, size.L));
    await contentChanged(db());
  });

  it("reads the same in the shopper's language on every page type, the API, the payment page, the order and its mail", async () => {
    // One formatter (src/lib/money.ts) writes every number a German shopper reads: size S on sale.
    const de = (amount: number | string) => formatMoney(amount, 'EUR', 'de');
    const sale = '249,00\u00a0€';
    const old = '289,00\u00a0€';
    const t = await getTranslator(db(), 'de');

    // The list card ("ab 249,00 €": the cheapest choice) and the product page in German: the
    // price, the struck price and the badge of the chosen size, as the page's island shows them.
    const listed = (await catalogJacket())!;
    expect([de(listed.retail_price), de(listed.old_price), formatPercent(-listed.discount_percent, 'de')]).toEqual([
      sale,
      old,
      '-14\u00a0%',
    ]);
    const page = (await loadProductPage(
      db(),
      jacket,
      { languageId: fx.catalog.lang.de, currency: { code: 'EUR', value: '1' } },
      null,
    ))!.product;
    expect(de(page.price)).toBe(sale);
    expect(choiceOffers(page, de, t, 'de')[size.S]).toMatchObject({
      price: sale,
      oldPrice: old,
      discount: '-14\u00a0%',
    });
    // JSON-LD carries the same amount as data (a dot, two decimals: schema.org's format).
    const offers = productJsonLd({
      name: page.name,
      sku: page.sku,
      description: '',
      images: [],
      url: 'https://shop.test/p',
      currency: 'EUR',
      reviews: page.reviews,
      ...offerFields(page),
    }).offers;
    expect(offers).toMatchObject({ lowPrice: variationOf(page, size.S).retail_price, priceCurrency: 'EUR' });
    expect(de((offers as { lowPrice: string }).lowPrice)).toBe(sale);

    // A German customer: cart, totals (VAT 20 % contained: 41.50), checkout.
    const { session, email } = await shopper({ languageId: fx.catalog.lang.de });
    await add(session, size.S, 1, true);
    const cart = (await session.get('/api/cart/contents')).body.payload as {
      item_id: number;
      item: { price: number };
    }[];
    expect(cart.map((l) => de(l.item.price))).toEqual([sale]);
    const totals = await session.post('/api/cart/calculate-totals', { ...cardShipping(), cart_items: [] });
    expect(totals.body.original).toMatchObject({ cart_total: 249, final_amount: 249, vat: 41.5 });
    expect(formatPercent(totals.body.vat_rate, 'de')).toBe('20\u00a0%');
    expect([
      de(totals.body.original.cart_total),
      de(totals.body.original.final_amount),
      de(totals.body.original.vat),
    ]).toEqual([sale, sale, '41,50\u00a0€']);
    const res = await session.post('/api/orders/checkout', { ...cardShipping({ email }), expected_total: 249 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(de(res.body.order_data.amount)).toBe(sale);

    // The payment page ("249,00 € bezahlen"), then the order's history and its mail in German.
    const charge = (await getCharge(db(), res.body.redirect_url.split('/').pop()))!;
    expect(t('gateway.pay', { amount: formatCents(charge.amountCents, charge.currency, 'de') })).toBe(
      `${sale} bezahlen`,
    );
    expect(await payCharge(db(), charge, { number: TEST_CARDS.success, ...TEST_CARD })).toMatchObject({
      outcome: 'succeeded',
    });
    const history = (await session.get('/api/orders/history')).body.payload[0];
    expect([de(history.amount), de(history.items[0].price)]).toEqual([sale, sale]);
    expect(history.vat_rates.map((r: { rate: number }) => formatPercent(r.rate, 'de'))).toEqual(['20\u00a0%']);
    const mail = (await lastMailTo(db(), email))!;
    expect(mail.subject).toMatch(/^Ihre Bestellung /);
    expect(mail.text).toContain(`Alpine Jacket × 1: ${sale}`);
    expect(mail.text).toContain('Enthaltene MwSt. (20\u00a0%): 41,50\u00a0€');
    expect(mail.text).not.toMatch(/249\.00|€249|20\.00/);
  });
});

describe('availability follows from the variations', () => {
  it('a product whose row has no stock is in stock when a variation is: page, card, list filters, staff list', async () => {
    // The sizes as described at the top (the purchase above took some).
    await db().update(variations).set({ stock: 3 }).where(eq(variations.id, size.S));
    await db().update(variations).set({ stock: 8 }).where(eq(variations.id, size.M));
    await contentChanged(db());
    const [row] = await db().select().from(products).where(eq(products.id, jacket));
    expect(row).toMatchObject({
      stock: 0,
      sellableStock: 11,
      scarcestStock: 3,
      fromPriceCents: 24_900,
      toPriceCents: 29_900,
      onSale: true,
    });
    const page = (await loadProductPage(
      db(),
      jacket,
      { languageId: fx.catalog.lang.en, currency: { code: 'EUR', value: '1' } },
      null,
    ))!.product;
    expect(page).toMatchObject({ stock: 11, in_stock: true, availability: 'in_stock', low_stock_threshold: 5 });
    expect(page.variations.map((v) => [v.id, v.availability])).toEqual([
      [size.S, 'low_stock'],
      [size.M, 'in_stock'],
      [size.L, 'out_of_stock'],
    ]);
    expect(cardStockOf(page)).toBeNull();
    expect(
      productJsonLd({
        name: page.name,
        sku: page.sku,
        description: '',
        images: [],
        url: 'https://shop.test/p',
        currency: 'EUR',
        reviews: page.reviews,
        ...offerFields(page),
      }).offers,
    ).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '249.00',
      highPrice: '299.00',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
    });
    // The shopper's list filters: on sale, and the price filter on the "from" price.
    expect(await catalogJacket('&sale=1')).toBeDefined();
    expect(await catalogJacket('&price_max=249')).toBeDefined();
    expect(await catalogJacket('&price_min=250')).toBeUndefined();
    // The staff list: not out of stock; low (S has 3, under the shop's 5).
    const staff = async (query: string) =>
      (await listProducts(db(), parseProductListQuery(new URLSearchParams(query)))).rows.map((r) => r.id);
    expect(await staff('stock=out')).not.toContain(jacket);
    expect(await staff('stock=low')).toContain(jacket);
    expect((await listProducts(db(), parseProductListQuery(new URLSearchParams('q=JKT')))).rows[0]).toMatchObject({
      id: jacket,
      stock: 11,
    });
  });

  it('is out of stock, everywhere, once no variation has any', async () => {
    await db().update(variations).set({ stock: 0 }).where(eq(variations.productId, jacket));
    await contentChanged(db());
    const page = (await loadProductPage(
      db(),
      jacket,
      { languageId: fx.catalog.lang.en, currency: { code: 'EUR', value: '1' } },
      null,
    ))!.product;
    expect(page).toMatchObject({ stock: 0, in_stock: false, availability: 'out_of_stock' });
    expect(cardStockOf(page)).toEqual({ kind: 'sold-out' });
    expect(
      productJsonLd({
        name: page.name,
        sku: page.sku,
        description: '',
        images: [],
        url: 'https://shop.test/p',
        currency: 'EUR',
        reviews: page.reviews,
        ...offerFields(page),
      }).offers,
    ).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
    });
    const staff = async (query: string) =>
      (await listProducts(db(), parseProductListQuery(new URLSearchParams(query)))).rows.map((r) => r.id);
    expect(await staff('stock=out')).toContain(jacket);
    expect(await staff('stock=low')).not.toContain(jacket);
    await db().update(variations).set({ stock: 3 }).where(eq(variations.id, size.S));
    await db().update(variations).set({ stock: 8 }).where(eq(variations.id, size.M));
    await contentChanged(db());
  });
});

describe('the low-stock threshold', () => {
  const staffLow = async () =>
    (await listProducts(db(), parseProductListQuery(new URLSearchParams('stock=low')))).rows.map((r) => r.id);
  const sizeS = async () =>
    variationOf(
      (await loadProductPage(
        db(),
        jacket,
        { languageId: fx.catalog.lang.en, currency: { code: 'EUR', value: '1' } },
        null,
      ))!.product,
      size.S,
    );

  it('is the shop setting, counted per variation, and a product may have its own', async () => {
    // The shop's 5: S (3 left) is low, "Only 3 left" on its choice.
    expect((await sizeS()).availability).toBe('low_stock');
    // The shop sets 3 (through the settings API): 3 units are no longer "low".
    const staff = createApiSession(api, { clientAddress: '10.26.0.2' });
    await createUser(db(), { email: 'threshold-admin@example.com', password: 'Admin-1234' });
    await setRole(db(), null, 'threshold-admin@example.com', 'admin');
    expect((await staff.signIn('threshold-admin@example.com', 'Admin-1234')).status).toBe(200);
    const saved = await staff.put('/api/admin/settings', { low_stock_threshold: 3 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload.low_stock_threshold).toBe(3);
    const [shop] = await db().select({ n: settings.lowStockThreshold }).from(settings);
    expect(shop!.n).toBe(3);
    expect((await sizeS()).availability).toBe('in_stock');
    expect(await staffLow()).not.toContain(jacket);
    // The jacket's own 4 overrides the shop's 3 (through the product editor's API).
    const [p] = await db().select({ version: products.version }).from(products).where(eq(products.id, jacket));
    const patched = await staff.put(`/api/admin/products/${jacket}`, { version: p!.version, low_stock_threshold: 4 });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.payload.low_stock_threshold).toBe(4);
    expect((await sizeS()).availability).toBe('low_stock');
    expect(await staffLow()).toContain(jacket);
    // Empty again: the shop's.
    const cleared = await staff.put(`/api/admin/products/${jacket}`, {
      version: patched.body.payload.version,
      low_stock_threshold: null,
    });
    expect(cleared.body.payload.low_stock_threshold).toBeNull();
    expect((await sizeS()).availability).toBe('in_stock');
    await staff.put('/api/admin/settings', { low_stock_threshold: 5 });
  });
});

describe('the variation editor', () => {
  it("stores a variation's sale price, or none (the product's), and refuses one above its price", async () => {
    const staff = createApiSession(api, { clientAddress: '10.26.0.3' });
    expect((await staff.signIn('threshold-admin@example.com', 'Admin-1234')).status).toBe(200);
    const product = (await staff.get(`/api/admin/products/${jacket}`)).body.payload;
    expect(
      product.variations.map((v: { sku: string; price_cents: number | null; sale_price_cents: number | null }) => [
        v.sku,
        v.price_cents,
        v.sale_price_cents,
      ]),
    ).toEqual([
      ['JKT-S', 28_900, null],
      ['JKT-M', null, null],
      ['JKT-L', 32_000, 29_900],
    ]);
    const base = (sku: string, id: number) => ({ id, sku, stock: 3, active: true });
    const bad = await staff.put(`/api/admin/products/${jacket}/variations`, {
      version: product.version,
      variations: [{ ...base('JKT-S', size.S), price_cents: 28_900, sale_price_cents: 30_000 }],
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.errors)).toContain('The sale price must be lower than the price.');
    const ok = await staff.put(`/api/admin/products/${jacket}/variations`, {
      version: product.version,
      variations: [{ ...base('JKT-S', size.S), price_cents: 28_900, sale_price_cents: 19_900 }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const page = (await loadProductPage(
      db(),
      jacket,
      { languageId: fx.catalog.lang.en, currency: { code: 'EUR', value: '1' } },
      null,
    ))!.product;
    expect(variationOf(page, size.S)).toMatchObject({ price: 199, old_price: '289.00', discount_percent: 31 });
    expect(page).toMatchObject({ price: 199, price_from: true, max_price: 299 });
  });
});
