import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import {
  cartItems,
  demoGatewayCharges,
  orderItems,
  orders,
  payments,
  products,
  promoCodes,
  settings,
  users,
} from '@/server/db/schema/index';
import { TEST_CARDS } from '@/server/payments/demo-cards';
import { confirmChallenge, getCharge, payCharge, setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { expirePendingCardOrders } from '@/server/services/orders/settlement.server';
import { countCartUnits } from '@/server/services/cart/cart.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { cardShipping, checkoutShoppers, TEST_CARD } from '../helpers/checkout-shopper';
import { lastMailTo } from '../helpers/fixture-accounts';
import { type ApiSession, createApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  // The gateway's server-to-server notification goes to the in-process API instead of the network.
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const CARD = TEST_CARD;
const shipping = cardShipping;
const { shopper, add, stockOf, orderByNr } = checkoutShoppers(api, db, 'buyer');

async function totalsSeen(session: ApiSession, over: Record<string, unknown> = {}): Promise<number> {
  const res = await session.post('/api/cart/calculate-totals', { ...shipping(over), cart_items: [] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.converted.final_amount;
}

describe('POST /api/orders/checkout by card', () => {
  it('reserves the stock, snapshots the order, clears the cart and opens the gateway payment', async () => {
    const { session, userId } = await shopper();
    const before = await stockOf(fx.pegs);
    await add(session, fx.pegs, 2);
    const expected = await totalsSeen(session);
    const res = await session.post('/api/orders/checkout', { ...shipping(), expected_total: expected });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'OK',
      payment_type: 'card',
      redirect_url: expect.stringMatching(/^\/pay\/demo\/[0-9a-f-]{36}$/),
    });
    // 2 × 25.00 = 50.00 + 4.99 delivery (EU, under the 75.00 threshold)
    expect(res.body.order_data).toEqual({
      order_nr: expect.stringMatching(/^\d{6}-\d{6}$/),
      amount: 54.99,
      currency: 'EUR',
    });
    expect(expected).toBe(54.99);

    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order).toMatchObject({
      userId,
      status: 'Pending',
      kind: 'purchase',
      paymentMethod: 'card',
      countryName: 'Germany',
      postCode: '10117',
      phone: '+4915123456789',
      cartTotalCents: 5000,
      deliveryCostCents: 499,
      discountCents: 0,
      finalCents: 5499,
      convertedFinalCents: 5499,
      currency: 'EUR',
      stockReleased: false,
    });
    // VAT 20 % contained in 54.99: 54.99 − 54.99 / 1.2 = 9.165 → 9.17
    expect(order.vatCents).toBe(917);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toEqual([
      expect.objectContaining({
        productId: fx.pegs,
        sku: 'FX-PEGS',
        name: 'Tent Pegs Set',
        priceCents: 2500,
        quantity: 2,
      }),
    ]);
    expect(await stockOf(fx.pegs)).toBe(before - 2);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, userId))).toEqual([]);
    const paymentId = res.body.redirect_url.split('/').pop();
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({
      orderId: order.id,
      status: 'created',
      amountCents: 5499,
      currency: 'EUR',
      provider: 'demo-card',
    });
    expect((await getCharge(db(), paymentId))?.state).toBe('open');
  });

  it('test card 4242…: the signed notification settles the order, mails a confirmation, and a replay changes nothing', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', shipping({ email: 'paid@example.com' }));
    const paymentId: string = res.body.redirect_url.split('/').pop();
    const charge = (await getCharge(db(), paymentId))!;
    const paid = await payCharge(db(), charge, { number: TEST_CARDS.success, ...CARD });
    expect(paid).toEqual({
      kind: 'done',
      outcome: 'succeeded',
      returnUrl: expect.stringMatching(new RegExp(`/payment/processing\\?payment=${paymentId}$`)),
    });
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order.status).toBe('Success');
    expect(order.paidAt).toBeInstanceOf(Date);
    expect((await getCharge(db(), paymentId))?.notifiedAt).toBeInstanceOf(Date);
    const mail = await lastMailTo(db(), 'paid@example.com');
    expect(mail?.subject).toContain(order.orderNr);
    expect(mail?.text).toContain('Tent Pegs Set × 1');

    // The shopper's status call reads the order state.
    expect((await session.get(`/api/payments/${paymentId}/status`)).body.payload).toEqual({
      state: 'success',
      order_nr: order.orderNr,
      order_status: 'Success',
    });
    // Another customer cannot read it.
    const stranger = (await shopper()).session;
    expect((await stranger.get(`/api/payments/${paymentId}/status`)).status).toBe(404);

    // A replayed notification: already settled, no second mail, no change.
    const mails = (await db().execute(sql`select count(*)::int as n from mail_outbox`)) as unknown as
      { rows?: { n: number }[] } | { n: number }[];
    const count = () => (Array.isArray(mails) ? mails[0]!.n : mails.rows![0]!.n);
    const before = count();
    const { notifyShop } = await import('@/server/payments/demo-gateway.server');
    expect(await notifyShop(db(), (await getCharge(db(), paymentId))!)).toBe(true);
    const after = (await db().execute(sql`select count(*)::int as n from mail_outbox`)) as unknown as
      { rows?: { n: number }[] } | { n: number }[];
    expect(Array.isArray(after) ? after[0]!.n : after.rows![0]!.n).toBe(before);
    expect((await orderByNr(order.orderNr)).status).toBe('Success');
  });

  it('a declined card fails the order and puts the stock back', async () => {
    const { session } = await shopper();
    const before = await stockOf(fx.pegs);
    await add(session, fx.pegs, 3);
    const res = await session.post('/api/orders/checkout', shipping());
    expect(await stockOf(fx.pegs)).toBe(before - 3);
    const charge = (await getCharge(db(), res.body.redirect_url.split('/').pop()))!;
    expect(await payCharge(db(), charge, { number: TEST_CARDS.declined, ...CARD })).toMatchObject({
      kind: 'done',
      outcome: 'declined',
    });
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order).toMatchObject({ status: 'Failed', stockReleased: true });
    expect(await stockOf(fx.pegs)).toBe(before);
    // The gateway will not take another card for it.
    expect(
      await payCharge(db(), (await getCharge(db(), charge.paymentId))!, { number: TEST_CARDS.success, ...CARD }),
    ).toEqual({ kind: 'closed' });
  });

  it('the 3-D Secure card asks for a confirmation first', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', shipping());
    const paymentId = res.body.redirect_url.split('/').pop();
    expect(
      await payCharge(db(), (await getCharge(db(), paymentId))!, { number: TEST_CARDS.threeDSecure, ...CARD }),
    ).toEqual({ kind: 'requires_action' });
    expect((await orderByNr(res.body.order_data.order_nr)).status).toBe('Pending');
    expect(await confirmChallenge(db(), (await getCharge(db(), paymentId))!, true)).toMatchObject({
      kind: 'done',
      outcome: 'succeeded',
    });
    expect((await orderByNr(res.body.order_data.order_nr)).status).toBe('Success');
  });

  it('card details with problems are named field by field and nothing is charged', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', shipping());
    const charge = (await getCharge(db(), res.body.redirect_url.split('/').pop()))!;
    const result = await payCharge(db(), charge, {
      number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: 'x',
      holder: '',
    });
    expect(result).toEqual({
      kind: 'problems',
      problems: { number: 'number', expiry: 'expired', cvc: 'cvc', holder: 'holder' },
    });
    expect((await getCharge(db(), charge.paymentId))?.state).toBe('open');
  });
});

describe('checkout answers', () => {
  it('PRICE_CHANGED with the new totals when the shopper saw another total; nothing is reserved', async () => {
    const { session, userId } = await shopper();
    const before = await stockOf(fx.pegs);
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', { ...shipping(), expected_total: 20 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'PRICE_CHANGED',
      message: expect.stringContaining('Prices have changed'),
      new_totals: {
        converted: { final_amount: 29.99, currency: 'EUR' },
        original: { final_amount: 29.99 },
        vat_rate: 20,
        is_delivery_unavailable: false,
      },
    });
    expect(await stockOf(fx.pegs)).toBe(before);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, userId))).toHaveLength(1);
  });

  it('compares in the request currency', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    const expected = await totalsSeen(session, { currency: 'USD' });
    const res = await session.post('/api/orders/checkout', {
      ...shipping(),
      currency: 'USD',
      expected_total: expected,
    });
    expect(res.body.status).toBe('OK');
    expect(res.body.order_data).toMatchObject({ currency: 'USD', amount: expected });
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order.convertedFinalCents).toBe(Math.round(expected * 100));
    expect(order.finalCents).toBe(2999);
  });

  it('insufficient stock: an error naming the item that contains "no stock", and nothing reserved', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.catalog.p.lantern, 3);
    await add(session, fx.pegs, 1);
    const pegsBefore = await stockOf(fx.pegs);
    await db().update(products).set({ stock: 2 }).where(eq(products.id, fx.catalog.p.lantern));
    const res = await session.post('/api/orders/checkout', shipping());
    expect(res.status).toBe(409);
    expect(res.body.status).toBe('ERROR');
    expect(res.body.message).toContain('no stock');
    expect(res.body.message).toContain('Camping Lantern');
    expect(res.body.message).not.toContain('Tent Pegs');
    expect(await stockOf(fx.pegs)).toBe(pegsBefore);
    expect(await stockOf(fx.catalog.p.lantern)).toBe(2);
    expect(await db().select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
    await db().update(products).set({ stock: 30 }).where(eq(products.id, fx.catalog.p.lantern));
  });

  it('the same Idempotency-Key returns the same order once', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 1);
    const send = () =>
      session.request('/api/orders/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'retry-key-0001' },
        body: JSON.stringify(shipping()),
      });
    const first = await (await send()).json();
    const second = await (await send()).json();
    expect(first.status).toBe('OK');
    expect(second).toEqual(first);
    expect(await db().select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
  });

  it('the same Idempotency-Key sent several times at once places one order and answers each with it', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 1);
    const before = await stockOf(fx.pegs);
    const send = () =>
      session.request('/api/orders/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'raced-key-0001' },
        body: JSON.stringify(shipping()),
      });
    const replies = await Promise.all([send(), send(), send()]);
    const bodies = await Promise.all(replies.map((r) => r.json()));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies[0].status).toBe('OK');
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(await db().select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
    expect(await stockOf(fx.pegs)).toBe(before - 1);
  });

  it('phone payment answers the order data for the modal', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 4);
    const res = await session.post('/api/orders/checkout', shipping({ payment_method: 'phone' }));
    // 4 × 25.00 = 100.00, free EU delivery over 75.00
    expect(res.body).toEqual({
      status: 'OK',
      payment_type: 'phone',
      message: null,
      order_data: { order_nr: expect.any(String), phone_number: expect.any(String), amount: 100, currency: 'EUR' },
    });
    expect(await orderByNr(res.body.order_data.order_nr)).toMatchObject({
      paymentMethod: 'phone',
      status: 'Pending',
      deliveryCostCents: 0,
    });
  });

  it('a promo code is applied and spent; an exhausted one refuses the order', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 2);
    const res = await session.post('/api/orders/checkout', shipping({ promoCode: 'save10' }));
    expect(res.body.order_data.amount).toBe(44.99);
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order).toMatchObject({ promoCode: 'SAVE10', discountCents: 1000 });
    const [promo] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'SAVE10'));
    expect(promo!.usedCount).toBe(1);

    await db().update(promoCodes).set({ usageLimit: 1 }).where(eq(promoCodes.code, 'SAVE10'));
    const other = await shopper();
    await add(other.session, fx.pegs, 2);
    const refused = await other.session.post('/api/orders/checkout', shipping({ promoCode: 'SAVE10' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.promoCode).toBeDefined();
  });

  it('validates the shipping form and the payment method', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', { payment_method: 'cash', expected_total: 'ten' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Please complete all required shipping information.');
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'address',
        'city',
        'country',
        'email',
        'expected_total',
        'name',
        'payment_method',
        'phone',
        'postCode',
        'surname',
      ].sort(),
    );
    const badPost = await session.post('/api/orders/checkout', shipping({ postCode: '1234' }));
    expect(badPost.status).toBe(422);
    expect(badPost.body.message).toContain('Invalid postcode');
    const badKey = await session.request('/api/orders/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'x' },
      body: JSON.stringify(shipping()),
    });
    expect(badKey.status).toBe(422);
  });

  it('guests get 401, unverified customers 403, forged writes 419', async () => {
    const guest = await createApiSession(api).post('/api/orders/checkout', shipping());
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
    const { session } = await shopper({ verified: false });
    const unverified = await session.post('/api/orders/checkout', shipping());
    expect(unverified.status).toBe(403);
    expect(unverified.body).toEqual({
      status: 'ERROR',
      code: 'email_not_verified',
      message: 'Your email address is not verified.',
    });
    const forged = await (
      await shopper()
    ).session.request('/api/orders/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'forged' },
      body: JSON.stringify(shipping()),
    });
    expect(forged.status).toBe(419);
  });
});

describe('header badge count', () => {
  it('counts the units that can be bought, like the cart store', async () => {
    const { session, userId } = await shopper();
    await add(session, fx.pegs, 2);
    await add(session, fx.catalog.p.lantern, 3);
    expect(await countCartUnits(db(), userId)).toBe(5);
    // A line that can no longer be bought drops out of the badge as it drops out of the cart.
    await db().update(products).set({ active: false }).where(eq(products.id, fx.catalog.p.lantern));
    try {
      expect(await countCartUnits(db(), userId)).toBe(2);
      const contents = await session.get('/api/cart/contents');
      const units = contents.body.payload.reduce((sum: number, line: { count: number }) => sum + line.count, 0);
      expect(units).toBe(2);
    } finally {
      await db().update(products).set({ active: true }).where(eq(products.id, fx.catalog.p.lantern));
    }
  });
});

describe('stock under concurrency', () => {
  it('20 parallel checkouts for the last 5 units sell exactly 5', async () => {
    const mouse = fx.catalog.p.mouse;
    await db().update(products).set({ stock: 5 }).where(eq(products.id, mouse));
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await shopper());
    for (const b of buyers) await add(b.session, mouse, 1);
    const results = await Promise.all(buyers.map((b) => b.session.post('/api/orders/checkout', shipping())));
    const placed = results.filter((r) => r.status === 200 && r.body.status === 'OK');
    const refused = results.filter((r) => r.status === 409);
    const other = results.filter((r) => r.status !== 409 && !(r.status === 200 && r.body.status === 'OK'));
    expect(other.map((r) => [r.status, r.body])).toEqual([]);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body.message).toContain('no stock');
    expect(await stockOf(mouse)).toBe(0);
    // Units in the orders these buyers placed (the fixture has older orders of the mouse).
    const buyerIds = buyers.map((b) => b.userId);
    const sold = await db()
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, mouse), inArray(orders.userId, buyerIds)));
    expect(sold.reduce((sum, row) => sum + row.quantity, 0)).toBe(5);
  }, 120_000);
});

describe('unpaid card orders', () => {
  it('fail after 30 minutes and release their stock; the gateway then refuses the card', async () => {
    const { session } = await shopper();
    const before = await stockOf(fx.pegs);
    await add(session, fx.pegs, 2);
    const res = await session.post('/api/orders/checkout', shipping());
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(await expirePendingCardOrders(db())).not.toContain(order.id);
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, order.id));
    expect(await expirePendingCardOrders(db())).toContain(order.id);
    expect(await orderByNr(order.orderNr)).toMatchObject({ status: 'Failed', stockReleased: true });
    expect(await stockOf(fx.pegs)).toBe(before);
    // Idempotent: a second pass releases nothing twice.
    expect(await expirePendingCardOrders(db())).not.toContain(order.id);
    expect(await stockOf(fx.pegs)).toBe(before);
    const charge = (await getCharge(db(), res.body.redirect_url.split('/').pop()))!;
    expect(await payCharge(db(), charge, { number: TEST_CARDS.success, ...CARD })).toEqual({ kind: 'closed' });
  });

  it('phone orders are not expired by the card timeout', async () => {
    const { session } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', shipping({ payment_method: 'phone' }));
    const order = await orderByNr(res.body.order_data.order_nr);
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(orders.id, order.id));
    expect(await expirePendingCardOrders(db())).not.toContain(order.id);
  });
});

describe('gateway notifications', () => {
  it('refuses an unsigned or wrongly signed notification', async () => {
    const body = JSON.stringify({
      type: 'charge.completed',
      payment_id: '00000000-0000-4000-8000-000000000000',
      outcome: 'succeeded',
      amount_cents: 1,
      currency: 'EUR',
    });
    const unsigned = await api.request('/api/payments/demo/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(400);
    const forged = await api.request('/api/payments/demo/webhook', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Demo-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      body,
    });
    expect(forged.status).toBe(400);
  });
});

describe('balance top-up', () => {
  it('is paid through the gateway and credited once', async () => {
    await db().update(settings).set({ minTopUpAmountCents: 1000 });
    const { session, userId } = await shopper();
    const low = await session.post('/api/balance/top-up', { amount: 9.99 });
    expect(low.status).toBe(422);
    expect(low.body.errors.amount).toBeDefined();
    const res = await session.post('/api/balance/top-up', { amount: 25 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'OK',
      payment_type: 'card',
      redirect_url: expect.stringMatching(/^\/pay\/demo\//),
    });
    const charge = (await getCharge(db(), res.body.redirect_url.split('/').pop()))!;
    await payCharge(db(), charge, { number: TEST_CARDS.success, ...CARD });
    const balance = async () =>
      (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;
    expect(await balance()).toBe(2500);
    const { notifyShop } = await import('@/server/payments/demo-gateway.server');
    await notifyShop(db(), (await getCharge(db(), charge.paymentId))!);
    expect(await balance()).toBe(2500);
    const order = await orderByNr(res.body.order_data.order_nr);
    expect(order).toMatchObject({ kind: 'top_up', status: 'Success' });
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(demoGatewayCharges)
        .where(and(eq(demoGatewayCharges.paymentId, charge.paymentId), eq(demoGatewayCharges.state, 'succeeded'))),
    ).toHaveLength(1);
  });
});
