/**
 * Countries the shop serves, from the back office (issue 25), on a real database (both engines
 * with TEST_DATABASE_URL): `served` on one country, many countries set to one state at once (all or
 * nothing, audited, reaching /api/countries and the totals at once), zones deleted only when empty,
 * and people without the permission refused.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { cartItems, contentChanges, countries, shippingRates, shippingZones } from '@/server/db/schema/index';
import { LANGUAGE_COOKIE } from '@/server/services/request-context';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping, type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'countries-admin');
let fx: CommerceFixture;
let staff: ApiSession;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  // Delivery prices and countries need the `prices` permission: the admin's (roles.ts).
  staff = (await h.signedIn('admin')).session;
});

const listed = async () =>
  ((await createApiSession(api).get('/api/countries')).body.payload as { iso: string }[]).map((c) => c.iso);
const flags = async (ids: number[]) =>
  (
    await db()
      .select({ iso: countries.iso, served: countries.served, delivery: countries.deliveryAvailable })
      .from(countries)
      .where(inArray(countries.id, ids))
  ).sort((a, b) => a.iso.localeCompare(b.iso));

async function totalsTo(country: string, postCode: string) {
  const customer = await h.signedIn('customer');
  await db().insert(cartItems).values({ userId: customer.id, productId: fx.pegs, count: 1 });
  return customer.session.post('/api/cart/calculate-totals', {
    ...berlinShipping({ country, postCode }),
    cart_items: [],
  });
}

describe('PUT /api/admin/shipping/countries/:id with served', () => {
  it('a country set not served leaves /api/countries and the totals at once, and comes back when served', async () => {
    const off = await staff.put(`/api/admin/shipping/countries/${fx.country.nl}`, { served: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({
      message: 'Country saved.',
      payload: { iso: 'NL', served: false, delivery_available: true },
    });
    expect(await listed()).not.toContain('NL');
    expect((await totalsTo('Netherlands', '1012 AB')).body.errors).toEqual({
      country: ['Sorry, we do not sell to Netherlands. Please choose another country.'],
    });
    expect(
      (await staff.put(`/api/admin/shipping/countries/${fx.country.nl}`, { served: true })).body.payload.served,
    ).toBe(true);
    expect(await listed()).toContain('NL');
    expect((await totalsTo('Netherlands', '1012 AB')).status).toBe(200);
  });

  it('lists served beside delivery_available for every country', async () => {
    const res = await staff.get('/api/admin/shipping');
    expect(res.body.payload.countries.find((c: { iso: string }) => c.iso === 'RU')).toMatchObject({
      served: true,
      delivery_available: false,
    });
  });
});

describe('PUT /api/admin/shipping/countries (many at once)', () => {
  it('sets every given country to one state, audited; the totals follow', async () => {
    const ids = [fx.country.de, fx.country.ie, fx.country.ie];
    const onRequest = await staff.put('/api/admin/shipping/countries', { ids, state: 'on_request' });
    expect(onRequest.status, JSON.stringify(onRequest.body)).toBe(200);
    expect(onRequest.body.message).toBe('2 countries saved.');
    expect(onRequest.body.payload).toMatchObject({
      changed: 2,
      countries: [
        { iso: 'DE', served: true, delivery_available: false },
        { iso: 'IE', served: true, delivery_available: false },
      ],
    });
    expect((await totalsTo('Germany', '10115')).body).toMatchObject({
      is_delivery_unavailable: true,
      original: { delivery_cost: null },
    });

    const notServed = await staff.put('/api/admin/shipping/countries', { ids, state: 'not_served' });
    expect(notServed.body.payload.changed).toBe(2);
    // Not served keeps the delivery flag: serving again says which.
    expect(await flags(ids)).toEqual([
      { iso: 'DE', served: false, delivery: false },
      { iso: 'IE', served: false, delivery: false },
    ]);
    expect(await listed()).not.toContain('DE');
    expect((await totalsTo('Germany', '10115')).status).toBe(422);

    const one = await staff.put('/api/admin/shipping/countries', { ids: [fx.country.de], state: 'served' });
    expect(one.body.message).toBe('1 country saved.');
    await staff.put('/api/admin/shipping/countries', { ids: [fx.country.ie], state: 'served' });
    expect(await flags(ids)).toEqual([
      { iso: 'DE', served: true, delivery: true },
      { iso: 'IE', served: true, delivery: true },
    ]);
    expect((await totalsTo('Germany', '10115')).body.original.delivery_cost).toBe(4.99);

    const audit = await db().select().from(contentChanges).where(eq(contentChanges.entityId, 'countries'));
    expect(audit.map((a) => a.summary)).toEqual([
      'served, delivery price on request: DE IE',
      'not served: DE IE',
      'served: DE',
      'served: IE',
    ]);
  });

  it('an unknown id refuses the lot: nothing changes', async () => {
    const res = await staff.put('/api/admin/shipping/countries', {
      ids: [fx.country.gb, 999_999_999],
      state: 'not_served',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Some of these countries do not exist (ids 999999999); nothing was changed.',
      errors: { ids: ['Some of these countries do not exist (ids 999999999); nothing was changed.'] },
    });
    expect(await flags([fx.country.gb])).toEqual([{ iso: 'GB', served: true, delivery: true }]);
  });

  it("answers in the admin's language", async () => {
    const { session } = await h.signedIn('admin');
    session.cookies.set(LANGUAGE_COOKIE, String(fx.catalog.lang.de));
    expect(
      (await session.put('/api/admin/shipping/countries', { ids: [fx.country.gb], state: 'served' })).body.message,
    ).toBe('1 Land gespeichert.');
    const [eu] = await db().select().from(shippingZones).where(eq(shippingZones.code, 'EU'));
    expect((await session.delete(`/api/admin/shipping/zones/${eu!.id}`)).body.message).toBe(
      'Zone EU hat noch 3 Länder: Ordnen Sie sie zuerst einer anderen Zone zu.',
    );
  });
});

describe('DELETE /api/admin/shipping/zones/:id', () => {
  it('a zone with countries answers 409 with the reason; an empty one goes with its price', async () => {
    const [eu] = await db().select().from(shippingZones).where(eq(shippingZones.code, 'EU'));
    const full = await staff.delete(`/api/admin/shipping/zones/${eu!.id}`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Zone EU still has 3 countries: move them to another zone first.');
    const [moon] = await db().select().from(shippingZones).where(eq(shippingZones.code, 'MOON'));
    expect((await staff.delete(`/api/admin/shipping/zones/${moon!.id}`)).body.message).toBe(
      'Zone MOON still has 1 country: move it to another zone first.',
    );

    const made = await staff.post('/api/admin/shipping/zones', { code: 'EMPTY', name: 'Nobody', cost_cents: 100 });
    const id = made.body.payload.id as number;
    const gone = await staff.delete(`/api/admin/shipping/zones/${id}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body).toMatchObject({ status: 'OK', message: 'Delivery zone deleted.', payload: null });
    expect(await db().select().from(shippingZones).where(eq(shippingZones.id, id))).toEqual([]);
    expect(await db().select().from(shippingRates).where(eq(shippingRates.zoneId, id))).toEqual([]);
    expect((await staff.delete(`/api/admin/shipping/zones/${id}`)).status).toBe(404);
    expect(
      (
        await db()
          .select()
          .from(contentChanges)
          .where(eq(contentChanges.entityId, `zone:${id}`))
      ).map((a) => a.action),
    ).toEqual(['create', 'delete']);
  });
});

describe('who may', () => {
  it('guests 401; a customer, an editor and staff (no `prices` permission) 403; nothing changes', async () => {
    const body = { ids: [fx.country.gb], state: 'not_served' };
    const [moon] = await db().select().from(shippingZones).where(eq(shippingZones.code, 'MOON'));
    expect((await createApiSession(api).put('/api/admin/shipping/countries', body)).status).toBe(401);
    for (const role of ['customer', 'editor', 'staff'] as const) {
      const { session } = await h.signedIn(role);
      expect((await session.put('/api/admin/shipping/countries', body)).status).toBe(403);
      expect((await session.put(`/api/admin/shipping/countries/${fx.country.gb}`, { served: false })).status).toBe(403);
      expect((await session.delete(`/api/admin/shipping/zones/${moon!.id}`)).status).toBe(403);
    }
    expect(await flags([fx.country.gb])).toEqual([{ iso: 'GB', served: true, delivery: true }]);
  });
});
