/**
 * Issue 26, "prices per currency" (ADR 034), on a real database (both engines with
 * TEST_DATABASE_URL): a fixed price in a currency wins over the converted EUR price on the list,
 * the product data, the cart, the totals, the order, its history and its mail; without one the
 * converted price is rounded by the currency's rule (0.01, .99 endings, whole units) the same way
 * everywhere; JPY is counted in whole yen (ISO 4217: no minor unit) from the price to the Stripe
 * session and its refunds; the CSV carries the fixed prices and its export → import changes nothing.
 *
 * The fixture shop: USD at 1.0835, GBP at 0.85; the lamp costs 129.00 EUR (109.65 GBP converted).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import {
  currencies,
  orderItems,
  productCategories,
  productCurrencyPrices,
  products,
  variationAttributes,
  variations,
} from '@/server/db/schema/index';
import { contentChanged } from '@/server/services/content-changed';
import { invalidateShopBasics } from '@/server/services/request-context';
import { applyImport } from '@/server/services/catalog-io/apply.server';
import { checkImport } from '@/server/services/catalog-io/check.server';
import { type Problem } from '@/server/services/catalog-io/format';
import { exportCatalogCsv } from '@/server/services/catalog-io/export.server';
import type { ProductJson } from '@/lib/contract/catalog';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping, type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { checkoutShoppers } from '../helpers/checkout-shopper';
import { staffOrders } from '../helpers/admin-orders';
import { lastMailTo } from '../helpers/fixture-accounts';
import { createApiSession } from '../helpers/session';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startStripeFake, type StripeFake } from '../helpers/stripe-fake';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, orderByNr } = checkoutShoppers(api, db, 'currency-prices');
const staff = staffOrders(api, db, 'currency-staff');
let fx: CommerceFixture;
let fake: StripeFake;
let lamp: number;
let jacket: number;
const size: Record<'S' | 'M' | 'L', number> = { S: 0, M: 0, L: 0 };
const guest = () => createApiSession(api, { clientAddress: '10.31.0.1' });

beforeAll(async () => {
  fake = await startStripeFake({
    deliver: async (init) => api.request('/api/payments/stripe/webhook', init, { clientAddress: '10.9.9.9' }),
  });
  Object.assign(process.env, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.base,
  });
  fx = await seedCommerceFixture(db());
  await db().insert(currencies).values({ code: 'JPY', symbol: '¥', value: '162.5', position: 4 });
  const [l, j] = await db()
    .insert(products)
    .values([
      { sku: 'CUR-LAMP', slug: 'currency-lamp', name: 'Currency Lamp', priceCents: 12_900, stock: 100 },
      // On sale for 249.00 instead of 289.00, with sizes as in variation-prices.test.ts.
      {
        sku: 'CUR-JKT',
        slug: 'currency-jacket',
        name: 'Currency Jacket',
        priceCents: 24_900,
        oldPriceCents: 28_900,
        discountPercent: 14,
        stock: 0,
      },
    ])
    .returning({ id: products.id });
  lamp = l!.id;
  jacket = j!.id;
  await db()
    .insert(productCategories)
    .values([
      { productId: lamp, categoryId: fx.catalog.cat.keyboards },
      { productId: jacket, categoryId: fx.catalog.cat.keyboards },
    ]);
  const rows = await db()
    .insert(variations)
    .values([
      { productId: jacket, sku: 'CUR-JKT-S', priceCents: 28_900, stock: 30 },
      { productId: jacket, sku: 'CUR-JKT-M', priceCents: null, stock: 30 },
      { productId: jacket, sku: 'CUR-JKT-L', priceCents: 32_000, salePriceCents: 29_900, stock: 30 },
    ])
    .returning({ id: variations.id, sku: variations.sku });
  for (const r of rows) size[r.sku.slice(8) as 'S' | 'M' | 'L'] = r.id;
  await db()
    .insert(variationAttributes)
    .values([
      { variationId: size.S, attributeId: fx.catalog.attr.s },
      { variationId: size.M, attributeId: fx.catalog.attr.m },
      { variationId: size.L, attributeId: fx.catalog.attr.l },
    ]);
  await contentChanged(db());
  invalidateShopBasics();
});
afterAll(async () => {
  for (const name of ['PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'])
    delete process.env[name];
  await fake.close();
});

async function listed(id: number, currency: string): Promise<ProductJson> {
  const res = await guest().get(
    `/api/products/catalog?category_id=${fx.catalog.cat.keyboards}&per_page=50&currency=${currency}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.payload as ProductJson[]).find((p) => p.id === id)!;
}

async function info(id: number, currency: string): Promise<ProductJson> {
  const res = await guest().get(`/api/products/${id}/info?currency=${currency}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload as ProductJson;
}

async function setRounding(code: string, rounding: string) {
  const { session } = await staff.signedIn('admin');
  const [row] = await db().select().from(currencies).where(eq(currencies.code, code));
  const res = await session.put(`/api/admin/currencies/${row!.id}`, { rounding });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  invalidateShopBasics();
  return res;
}

async function setFixedPrices(productId: number, prices: unknown[]) {
  const { session } = await staff.signedIn('staff');
  const current = (await session.get(`/api/admin/products/${productId}`)).body.payload as { version: number };
  const res = await session.put(`/api/admin/products/${productId}/currency-prices`, {
    version: current.version,
    prices,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload as { currency_prices: unknown[] };
}

describe('a fixed price per currency', () => {
  it('wins over the conversion on the list, the product data, the cart, the totals, the order, its history and its mail', async () => {
    // USD 149.00 regular, on sale for 139.99 in USD only; GBP keeps the converted price.
    const saved = await setFixedPrices(lamp, [{ currency: 'usd', price_cents: 14_900, sale_price_cents: 13_999 }]);
    expect(saved.currency_prices).toEqual([
      { currency: 'USD', variation_id: null, price_cents: 14_900, sale_price_cents: 13_999 },
    ]);

    const shown = { price: 139.99, retail_price: '139.99', old_price: '149.00', discount_percent: 6 };
    expect(await listed(lamp, 'USD')).toMatchObject(shown);
    expect(await info(lamp, 'USD')).toMatchObject(shown);
    // No fixed GBP price: 129.00 × 0.85, to the penny.
    expect(await listed(lamp, 'GBP')).toMatchObject({ price: 109.65, retail_price: '109.65', old_price: '0.00' });

    const buyer = await shopper();
    await add(buyer.session, lamp, 2);
    const cart = await buyer.session.get('/api/cart/contents?currency=USD');
    expect(cart.body.payload[0].item.price).toBe(139.99);
    const totals = await buyer.session.post('/api/cart/calculate-totals', {
      ...berlinShipping({ email: buyer.email }),
      promoCode: null,
      currency: 'USD',
    });
    expect(totals.status, JSON.stringify(totals.body)).toBe(200);
    const converted = totals.body.converted;
    expect(converted.cart_total).toBe(279.98);
    expect(converted.final_amount).toBeCloseTo(
      converted.cart_total + converted.delivery_cost - converted.discount_amount,
      2,
    );

    const res = await buyer.session.post(
      '/api/orders/checkout',
      berlinShipping({ payment_method: 'phone', email: buyer.email, currency: 'USD' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order.convertedCartTotalCents).toBe(27_998);
    expect(order.convertedFinalCents).toBe(Math.round(converted.final_amount * 100));
    expect(res.body.order_data.amount).toBe(converted.final_amount);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ priceCents: 12_900, convertedPriceCents: 13_999, quantity: 2 });

    const history = await buyer.session.get('/api/orders/history?currency=USD');
    const entry = (
      history.body.payload as { order_nr: string; sum: number; items: { price: number; total: number }[] }[]
    ).find((o) => o.order_nr === order.orderNr)!;
    expect(entry).toMatchObject({ sum: 279.98, items: [{ price: 139.99, total: 279.98 }] });
    const mail = await lastMailTo(db(), buyer.email);
    expect(mail!.text).toContain('Currency Lamp × 2: $279.98');
  });

  it("a variation takes its own fixed price, else the product's when it follows the product's price, else its converted price", async () => {
    await setFixedPrices(jacket, [
      { currency: 'USD', price_cents: 29_900, sale_price_cents: 25_900 },
      { currency: 'USD', variation_id: size.L, price_cents: 34_900, sale_price_cents: null },
    ]);
    const page = await info(jacket, 'USD');
    const of = (id: number) => page.variations.find((v) => v.id === id)!;
    // S (289.00 = the product's regular price) and M (no price) follow the product's fixed USD price.
    expect(of(size.S)).toMatchObject({ price: 259, old_price: '299.00' });
    expect(of(size.M)).toMatchObject({ price: 259, old_price: '299.00' });
    // L has a fixed USD price of its own, not on sale in USD.
    expect(of(size.L)).toMatchObject({ price: 349, old_price: '0.00', discount_percent: 0 });
    expect(page).toMatchObject({ price: 259, price_from: true, max_price: 349 });

    const buyer = await shopper();
    await add(buyer.session, size.L, 1, true);
    await add(buyer.session, size.M, 1, true);
    const cart = await buyer.session.get('/api/cart/contents?currency=USD');
    expect(
      (cart.body.payload as { item_id: number; item: { price: number } }[]).map((l) => [l.item_id, l.item.price]),
    ).toEqual([
      [size.L, 349],
      [size.M, 259],
    ]);
  });

  it("refuses EUR, unknown currencies, other products' variations and a sale price that is not lower", async () => {
    const { session } = await staff.signedIn('staff');
    const { version } = (await session.get(`/api/admin/products/${lamp}`)).body.payload as { version: number };
    const put = (prices: unknown[]) => session.put(`/api/admin/products/${lamp}/currency-prices`, { version, prices });
    expect((await put([{ currency: 'EUR', price_cents: 100 }])).body.errors.prices).toEqual([
      "No fixed price in EUR: give one of the shop's currencies other than EUR (the catalogue's own price is in euros).",
    ]);
    expect((await put([{ currency: 'XYZ', price_cents: 100 }])).status).toBe(422);
    expect((await put([{ currency: 'USD', variation_id: size.S, price_cents: 100 }])).body.errors.prices).toEqual([
      'Every variation must belong to this product.',
    ]);
    expect(
      (await put([{ currency: 'USD', price_cents: 100, sale_price_cents: 100 }])).body.errors[
        'prices.0.sale_price_cents'
      ],
    ).toEqual(['The sale price must be lower than the price.']);
  });
});

describe('the rounding rule of a currency', () => {
  const rules: [string, number, string][] = [
    ['exact', 109.65, '109.65'],
    ['end_99', 109.99, '109.99'],
    ['whole', 110, '110.00'],
  ];
  it.each(rules)(
    '%s: 129.00 EUR in GBP is %s on the list, the product data, the cart and the totals',
    async (rule, price, text) => {
      await setRounding('GBP', rule);
      expect(await listed(lamp, 'GBP')).toMatchObject({ price, retail_price: text });
      expect(await info(lamp, 'GBP')).toMatchObject({ price, retail_price: text });
      const buyer = await shopper();
      await add(buyer.session, lamp, 3);
      expect((await buyer.session.get('/api/cart/contents?currency=GBP')).body.payload[0].item.price).toBe(price);
      const totals = await buyer.session.post('/api/cart/calculate-totals', {
        ...berlinShipping({ email: buyer.email }),
        promoCode: null,
        currency: 'GBP',
      });
      expect(totals.body.converted.cart_total).toBe(Math.round(price * 300) / 100);
      // A price filter compares the rounded price: exactly at it the lamp is in, a penny below it is out.
      const within = await guest().get(
        `/api/products/catalog?category_id=${fx.catalog.cat.keyboards}&currency=GBP&price_min=${text}&price_max=${text}`,
      );
      expect((within.body.payload as ProductJson[]).map((p) => p.id)).toContain(lamp);
      const below = await guest().get(
        `/api/products/catalog?category_id=${fx.catalog.cat.keyboards}&currency=GBP&price_max=${(price - 0.01).toFixed(2)}`,
      );
      expect((below.body.payload as ProductJson[]).map((p) => p.id)).not.toContain(lamp);
    },
  );

  it('is refused .99 endings for a currency without cents, and is listed with the decimals of the currency', async () => {
    await setRounding('GBP', 'exact');
    const { session } = await staff.signedIn('admin');
    const [jpy] = await db().select().from(currencies).where(eq(currencies.code, 'JPY'));
    const res = await session.put(`/api/admin/currencies/${jpy!.id}`, { rounding: 'end_99' });
    expect(res.status).toBe(422);
    expect(res.body.errors.rounding).toEqual(['JPY has no cents: round its prices exactly or to whole units.']);
    const list = (await session.get('/api/admin/currencies')).body.payload as {
      code: string;
      rounding: string;
      decimals: number;
    }[];
    expect(list.find((c) => c.code === 'JPY')).toMatchObject({ rounding: 'exact', decimals: 0 });
    expect(list.find((c) => c.code === 'GBP')).toMatchObject({ rounding: 'exact', decimals: 2 });
  });
});

describe('JPY, a currency without minor units', () => {
  it('prices in whole yen and pays and refunds whole yen through Stripe', async () => {
    // 129.00 EUR × 162.5 = 20 962.5 → 20 963 yen.
    expect(await listed(lamp, 'JPY')).toMatchObject({ price: 20_963, retail_price: '20963', old_price: '0' });
    const buyer = await shopper();
    await add(buyer.session, lamp, 2);
    const totals = await buyer.session.post('/api/cart/calculate-totals', {
      ...berlinShipping({ email: buyer.email }),
      promoCode: null,
      currency: 'JPY',
    });
    expect(totals.status, JSON.stringify(totals.body)).toBe(200);
    const converted = totals.body.converted;
    expect(converted.cart_total).toBe(41_926);
    for (const amount of [converted.cart_total, converted.delivery_cost, converted.vat, converted.final_amount])
      expect(Number.isInteger(amount)).toBe(true);
    expect(converted.final_amount).toBe(converted.cart_total + converted.delivery_cost - converted.discount_amount);

    const res = await buyer.session.post(
      '/api/orders/checkout',
      berlinShipping({ payment_method: 'card', email: buyer.email, currency: 'JPY' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const nr = res.body.order_data.order_nr;
    const order = await orderByNr(nr);
    expect(order).toMatchObject({
      currency: 'JPY',
      convertedFinalCents: converted.final_amount,
      convertedCartTotalCents: 41_926,
    });
    const session = fake.sessions.get(res.body.redirect_url.split('/').pop()!)!;
    // Stripe counts JPY in whole yen: the same number as the shop's minor units.
    expect(session).toMatchObject({ amount_total: converted.final_amount, currency: 'jpy' });
    fake.pay(session.id);
    expect((await fake.send('checkout.session.completed', session.id)).status).toBe(200);
    expect((await orderByNr(nr)).status).toBe('Success');

    // A partial refund of 10.00 EUR goes back in yen, in proportion; then the rest empties the order exactly.
    const { session: staffSession } = await staff.signedIn('staff');
    const first = await staffSession.post(`/api/admin/orders/${nr}/refund`, {
      destination: 'card',
      reason: 'Scratched',
      amount_cents: 1_000,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const part = Math.round((1_000 * order.convertedFinalCents) / order.finalCents);
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([
      part,
    ]);
    const rest = await staffSession.post(`/api/admin/orders/${nr}/refund`, { destination: 'card', reason: 'Returned' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const refunded = fake.refunds
      .filter((r) => r.payment_intent === session.payment_intent)
      .map((r) => Number(r.amount));
    expect(refunded).toEqual([part, order.convertedFinalCents - part]);
    expect((await orderByNr(nr)).refundedCents).toBe(order.finalCents);

    const history = await buyer.session.get('/api/orders/history?currency=JPY');
    const entry = (history.body.payload as { order_nr: string; amount: number; items: { price: number }[] }[]).find(
      (o) => o.order_nr === nr,
    )!;
    expect(entry).toMatchObject({ amount: converted.final_amount, items: [{ price: 20_963 }] });
  });

  it('takes a fixed price in whole yen on the product data and in the cart', async () => {
    await setFixedPrices(lamp, [{ currency: 'JPY', price_cents: 19_800, sale_price_cents: null }]);
    expect(await info(lamp, 'JPY')).toMatchObject({ price: 19_800, retail_price: '19800' });
    const buyer = await shopper();
    await add(buyer.session, lamp, 1);
    expect((await buyer.session.get('/api/cart/contents?currency=JPY')).body.payload[0].item.price).toBe(19_800);
  });
});

describe('the catalogue CSV', () => {
  async function exportText(): Promise<string> {
    let text = '';
    for await (const chunk of exportCatalogCsv(db(), 50)) text += chunk;
    return text;
  }

  it('exports the fixed prices in price:<code> columns, and export → import changes nothing', async () => {
    await setFixedPrices(lamp, [
      { currency: 'USD', price_cents: 14_900, sale_price_cents: 13_999 },
      { currency: 'JPY', price_cents: 19_800, sale_price_cents: null },
    ]);
    await setFixedPrices(jacket, [
      { currency: 'USD', variation_id: size.L, price_cents: 34_900, sale_price_cents: 32_900 },
    ]);
    const text = await exportText();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual(
      expect.arrayContaining([
        'price:USD',
        'sale_price:USD',
        'price:GBP',
        'sale_price:GBP',
        'price:JPY',
        'sale_price:JPY',
      ]),
    );
    const cell = (sku: string, column: string) =>
      lines.find((l) => l.startsWith(`${sku},`))!.split(',')[header.indexOf(column)];
    expect([
      cell('CUR-LAMP', 'price:USD'),
      cell('CUR-LAMP', 'sale_price:USD'),
      cell('CUR-LAMP', 'price:JPY'),
      cell('CUR-LAMP', 'price:GBP'),
    ]).toEqual(['149.00', '139.99', '19800', '']);
    expect([cell('CUR-JKT-L', 'price:USD'), cell('CUR-JKT-L', 'sale_price:USD'), cell('CUR-JKT', 'price:USD')]).toEqual(
      ['349.00', '329.00', ''],
    );

    const before = await db().select().from(productCurrencyPrices);
    // The fixture's dome has a <script> in its description that the first import cleans
    // (catalog-import.test.ts); from the second round on nothing changes.
    const first = await checkImport(db(), text, { fileName: 'export.csv', createdBy: null });
    expect(first.errors).toEqual([]);
    await applyImport(db(), first.id, { editor: null });
    expect(await db().select().from(productCurrencyPrices)).toEqual(before);
    const clean = await exportText();
    const versions = await db().select({ id: products.id, version: products.version }).from(products);
    const state = await checkImport(db(), clean, { fileName: 'export-again.csv', createdBy: null });
    const done = await applyImport(db(), state.id, { editor: null });
    expect(done.summary).toMatchObject({ created: 0, updated: 0, unchanged: state.total_rows });
    expect(await db().select().from(productCurrencyPrices)).toEqual(before);
    expect(await db().select({ id: products.id, version: products.version }).from(products)).toEqual(versions);
    expect(await exportText()).toBe(clean);
  });

  it("imports, changes and clears fixed prices, in each currency's decimals", async () => {
    const csv = [
      'sku,parent_sku,attributes,price:USD,sale_price:USD,price:JPY',
      'CUR-LAMP,,,155.50,,21000',
      'CUR-JKT-L,CUR-JKT,Size=L,,,',
    ].join('\n');
    const state = await checkImport(db(), csv, { fileName: 'prices.csv', createdBy: null });
    expect(state.errors).toEqual([]);
    await applyImport(db(), state.id, { editor: null });
    const rows = await db().select().from(productCurrencyPrices);
    expect(
      rows
        .filter((r) => r.productId === lamp)
        .map((r) => [r.currency, r.priceCents, r.salePriceCents])
        .sort(),
    ).toEqual([
      ['JPY', 21_000, null],
      ['USD', 15_550, null],
    ]);
    expect(rows.filter((r) => r.productId === jacket)).toEqual([]);
    const bad = await checkImport(
      db(),
      ['sku,price:JPY,sale_price:USD,price:EUR', 'CUR-LAMP,210.5,1.00,1.00'].join('\n'),
      { fileName: 'bad.csv', createdBy: null },
    );
    expect(bad.errors.map((e: Problem) => e.message)).toEqual([
      'sale_price:usd needs the column price:usd beside it.',
      'price:eur: the EUR prices go in the columns price and sale_price.',
    ]);
    const badAmount = await checkImport(db(), ['sku,price:JPY', 'CUR-LAMP,210.5'].join('\n'), {
      fileName: 'bad.csv',
      createdBy: null,
    });
    expect(badAmount.errors.map((e: Problem) => e.message)).toEqual([
      'The price in JPY "210.5" is not an amount such as 1250.',
    ]);
  });
});
