import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import Stripe from 'stripe';
import { cartItems, demoGatewayCharges, orders, paymentEvents, users } from '@/server/db/schema/index';
import { unnotifiedCharges, webhookSecret } from '@/server/payments/demo-gateway.server';
import { CARD_PAYMENTS_UNAVAILABLE_MESSAGE } from '@/server/payments/provider';
import { SIGNATURE_HEADER, signPayload } from '@/server/payments/webhook-signature';
import { startTopUp } from '@/server/services/orders/top-up.server';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping, type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { type ApiSession, createApiSession, createUser } from '../helpers/session';

/**
 * PAYMENT_PROVIDER=none, the production default (issue 13): no card payment can be started, and
 * the demo gateway's webhook does not exist, so its free test cards cannot pay anything. The
 * pages /pay/demo/* are checked on a real production server in production-defaults.test.ts.
 */
// config() is read once per process: the setting must be in place before the first request.
process.env.PAYMENT_PROVIDER = 'none';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
let counter = 0;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
});
afterAll(() => {
  delete process.env.PAYMENT_PROVIDER;
});

async function shopper(): Promise<{ session: ApiSession; userId: number }> {
  const email = `off${++counter}@example.com`;
  const user = await createUser(db(), { email, password: 'Checkout-1' });
  const session = createApiSession(api);
  expect((await session.signIn(email, 'Checkout-1')).status).toBe(200);
  return { session, userId: user.id };
}

const ordersOf = (userId: number) => db().select().from(orders).where(eq(orders.userId, userId));

describe('card payments without a payment provider', () => {
  it('checkout by card answers 422 with a message the form shows, creates no order and keeps the cart', async () => {
    const { session, userId } = await shopper();
    expect((await session.post('/api/cart/add', { id: fx.pegs, count: 1 })).status).toBe(200);
    const res = await session.post('/api/orders/checkout', berlinShipping({ payment_method: 'card' }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: CARD_PAYMENTS_UNAVAILABLE_MESSAGE,
      errors: { payment_method: [CARD_PAYMENTS_UNAVAILABLE_MESSAGE] },
    });
    expect(CARD_PAYMENTS_UNAVAILABLE_MESSAGE).toBe(
      'Card payments are not available at the moment. Please choose phone payment.',
    );
    expect(await ordersOf(userId)).toEqual([]);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, userId))).toHaveLength(1);
    expect(await db().select().from(demoGatewayCharges)).toEqual([]);

    // Phone payment still works.
    const phone = await session.post('/api/orders/checkout', berlinShipping({ payment_method: 'phone' }));
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    expect(phone.body).toMatchObject({ status: 'OK', payment_type: 'phone' });
  });

  it('the default payment method (card) gets the same answer', async () => {
    const { session } = await shopper();
    expect((await session.post('/api/cart/add', { id: fx.pegs, count: 1 })).status).toBe(200);
    const withoutMethod = berlinShipping();
    expect(withoutMethod).not.toHaveProperty('payment_method');
    const res = await session.post('/api/orders/checkout', withoutMethod);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(CARD_PAYMENTS_UNAVAILABLE_MESSAGE);
  });

  it('a balance top-up (always by card) answers 422 with the message and creates no order', async () => {
    const { session, userId } = await shopper();
    const res = await session.post('/api/balance/top-up', { amount: 25 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(CARD_PAYMENTS_UNAVAILABLE_MESSAGE);
    expect(await ordersOf(userId)).toEqual([]);
  });
});

describe('Stripe is not the provider', () => {
  it('its webhook verifies nothing without its secret: 400 to unsigned and to a body signed with the empty secret', async () => {
    const body = JSON.stringify({ id: 'evt_off', type: 'checkout.session.completed', data: { object: {} } });
    const send = (signature?: string) =>
      api.request('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
        body,
      });
    expect((await send()).status).toBe(400);
    const signed = await send(Stripe.webhooks.generateTestHeaderString({ payload: body, secret: '' }));
    expect(signed.status).toBe(400);
    expect(await db().select().from(paymentEvents)).toEqual([]);
  });
});

describe('the demo gateway is off', () => {
  it('its webhook answers 404 even to a correctly signed "succeeded" for a real payment, which stays unpaid', async () => {
    // A card payment opened before the gateway was turned off (the service itself does not ask).
    const { userId } = await shopper();
    const eur = { code: 'EUR', symbol: '€', value: '1', isDefault: true };
    const placed = await startTopUp(db(), { userId, amountCents: 2500, currency: eur });
    const paymentId = placed.paymentId;
    const body = JSON.stringify({
      type: 'charge.completed',
      payment_id: paymentId,
      outcome: 'succeeded',
      amount_cents: 2500,
      currency: 'EUR',
    });
    const res = await api.request('/api/payments/demo/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signPayload(await webhookSecret(db()), body) },
      body,
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'ERROR', code: 'not_found', message: 'Not found' });
    const [order] = await db().select().from(orders).where(eq(orders.orderNr, placed.orderNr));
    expect(order?.status).toBe('Pending');
    const [user] = await db().select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId));
    expect(user?.balance).toBe(0);

    // Nor does the reconciliation job resend gateway outcomes to a webhook that is gone.
    await db()
      .update(demoGatewayCharges)
      .set({ state: 'succeeded' })
      .where(eq(demoGatewayCharges.paymentId, paymentId));
    expect(await unnotifiedCharges(db())).toEqual([]);
  });
});
