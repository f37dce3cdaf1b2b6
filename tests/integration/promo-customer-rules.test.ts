/**
 * Issue 13: a promo code's own rules for one customer (a use limit per customer, first order
 * only), checked by /promocodes/check for a signed-in customer, by the totals and by checkout,
 * where they are counted under the customer's lock so parallel checkouts cannot both pass them.
 * On PGlite and on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { orders, promoCodes } from '@/server/db/schema/index';
import { PROMO_MESSAGES } from '@/server/services/pricing/promo.server';
import { checkoutShoppers, cardShipping } from '../helpers/checkout-shopper';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { createApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, ordersOf } = checkoutShoppers(api, db, 'promorules');
let fx: CommerceFixture;
let once: number;
let twice: number;
let first: number;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  const rows = await db()
    .insert(promoCodes)
    .values([
      {
        code: 'ONCE5',
        description: '€5 off, once per customer',
        discountType: 'fixed',
        discountValue: 500,
        perCustomerLimit: 1,
      },
      {
        code: 'TWICE5',
        description: '€5 off, twice per customer',
        discountType: 'fixed',
        discountValue: 500,
        perCustomerLimit: 2,
      },
      {
        code: 'FIRST5',
        description: '€5 off for new customers',
        discountType: 'fixed',
        discountValue: 500,
        firstOrderOnly: true,
      },
    ])
    .returning();
  [once, twice, first] = rows.map((r) => r.id) as [number, number, number];
});

const usedBy = async (userId: number, promoId: number) =>
  (await ordersOf(userId)).filter((o) => o.promoCodeId === promoId).length;

describe('a use limit per customer', () => {
  it('once per customer: check, totals and checkout refuse the second use with one message; other customers and guests may use it', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 1);
    expect((await session.post('/api/promocodes/check', { code: 'once5' })).status).toBe(200);
    const placed = await session.post('/api/orders/checkout', cardShipping({ promoCode: 'ONCE5' }));
    expect(placed.body.status, JSON.stringify(placed.body)).toBe('OK');
    expect(placed.body.order_data.amount).toBe(24.99); // 25.00 + 4.99 − 5.00

    const check = await session.post('/api/promocodes/check', { code: 'ONCE5' });
    expect(check.status).toBe(422);
    expect(check.body).toMatchObject({
      message: 'You have already used this promo code.',
      errors: { code: ['You have already used this promo code.'] },
    });
    await add(session, fx.pegs, 1);
    const totals = await session.post('/api/cart/calculate-totals', {
      ...cardShipping({ promoCode: 'ONCE5' }),
      cart_items: [],
    });
    expect(totals.status).toBe(422);
    expect(totals.body.errors).toEqual({ promoCode: [PROMO_MESSAGES.usedByCustomer] });
    const refused = await session.post('/api/orders/checkout', cardShipping({ promoCode: 'ONCE5' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ promoCode: ['You have already used this promo code.'] });
    expect(await usedBy(userId, once)).toBe(1);

    // A guest's check cannot know the customer; another customer may use the code.
    expect((await createApiSession(api).post('/api/promocodes/check', { code: 'ONCE5' })).status).toBe(200);
    const other = await shopper();
    expect((await other.session.post('/api/promocodes/check', { code: 'ONCE5' })).status).toBe(200);
  });

  it('twice per customer allows two orders', async () => {
    const { session, userId } = await shopper();
    for (let i = 0; i < 2; i++) {
      await add(session, fx.pegs, 1);
      expect((await session.post('/api/orders/checkout', cardShipping({ promoCode: 'TWICE5' }))).body.status).toBe(
        'OK',
      );
    }
    await add(session, fx.pegs, 1);
    expect((await session.post('/api/orders/checkout', cardShipping({ promoCode: 'TWICE5' }))).status).toBe(422);
    expect(await usedBy(userId, twice)).toBe(2);
  });

  it('parallel checkouts from several sessions, each refilling the cart, use a once-per-customer code once', async () => {
    const { sessions, userId } = await shopper({ sessions: 8 });
    const replies = await Promise.all(
      sessions.map(async (s) => {
        await s.post('/api/cart/add', { id: fx.pegs, count: 1, is_variation: false });
        return s.post('/api/orders/checkout', cardShipping({ promoCode: 'ONCE5' }));
      }),
    );
    const ok = replies.filter((r) => r.status === 200 && r.body.status === 'OK');
    const refusedPromo = replies.filter((r) => r.status === 422 && r.body.errors?.promoCode);
    const emptyCart = replies.filter((r) => r.status === 422 && r.body.errors?.cart_items);
    expect(
      replies
        .filter((r) => !ok.includes(r) && !refusedPromo.includes(r) && !emptyCart.includes(r))
        .map((r) => [r.status, r.body]),
    ).toEqual([]);
    expect(ok).toHaveLength(1);
    expect(await usedBy(userId, once)).toBe(1);
  }, 60_000);
});

describe('first order only', () => {
  it('a new customer gets it; any later order (paid or waiting for payment) is refused with its own message', async () => {
    const { session, userId } = await shopper();
    expect((await session.post('/api/promocodes/check', { code: 'FIRST5' })).status).toBe(200);
    await add(session, fx.pegs, 1);
    expect(
      (await session.post('/api/orders/checkout', cardShipping({ promoCode: 'FIRST5', payment_method: 'phone' }))).body
        .status,
    ).toBe('OK');

    const check = await session.post('/api/promocodes/check', { code: 'FIRST5' });
    expect(check.status).toBe(422);
    expect(check.body.message).toBe('This promo code is only valid on your first order.');
    await add(session, fx.pegs, 1);
    const refused = await session.post('/api/orders/checkout', cardShipping({ promoCode: 'FIRST5' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ promoCode: [PROMO_MESSAGES.firstOrderOnly] });
    expect(await usedBy(userId, first)).toBe(1);
  });

  it('a customer whose earlier orders all failed still counts as new', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 1);
    expect((await session.post('/api/orders/checkout', cardShipping())).body.status).toBe('OK');
    await db().update(orders).set({ status: 'Failed' }).where(eq(orders.userId, userId));
    expect((await session.post('/api/promocodes/check', { code: 'FIRST5' })).status).toBe(200);
    // A paid one does not.
    await db().update(orders).set({ status: 'Success' }).where(eq(orders.userId, userId));
    expect((await session.post('/api/promocodes/check', { code: 'FIRST5' })).body.message).toBe(
      PROMO_MESSAGES.firstOrderOnly,
    );
  });
});
