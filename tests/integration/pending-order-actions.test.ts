/**
 * Issue 29: a card order waiting for payment never strands the shopper. Pay now opens a payment
 * page for the same order (a parallel Pay now gets the same one); Cancel puts the units back on
 * the shelf and the lines back into the cart at once, and parallel cancels act once (the order's
 * rows are locked in the transaction). The unpaid-orders limit answers its own code, and a cancel
 * frees a place. On PGlite and on PostgreSQL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { orderEvents, payments, promoCodes } from '@/server/db/schema/index';
import { TEST_CARDS } from '@/server/payments/demo-cards';
import { getCharge, payCharge, setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { NOT_PENDING_CARD_ORDER } from '@/server/services/orders/pending-actions.server';
import { checkoutShoppers, cardShipping, TEST_CARD } from '../helpers/checkout-shopper';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, stockOf, orderByNr, cartOf } = checkoutShoppers(api, db, 'pending');
let fx: CommerceFixture;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const openPayments = async (orderId: number) =>
  db()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['created', 'requires_action'])));

type Session = Awaited<ReturnType<typeof shopper>>['session'];

/** A placed card order of pegs × 2 and one lantern, left unpaid. */
async function abandonedOrder(session: Session): Promise<{ orderNr: string; redirectUrl: string }> {
  await add(session, fx.pegs, 2);
  await add(session, fx.catalog.p.lantern, 1);
  const res = await session.post('/api/orders/checkout', cardShipping());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { orderNr: res.body.order_data.order_nr, redirectUrl: res.body.redirect_url };
}

describe('Pay now', () => {
  it('opens a payment page for the same order; paying it makes the order Success and nothing comes back to the cart', async () => {
    const { session, userId } = await shopper();
    const pegs = await stockOf(fx.pegs);
    const { orderNr, redirectUrl } = await abandonedOrder(session);
    expect(await cartOf(userId)).toEqual([]);

    const res = await session.post(`/api/orders/${orderNr}/pay`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'OK', payload: { order_nr: orderNr, redirect_url: redirectUrl } });
    const paymentId = String(res.body.payload.redirect_url).split('/').pop()!;
    await payCharge(db(), (await getCharge(db(), paymentId))!, { number: TEST_CARDS.success, ...TEST_CARD });

    const order = await orderByNr(orderNr);
    expect(order.status).toBe('Success');
    expect(await stockOf(fx.pegs)).toBe(pegs - 2);
    expect(await cartOf(userId)).toEqual([]);
    const again = await session.post(`/api/orders/${orderNr}/pay`, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'ERROR', code: 'conflict', message: NOT_PENDING_CARD_ORDER });
  });

  it('five parallel Pay now of one order act once: the same page, one open payment', async () => {
    const { sessions } = await shopper({ sessions: 5 });
    const { orderNr } = await abandonedOrder(sessions[0]!);
    const replies = await Promise.all(sessions.map((s) => s.post(`/api/orders/${orderNr}/pay`, {})));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.payload.redirect_url)).size).toBe(1);
    expect(await openPayments((await orderByNr(orderNr)).id)).toHaveLength(1);
  });

  it("is refused for another customer's order (404) and for a phone order (409)", async () => {
    const owner = await shopper();
    const other = await shopper();
    const { orderNr } = await abandonedOrder(owner.session);
    expect((await other.session.post(`/api/orders/${orderNr}/pay`, {})).status).toBe(404);
    expect((await other.session.post(`/api/orders/${orderNr}/cancel`, {})).status).toBe(404);
    await add(other.session, fx.pegs, 1);
    const phone = await other.session.post('/api/orders/checkout', cardShipping({ payment_method: 'phone' }));
    const phoneNr = phone.body.order_data.order_nr;
    expect((await other.session.post(`/api/orders/${phoneNr}/pay`, {})).status).toBe(409);
    expect((await other.session.post(`/api/orders/${phoneNr}/cancel`, {})).status).toBe(409);
    expect((await orderByNr(phoneNr)).status).toBe('Pending');
  });
});

describe('Cancel', () => {
  it('puts the units back and the lines into the cart at once, gives the promo use back, and closes the payment', async () => {
    const { session, userId } = await shopper();
    const pegs = await stockOf(fx.pegs);
    const lanterns = await stockOf(fx.catalog.p.lantern);
    const [promoBefore] = await db()
      .select({ used: promoCodes.usedCount })
      .from(promoCodes)
      .where(eq(promoCodes.id, fx.promo.SAVE10));
    await add(session, fx.pegs, 2);
    await add(session, fx.catalog.p.lantern, 1);
    const placed = await session.post('/api/orders/checkout', cardShipping({ promoCode: 'SAVE10' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderNr = placed.body.order_data.order_nr;
    expect(await stockOf(fx.pegs)).toBe(pegs - 2);
    const [promoSpent] = await db()
      .select({ used: promoCodes.usedCount })
      .from(promoCodes)
      .where(eq(promoCodes.id, fx.promo.SAVE10));
    expect(promoSpent!.used).toBe(promoBefore!.used + 1);

    const res = await session.post(`/api/orders/${orderNr}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toEqual({ order_nr: orderNr, restored_lines: 2 });
    expect(await stockOf(fx.pegs)).toBe(pegs);
    expect(await stockOf(fx.catalog.p.lantern)).toBe(lanterns);
    expect(await cartOf(userId)).toEqual(
      [
        { productId: fx.pegs, variationId: null, count: 2 },
        { productId: fx.catalog.p.lantern, variationId: null, count: 1 },
      ].sort((a, b) => a.productId - b.productId),
    );
    const order = await orderByNr(orderNr);
    expect(order.status).toBe('Cancelled');
    expect(await openPayments(order.id)).toEqual([]);
    const [promoAfter] = await db()
      .select({ used: promoCodes.usedCount })
      .from(promoCodes)
      .where(eq(promoCodes.id, fx.promo.SAVE10));
    expect(promoAfter!.used).toBe(promoBefore!.used);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.type)).toEqual(['placed', 'cancelled']);

    const again = await session.post(`/api/orders/${orderNr}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'ERROR', code: 'conflict', message: NOT_PENDING_CARD_ORDER });
  });

  it('five parallel cancels of one order act once: one 200, four 409, stock and cart back exactly once', async () => {
    const { sessions, userId } = await shopper({ sessions: 5 });
    const pegs = await stockOf(fx.pegs);
    const lanterns = await stockOf(fx.catalog.p.lantern);
    const { orderNr } = await abandonedOrder(sessions[0]!);
    const replies = await Promise.all(sessions.map((s) => s.post(`/api/orders/${orderNr}/cancel`, {})));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await stockOf(fx.pegs)).toBe(pegs);
    expect(await stockOf(fx.catalog.p.lantern)).toBe(lanterns);
    const cart = await cartOf(userId);
    expect(cart.find((l) => l.productId === fx.pegs)?.count).toBe(2);
    expect(cart.find((l) => l.productId === fx.catalog.p.lantern)?.count).toBe(1);
    expect(cart).toHaveLength(2);
  });

  it('a cancel racing a Pay now: either the order is cancelled with its lines in the cart, or it waits with one open payment', async () => {
    const { sessions, userId } = await shopper({ sessions: 2 });
    const pegs = await stockOf(fx.pegs);
    const { orderNr } = await abandonedOrder(sessions[0]!);
    const [cancel, pay] = await Promise.all([
      sessions[0]!.post(`/api/orders/${orderNr}/cancel`, {}),
      sessions[1]!.post(`/api/orders/${orderNr}/pay`, {}),
    ]);
    expect(cancel.status).toBe(200);
    const order = await orderByNr(orderNr);
    expect(order.status).toBe('Cancelled');
    expect(await openPayments(order.id)).toEqual([]);
    expect(await stockOf(fx.pegs)).toBe(pegs);
    expect((await cartOf(userId)).find((l) => l.productId === fx.pegs)?.count).toBe(2);
    // Pay now either ran first (its page, since given up) or found the order cancelled.
    expect([200, 409]).toContain(pay.status);
  });
});

describe('the unpaid-orders limit', () => {
  it('answers unpaid_limit on the 4th order; cancelling one of the three lets the next checkout through', async () => {
    const { session } = await shopper();
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      await add(session, fx.pegs, 1);
      const res = await session.post('/api/orders/checkout', cardShipping());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      placed.push(res.body.order_data.order_nr);
    }
    await add(session, fx.pegs, 1);
    const refused = await session.post('/api/orders/checkout', cardShipping());
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('unpaid_limit');
    expect((await session.post(`/api/orders/${placed[0]}/cancel`, {})).status).toBe(200);
    const next = await session.post('/api/orders/checkout', cardShipping());
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    // The cancelled order's line joined the one in the cart: the new order has both units.
    const order = await orderByNr(next.body.order_data.order_nr);
    expect(order.cartTotalCents).toBe(5000);
  });
});
