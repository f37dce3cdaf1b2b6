/**
 * Issue 13: a declined or abandoned card payment keeps the cart. Checkout takes the lines out of
 * the cart while the payment is pending (the order holds their stock); when the payment is
 * declined or the order expires, they go back into the cart once, merged with what was added
 * since, within stock and the line cap; a paid order's lines never come back. On PGlite and on
 * PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { orders, products, promoCodes } from '@/server/db/schema/index';
import { TEST_CARDS } from '@/server/payments/demo-cards';
import { getCharge, notifyShop, payCharge, setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { expirePendingCardOrders, settlePayment } from '@/server/services/orders/settlement.server';
import { checkoutShoppers, cardShipping, TEST_CARD } from '../helpers/checkout-shopper';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, stockOf, orderByNr, cartOf } = checkoutShoppers(api, db, 'restore');
let fx: CommerceFixture;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const paymentIdOf = (body: { redirect_url: string }) => body.redirect_url.split('/').pop()!;

describe('a declined card payment', () => {
  it('puts the lines back into the cart, merged with a line added since; the cart API shows them for Try Again', async () => {
    const { session, userId } = await shopper();
    const red = fx.variation['FX-DOME-RS']!;
    await add(session, fx.pegs, 2);
    await add(session, red, 1, true);
    const pegs = await stockOf(fx.pegs);
    const res = await session.post('/api/orders/checkout', cardShipping());
    expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
    // Pending: the lines are out of the cart, their units held by the order.
    expect(await cartOf(userId)).toEqual([]);
    expect(await stockOf(fx.pegs)).toBe(pegs - 2);
    // Another tab adds one more peg while the payment page is open.
    await add(session, fx.pegs, 1);

    const charge = (await getCharge(db(), paymentIdOf(res.body)))!;
    expect(await payCharge(db(), charge, { number: TEST_CARDS.declined, ...TEST_CARD })).toMatchObject({
      kind: 'done',
      outcome: 'declined',
    });
    expect(await orderByNr(res.body.order_data.order_nr)).toMatchObject({
      status: 'Failed',
      stockReleased: true,
      cartRestored: true,
    });
    const domeId = fx.catalog.p.dome;
    expect(await cartOf(userId)).toEqual(
      [
        { productId: fx.pegs, variationId: null, count: 3 },
        { productId: domeId, variationId: red, count: 1 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await stockOf(fx.pegs)).toBe(pegs);

    const contents = await session.get('/api/cart/contents');
    expect(contents.status).toBe(200);
    expect(
      contents.body.payload
        .map((l: { item_id: number; count: number; is_variation: boolean }) => [l.item_id, l.count, l.is_variation])
        .sort(),
    ).toEqual(
      [
        [fx.pegs, 3, false],
        [red, 1, true],
      ].sort(),
    );
    expect(contents.body.unavailableItems).toEqual([]);
    // And the shopper can check out again at once.
    const again = await session.post('/api/orders/checkout', cardShipping());
    expect(again.body.status, JSON.stringify(again.body)).toBe('OK');
  });

  it('a replayed decline (or one after the customer emptied the cart) adds nothing', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 2);
    const res = await session.post('/api/orders/checkout', cardShipping());
    const paymentId = paymentIdOf(res.body);
    await payCharge(db(), (await getCharge(db(), paymentId))!, { number: TEST_CARDS.declined, ...TEST_CARD });
    expect(await cartOf(userId)).toEqual([{ productId: fx.pegs, variationId: null, count: 2 }]);

    // The gateway sends the outcome again (reconciliation), and the settlement is asked directly.
    expect(await notifyShop(db(), (await getCharge(db(), paymentId))!)).toBe(true);
    const charge = (await getCharge(db(), paymentId))!;
    expect(
      await settlePayment(db(), {
        paymentId,
        outcome: 'declined',
        amountCents: charge.amountCents,
        currency: charge.currency,
      }),
    ).toMatchObject({
      result: 'already-settled',
    });
    expect(await cartOf(userId)).toEqual([{ productId: fx.pegs, variationId: null, count: 2 }]);

    await session.post('/api/cart/clear', {});
    expect(await notifyShop(db(), (await getCharge(db(), paymentId))!)).toBe(true);
    expect(await cartOf(userId)).toEqual([]);
  });

  it('stops at the line cap of 99 and leaves out an item that can no longer be bought', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 5);
    await add(session, fx.catalog.p.wireless, 1);
    const res = await session.post('/api/orders/checkout', cardShipping());
    await add(session, fx.pegs, 97);
    await db().update(products).set({ active: false }).where(eq(products.id, fx.catalog.p.wireless));
    try {
      await payCharge(db(), (await getCharge(db(), paymentIdOf(res.body)))!, {
        number: TEST_CARDS.declined,
        ...TEST_CARD,
      });
      expect(await cartOf(userId)).toEqual([{ productId: fx.pegs, variationId: null, count: 99 }]);
      expect((await orderByNr(res.body.order_data.order_nr)).stockReleased).toBe(true);
    } finally {
      await db().update(products).set({ active: true }).where(eq(products.id, fx.catalog.p.wireless));
    }
  });

  it('a paid order keeps the cart emptied for good', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', cardShipping());
    await payCharge(db(), (await getCharge(db(), paymentIdOf(res.body)))!, {
      number: TEST_CARDS.success,
      ...TEST_CARD,
    });
    expect(await orderByNr(res.body.order_data.order_nr)).toMatchObject({ status: 'Success', cartRestored: false });
    expect(await notifyShop(db(), (await getCharge(db(), paymentIdOf(res.body)))!)).toBe(true);
    expect(await cartOf(userId)).toEqual([]);
  });

  it('gives back the promo code, in total and for the customer: Try Again may use SAVE10 again', async () => {
    await db().update(promoCodes).set({ perCustomerLimit: 1 }).where(eq(promoCodes.id, fx.promo.SHIP10));
    try {
      const { session, userId } = await shopper();
      const used = async () =>
        (await db().select({ n: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, fx.promo.SHIP10)))[0]!
          .n;
      const before = await used();
      await add(session, fx.pegs, 2);
      const res = await session.post('/api/orders/checkout', cardShipping({ promoCode: 'SHIP10' }));
      expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
      expect(await used()).toBe(before + 1);
      expect((await session.post('/api/promocodes/check', { code: 'SHIP10' })).status).toBe(422);
      await payCharge(db(), (await getCharge(db(), paymentIdOf(res.body)))!, {
        number: TEST_CARDS.declined,
        ...TEST_CARD,
      });
      expect(await used()).toBe(before);
      expect((await session.post('/api/promocodes/check', { code: 'SHIP10' })).status).toBe(200);
      expect(await cartOf(userId)).toHaveLength(1);
      const again = await session.post('/api/orders/checkout', cardShipping({ promoCode: 'SHIP10' }));
      expect(again.body.status, JSON.stringify(again.body)).toBe('OK');
      expect(await used()).toBe(before + 1);
    } finally {
      await db().update(promoCodes).set({ perCustomerLimit: null }).where(eq(promoCodes.id, fx.promo.SHIP10));
    }
  });
});

describe('an abandoned card payment', () => {
  it('expires after 30 minutes and puts the lines back once; the gateway then refuses the card', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.catalog.p.lantern, 2);
    const lanterns = await stockOf(fx.catalog.p.lantern);
    const res = await session.post('/api/orders/checkout', cardShipping());
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(await cartOf(userId)).toEqual([]);
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, order.id));
    expect(await expirePendingCardOrders(db())).toContain(order.id);
    expect(await orderByNr(order.orderNr)).toMatchObject({ status: 'Failed', stockReleased: true, cartRestored: true });
    expect(await cartOf(userId)).toEqual([{ productId: fx.catalog.p.lantern, variationId: null, count: 2 }]);
    expect(await stockOf(fx.catalog.p.lantern)).toBe(lanterns);
    // Again: nothing twice.
    expect(await expirePendingCardOrders(db())).not.toContain(order.id);
    expect(await cartOf(userId)).toEqual([{ productId: fx.catalog.p.lantern, variationId: null, count: 2 }]);
    const charge = (await getCharge(db(), paymentIdOf(res.body)))!;
    expect(await payCharge(db(), charge, { number: TEST_CARDS.success, ...TEST_CARD })).toEqual({ kind: 'closed' });
    expect(await cartOf(userId)).toEqual([{ productId: fx.catalog.p.lantern, variationId: null, count: 2 }]);
  });

  it('a decline racing the expiry (5 rounds) restores the cart once and neither waits for the other for ever', async () => {
    for (let round = 0; round < 5; round++) {
      const { session, userId } = await shopper();
      await add(session, fx.catalog.p.lantern, 1);
      const lanterns = await stockOf(fx.catalog.p.lantern);
      const res = await session.post('/api/orders/checkout', cardShipping());
      const order = await orderByNr(res.body.order_data.order_nr);
      await db()
        .update(orders)
        .set({ createdAt: sql`now() - interval '31 minutes'` })
        .where(eq(orders.id, order.id));
      const charge = (await getCharge(db(), paymentIdOf(res.body)))!;
      // The settlement locks payment → order → customer, the job the same way round (a deadlock
      // would fail one of them with an error here).
      await Promise.all([
        expirePendingCardOrders(db()),
        settlePayment(db(), {
          paymentId: charge.paymentId,
          outcome: 'declined',
          amountCents: charge.amountCents,
          currency: charge.currency,
        }),
      ]);
      expect(await orderByNr(order.orderNr)).toMatchObject({
        status: 'Failed',
        stockReleased: true,
        cartRestored: true,
      });
      expect(await cartOf(userId)).toEqual([{ productId: fx.catalog.p.lantern, variationId: null, count: 1 }]);
      expect(await stockOf(fx.catalog.p.lantern)).toBe(lanterns);
    }
  });
});
