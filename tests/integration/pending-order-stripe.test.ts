/**
 * Issue 29 with Stripe Checkout (ADR 024, 035) against the local Stripe fake: Pay now of a pending
 * card order whose session was opened gives it up (the old session expired at Stripe, its late
 * "expired" event changes nothing) and opens a new session for the same order and amount, which
 * settles the order; Cancel expires the open session. Both engines (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { orders, payments } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping, type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { checkoutShoppers } from '../helpers/checkout-shopper';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startStripeFake, type StripeFake } from '../helpers/stripe-fake';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add, stockOf, cartOf } = checkoutShoppers(api, db, 'stripe-pending');
let fx: CommerceFixture;
let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake({
    deliver: async (init) => api.request('/api/payments/stripe/webhook', init, { clientAddress: '10.9.9.8' }),
  });
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

const sessionOf = (url: string) => fake.sessions.get(url.split('/').pop()!)!;
const orderByNr = async (nr: string) => (await db().select().from(orders).where(eq(orders.orderNr, nr)))[0]!;
const paymentsOf = async (orderId: number) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);

async function cardOrder(count: number) {
  const buyer = await shopper();
  await add(buyer.session, fx.pegs, count);
  const res = await buyer.session.post(
    '/api/orders/checkout',
    berlinShipping({ payment_method: 'card', email: buyer.email }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...buyer, orderNr: res.body.order_data.order_nr as string, url: res.body.redirect_url as string };
}

describe('Pay now and Cancel with Stripe', () => {
  it('Pay now opens a new session for the same order; the old one is expired and its event changes nothing; paying settles', async () => {
    const { session, orderNr, url } = await cardOrder(2);
    const first = sessionOf(url);
    const res = await session.post(`/api/orders/${orderNr}/pay`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const second = sessionOf(res.body.payload.redirect_url);
    expect(second.id).not.toBe(first.id);
    expect(fake.sessions.get(first.id)!.status).toBe('expired');
    const order = await orderByNr(orderNr);
    expect(second).toMatchObject({ amount_total: order.convertedFinalCents, currency: 'eur', status: 'open' });
    const [old, fresh] = await paymentsOf(order.id);
    expect(old).toMatchObject({ status: 'failed', lastError: 'replaced by a new payment session' });
    expect(fresh).toMatchObject({ status: 'created', providerRef: second.id, amountCents: order.convertedFinalCents });

    expect((await fake.send('checkout.session.expired', first.id)).status).toBe(200);
    expect((await orderByNr(orderNr)).status).toBe('Pending');
    fake.pay(second.id);
    expect((await fake.send('checkout.session.completed', second.id)).status).toBe(200);
    expect((await orderByNr(orderNr)).status).toBe('Success');
  });

  it('Cancel expires the open session and puts stock and lines back', async () => {
    const before = await stockOf(fx.pegs);
    const { session, orderNr, url, userId } = await cardOrder(3);
    expect(await stockOf(fx.pegs)).toBe(before - 3);
    const res = await session.post(`/api/orders/${orderNr}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fake.sessions.get(sessionOf(url).id)!.status).toBe('expired');
    expect(await stockOf(fx.pegs)).toBe(before);
    expect(await cartOf(userId)).toEqual([{ productId: fx.pegs, variationId: null, count: 3 }]);
  });
});
