/**
 * Issue 13 (outside review): one cart makes one order under parallel checkouts, how much one
 * customer may hold in unpaid orders, and unpaid phone orders that expire, release their stock
 * once and tell the customer by mail in their language. On PGlite and on PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { mailOutbox, orders, payments, promoCodes } from '@/server/db/schema/index';
import { runOrderJobs } from '@/server/services/orders/jobs';
import { expirePendingPhoneOrders } from '@/server/services/orders/settlement.server';
import { TOTALS_MESSAGES } from '@/server/services/pricing/totals.server';
import { checkoutShoppers, cardShipping } from '../helpers/checkout-shopper';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, stockOf, orderByNr, ordersOf, cartOf } = checkoutShoppers(api, db, 'onecart');
let fx: CommerceFixture;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
});

const phone = (over: Record<string, unknown> = {}) => cardShipping({ payment_method: 'phone', ...over });

describe('one cart, one order', () => {
  it('10 parallel checkouts of one cart from 10 sessions without Idempotency-Key place one order; the others find the cart empty', async () => {
    const { sessions, userId } = await shopper({ sessions: 10 });
    await add(sessions[0]!, fx.pegs, 2);
    await add(sessions[0]!, fx.catalog.p.lantern, 1);
    const pegs = await stockOf(fx.pegs);
    const lanterns = await stockOf(fx.catalog.p.lantern);

    const replies = await Promise.all(sessions.map((s) => s.post('/api/orders/checkout', cardShipping())));
    const placed = replies.filter((r) => r.status === 200 && r.body.status === 'OK');
    const empty = replies.filter((r) => r.status === 422);
    expect(replies.filter((r) => !placed.includes(r) && !empty.includes(r)).map((r) => [r.status, r.body])).toEqual([]);
    expect(placed).toHaveLength(1);
    expect(empty).toHaveLength(9);
    for (const r of empty) {
      expect(r.body.message).toBe(TOTALS_MESSAGES.emptyCart);
      expect(r.body.errors).toEqual({ cart_items: [TOTALS_MESSAGES.emptyCart] });
    }
    const mine = await ordersOf(userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ orderNr: placed[0]!.body.order_data.order_nr, cartTotalCents: 6000 });
    // The units left the shelf once.
    expect(await stockOf(fx.pegs)).toBe(pegs - 2);
    expect(await stockOf(fx.catalog.p.lantern)).toBe(lanterns - 1);
    expect(await cartOf(userId)).toEqual([]);
  }, 60_000);

  it('a line added by another tab while the checkout runs is either in the order or still in the cart, never lost', async () => {
    const { sessions, userId } = await shopper({ sessions: 2 });
    await add(sessions[0]!, fx.pegs, 1);
    const [checkout, added] = await Promise.all([
      sessions[0]!.post('/api/orders/checkout', cardShipping()),
      sessions[1]!.post('/api/cart/add', { id: fx.catalog.p.lantern, count: 1, is_variation: false }),
    ]);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(added.status).toBe(200);
    const order = await orderByNr(checkout.body.order_data.order_nr);
    const inOrder = order.cartTotalCents === 3500; // pegs 25.00 + lantern 10.00
    expect(await cartOf(userId)).toEqual(
      inOrder ? [] : [{ productId: fx.catalog.p.lantern, variationId: null, count: 1 }],
    );
  });
});

describe('unpaid orders per customer', () => {
  it(`at most 3 unpaid orders at a time: the 4th is refused with 409 and nothing is reserved`, async () => {
    const { session, userId } = await shopper();
    for (let i = 0; i < 3; i++) {
      await add(session, fx.pegs, 1);
      const res = await session.post('/api/orders/checkout', i === 1 ? cardShipping() : phone());
      expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
    }
    await add(session, fx.pegs, 1);
    const before = await stockOf(fx.pegs);
    const refused = await session.post('/api/orders/checkout', phone());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'ERROR',
      code: 'unpaid_limit',
      message:
        'You already have 3 orders waiting for payment. Please pay for them, or wait until they expire, before placing another order.',
    });
    expect(await stockOf(fx.pegs)).toBe(before);
    expect(await ordersOf(userId)).toHaveLength(3);
    expect(await cartOf(userId)).toEqual([{ productId: fx.pegs, variationId: null, count: 1 }]);

    // A paid (or failed) order no longer counts.
    const [first] = await ordersOf(userId);
    await db().update(orders).set({ status: 'Success' }).where(eq(orders.id, first!.id));
    const placed = await session.post('/api/orders/checkout', phone());
    expect(placed.body.status, JSON.stringify(placed.body)).toBe('OK');
  });

  it('at most 100 units in unpaid orders together, the new order counted', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 60);
    expect((await session.post('/api/orders/checkout', phone())).body.status).toBe('OK');
    await add(session, fx.pegs, 30);
    await add(session, fx.catalog.p.lantern, 11);
    const before = await stockOf(fx.pegs);
    const refused = await session.post('/api/orders/checkout', phone());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'ERROR',
      code: 'unpaid_limit',
      message:
        'Orders waiting for payment may hold at most 100 items together, and 60 are already reserved for you. Please pay for your earlier orders first or order fewer items.',
    });
    expect(await stockOf(fx.pegs)).toBe(before);
    expect(await ordersOf(userId)).toHaveLength(1);
    // 60 + 40 = 100 is still allowed.
    await session.post('/api/cart/update', { id: fx.catalog.p.lantern, count: 10, is_variation: false });
    expect((await session.post('/api/orders/checkout', phone())).body.status).toBe('OK');
  });
});

describe('unpaid phone orders expire', () => {
  async function agePhoneOrder(orderId: number, hours: number) {
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(orders.id, orderId));
  }

  it("after 72 hours: Failed, stock back once, promo use back, payment failed, one mail in the customer's language (HTML and text)", async () => {
    const { session, userId } = await shopper({ languageId: fx.catalog.lang.de });
    await add(session, fx.pegs, 3);
    const before = await stockOf(fx.pegs);
    const res = await session.post(
      '/api/orders/checkout',
      phone({ email: 'phone-expiry@example.com', promoCode: 'SHIP10' }),
    );
    expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
    const order = await orderByNr(res.body.order_data.order_nr);
    const used = async () =>
      (await db().select({ n: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, fx.promo.SHIP10)))[0]!.n;
    const usedAfterOrder = await used();
    expect(await stockOf(fx.pegs)).toBe(before - 3);

    // 71 hours: still waiting.
    await agePhoneOrder(order.id, 71);
    expect((await runOrderJobs(db())).expiredPhone).not.toContain(order.id);
    expect((await orderByNr(order.orderNr)).status).toBe('Pending');

    await agePhoneOrder(order.id, 73);
    expect((await runOrderJobs(db())).expiredPhone).toEqual([order.id]);
    expect(await orderByNr(order.orderNr)).toMatchObject({
      status: 'Failed',
      stockReleased: true,
      cartRestored: false,
    });
    expect(await stockOf(fx.pegs)).toBe(before);
    expect(await used()).toBe(usedAfterOrder - 1);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: 'failed', lastError: 'expired unpaid' });
    // A phone order's lines do not come back into the cart: three days later is a new decision.
    expect(await cartOf(userId)).toEqual([]);

    // Besides the "order received" mail of the checkout: one cancellation.
    const cancellations = async (to: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter(
        (m) => !m.subject.startsWith('Wir haben Ihre Bestellung') && !m.subject.startsWith('We have received'),
      );
    const mails = await cancellations('phone-expiry@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject.startsWith(`Ihre Bestellung ${order.orderNr} wurde storniert – `)).toBe(true);
    expect(mail.text).toContain(
      `Wir haben die Zahlung für Bestellung ${order.orderNr} nicht innerhalb von 72 Stunden erhalten.`,
    );
    expect(mail.text).toContain('Tent Pegs Set × 3');
    expect(mail.html).toContain('<html lang="de"');
    expect(mail.html).toContain('Tent Pegs Set × 3');
    // A German mail links the German orders page (ADR 028).
    expect(mail.html).toContain('/de/account?tab=orders');

    // Once: later passes (or another instance) neither release nor mail again.
    expect((await runOrderJobs(db())).expiredPhone).toEqual([]);
    expect(await expirePendingPhoneOrders(db(), 1)).toEqual([]);
    expect(await stockOf(fx.pegs)).toBe(before);
    expect(await cancellations('phone-expiry@example.com')).toHaveLength(1);
  });

  it('a paid phone order is not touched; an English customer gets the English mail', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    const paid = await session.post('/api/orders/checkout', phone({ email: 'phone-paid@example.com' }));
    await add(session, fx.pegs, 1);
    const unpaid = await session.post('/api/orders/checkout', phone({ email: 'phone-unpaid@example.com' }));
    const paidOrder = await orderByNr(paid.body.order_data.order_nr);
    const unpaidOrder = await orderByNr(unpaid.body.order_data.order_nr);
    await db().update(orders).set({ status: 'Success' }).where(eq(orders.id, paidOrder.id));
    await agePhoneOrder(paidOrder.id, 100);
    await agePhoneOrder(unpaidOrder.id, 100);
    const { expiredPhone } = await runOrderJobs(db());
    expect(expiredPhone).toEqual([unpaidOrder.id]);
    expect((await orderByNr(paidOrder.orderNr)).status).toBe('Success');
    const [mail] = (
      await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, 'phone-unpaid@example.com')))
    ).filter((m) => m.subject.includes('was cancelled'));
    expect(mail!.subject).toContain(`Your order ${unpaidOrder.orderNr} was cancelled`);
    expect(mail!.text).toContain(`We did not receive the payment for order ${unpaidOrder.orderNr} within 72 hours`);
    expect(
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'phone-paid@example.com'))).map((m) => m.subject),
    ).toEqual([expect.stringMatching(new RegExp(`^We have received your order ${paidOrder.orderNr} `))]);
  });
});
