import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { CART_MESSAGES } from '@/lib/contract/cart';
import { cartItems, products, variations } from '@/server/db/schema/index';
import { FALLBACK_IMAGE_URL } from '@/server/images/urls';
import {
  LINE_LIMIT,
  NOT_IN_CART,
  NO_LONGER_AVAILABLE,
  PRODUCT_NOT_FOUND,
  SELECT_VARIATION,
} from '@/server/services/cart/cart.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
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
  const email = `cart${++counter}@example.com`;
  const user = await createUser(database().db, { email, password: PASSWORD, verified: over.verified });
  const session = createApiSession(api);
  expect((await session.signIn(email, PASSWORD)).status).toBe(200);
  return { session, user };
}

const p = () => fx.catalog.p;
const counts = (body: any) => Object.fromEntries((body.payload as any[]).map((l) => [l.item.sku, l.count]));

describe('guards', () => {
  it('answers 401 with the exact body to guests, on every call', async () => {
    const guest = createApiSession(api);
    expect(await guest.get('/api/cart/contents')).toMatchObject({
      status: 401,
      body: { status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' },
    });
    for (const path of [
      '/api/cart/add',
      '/api/cart/update',
      '/api/cart/remove',
      '/api/cart/clear',
      '/api/cart/calculate-totals',
    ]) {
      const reply = await guest.post(path, { id: p().lantern, count: 1, is_variation: false });
      expect(reply.status, path).toBe(401);
      expect(reply.body, path).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
    }
  });

  it('answers 419 to a write without the CSRF header', async () => {
    const { session } = await signedIn();
    for (const path of ['/api/cart/add', '/api/cart/update', '/api/cart/remove', '/api/cart/clear']) {
      const res = await session.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': '' },
        body: JSON.stringify({ id: p().lantern }),
      });
      expect(res.status, path).toBe(419);
      expect(await res.json()).toEqual({ status: 'ERROR', code: 'csrf_mismatch', message: 'CSRF token mismatch.' });
    }
  });

  it('lets an unverified customer read the cart but not change it (403)', async () => {
    const { session } = await signedIn({ verified: false });
    expect(await session.get('/api/cart/contents')).toMatchObject({
      status: 200,
      body: { status: 'OK', payload: [], unavailableItems: [], message: null },
    });
    for (const path of ['/api/cart/add', '/api/cart/update', '/api/cart/remove', '/api/cart/clear']) {
      const reply = await session.post(path, { id: p().lantern, count: 1, is_variation: false });
      expect(reply.status, path).toBe(403);
      expect(reply.body).toEqual({
        status: 'ERROR',
        code: 'email_not_verified',
        message: 'Your email address is not verified.',
      });
    }
  });
});

describe('GET /api/cart/contents and POST /api/cart/add', () => {
  it('starts empty, not cached', async () => {
    const { session } = await signedIn();
    const reply = await session.get('/api/cart/contents');
    expect(reply.res.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({ status: 'OK', payload: [], unavailableItems: [], message: null });
  });

  it('adds a simple product and answers the fresh cart with every field of a line', async () => {
    const { session } = await signedIn();
    const reply = await session.post('/api/cart/add', { id: p().lantern, count: 2, is_variation: false });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('OK');
    expect(reply.body.message).toBeNull();
    expect(reply.body.unavailableItems).toEqual([]);
    expect(reply.body.payload).toEqual([
      {
        id: expect.any(Number),
        item_id: p().lantern,
        count: 2,
        is_variation: false,
        base_product_id: p().lantern,
        available_stock: 30,
        item: {
          sku: 'FX-LANTERN',
          name: 'Camping Lantern',
          image_url: FALLBACK_IMAGE_URL,
          price: 10,
          categories: [{ name: 'Outdoor', parent: null }],
          variation_attributes: [],
        },
      },
    ]);
    expect((await session.get('/api/cart/contents')).body.payload).toEqual(reply.body.payload);
  });

  it('count defaults to 1 and is_variation to false; a second add adds to the same line', async () => {
    const { session } = await signedIn();
    expect(counts((await session.post('/api/cart/add', { id: p().lantern })).body)).toEqual({ 'FX-LANTERN': 1 });
    const again = await session.post('/api/cart/add', { id: String(p().lantern), count: '3', is_variation: 0 });
    expect(again.body.payload).toHaveLength(1);
    expect(counts(again.body)).toEqual({ 'FX-LANTERN': 4 });
  });

  it('adds a variation: its sku, price and attributes (group order), the product name, image and categories; in the request language and currency', async () => {
    const { session } = await signedIn();
    const rs = fx.variation['FX-DOME-RS']!;
    const reply = await session.post('/api/cart/add', {
      id: rs,
      count: 1,
      is_variation: true,
      currency: 'USD',
      lang_id: fx.catalog.lang.de,
    });
    expect(reply.body.payload).toEqual([
      {
        id: expect.any(Number),
        item_id: rs,
        count: 1,
        is_variation: true,
        base_product_id: p().dome,
        available_stock: 3,
        item: {
          sku: 'FX-DOME-RS',
          name: 'Alpine Kuppelzelt',
          image_url: '/images/products/dome/1.svg',
          price: 216.69, // 199.99 € × 1.0835 = 216.689165
          categories: [{ name: 'Dome Tents', parent: { name: 'Zelte' } }],
          variation_attributes: [
            { id: fx.catalog.attr.red, name: 'Red', attribute_group: { name: 'Colour' } },
            { id: fx.catalog.attr.s, name: 'S', attribute_group: { name: 'Size' } },
          ],
        },
      },
    ]);
    const en = await session.get('/api/cart/contents');
    expect(en.body.payload[0].item).toMatchObject({
      name: 'Alpine Dome Tent',
      price: 199.99,
      categories: [{ name: 'Dome Tents', parent: { name: 'Tents' } }],
    });
    // Two variations of one product are two lines.
    const bm = await session.post('/api/cart/add', { id: fx.variation['FX-DOME-BM'], is_variation: true });
    expect(counts(bm.body)).toEqual({ 'FX-DOME-RS': 1, 'FX-DOME-BM': 1 });
  });

  it('refuses a product that has variations without one: 422 "Please select a variation"', async () => {
    const { session } = await signedIn();
    for (const id of [p().dome, p().mech, p().tunnel]) {
      const reply = await session.post('/api/cart/add', { id, count: 1, is_variation: false });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ status: 'ERROR', message: SELECT_VARIATION });
    }
  });

  it('answers WARNING naming the stock and changes nothing when asked for more than there is', async () => {
    const { session } = await signedIn();
    let reply = await session.post('/api/cart/add', { id: p().mouse, count: 6 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      status: 'WARNING',
      payload: [],
      unavailableItems: [],
      message: 'Only 5 left in stock for Gaming Mouse.',
    });
    expect(counts((await session.post('/api/cart/add', { id: p().mouse, count: 4 })).body)).toEqual({ 'FX-MOUSE': 4 });
    reply = await session.post('/api/cart/add', { id: p().mouse, count: 2 });
    expect(reply.body.status).toBe('WARNING');
    expect(reply.body.message).toBe('Only 5 left in stock for Gaming Mouse.');
    expect(counts(reply.body)).toEqual({ 'FX-MOUSE': 4 });
    expect(counts((await session.post('/api/cart/add', { id: p().mouse, count: 1 })).body)).toEqual({ 'FX-MOUSE': 5 });
    // A variation's own stock counts (FX-SUMMIT-RL has 1), and an empty one is "out of stock".
    reply = await session.post('/api/cart/add', { id: fx.variation['FX-SUMMIT-RL'], count: 2, is_variation: true });
    expect(reply.body.message).toBe('Only 1 left in stock for Summit Backpack 40L.');
    reply = await session.post('/api/cart/add', { id: fx.variation['FX-TUNNEL-GL'], count: 1, is_variation: true });
    expect(reply.body).toMatchObject({ status: 'WARNING', message: 'Trail Tunnel Tent is out of stock.' });
    expect(counts(reply.body)).toEqual({ 'FX-MOUSE': 5 });
  });

  it('caps a line at 99 (422)', async () => {
    const { session } = await signedIn();
    expect(counts((await session.post('/api/cart/add', { id: fx.pegs, count: 99 })).body)).toEqual({ 'FX-PEGS': 99 });
    const reply = await session.post('/api/cart/add', { id: fx.pegs, count: 1 });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ status: 'ERROR', message: LINE_LIMIT, errors: { count: [LINE_LIMIT] } });
  });

  it('answers 404 for unknown ids, an inactive product and an inactive variation', async () => {
    const { session } = await signedIn();
    const cases = [
      { id: 999_999, is_variation: false },
      { id: 999_999, is_variation: true },
      { id: p().inactive, is_variation: false },
      { id: fx.variation['FX-SUMMIT-BM'], is_variation: true },
      { id: 2_147_483_647, is_variation: false },
    ];
    for (const body of cases) {
      const reply = await session.post('/api/cart/add', { ...body, count: 1 });
      expect(reply.status, JSON.stringify(body)).toBe(404);
      expect(reply.body).toMatchObject({ status: 'ERROR', message: PRODUCT_NOT_FOUND });
    }
    expect((await session.get('/api/cart/contents')).body.payload).toEqual([]);
  });

  it('answers 422 for every bad input, with the field named', async () => {
    const { session } = await signedIn();
    const bad: [Record<string, unknown>, string, string][] = [
      [{}, 'id', CART_MESSAGES.id],
      [{ id: null }, 'id', CART_MESSAGES.id],
      [{ id: 'abc' }, 'id', CART_MESSAGES.id],
      [{ id: '12abc' }, 'id', CART_MESSAGES.id],
      [{ id: -1 }, 'id', CART_MESSAGES.id],
      [{ id: 0 }, 'id', CART_MESSAGES.id],
      [{ id: 1.5 }, 'id', CART_MESSAGES.id],
      [{ id: 2_147_483_648 }, 'id', CART_MESSAGES.id],
      [{ id: [1] }, 'id', CART_MESSAGES.id],
      [{ id: p().lantern, count: 0 }, 'count', CART_MESSAGES.count],
      [{ id: p().lantern, count: -1 }, 'count', CART_MESSAGES.count],
      [{ id: p().lantern, count: 100 }, 'count', CART_MESSAGES.count],
      [{ id: p().lantern, count: 1.5 }, 'count', CART_MESSAGES.count],
      [{ id: p().lantern, count: 'two' }, 'count', CART_MESSAGES.count],
      [{ id: p().lantern, count: true }, 'count', CART_MESSAGES.count],
      [{ id: p().lantern, is_variation: 'yes' }, 'is_variation', CART_MESSAGES.isVariation],
      [{ id: p().lantern, is_variation: 2 }, 'is_variation', CART_MESSAGES.isVariation],
    ];
    for (const [body, field, message] of bad) {
      const reply = await session.post('/api/cart/add', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.status).toBe('ERROR');
      expect(reply.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
    for (const raw of ['not json', '[1,2]', '"text"']) {
      const reply = await session.post('/api/cart/add', raw);
      expect(reply.status, raw).toBe(400);
    }
    expect((await session.get('/api/cart/contents')).body.payload).toEqual([]);
  });
});

describe('POST /api/cart/update', () => {
  it('sets the quantity (up and down) and answers the fresh cart', async () => {
    const { session } = await signedIn();
    await session.post('/api/cart/add', { id: p().lantern, count: 2 });
    let reply = await session.post('/api/cart/update', { id: p().lantern, count: 7, is_variation: false });
    expect(reply.body).toMatchObject({ status: 'OK', message: null });
    expect(counts(reply.body)).toEqual({ 'FX-LANTERN': 7 });
    reply = await session.post('/api/cart/update', { id: p().lantern, count: 1 });
    expect(counts(reply.body)).toEqual({ 'FX-LANTERN': 1 });
    const rm = fx.variation['FX-SUMMIT-RM']!;
    await session.post('/api/cart/add', { id: rm, is_variation: true });
    reply = await session.post('/api/cart/update', { id: rm, count: 2, is_variation: true });
    expect(counts(reply.body)).toEqual({ 'FX-LANTERN': 1, 'FX-SUMMIT-RM': 2 });
  });

  it('answers WARNING above the stock and keeps the count', async () => {
    const { session } = await signedIn();
    await session.post('/api/cart/add', { id: p().lantern, count: 2 });
    const reply = await session.post('/api/cart/update', { id: p().lantern, count: 31 });
    expect(reply.body).toMatchObject({ status: 'WARNING', message: 'Only 30 left in stock for Camping Lantern.' });
    expect(counts(reply.body)).toEqual({ 'FX-LANTERN': 2 });
  });

  it('answers WARNING with the line limit for a typed count above it (issue 29: 500 is not cut to 50)', async () => {
    const { session } = await signedIn();
    await session.post('/api/cart/add', { id: fx.pegs, count: 2 });
    for (const count of [100, 500, '500']) {
      const reply = await session.post('/api/cart/update', { id: fx.pegs, count });
      expect(reply.status, String(count)).toBe(200);
      expect(reply.body).toMatchObject({ status: 'WARNING', message: LINE_LIMIT });
      expect(counts(reply.body)).toEqual({ 'FX-PEGS': 2 });
    }
  });

  it('answers 404 for an item that is not in the cart or does not exist, 422 for bad counts', async () => {
    const { session } = await signedIn();
    await session.post('/api/cart/add', { id: p().lantern, count: 2 });
    expect(await session.post('/api/cart/update', { id: p().mouse, count: 1 })).toMatchObject({
      status: 404,
      body: { message: NOT_IN_CART },
    });
    expect(await session.post('/api/cart/update', { id: p().lantern, count: 1, is_variation: true })).toMatchObject({
      status: 404,
    });
    expect(await session.post('/api/cart/update', { id: 999_999, count: 1 })).toMatchObject({
      status: 404,
      body: { message: PRODUCT_NOT_FOUND },
    });
    for (const count of [0, -3, 10_000, 2.5, 'x', null, undefined]) {
      const reply = await session.post('/api/cart/update', { id: p().lantern, count });
      expect(reply.status, String(count)).toBe(422);
      expect(reply.body.errors.count).toEqual([CART_MESSAGES.count]);
    }
    expect(await session.post('/api/cart/update', { id: 'x', count: 1 })).toMatchObject({
      status: 422,
      body: { errors: { id: [CART_MESSAGES.id] } },
    });
    expect(counts((await session.get('/api/cart/contents')).body)).toEqual({ 'FX-LANTERN': 2 });
  });
});

describe('remove, clear and unavailable items', () => {
  it('removes a line (again is fine), a variation line by its id, and clears the cart', async () => {
    const { session } = await signedIn();
    await session.post('/api/cart/add', { id: p().lantern, count: 2 });
    await session.post('/api/cart/add', { id: fx.variation['FX-MECH-B'], is_variation: true });
    await session.post('/api/cart/add', { id: fx.variation['FX-MECH-G'], is_variation: true });
    let reply = await session.post('/api/cart/remove', { id: p().lantern, is_variation: false });
    expect(reply.body).toMatchObject({ status: 'OK', message: null });
    expect(counts(reply.body)).toEqual({ 'FX-MECH-B': 1, 'FX-MECH-G': 1 });
    reply = await session.post('/api/cart/remove', { id: p().lantern });
    expect(reply.status).toBe(200);
    // The product id does not remove its variation lines: only the variation's own id does.
    reply = await session.post('/api/cart/remove', { id: p().mech, is_variation: false });
    expect(counts(reply.body)).toEqual({ 'FX-MECH-B': 1, 'FX-MECH-G': 1 });
    reply = await session.post('/api/cart/remove', { id: fx.variation['FX-MECH-G'], is_variation: true });
    expect(counts(reply.body)).toEqual({ 'FX-MECH-B': 1 });
    expect(await session.post('/api/cart/remove', { id: 'abc' })).toMatchObject({
      status: 422,
      body: { errors: { id: [CART_MESSAGES.id] } },
    });
    expect(await session.post('/api/cart/remove', {})).toMatchObject({ status: 422 });
    reply = await session.post('/api/cart/clear');
    expect(reply.body).toEqual({ status: 'OK', payload: [], unavailableItems: [], message: null });
  });

  it('moves inactive and out-of-stock lines to unavailableItems; they stay removable', async () => {
    const db = database().db;
    const { session, user } = await signedIn();
    await session.post('/api/cart/add', { id: p().lantern, count: 1 });
    await session.post('/api/cart/add', { id: p().poles, count: 2 });
    await session.post('/api/cart/add', { id: fx.variation['FX-SUMMIT-RL'], count: 1, is_variation: true });
    await session.post('/api/cart/add', { id: p().footprint, count: 1 });
    // Poles withdrawn, the variation sold out, the footprint's own line got a variation picker.
    await db.update(products).set({ active: false }).where(eq(products.id, p().poles));
    await db.update(variations).set({ stock: 0 }).where(eq(variations.id, fx.variation['FX-SUMMIT-RL']!));
    const [extra] = await db
      .insert(variations)
      .values({ productId: p().footprint, sku: 'FX-FOOT-XL', priceCents: 2999, stock: 3 })
      .returning();
    try {
      const reply = await session.get('/api/cart/contents');
      expect(counts(reply.body)).toEqual({ 'FX-LANTERN': 1 });
      expect(
        Object.fromEntries((reply.body.unavailableItems as any[]).map((l) => [l.item.sku, l.available_stock])),
      ).toEqual({
        'FX-POLES': 4,
        'FX-SUMMIT-RL': 0,
        'FX-FOOTPRINT': 15,
      });
      expect(reply.body.unavailableItems[0].item).toMatchObject({ name: 'Trekking Poles', price: 89.99 });
      // No quantity changes on them...
      expect(await session.post('/api/cart/update', { id: p().poles, count: 1 })).toMatchObject({
        status: 422,
        body: { message: NO_LONGER_AVAILABLE },
      });
      expect(
        await session.post('/api/cart/update', { id: fx.variation['FX-SUMMIT-RL'], count: 1, is_variation: true }),
      ).toMatchObject({
        status: 200,
        body: { status: 'WARNING', message: 'Summit Backpack 40L is out of stock.' },
      });
      // ...but removal works.
      await session.post('/api/cart/remove', { id: p().poles });
      await session.post('/api/cart/remove', { id: p().footprint });
      const after = await session.post('/api/cart/remove', { id: fx.variation['FX-SUMMIT-RL'], is_variation: true });
      expect(after.body.unavailableItems).toEqual([]);
      expect(counts(after.body)).toEqual({ 'FX-LANTERN': 1 });
      expect(await db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, p().poles));
      await db.update(variations).set({ stock: 1 }).where(eq(variations.id, fx.variation['FX-SUMMIT-RL']!));
      await db.delete(variations).where(eq(variations.id, extra!.id));
    }
  });

  it('keeps carts apart and applies parallel adds of one customer one after the other', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await a.session.post('/api/cart/add', { id: p().lantern, count: 1 });
    expect((await b.session.get('/api/cart/contents')).body.payload).toEqual([]);
    expect((await b.session.post('/api/cart/remove', { id: p().lantern })).status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => a.session.post('/api/cart/add', { id: p().wireless, count: 1 })),
    );
    expect(replies.map((r) => r.body.status).sort()).toEqual([...Array(8).fill('OK')].sort());
    expect(counts((await a.session.get('/api/cart/contents')).body)).toEqual({ 'FX-LANTERN': 1, 'FX-WIRELESS': 8 });
    // Stock 9: one more fits, the next does not.
    const more = await Promise.all([1, 2].map(() => a.session.post('/api/cart/add', { id: p().wireless, count: 1 })));
    expect(more.map((r) => r.body.status).sort()).toEqual(['OK', 'WARNING']);
    expect(counts((await a.session.get('/api/cart/contents')).body)['FX-WIRELESS']).toBe(9);
  });
});
