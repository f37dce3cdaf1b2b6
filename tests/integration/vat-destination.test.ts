/**
 * VAT by destination (ADR 030) on the demo shop: an EU shop in the Netherlands using the OSS.
 * Consumers pay their delivery country's rate in the EU (DE 19 %, FR 20 %, NL 21 %) and no VAT
 * outside it (GB, CH); a company with a valid-looking VAT id of another member state gets the
 * reverse charge; orders store each line's rate and VAT, summing exactly to the order's VAT.
 */
import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { migrationsFolder } from '@/server/db/client';
import {
  countries,
  countryVatRates,
  orderItems,
  orders,
  products,
  promoCodes,
  settings,
  vatRates,
} from '@/server/db/schema/index';
import { EU_VAT_ID_MESSAGE } from '@/lib/rules/vat-id';
import { invalidateShopBasics, loadShopBasics } from '@/server/services/request-context';
import { createTestDatabase, useTestDatabase } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { checkoutShoppers } from '../helpers/checkout-shopper';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const { shopper, add, orderByNr } = checkoutShoppers(api, db, 'vat');

/** Delivery addresses of the demo shop's countries. */
const TO = {
  DE: { country: 'Germany', city: 'Berlin', postCode: '10117' },
  FR: { country: 'France', city: 'Paris', postCode: '75001' },
  NL: { country: 'Netherlands', city: 'Rotterdam', postCode: '3011 AB' },
  GB: { country: 'United Kingdom', city: 'London', postCode: 'SW1A 1AA' },
  CH: { country: 'Switzerland', city: 'Zürich', postCode: '8001' },
} as const;
type Dest = keyof typeof TO;

let jacket: number; // standard class, 33.33
let book: number; // class "Books" (reduced), 19.99
let lamp: number; // standard class, 0.99

beforeAll(async () => {
  const picked = await db()
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.active, true), sql`not exists (select 1 from variations v where v.product_id = ${products.id})`),
    )
    .orderBy(products.id)
    .limit(3);
  [jacket, book, lamp] = picked.map((p) => p.id) as [number, number, number];
  const [books] = await db()
    .insert(vatRates)
    .values({ name: 'Books', percent: '9.00', kind: 'reduced' })
    .returning({ id: vatRates.id });
  await db().update(products).set({ priceCents: 3333, stock: 500, vatRateId: null }).where(eq(products.id, jacket));
  await db().update(products).set({ priceCents: 1999, stock: 500, vatRateId: books!.id }).where(eq(products.id, book));
  await db().update(products).set({ priceCents: 99, stock: 500, vatRateId: null }).where(eq(products.id, lamp));
  await db().insert(promoCodes).values({
    code: 'VATODD15',
    description: '15 % off incl. delivery',
    discountType: 'percent',
    discountValue: 15,
    appliesToDelivery: true,
  });
});

const ship = (dest: Dest, over: Record<string, unknown> = {}) =>
  berlinShipping({ ...TO[dest], payment_method: 'phone', ...over });

async function customerWith(lines: [number, number][]) {
  const c = await shopper();
  for (const [id, count] of lines) await add(c.session, id, count);
  return c;
}

async function totals(session: ApiSession, dest: Dest, over: Record<string, unknown> = {}) {
  return session.post('/api/cart/calculate-totals', { ...ship(dest, over), cart_items: [] });
}

async function placeOrder(session: ApiSession, dest: Dest, over: Record<string, unknown> = {}) {
  const seen = await totals(session, dest, over);
  expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  const res = await session.post('/api/orders/checkout', {
    ...ship(dest, over),
    expected_total: seen.body.converted.final_amount,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = await orderByNr(res.body.order_data.order_nr);
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  return { seen: seen.body, order, items };
}

/** The stored VAT adds up: lines + delivery = the order's VAT. */
function expectSums(order: typeof orders.$inferSelect, items: (typeof orderItems.$inferSelect)[]) {
  expect(items.every((i) => i.vatPercent !== null && i.vatCents !== null)).toBe(true);
  expect(items.reduce((sum, i) => sum + i.vatCents!, 0) + order.deliveryVatCents!).toBe(order.vatCents);
}

describe('consumers pay the VAT of their delivery country (OSS), none outside the EU', () => {
  // One jacket (33.33); EU delivery 4.99, UK 8.99, rest of the world 24.99.
  const cases: [Dest, number, 'oss' | 'home' | 'export', number, number][] = [
    // 38.32 × 19/119 = 6.118 → 6.12
    ['DE', 19, 'oss', 38.32, 6.12],
    // 38.32 × 20/120 = 6.387 → 6.39
    ['FR', 20, 'oss', 38.32, 6.39],
    // 38.32 × 21/121 = 6.651 → 6.65
    ['NL', 21, 'home', 38.32, 6.65],
    ['GB', 0, 'export', 42.32, 0],
    ['CH', 0, 'export', 58.32, 0],
  ];
  for (const [dest, rate, scheme, final, vat] of cases) {
    it(`${dest}: ${rate} % in the totals and in the stored order`, async () => {
      const { session } = await customerWith([[jacket, 1]]);
      const { seen, order, items } = await placeOrder(session, dest);
      expect(seen).toMatchObject({
        vat_rate: rate,
        vat_scheme: scheme,
        original: { final_amount: final, vat, vat_rates: [{ rate, vat }] },
      });
      expect(order).toMatchObject({
        vatPercent: `${rate}.00`,
        vatScheme: scheme,
        vatCents: Math.round(vat * 100),
        finalCents: Math.round(final * 100),
        buyerVatId: null,
      });
      expect(items.map((i) => i.vatPercent)).toEqual([`${rate}.00`]);
      expectSums(order, items);
    });
  }

  it('the line and the delivery share the VAT of their rate exactly (DE: 6.12 = 5.32 + 0.80)', async () => {
    const { session } = await customerWith([[jacket, 1]]);
    const { order, items } = await placeOrder(session, 'DE');
    // 6.12 shared 33.33 : 4.99 → 5.3231 and 0.7969 → 5.32 and 0.80 (largest remainder)
    expect(items[0]!.vatCents).toBe(532);
    expect(order).toMatchObject({ deliveryVatPercent: '19.00', deliveryVatCents: 80, vatCents: 612 });
  });
});

describe('company buyers with an EU VAT id', () => {
  it('a valid-looking id of another member state: reverse charge, no VAT, the id stored on the order', async () => {
    const { session } = await customerWith([[jacket, 1]]);
    const { seen, order, items } = await placeOrder(session, 'FR', { vat_id: 'fr 40 303 265 045' });
    expect(seen).toMatchObject({
      vat_rate: 0,
      vat_scheme: 'reverse_charge',
      original: { final_amount: 38.32, vat: 0 },
    });
    expect(order).toMatchObject({
      vatScheme: 'reverse_charge',
      buyerVatId: 'FR40303265045',
      vatCents: 0,
      vatPercent: '0.00',
      deliveryVatCents: 0,
    });
    expect(items.map((i) => [i.vatPercent, i.vatCents])).toEqual([['0.00', 0]]);
    const history = await session.get('/api/orders/history');
    expect(history.body.payload[0]).toMatchObject({
      vat: 0,
      vat_scheme: 'reverse_charge',
      buyer_vat_id: 'FR40303265045',
      vat_rates: [{ rate: 0, vat: 0 }],
    });
  });

  it('an id that does not look like one: 422 on vat_id, in the totals and at checkout, and no order', async () => {
    const { session, userId } = await customerWith([[jacket, 1]]);
    for (const res of [
      await totals(session, 'FR', { vat_id: 'FR123' }),
      await session.post('/api/orders/checkout', ship('FR', { vat_id: 'GB123456789' })),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.errors.vat_id).toEqual([EU_VAT_ID_MESSAGE]);
    }
    expect(await db().select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });

  it("an id of the shop's own country pays the VAT as a consumer would: domestic 21 % in NL, 19 % (OSS) to DE", async () => {
    const { session } = await customerWith([[jacket, 1]]);
    expect((await totals(session, 'NL', { vat_id: 'NL861234567B01' })).body).toMatchObject({
      vat_rate: 21,
      vat_scheme: 'home',
      original: { vat: 6.65 },
    });
    expect((await totals(session, 'DE', { vat_id: 'NL861234567B01' })).body).toMatchObject({
      vat_rate: 19,
      vat_scheme: 'oss',
      original: { vat: 6.12 },
    });
    // A German company receiving the goods in the Netherlands: a domestic sale, Dutch VAT.
    expect((await totals(session, 'NL', { vat_id: 'DE123456789' })).body).toMatchObject({
      vat_rate: 21,
      vat_scheme: 'home',
    });
    // Outside the EU the id changes nothing: an export.
    expect((await totals(session, 'CH', { vat_id: 'DE123456789' })).body).toMatchObject({
      vat_rate: 0,
      vat_scheme: 'export',
    });
  });
});

describe('a mixed-rate cart', () => {
  it('DE: 19 % on the jacket and the delivery, 7 % on the books; each rate shown and stored per line', async () => {
    const { session } = await customerWith([
      [jacket, 1],
      [book, 2],
    ]);
    const { seen, order, items } = await placeOrder(session, 'DE');
    // 33.33 + 2 × 19.99 = 73.31 (< 75.00: delivery 4.99), final 78.30.
    // 19 %: (33.33 + 4.99) × 19/119 = 6.118 → 6.12; 7 %: 39.98 × 7/107 = 2.6155 → 2.62.
    expect(seen).toMatchObject({
      vat_rate: 19,
      original: {
        final_amount: 78.3,
        vat: 8.74,
        vat_rates: [
          { rate: 19, vat: 6.12 },
          { rate: 7, vat: 2.62 },
        ],
      },
    });
    expect(order).toMatchObject({ vatCents: 874, vatPercent: '19.00', deliveryVatCents: 80 });
    expect(items.map((i) => [i.productId, i.vatPercent, i.vatCents])).toEqual([
      [jacket, '19.00', 532],
      [book, '7.00', 262],
    ]);
    expectSums(order, items);
    const history = await session.get('/api/orders/history');
    expect(history.body.payload[0]).toMatchObject({
      vat: 8.74,
      vat_percent: 19,
      vat_rates: [
        { rate: 19, vat: 6.12 },
        { rate: 7, vat: 2.62 },
      ],
    });
    expect(
      history.body.payload[0].items.map((i: { vat_percent: number; vat: number }) => [i.vat_percent, i.vat]),
    ).toEqual([
      [19, 5.32],
      [7, 2.62],
    ]);
  });

  it('FR: 20 % and the French reduced 5.5 %', async () => {
    const { session } = await customerWith([
      [jacket, 1],
      [book, 2],
    ]);
    // 38.32 × 20/120 = 6.387 → 6.39; 39.98 × 5.5/105.5 = 2.0843 → 2.08.
    expect((await totals(session, 'FR')).body).toMatchObject({
      vat_rate: 20,
      original: {
        vat: 8.47,
        vat_rates: [
          { rate: 20, vat: 6.39 },
          { rate: 5.5, vat: 2.08 },
        ],
      },
    });
  });

  it('a cart of books alone with free delivery has one rate: vat_rate is 7', async () => {
    const { session } = await customerWith([[book, 4]]);
    // 79.96 ≥ 75.00: free delivery; 79.96 × 7/107 = 5.2310 → 5.23.
    expect((await totals(session, 'DE')).body).toMatchObject({
      vat_rate: 7,
      original: { delivery_cost: 0, vat: 5.23, vat_rates: [{ rate: 7, vat: 5.23 }] },
    });
  });
});

describe('rounding per line', () => {
  it('with a percent discount over awkward amounts, lines and delivery add up to each rate and the rates to the order, to the cent', async () => {
    const { session } = await customerWith([
      [jacket, 1],
      [book, 1],
      [lamp, 3],
    ]);
    const { seen, order, items } = await placeOrder(session, 'FR', { promoCode: 'VATODD15' });
    // 33.33 + 19.99 + 2.97 = 56.29 + 4.99 = 61.28; 15 % of it = 9.192 → 9.19; final 52.09.
    expect(seen.original).toMatchObject({
      cart_total: 56.29,
      delivery_cost: 4.99,
      discount_amount: 9.19,
      final_amount: 52.09,
    });
    expectSums(order, items);
    const byRate = new Map<string, number>();
    for (const i of items) byRate.set(i.vatPercent!, (byRate.get(i.vatPercent!) ?? 0) + i.vatCents!);
    byRate.set(order.deliveryVatPercent!, (byRate.get(order.deliveryVatPercent!) ?? 0) + order.deliveryVatCents!);
    expect([...byRate].map(([rate, cents]) => ({ rate: Number(rate), vat: cents / 100 }))).toEqual(
      seen.original.vat_rates,
    );
    // final 52.09 shared 41.29 (20 %) : 19.99 (5.5 %) → 35.0957 / 16.9943 → 35.10 / 16.99;
    // 35.10 × 20/120 = 5.85; 16.99 × 5.5/105.5 = 0.8857 → 0.89.
    expect(seen.original.vat_rates).toEqual([
      { rate: 20, vat: 5.85 },
      { rate: 5.5, vat: 0.89 },
    ]);
    expect(order.vatCents).toBe(674);
  });
});

describe('the VAT screen (permission prices: the admin)', () => {
  it('a changed country rate and the OSS switch apply to the next totals; GET /settings shows the home rate', async () => {
    const people = staffOrders(api, db, 'vat-staff');
    expect((await (await people.signedIn('staff')).session.get('/api/admin/vat-rates/countries')).status).toBe(403);
    const staff = (await people.signedIn('admin')).session;
    const { session } = await customerWith([[jacket, 1]]);
    const listed = await staff.get('/api/admin/vat-rates/countries');
    expect(listed.body.payload).toMatchObject({ home_country: { iso: 'NL' }, uses_oss: true });
    const de = listed.body.payload.countries.find((c: { iso: string }) => c.iso === 'DE');
    expect(de).toMatchObject({ eu: true, home: false, standard: '19.00', reduced: '7.00' });
    expect(listed.body.payload.countries.filter((c: { eu: boolean }) => c.eu)).toHaveLength(27);

    expect((await staff.put(`/api/admin/vat-rates/countries/${de.country_id}`, { standard: '19.5' })).status).toBe(200);
    // 38.32 × 19.5/119.5 = 6.2531 → 6.25
    expect((await totals(session, 'DE')).body).toMatchObject({ vat_rate: 19.5, original: { vat: 6.25 } });
    expect(
      (await staff.put(`/api/admin/vat-rates/countries/${de.country_id}`, { standard: 'a lot' })).body.errors.standard,
    ).toBeDefined();

    expect((await staff.put('/api/admin/vat-rates/scheme', { uses_oss: false })).status).toBe(200);
    // Without the OSS a German consumer pays the Dutch rate.
    expect((await totals(session, 'DE')).body).toMatchObject({
      vat_rate: 21,
      vat_scheme: 'home',
      original: { vat: 6.65 },
    });
    const nl = listed.body.payload.countries.find((c: { iso: string }) => c.iso === 'NL');
    await staff.put(`/api/admin/vat-rates/countries/${nl.country_id}`, { standard: '21.5' });
    expect((await api.request('/api/settings')).status).toBe(200);
    expect((await (await api.request('/api/settings')).json()).payload.vat_percent).toBe(21.5);
    await staff.put(`/api/admin/vat-rates/countries/${nl.country_id}`, { standard: '21' });
    await staff.put(`/api/admin/vat-rates/countries/${de.country_id}`, { standard: '19' });
    await staff.put('/api/admin/vat-rates/scheme', { uses_oss: true });
  });
});

describe('migration 0026', () => {
  /** The data statements of the migration (below its generated DDL), run on a shop as it was before it. */
  function dataStatements(): string[] {
    const text = readFileSync(`${migrationsFolder()}/0026_vat_by_destination.sql`, 'utf8');
    return text
      .slice(text.indexOf('-- Data (ADR 030)'))
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  it("keeps a running shop's numbers: its rate becomes the home country's, its reduced class the home reduced rate; EU rates are seeded", async () => {
    const shop = await createTestDatabase();
    try {
      const d = shop.db;
      const rows = await d
        .insert(countries)
        .values([
          { name: 'Germany', iso: 'DE' },
          { name: 'France', iso: 'FR' },
          { name: 'Switzerland', iso: 'CH' },
        ])
        .returning();
      const id = Object.fromEntries(rows.map((r) => [r.iso, r.id])) as Record<'DE' | 'FR' | 'CH', number>;
      await d.insert(settings).values({ id: 1, vatPercent: '19.50', homeCountryId: id.DE });
      const classes = await d
        .insert(vatRates)
        .values([
          { name: 'Books', percent: '7.00' },
          { name: 'Food', percent: '5.00' },
          { name: 'Exempt', percent: '0.00' },
          { name: 'Luxury', percent: '19.50' },
        ])
        .returning();
      await d.insert(products).values([
        { sku: 'B-1', slug: 'b-1', name: 'Book 1', priceCents: 1000, vatRateId: classes[0]!.id },
        { sku: 'B-2', slug: 'b-2', name: 'Book 2', priceCents: 1000, vatRateId: classes[0]!.id },
        { sku: 'F-1', slug: 'f-1', name: 'Bread', priceCents: 300, vatRateId: classes[1]!.id },
      ]);
      for (const statement of dataStatements()) await d.execute(sql.raw(statement));

      const rates = await d
        .select()
        .from(countryVatRates)
        .where(inArray(countryVatRates.countryId, [id.DE, id.FR, id.CH]));
      const of = (iso: 'DE' | 'FR' | 'CH') =>
        Object.fromEntries(rates.filter((r) => r.countryId === id[iso]).map((r) => [r.kind, r.percent]));
      expect(of('DE')).toEqual({ standard: '19.50', reduced: '7.00' });
      expect(of('FR')).toEqual({ standard: '20.00', reduced: '5.50' });
      expect(of('CH')).toEqual({});
      const kinds = await d.select({ name: vatRates.name, kind: vatRates.kind }).from(vatRates).orderBy(vatRates.id);
      expect(kinds).toEqual([
        { name: 'Books', kind: 'reduced' },
        { name: 'Food', kind: 'reduced' },
        { name: 'Exempt', kind: 'zero' },
        { name: 'Luxury', kind: 'standard' },
      ]);
      invalidateShopBasics(d);
      expect((await loadShopBasics(d)).settings?.vatPercent).toBe('19.50');
    } finally {
      await shop.close();
    }
  });

  it('a shop without a home country keeps its own rate everywhere; the EU rates are seeded', async () => {
    const shop = await createTestDatabase();
    try {
      const d = shop.db;
      const [de] = await d.insert(countries).values({ name: 'Germany', iso: 'DE' }).returning();
      await d.insert(settings).values({ id: 1, vatPercent: '20.00' });
      for (const statement of dataStatements()) await d.execute(sql.raw(statement));
      expect(
        (await d.select().from(countryVatRates).where(eq(countryVatRates.countryId, de!.id)))
          .map((r) => [r.kind, r.percent])
          .sort(),
      ).toEqual([
        ['reduced', '7.00'],
        ['standard', '19.00'],
      ]);
      invalidateShopBasics(d);
      expect((await loadShopBasics(d)).settings?.vatPercent).toBe('20.00');
    } finally {
      await shop.close();
    }
  });
});
