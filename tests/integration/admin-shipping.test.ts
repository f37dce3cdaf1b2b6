/**
 * Delivery and currencies for staff (ADR 026) on a real database (both engines with
 * TEST_DATABASE_URL): a zone's price reaches the next totals, a country's post-code pattern and
 * delivery flag apply at once, unsafe patterns are refused, currency rates reach the next request,
 * the euro stays the base and one currency stays the default even when two are made default at once.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { cartItems, countries, currencies } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'ship-admin');
let fx: CommerceFixture;
let staff: ApiSession;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  // Currencies, VAT and delivery prices need the `prices` permission: the admin's (roles.ts).
  staff = (await h.signedIn('admin')).session;
});

async function country(iso: string) {
  const [row] = await db().select().from(countries).where(eq(countries.iso, iso));
  return row!;
}

/** The totals of a customer's cart of one tent-pegs set delivered to `countryName` with `postCode`, as the checkout asks. */
async function totals(countryName: string, postCode: string) {
  const customer = await h.signedIn('customer');
  await db().insert(cartItems).values({ userId: customer.id, productId: fx.pegs, count: 1 });
  return customer.session.post('/api/cart/calculate-totals', {
    country: countryName,
    postCode,
    promoCode: null,
    address: 'Invalidenstraße 1',
    city: 'Berlin',
    name: 'Hanna',
    surname: 'Berg',
    email: 'hanna@example.com',
    phone: '+4930123456',
    currency: 'EUR',
  });
}

describe('delivery zones and countries', () => {
  it('refuses guests and editors', async () => {
    expect((await createApiSession(api).get('/api/admin/shipping')).status).toBe(401);
    expect((await (await h.signedIn('editor')).session.get('/api/admin/currencies')).status).toBe(403);
  });

  it('lists zones with their price and countries', async () => {
    const res = await staff.get('/api/admin/shipping');
    expect(res.status).toBe(200);
    const germany = res.body.payload.countries.find((c: { iso: string }) => c.iso === 'DE');
    const zone = res.body.payload.zones.find((z: { id: number }) => z.id === germany.zone_id);
    const inZone = res.body.payload.countries.filter((c: { zone_id: number }) => c.zone_id === germany.zone_id).length;
    expect(zone).toMatchObject({ cost_cents: expect.any(Number), countries: inZone });
    expect(inZone).toBeGreaterThan(1);
  });

  it("a zone's new price is in the next totals", async () => {
    const germany = await country('DE');
    const before = await totals('Germany', '10115');
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const saved = await staff.put(`/api/admin/shipping/zones/${germany.zoneId}`, {
      cost_cents: 1_234,
      free_over_cents: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload).toMatchObject({ cost_cents: 1_234, free_over_cents: null });
    const after = await totals('Germany', '10115');
    expect(after.body.original.delivery_cost).toBe(12.34);
    expect(before.body.original.delivery_cost).not.toBe(12.34);
  });

  it("a country's pattern and delivery flag apply at once; unsafe patterns are refused", async () => {
    const germany = await country('DE');
    const unsafe = await staff.put(`/api/admin/shipping/countries/${germany.id}`, { postcode_pattern: '^(a+)+$' });
    expect(unsafe.status).toBe(422);
    expect(unsafe.body.errors.postcode_pattern).toEqual([
      'A post-code pattern may not use * or +: give the lengths, as in [0-9]{5} or [A-Z]{1,2}.',
    ]);
    expect(
      (await staff.put(`/api/admin/shipping/countries/${germany.id}`, { postcode_pattern: '^[0-9]{6}$' })).status,
    ).toBe(200);
    expect((await totals('Germany', '10115')).status).toBe(422);
    expect((await totals('Germany', '101150')).status).toBe(200);
    await staff.put(`/api/admin/shipping/countries/${germany.id}`, { postcode_pattern: '', delivery_available: false });
    expect((await country('DE')).postcodePattern).toBeNull();
    const closed = await totals('Germany', '10115');
    expect(closed.body.is_delivery_unavailable).toBe(true);
    await staff.put(`/api/admin/shipping/countries/${germany.id}`, { delivery_available: true });
  });

  it('a runaway pattern already in the data is not run: orders to that country go on', async () => {
    const germany = await country('DE');
    await db().update(countries).set({ postcodePattern: '^(1|1|1|1){1,16}$' }).where(eq(countries.id, germany.id));
    const answered = await totals('Germany', '1111111111111112');
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await totals('Germany', '1'.repeat(17))).status).toBe(422);
    await db().update(countries).set({ postcodePattern: null }).where(eq(countries.id, germany.id));
  });

  it('creates a zone and refuses a second with the same code', async () => {
    const made = await staff.post('/api/admin/shipping/zones', {
      code: 'ISLANDS',
      name: 'Islands',
      cost_cents: 2_500,
      free_over_cents: 20_000,
    });
    expect(made.status).toBe(201);
    expect(made.body.payload).toMatchObject({
      code: 'ISLANDS',
      cost_cents: 2_500,
      free_over_cents: 20_000,
      countries: 0,
    });
    expect(
      (await staff.post('/api/admin/shipping/zones', { code: 'ISLANDS', name: 'Again', cost_cents: 1 })).body.errors,
    ).toEqual({ code: ['Another zone has this code.'] });
  });
});

describe('VAT classes', () => {
  it("a product of a reduced class is taxed at its rate in the next totals; removing the class brings the shop's back", async () => {
    const made = await staff.post('/api/admin/vat-rates', { name: 'Reduced', percent: '7' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.payload).toMatchObject({ name: 'Reduced', percent: '7.00', kind: 'reduced', products: 0 });
    expect((await staff.post('/api/admin/vat-rates', { name: 'Reduced', percent: '5' })).body.errors).toEqual({
      name: ['Another VAT class has this name.'],
    });
    expect((await staff.post('/api/admin/vat-rates', { name: 'Odd', percent: '7.125' })).body.errors.percent).toEqual([
      'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
    ]);

    const germany = await country('DE');
    await staff.put(`/api/admin/shipping/zones/${germany.zoneId}`, { cost_cents: 0 });
    const standard = await totals('Germany', '10115');
    // 25.00 at the fixture's 20 %: 4.17.
    expect(standard.body.original).toMatchObject({ final_amount: 25, vat: 4.17 });
    const product = (await staff.get(`/api/admin/products/${fx.pegs}`)).body.payload;
    const classed = await staff.put(`/api/admin/products/${fx.pegs}`, {
      version: product.version,
      vat_rate_id: made.body.payload.id,
    });
    expect(classed.body.payload.vat_rate_id).toBe(made.body.payload.id);
    const reduced = await totals('Germany', '10115');
    // 25.00 at 7 % (the fixture shop has no home country: the class's own rate): 1.64; with free
    // delivery the cart has that one rate, so vat_rate is 7 (ADR 030).
    expect(reduced.body.original).toMatchObject({ final_amount: 25, vat: 1.64, vat_rates: [{ rate: 7, vat: 1.64 }] });
    expect(reduced.body.vat_rate).toBe(7);
    expect((await staff.get('/api/admin/vat-rates')).body.payload[0].products).toBe(1);

    const removed = await staff.delete(`/api/admin/vat-rates/${made.body.payload.id}`);
    expect(removed.body.message).toBe("VAT class removed: its 1 products use the shop's rate now.");
    expect((await totals('Germany', '10115')).body.original.vat).toBe(4.17);
    const unknown = await staff.put(`/api/admin/products/${fx.pegs}`, {
      version: product.version + 1,
      vat_rate_id: made.body.payload.id,
    });
    expect(unknown.body.errors).toEqual({ vat_rate_id: ['Choose one of the VAT classes of /admin/shipping.'] });
  });
});

describe('currencies', () => {
  it('a new rate reaches the next request; the euro stays at 1 and cannot go', async () => {
    const list = (await staff.get('/api/admin/currencies')).body.payload as {
      id: number;
      code: string;
      rate: string;
      is_default: boolean;
    }[];
    const usd = list.find((c) => c.code === 'USD')!;
    const eur = list.find((c) => c.code === 'EUR')!;
    expect((await staff.put(`/api/admin/currencies/${usd.id}`, { rate: '2' })).body.payload.rate).toBe('2');
    const check = await createApiSession(api).post('/api/promocodes/check', { code: 'SAVE10', currency: 'USD' });
    expect(check.body.payload.discount_amount).toBe(20);
    expect((await staff.put(`/api/admin/currencies/${eur.id}`, { rate: '1.1' })).body.message).toBe(
      "Prices are kept in euros: the euro's rate is always 1.",
    );
    expect((await staff.delete(`/api/admin/currencies/${eur.id}`)).body.message).toBe(
      'The euro cannot be removed: prices are kept in euros.',
    );
    expect((await staff.put(`/api/admin/currencies/${usd.id}`, { rate: '0' })).body.errors.rate).toEqual([
      'The rate is units of the currency for 1 EUR, above 0, with at most 6 decimals (e.g. 1.0835).',
    ]);
  });

  it('keeps exactly one default, even when two are made default at once', async () => {
    const list = (await staff.get('/api/admin/currencies')).body.payload as { id: number; code: string }[];
    const [a, b] = list.filter((c) => c.code !== 'EUR');
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        staff.put(`/api/admin/currencies/${a!.id}`, { is_default: true }),
        staff.put(`/api/admin/currencies/${b!.id}`, { is_default: true }),
      ]);
      expect(answers.map((x) => x.status)).toEqual([200, 200]);
      expect((await db().select().from(currencies).where(eq(currencies.isDefault, true))).length).toBe(1);
    }
    const current = (await db().select().from(currencies).where(eq(currencies.isDefault, true)))[0]!;
    expect((await staff.delete(`/api/admin/currencies/${current.id}`)).body.message).toBe(
      'Make another currency the default first.',
    );
  });

  it('adds and removes a currency', async () => {
    const made = await staff.post('/api/admin/currencies', { code: 'SEK', symbol: 'kr', rate: '11.25' });
    expect(made.status).toBe(201);
    expect(made.body.payload).toMatchObject({ code: 'SEK', symbol: 'kr', rate: '11.25', is_default: false });
    expect((await staff.post('/api/admin/currencies', { code: 'SEK', symbol: 'kr', rate: '1' })).body.errors).toEqual({
      code: ['The shop already has this currency.'],
    });
    expect((await staff.delete(`/api/admin/currencies/${made.body.payload.id}`)).body.message).toBe(
      'Currency removed.',
    );
  });
});
