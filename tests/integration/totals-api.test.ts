import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { cartItems, products } from '@/server/db/schema/index';
import { PROMO_MESSAGES } from '@/server/services/pricing/promo.server';
import { computeTotals, TOTALS_MESSAGES } from '@/server/services/pricing/totals.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture, setVatPercent } from '../helpers/fixture-commerce';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const PASSWORD = 'Basecamp-77';
let fx: CommerceFixture;

beforeAll(async () => {
  fx = await seedCommerceFixture(database().db);
});

let counter = 0;
async function signedIn(over: { verified?: boolean } = {}) {
  const email = `totals${++counter}@example.com`;
  const user = await createUser(database().db, { email, password: PASSWORD, verified: over.verified });
  const session = createApiSession(api);
  expect((await session.signIn(email, PASSWORD)).status).toBe(200);
  return { session, user };
}

type Line = [productId: number, variationId: number | null, count: number];

/** Puts exactly these lines in the user's server cart. */
async function setCart(userId: number, lines: Line[]) {
  const db = database().db;
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length)
    await db
      .insert(cartItems)
      .values(lines.map(([productId, variationId, count]) => ({ userId, productId, variationId, count })));
}

/** A signed-in customer with this cart. */
async function customerWith(lines: Line[]) {
  const c = await signedIn();
  await setCart(c.user.id, lines);
  return c;
}

const payload = (over: Record<string, unknown> = {}) => ({
  country: 'Germany',
  postCode: '10115',
  promoCode: null,
  address: 'Invalidenstraße 1',
  city: 'Berlin',
  name: 'Hanna',
  surname: 'Berg',
  email: 'hanna@example.com',
  phone: '+4930123456',
  currency: 'EUR',
  ...over,
});

const eur = (cart: number, delivery: number | null, discount: number, vat: number, final: number, items: number) => ({
  cart_total: cart,
  delivery_cost: delivery,
  discount_amount: discount,
  vat,
  // The fixture shop has no home country: its own 20 % everywhere, one rate (ADR 030).
  vat_rates: [{ rate: 20, vat }],
  final_amount: final,
  currency: 'EUR',
  currency_symbol: '€',
  cart: { items, totalAmount: cart },
});

const p = () => fx.catalog.p;

async function totals(lines: Line[], over: Record<string, unknown> = {}) {
  const { session } = await customerWith(lines);
  return session.post('/api/cart/calculate-totals', payload(over));
}

describe('POST /api/cart/calculate-totals: guards', () => {
  it('answers 401 to guests and 419 without the CSRF header', async () => {
    const guest = createApiSession(api);
    expect(await guest.post('/api/cart/calculate-totals', payload())).toMatchObject({
      status: 401,
      body: { status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' },
    });
    const { session } = await customerWith([[p().lantern, null, 1]]);
    const res = await session.request('/api/cart/calculate-totals', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': '' },
      body: JSON.stringify(payload()),
    });
    expect(res.status).toBe(419);
  });

  it('lets an unverified customer see totals (only changes and checkout need a verified address)', async () => {
    const { session, user } = await signedIn({ verified: false });
    await setCart(user.id, [[p().lantern, null, 1]]);
    expect((await session.post('/api/cart/calculate-totals', payload())).status).toBe(200);
  });
});

describe('totals per zone, threshold and VAT (EUR, VAT 20 %)', () => {
  it('EU: items + 4.99 delivery, VAT contained in the total (2499 / 6 = 416.5 → 4.17)', async () => {
    const reply = await totals([[p().lantern, null, 2]]);
    expect(reply.status).toBe(200);
    expect(reply.res.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      status: 'OK',
      original: eur(20, 4.99, 0, 4.17, 24.99, 2),
      converted: eur(20, 4.99, 0, 4.17, 24.99, 2),
      vat_rate: 20,
      vat_scheme: 'home',
      is_delivery_unavailable: false,
      warning_message: null,
      message: null,
    });
  });

  it('EU: free exactly at 75.00, paid one cent below', async () => {
    expect((await totals([[fx.pegs, null, 3]])).body.original).toEqual(eur(75, 0, 0, 12.5, 75, 3));
    expect(
      (
        await totals([
          [p().lantern, null, 5],
          [p().footprint, null, 1],
        ])
      ).body.original,
    ).toEqual(eur(74.99, 4.99, 0, 13.33, 79.98, 6));
  });

  it('the threshold is compared after the item discount', async () => {
    // 85.00 − 10.00 = 75.00 → free
    let reply = await totals(
      [
        [fx.pegs, null, 3],
        [p().lantern, null, 1],
      ],
      { promoCode: 'SAVE10' },
    );
    expect(reply.body.original).toEqual(eur(85, 0, 10, 12.5, 75, 4));
    // 85.00 − 15 % = 72.25 → paid
    reply = await totals(
      [
        [fx.pegs, null, 3],
        [p().lantern, null, 1],
      ],
      { promoCode: 'PCT15' },
    );
    expect(reply.body.original).toEqual(eur(85, 4.99, 12.75, 12.87, 77.24, 4)); // 7724 / 6 = 1287.33
  });

  it('UK: 8.99, free exactly at 100.00; UK post codes in either case', async () => {
    let reply = await totals([[p().lantern, null, 2]], { country: 'United Kingdom', postCode: 'sw1a 1aa' });
    expect(reply.body.original).toEqual(eur(20, 8.99, 0, 4.83, 28.99, 2));
    reply = await totals([[fx.pegs, null, 4]], { country: 'United Kingdom', postCode: 'M1 1AE' });
    expect(reply.body.original).toEqual(eur(100, 0, 0, 16.67, 100, 4));
  });

  it('rest of the world: 24.99 however large the order', async () => {
    const reply = await totals([[fx.pegs, null, 40]], { country: 'Norway', postCode: '0150' });
    expect(reply.body.original).toEqual(eur(1000, 24.99, 0, 170.83, 1024.99, 40));
  });

  it('a country without delivery, or whose zone has no rate: is_delivery_unavailable, delivery null, final without it', async () => {
    for (const over of [
      { country: 'Russia', postCode: '101000' },
      { country: fx.country.atlantis, postCode: 'anything' },
    ]) {
      const reply = await totals([[p().lantern, null, 2]], over);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        is_delivery_unavailable: true,
        original: eur(20, null, 0, 3.33, 20, 2),
        converted: eur(20, null, 0, 3.33, 20, 2),
      });
    }
  });

  it('VAT follows settings.vat_percent (19.5 %: 24.99 → 4.08; 0 %: 0)', async () => {
    const db = database().db;
    try {
      await setVatPercent(db, '19.50');
      let reply = await totals([[p().lantern, null, 2]]);
      expect(reply.body.vat_rate).toBe(19.5);
      expect(reply.body.original.vat).toBe(4.08); // 2499 × 1950 / 11950 = 407.79
      await setVatPercent(db, '0');
      reply = await totals([[p().lantern, null, 2]]);
      expect(reply.body.vat_rate).toBe(0);
      expect(reply.body.original.vat).toBe(0);
    } finally {
      await setVatPercent(db, '20.00');
    }
  });
});

describe('promo codes in the totals', () => {
  it('fixed on items', async () => {
    expect((await totals([[p().lantern, null, 2]], { promoCode: 'SAVE10' })).body.original).toEqual(
      eur(20, 4.99, 10, 2.5, 14.99, 2),
    );
  });

  it('percent on items, matched case-insensitively', async () => {
    expect((await totals([[p().lantern, null, 2]], { promoCode: 'pct15' })).body.original).toEqual(
      eur(20, 4.99, 3, 3.67, 21.99, 2),
    );
  });

  it('percent on odd cents rounds half-up once (35 % of 24.99 = 8.7465 → 8.75)', async () => {
    expect((await totals([[p().footprint, null, 1]], { promoCode: 'ODD35' })).body.original).toEqual(
      eur(24.99, 4.99, 8.75, 3.54, 21.23, 1),
    );
  });

  it('percent on items and delivery (50 % of 24.99 = 12.495 → 12.50)', async () => {
    expect((await totals([[p().lantern, null, 2]], { promoCode: 'HALF' })).body.original).toEqual(
      eur(20, 4.99, 12.5, 2.08, 12.49, 2),
    );
  });

  it('fixed on items and delivery, never below zero', async () => {
    expect((await totals([[p().lantern, null, 1]], { promoCode: 'SHIP10' })).body.original).toEqual(
      eur(10, 4.99, 10, 0.83, 4.99, 1),
    );
    expect(
      (await totals([[p().lantern, null, 1]], { promoCode: 'SHIP10', country: 'Russia', postCode: '101000' })).body
        .original,
    ).toEqual(eur(10, null, 10, 0, 0, 1));
  });

  it('an empty promo code is no promo; an unusable one answers 422 on promoCode with its reason', async () => {
    expect((await totals([[p().lantern, null, 2]], { promoCode: '  ' })).body.original.discount_amount).toBe(0);
    const cases: [string, string][] = [
      ['OLD20', PROMO_MESSAGES.expired],
      ['SOON5', PROMO_MESSAGES.notYetValid],
      ['GONE5', PROMO_MESSAGES.usedUp],
      ['OFF10', PROMO_MESSAGES.inactive],
      ['NOPE', PROMO_MESSAGES.unknown],
      ['X'.repeat(65), PROMO_MESSAGES.unknown],
    ];
    const { session } = await customerWith([[p().lantern, null, 2]]);
    for (const [code, message] of cases) {
      const reply = await session.post('/api/cart/calculate-totals', payload({ promoCode: code }));
      expect(reply.status, code).toBe(422);
      expect(reply.body).toEqual({
        status: 'ERROR',
        code: 'validation_failed',
        message,
        errors: { promoCode: [message] },
      });
    }
  });
});

describe('currencies: the converted block', () => {
  it('USD 1.0835: each unit and the delivery converted half-up, final their sum (27.09), VAT from it', async () => {
    const reply = await totals([[p().lantern, null, 2]], { currency: 'USD' });
    expect(reply.body.original).toEqual(eur(20, 4.99, 0, 4.17, 24.99, 2));
    expect(reply.body.converted).toEqual({
      cart_total: 21.68, // 2 × 10.835 → 2 × 10.84
      delivery_cost: 5.41, // 5.406665
      discount_amount: 0,
      vat: 4.52, // 2709 / 6 = 451.5 → 452
      vat_rates: [{ rate: 20, vat: 4.52 }],
      final_amount: 27.09,
      currency: 'USD',
      currency_symbol: '$',
      cart: { items: 2, totalAmount: 21.68 },
    });
  });

  it('CHF 1.085 with a percent promo on odd cents', async () => {
    const reply = await totals([[p().footprint, null, 1]], { currency: 'CHF', promoCode: 'ODD35' });
    expect(reply.body.original).toEqual(eur(24.99, 4.99, 8.75, 3.54, 21.23, 1));
    // 24.99 → 27.11415 → 27.11; 4.99 → 5.41415 → 5.41; 35 % of 27.11 = 9.4885 → 9.49; 27.11 + 5.41 − 9.49 = 23.03
    expect(reply.body.converted).toMatchObject({
      cart_total: 27.11,
      delivery_cost: 5.41,
      discount_amount: 9.49,
      final_amount: 23.03,
      vat: 3.84,
      currency: 'CHF',
    });
  });

  it('GBP 0.85 with a fixed promo: the amount is converted too', async () => {
    const reply = await totals([[p().lantern, null, 2]], { currency: 'GBP', promoCode: 'SAVE10' });
    expect(reply.body.converted).toMatchObject({
      cart_total: 17,
      delivery_cost: 4.24,
      discount_amount: 8.5,
      final_amount: 12.74,
      vat: 2.12,
      currency: 'GBP',
      currency_symbol: '£',
    });
  });

  it('an unknown currency is a 422', async () => {
    expect((await totals([[p().lantern, null, 2]], { currency: 'XYZ' })).status).toBe(422);
  });
});

describe('the server cart is the source of truth', () => {
  it('warns when the client shows another cart, not when it matches', async () => {
    const { session } = await customerWith([
      [p().lantern, null, 2],
      [p().dome, fx.variation['FX-DOME-RS']!, 1],
    ]);
    const same = [
      { item: { sku: 'FX-DOME-RS' }, count: 1 },
      { item: { sku: 'FX-LANTERN' }, count: 2 },
    ];
    let reply = await session.post('/api/cart/calculate-totals', payload({ cart_items: same }));
    expect(reply.body.warning_message).toBeNull();
    expect(reply.body.original.cart_total).toBe(219.99);
    reply = await session.post(
      '/api/cart/calculate-totals',
      payload({ cart_items: [{ item: { sku: 'FX-LANTERN' }, count: 3 }] }),
    );
    expect(reply.body.warning_message).toBe(TOTALS_MESSAGES.cartChanged);
    expect(reply.body.original.cart_total).toBe(219.99);
  });

  it('leaves unavailable lines out with a warning, and warns about a count above the stock', async () => {
    const db = database().db;
    const { session } = await customerWith([
      [p().lantern, null, 40],
      [p().poles, null, 1],
    ]);
    await db.update(products).set({ active: false }).where(eq(products.id, p().poles));
    try {
      const reply = await session.post('/api/cart/calculate-totals', payload());
      expect(reply.body.original.cart_total).toBe(400);
      expect(reply.body.warning_message).toBe(
        `${TOTALS_MESSAGES.unavailableLeftOut} Only 30 left in stock for Camping Lantern.`,
      );
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, p().poles));
    }
  });

  it('an empty cart, or one with nothing orderable, is a 422', async () => {
    expect(await totals([])).toMatchObject({ status: 422, body: { message: TOTALS_MESSAGES.emptyCart } });
    expect(await totals([[p().inactive, null, 1]])).toMatchObject({
      status: 422,
      body: { message: TOTALS_MESSAGES.nothingAvailable },
    });
  });

  it('computeTotals gives the checkout EUR cents, converted cents and snapshot lines', async () => {
    const { user } = await customerWith([
      [p().dome, fx.variation['FX-DOME-RS']!, 1],
      [p().lantern, null, 2],
    ]);
    const usd = { code: 'USD', symbol: '$', value: '1.0835', isDefault: false };
    const t = await computeTotals(database().db, {
      userId: user.id,
      countryRef: fx.country.de,
      postCode: '10115',
      promoCode: 'save10',
      currency: usd,
    });
    expect(t.cents.original).toMatchObject({
      cartTotal: 21999,
      delivery: 0,
      discount: 1000,
      vat: 3500,
      final: 20999,
      items: 3,
      vatByRate: [{ vatPercent: '20.00', vat: 3500 }],
    });
    // Per line: 3500 shared 19999 : 2000 (delivery free) → 3181.8 / 318.2 → 3182 / 318.
    expect(t.cents.original.lineVat).toEqual([3182, 318]);
    expect(t.cents.converted).toMatchObject({ cartTotal: 21669 + 2 * 1084, delivery: 0, discount: 1084 });
    expect(t.cents.converted.final).toBe(t.cents.converted.cartTotal - 1084);
    expect(t.promo?.code).toBe('SAVE10');
    expect(t.country).toEqual({ id: fx.country.de, name: 'Germany', iso: 'DE' });
    expect(t.vatPercent).toBe('20.00');
    expect(t.currency).toEqual({ code: 'USD', symbol: '$', rate: '1.0835' });
    expect(t.lines).toEqual([
      {
        lineId: expect.any(Number),
        productId: p().dome,
        variationId: fx.variation['FX-DOME-RS'],
        sku: 'FX-DOME-RS',
        name: 'Alpine Dome Tent',
        count: 1,
        stock: 3,
        unitCents: 19999,
        convertedUnitCents: 21669,
        vatPercent: '20.00',
        vatCents: 3182,
        imageUrl: '/images/products/dome/1.svg',
        categoryName: 'Dome Tents',
        variationAttributes: [
          { id: fx.catalog.attr.red, name: 'Red', attribute_group: { name: 'Colour' } },
          { id: fx.catalog.attr.s, name: 'S', attribute_group: { name: 'Size' } },
        ],
      },
      expect.objectContaining({
        productId: p().lantern,
        variationId: null,
        sku: 'FX-LANTERN',
        count: 2,
        unitCents: 1000,
        convertedUnitCents: 1084,
      }),
    ]);
  });
});

describe('destination and bad input', () => {
  it('takes the country by id, by name in any case, or by ISO code', async () => {
    for (const country of [fx.country.de, String(fx.country.de), 'germany', ' Germany ', 'DE']) {
      const reply = await totals([[p().lantern, null, 2]], { country });
      expect(reply.status, String(country)).toBe(200);
      expect(reply.body.original.delivery_cost).toBe(4.99);
    }
  });

  it('checks the post code against the country pattern: 422 "Invalid postcode" on postCode', async () => {
    const { session } = await customerWith([[p().lantern, null, 2]]);
    const post = (over: Record<string, unknown>) => session.post('/api/cart/calculate-totals', payload(over));
    for (const postCode of ['1234', '123456', 'ABCDE', '10115x', '1011 5']) {
      const reply = await post({ postCode });
      expect(reply.status, postCode).toBe(422);
      expect(reply.body).toEqual({
        status: 'ERROR',
        code: 'address_invalid',
        message: 'Invalid postcode for Germany.',
        errors: { postCode: ['Invalid postcode for Germany.'] },
      });
    }
    for (const postCode of ['', '   ', null]) {
      const reply = await post({ postCode });
      expect(reply.status).toBe(422);
      expect(reply.body.message).toContain('Invalid postcode');
    }
    expect((await post({ postCode: '1'.repeat(17), country: 'Ireland' })).body.message).toBe(
      'Invalid postcode for Ireland.',
    );
    expect((await post({ postCode: '1'.repeat(65) })).status).toBe(422);
    expect((await post({ postCode: ' 10115 ' })).status).toBe(200);
    expect((await post({ postCode: '1012 ab', country: 'Netherlands' })).status).toBe(200);
    expect((await post({ postCode: 'D02 X285', country: 'Ireland' })).status).toBe(200);
  });

  it('answers 422 for a missing, unknown or mistyped country and malformed fields', async () => {
    const { session } = await customerWith([[p().lantern, null, 2]]);
    const post = (body: Record<string, unknown>) => session.post('/api/cart/calculate-totals', body);
    for (const country of ['Narnia', 999_999, '', true, null, -1, 'x'.repeat(200)]) {
      const reply = await post(payload({ country }));
      expect(reply.status, String(country)).toBe(422);
      expect(reply.body.errors.country).toBeDefined();
    }
    const { country: _omit, ...noCountry } = payload();
    expect((await post(noCountry)).status).toBe(422);
    for (const over of [
      { cart_items: 'all' },
      { cart_items: [{ count: 1 }] },
      { cart_items: [{ item: { sku: 'FX-LANTERN' }, count: -1 }] },
      { promoCode: 42 },
      { email: 7 },
      { name: 'x'.repeat(300) },
    ]) {
      const reply = await post(payload(over));
      expect(reply.status, JSON.stringify(over)).toBe(422);
      expect(reply.body.status).toBe('ERROR');
    }
    expect((await post(payload({ cart_items: null }))).status).toBe(200);
    expect((await session.post('/api/cart/calculate-totals', 'nope')).status).toBe(400);
  });
});
