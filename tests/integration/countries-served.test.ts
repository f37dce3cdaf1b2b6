/**
 * The three states of a country in totals and checkout (issue 25), on a real database (both
 * engines with TEST_DATABASE_URL): served (its zone's price), served with the delivery price on
 * request (is_delivery_unavailable, the order is taken without a delivery price) and not served
 * (absent from /api/countries; totals and checkout answer 422 with the message on `country`, in the
 * shopper's language, and nothing is reserved: stock, orders, promo uses and the cart unchanged).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { cartItems, countries, languages, orders, promoCodes, shippingZones, users } from '@/server/db/schema/index';
import { contentChanged } from '@/server/services/content-changed';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping, type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { checkoutShoppers } from '../helpers/checkout-shopper';
import { createApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, stockOf, ordersOf, orderByNr } = checkoutShoppers(api, db, 'served');
let fx: CommerceFixture;
let spain: number;
let german: number;

const NOT_SERVED = 'Sorry, we do not sell to Spain. Please choose another country.';
const NOT_SERVED_DE = 'Leider verkaufen wir nicht nach Spain. Bitte wählen Sie ein anderes Land.';
const madrid = (over: Record<string, unknown> = {}) =>
  berlinShipping({ country: 'Spain', city: 'Madrid', address: 'Calle Mayor 1', postCode: '28013', ...over });
const moscow = (over: Record<string, unknown> = {}) =>
  berlinShipping({ country: 'Russia', city: 'Moscow', address: 'Tverskaya 1', postCode: '101000', ...over });

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  const [eu] = await db().select().from(shippingZones).where(eq(shippingZones.code, 'EU'));
  const [row] = await db()
    .insert(countries)
    .values({ name: 'Spain', iso: 'ES', zoneId: eu!.id, postcodePattern: '^[0-9]{5}$', served: false })
    .returning();
  spain = row!.id;
  german = (await db().select().from(languages).where(eq(languages.code, 'de')))[0]!.id;
  contentChanged(db());
});

describe('GET /api/countries', () => {
  it('lists exactly the served countries, those with the delivery price on request included', async () => {
    const res = await createApiSession(api).get('/api/countries');
    expect(res.status).toBe(200);
    const served = await db().select({ id: countries.id }).from(countries).where(eq(countries.served, true));
    expect(res.body.payload.map((c: { id: number }) => c.id).sort()).toEqual(served.map((c) => c.id).sort());
    expect(res.body.payload.map((c: { iso: string }) => c.iso)).toEqual(['XA', 'DE', 'IE', 'NL', 'NO', 'RU', 'GB']);
  });
});

describe('a country the shop does not serve', () => {
  it("totals: 422 with the message on the country field, by name, ISO code or id, in the shopper's language", async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    for (const country of ['Spain', 'es', spain]) {
      const res = await session.post('/api/cart/calculate-totals', { ...madrid({ country }), cart_items: [] });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({
        status: 'ERROR',
        code: 'validation_failed',
        message: NOT_SERVED,
        errors: { country: [NOT_SERVED] },
      });
    }
    const inGerman = await session.post('/api/cart/calculate-totals', { ...madrid(), lang_id: german, cart_items: [] });
    expect(inGerman.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: NOT_SERVED_DE,
      errors: { country: [NOT_SERVED_DE] },
    });
  });

  it('checkout: 422 with the message; no stock held, no order, no promo use, the cart kept', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 2);
    const stock = await stockOf(fx.pegs);
    const [promoBefore] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'SAVE10'));
    for (const method of ['phone', 'card']) {
      const res = await session.post('/api/orders/checkout', madrid({ payment_method: method, promoCode: 'SAVE10' }));
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({
        status: 'ERROR',
        code: 'validation_failed',
        message: NOT_SERVED,
        errors: { country: [NOT_SERVED] },
      });
    }
    const inGerman = await session.post('/api/orders/checkout', madrid({ payment_method: 'phone', lang_id: german }));
    expect(inGerman.body.errors).toEqual({ country: [NOT_SERVED_DE] });
    expect(await stockOf(fx.pegs)).toBe(stock);
    expect(await ordersOf(userId)).toEqual([]);
    const [promoAfter] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'SAVE10'));
    expect(promoAfter!.usedCount).toBe(promoBefore!.usedCount);
    expect(await db().select({ count: cartItems.count }).from(cartItems).where(eq(cartItems.userId, userId))).toEqual([
      { count: 2 },
    ]);
  });

  it('a phone number of a country the shop does not serve is still valid: a Spanish phone buys for Germany', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post(
      '/api/orders/checkout',
      berlinShipping({
        payment_method: 'phone',
        phone: '+34 612 345 678',
        phoneCountryCode: 'ES',
        nationalNumber: '612345678',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await ordersOf(userId))[0]).toMatchObject({ phone: '+34612345678', countryName: 'Germany' });
  });

  it('the profile keeps a saved address there, but does not take it as a new choice', async () => {
    const { session, userId } = await shopper();
    const profile = {
      name: 'Kim',
      surname: 'Buyer',
      email: (await db().select().from(users).where(eq(users.id, userId)))[0]!.email,
      address: 'Calle Mayor 1',
      city: 'Madrid',
      post_code: '28013',
    };
    const chosen = await session.put('/api/user/profile', { ...profile, country_id: spain });
    expect(chosen.status).toBe(422);
    expect(chosen.body.errors).toEqual({ country_id: [NOT_SERVED] });
    // Saved before the shop stopped selling there: other edits still save.
    await db().update(users).set({ countryId: spain }).where(eq(users.id, userId));
    const kept = await session.put('/api/user/profile', { ...profile, city: 'Sevilla', country_id: spain });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.payload).toMatchObject({ city: 'Sevilla', country: { id: spain, name: 'Spain' } });
  });
});

describe('a country served with the delivery price on request', () => {
  it('totals answer is_delivery_unavailable without a delivery price; the order is taken without one', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 2);
    const stock = await stockOf(fx.pegs);
    const totals = await session.post('/api/cart/calculate-totals', { ...moscow(), cart_items: [] });
    expect(totals.status, JSON.stringify(totals.body)).toBe(200);
    expect(totals.body).toMatchObject({
      status: 'OK',
      is_delivery_unavailable: true,
      original: { cart_total: 50, delivery_cost: null, final_amount: 50 },
    });
    const res = await session.post('/api/orders/checkout', moscow({ payment_method: 'phone', expected_total: 50 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'OK',
      payment_type: 'phone',
      order_data: { amount: 50, currency: 'EUR' },
    });
    expect(await orderByNr(res.body.order_data.order_nr)).toMatchObject({
      userId,
      countryName: 'Russia',
      deliveryCostCents: null,
      finalCents: 5000,
      status: 'Pending',
    });
    expect(await stockOf(fx.pegs)).toBe(stock - 2);
  });
});

describe('a served country', () => {
  it("totals and checkout at its zone's price", async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 2);
    const totals = await session.post('/api/cart/calculate-totals', { ...berlinShipping(), cart_items: [] });
    expect(totals.body).toMatchObject({
      is_delivery_unavailable: false,
      original: { cart_total: 50, delivery_cost: 4.99, final_amount: 54.99 },
    });
    const res = await session.post(
      '/api/orders/checkout',
      berlinShipping({ payment_method: 'phone', expected_total: 54.99 }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [order] = await ordersOf(userId);
    expect(order).toMatchObject({ countryName: 'Germany', deliveryCostCents: 499, finalCents: 5499 });
    expect(await db().select().from(orders).where(eq(orders.countryName, 'Spain'))).toEqual([]);
  });
});
