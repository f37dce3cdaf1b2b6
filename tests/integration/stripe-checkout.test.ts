/**
 * Card payments through Stripe Checkout (ADR 024) against the local fake of the Stripe API
 * (tests/helpers/stripe-fake.ts): the session opened after the order, settlement only from signed
 * events (each processed once, also when delivered several times at once or out of order),
 * signature failures, Stripe down at checkout, the expiry job closing sessions, and refunds
 * through POST /v1/refunds. Both engines (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { cartItems, mailOutbox, orders, paymentEvents, payments, promoCodes } from '@/server/db/schema/index';
import { CARD_PAYMENTS_UNAVAILABLE_MESSAGE } from '@/server/payments/provider';
import { runOrderJobs } from '@/server/services/orders/jobs';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping, type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { checkoutShoppers } from '../helpers/checkout-shopper';
import { staffOrders } from '../helpers/admin-orders';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startStripeFake, type StripeFake } from '../helpers/stripe-fake';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, stockOf } = checkoutShoppers(api, db, 'stripe');
const staff = staffOrders(api, db, 'stripe-staff');
let fx: CommerceFixture;
let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake({
    deliver: async (init) => api.request('/api/payments/stripe/webhook', init, { clientAddress: '10.9.9.9' }),
  });
  // config() is read once per process: in place before the first request.
  Object.assign(process.env, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.base,
  });
  fx = await seedCommerceFixture(db());
});
afterAll(async () => {
  for (const name of ['PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'])
    delete process.env[name];
  await fake.close();
});

async function cardOrder(count = 1, over: Record<string, unknown> = {}) {
  const buyer = await shopper();
  await add(buyer.session, fx.pegs, count);
  const res = await buyer.session.post(
    '/api/orders/checkout',
    berlinShipping({ payment_method: 'card', email: buyer.email, ...over }),
  );
  return { ...buyer, res };
}

const sessionOf = (url: string) => fake.sessions.get(url.split('/').pop()!)!;
const orderByNr = async (nr: string) => (await db().select().from(orders).where(eq(orders.orderNr, nr)))[0]!;
const paymentOf = async (orderId: number) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const confirmations = async (nr: string) =>
  (await db().select().from(mailOutbox)).filter((m) => m.subject.startsWith(`Your order ${nr} `)).length;

describe('Stripe Checkout', () => {
  it('opens a session for the order with its amount, currency and an idempotency key, and redirects there', async () => {
    const { res } = await cardOrder(2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'OK',
      payment_type: 'card',
      redirect_url: expect.stringMatching(new RegExp(`^${fake.base}/pay/cs_test_`)),
    });
    const session = sessionOf(res.body.redirect_url);
    const order = await orderByNr(res.body.order_data.order_nr);
    const payment = await paymentOf(order.id);
    expect(session).toMatchObject({
      amount_total: order.convertedFinalCents,
      currency: 'eur',
      client_reference_id: payment.id,
      status: 'open',
    });
    expect(session.success_url).toContain(`/payment/processing?payment=${payment.id}`);
    expect(session.expires_at - session.created).toBe(31 * 60);
    expect(payment).toMatchObject({ provider: 'stripe', providerRef: session.id, status: 'created' });
    const create = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === payment.id,
    )!;
    expect(create.idempotencyKey).toBe(`session-${payment.id}`);
    expect(create.body).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: String(order.convertedFinalCents),
            product_data: { name: `Order ${order.orderNr}` },
          },
        },
      ],
    });
  });

  it('settles only from the signed completed event, once, even delivered three times at once', async () => {
    const { res } = await cardOrder();
    const session = sessionOf(res.body.redirect_url);
    const nr = res.body.order_data.order_nr;
    fake.pay(session.id);
    const eventId = 'evt_test_paid_once';
    const answers = await Promise.all(
      [0, 1, 2].map(() => fake.send('checkout.session.completed', session.id, { eventId })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const results = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { payload: { result: string } }).payload.result),
    );
    expect(results.sort()).toEqual(['duplicate', 'duplicate', 'processed']);
    const order = await orderByNr(nr);
    expect(order.status).toBe('Success');
    expect(await paymentOf(order.id)).toMatchObject({ status: 'succeeded', providerRef: session.payment_intent });
    expect(await confirmations(nr)).toBe(1);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId))).toMatchObject([
      { provider: 'stripe', type: 'checkout.session.completed', orderId: order.id, outcome: 'settled' },
    ]);
    // A later expired event for the same session changes nothing (out of order).
    expect((await fake.send('checkout.session.expired', session.id)).status).toBe(200);
    expect((await orderByNr(nr)).status).toBe('Success');
  });

  it('an expired session fails the order: stock back, promo use back, lines back in the cart', async () => {
    const before = await stockOf(fx.pegs);
    const [promo] = await db().select().from(promoCodes).where(eq(promoCodes.id, fx.promo.PCT15));
    const { res, userId } = await cardOrder(2, { promoCode: promo!.code });
    expect(await stockOf(fx.pegs)).toBe(before - 2);
    const session = sessionOf(res.body.redirect_url);
    expect((await fake.send('checkout.session.expired', session.id)).status).toBe(200);
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order.status).toBe('Failed');
    expect(await stockOf(fx.pegs)).toBe(before);
    const [after] = await db().select().from(promoCodes).where(eq(promoCodes.id, fx.promo.PCT15));
    expect(after!.usedCount).toBe(promo!.usedCount);
    expect(await db().select({ count: cartItems.count }).from(cartItems).where(eq(cartItems.userId, userId))).toEqual([
      { count: 2 },
    ]);
  });

  it('refuses events without a valid signature and stores nothing', async () => {
    const { res } = await cardOrder();
    const session = sessionOf(res.body.redirect_url);
    fake.pay(session.id);
    const stored = async () => (await db().select().from(paymentEvents)).length;
    const count = await stored();
    for (const options of [
      { unsigned: true },
      { secret: 'whsec_somebodyelse000' },
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
      { tamper: true },
    ]) {
      const answer = await fake.send('checkout.session.completed', session.id, options);
      expect(answer.status, JSON.stringify(options)).toBe(400);
      expect(await answer.json()).toEqual({ status: 'ERROR', code: 'bad_request', message: 'Invalid signature.' });
    }
    expect(await stored()).toBe(count);
    expect((await orderByNr(res.body.order_data.order_nr)).status).toBe('Pending');
  });

  it('ignores events that are no payment outcome, once', async () => {
    const { res } = await cardOrder();
    const session = sessionOf(res.body.redirect_url);
    const answer = await fake.send('customer.created', session.id);
    expect(((await answer.json()) as { payload: { result: string } }).payload.result).toBe('ignored');
    expect((await orderByNr(res.body.order_data.order_nr)).status).toBe('Pending');
  });

  it('Stripe down at checkout: a clear 503, the order failed with stock, promo use and cart given back', async () => {
    const before = await stockOf(fx.pegs);
    fake.failNext(5);
    const { res, userId } = await cardOrder(3);
    fake.failNext(0);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'ERROR',
      code: 'service_unavailable',
      message: CARD_PAYMENTS_UNAVAILABLE_MESSAGE,
    });
    expect(await stockOf(fx.pegs)).toBe(before);
    const [order] = await db().select().from(orders).where(eq(orders.userId, userId));
    expect(order!.status).toBe('Failed');
    expect(await db().select({ count: cartItems.count }).from(cartItems).where(eq(cartItems.userId, userId))).toEqual([
      { count: 3 },
    ]);
  });

  it('the expiry job fails an unpaid order after 30 minutes and expires its session at Stripe', async () => {
    const { res } = await cardOrder();
    const session = sessionOf(res.body.redirect_url);
    const order = await orderByNr(res.body.order_data.order_nr);
    await runOrderJobs(db(), new Date(order.createdAt.getTime() + 31 * 60_000));
    expect((await orderByNr(order.orderNr)).status).toBe('Failed');
    expect(fake.sessions.get(session.id)!.status).toBe('expired');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
    // Paid in the last second before the expiry reached Stripe, the event arriving after it:
    // recorded for a refund, never lost, and the order stays failed.
    fake.sessions.get(session.id)!.status = 'open';
    fake.pay(session.id);
    expect((await fake.send('checkout.session.completed', session.id)).status).toBe(200);
    expect((await orderByNr(order.orderNr)).status).toBe('Failed');
    expect(await paymentOf(order.id)).toMatchObject({
      status: 'succeeded',
      lastError: expect.stringMatching(/refund needed/),
    });
  });

  it('staff refund a Stripe payment through POST /v1/refunds with an idempotency key', async () => {
    const { res } = await cardOrder(2);
    const session = sessionOf(res.body.redirect_url);
    fake.pay(session.id);
    await fake.send('checkout.session.completed', session.id);
    const nr = res.body.order_data.order_nr;
    const { session: staffSession } = await staff.signedIn('staff');
    const refund = await staffSession.post(`/api/admin/orders/${nr}/refund`, {
      destination: 'card',
      reason: 'Returned',
      amount_cents: 500,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(fake.refunds).toContainEqual(
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 500, status: 'succeeded' }),
    );
    const call = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.idempotencyKey).toMatch(/^refund-/);
    // More than is left: Stripe refuses, the shop says so and records nothing more.
    const order = await orderByNr(nr);
    const tooMuch = await staffSession.post(`/api/admin/orders/${nr}/refund`, {
      destination: 'card',
      reason: 'Again',
      amount_cents: order.finalCents,
    });
    expect(tooMuch.status).toBe(422);
    expect((await orderByNr(nr)).refundedCents).toBe(500);
  });
});
