/**
 * The staff actions on orders and balances (ADR 023) through the real API: who may call them,
 * each action's effect (status, stock, promo use, payments, refunds, ledger, timeline, mail), its
 * refusals, and that a repeat changes nothing. Concurrency: admin-order-concurrency.test.ts; the
 * mails over SMTP: admin-order-mails.test.ts. Both engines (TEST_DATABASE_URL).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { contentChanges, demoGatewayCharges, orderItems, orders, payments, promoCodes } from '@/server/db/schema/index';
import { TEST_CARDS } from '@/server/payments/demo-cards';
import { getCharge, notifyShop, payCharge, setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { expirePendingPhoneOrders } from '@/server/services/orders/settlement.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { cardShipping, TEST_CARD } from '../helpers/checkout-shopper';
import { csrfSession, type ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'actions');
let staff: { session: ApiSession; id: number };

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = await h.signedIn('staff');
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const base = (nr: string) => `/api/admin/orders/${nr}`;

async function promoUses(id: number): Promise<number> {
  const [row] = await db().select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, id));
  return row!.used;
}

describe('who may act on orders and balances', () => {
  it('guests get 401, customers and editors 403, staff and admins are let through', async () => {
    const { order, userId } = await h.phoneOrder(fx.pegs);
    const calls: [string, unknown][] = [
      [`${base(order.orderNr)}/mark-paid`, {}],
      [`${base(order.orderNr)}/ship`, { carrier: 'DHL', tracking_number: '123' }],
      [`${base(order.orderNr)}/cancel`, { reason: 'Customer asked' }],
      [`${base(order.orderNr)}/refund`, { destination: 'balance', reason: 'Damaged' }],
      [`${base(order.orderNr)}/notes`, { text: 'Called the customer' }],
      [`/api/admin/customers/${userId}/balance`, { delta_cents: 100, reason: 'Goodwill' }],
    ];
    const guest = await csrfSession(api);
    const customer = (await h.signedIn('customer')).session;
    const editor = (await h.signedIn('editor')).session;
    for (const [path, body] of calls) {
      expect((await guest.post(path, body)).status, path).toBe(401);
      expect((await customer.post(path, body)).body, path).toEqual({
        status: 'ERROR',
        code: 'forbidden',
        message: 'This action is unauthorized.',
      });
      expect((await editor.post(path, body)).status, path).toBe(403);
    }
    expect((await h.orderByNr(order.orderNr)).status).toBe('Pending');
    expect(await h.balanceOf(userId)).toBe(0);
    const admin = (await h.signedIn('admin')).session;
    expect((await admin.post(`${base(order.orderNr)}/notes`, { text: 'Admins may too' })).status).toBe(200);
  });

  it('answers 404 for an order that does not exist and 422 for a malformed number', async () => {
    expect((await staff.session.post(`${base('20990101-000000')}/mark-paid`)).body).toEqual({
      status: 'ERROR',
      code: 'not_found',
      message: 'Order not found.',
    });
    const bad = await staff.session.post(`${base('x%27%20or%201=1')}/mark-paid`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Invalid order number.');
  });
});

describe('mark paid', () => {
  it('settles a pending phone order as a gateway success would: Success, one timeline row, one confirmation mail', async () => {
    const { order, email, session } = await h.phoneOrder(fx.pegs, 2);
    const res = await staff.session.post(`${base(order.orderNr)}/mark-paid`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('The order is marked paid.');
    expect(res.body.payload).toMatchObject({
      order_nr: order.orderNr,
      status: 'Success',
      final_cents: 5499,
      refunded_cents: 0,
      refunds: [],
    });
    expect(res.body.payload.paid_at).toEqual(expect.any(String));
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'phone', status: 'succeeded' });
    const events = await h.events(order.id);
    expect(events.map((e) => [e.type, e.actorId])).toEqual([
      ['placed', null],
      ['marked_paid', staff.id],
      // The invoice issued with the payment (ADR 032), staff's record of it.
      ['invoice_issued', null],
    ]);
    expect(events[1]).toMatchObject({
      before: { status: 'Pending', paid_at: null },
      after: { status: 'Success' },
      internal: false,
    });
    expect(events[2]).toMatchObject({ internal: true, after: { number: expect.stringMatching(/^INV-\d{4}-\d+$/) } });
    // The "order received" mail of checkout, then one confirmation.
    expect((await h.mailsTo(email, order.orderNr)).map((m) => m.subject)).toEqual([
      `We have received your order ${order.orderNr} – Gear Shop`,
      `Your order ${order.orderNr} – Gear Shop`,
    ]);
    // The customer's history shows it paid.
    const history = await session.get('/api/orders/history');
    expect(JSON.stringify(history.body)).toContain('Success');

    const again = await staff.session.post(`${base(order.orderNr)}/mark-paid`);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('The order is already paid.');
    expect(again.body.payload.status).toBe('Success');
    expect(await h.events(order.id)).toHaveLength(3);
    expect((await h.mailsTo(email, order.orderNr)).map((m) => m.subject)).toEqual([
      `We have received your order ${order.orderNr} – Gear Shop`,
      `Your order ${order.orderNr} – Gear Shop`,
    ]);
  });

  it('refuses a card order (the provider settles it) and an order that is no longer pending', async () => {
    const buyer = await h.shopper();
    await h.add(buyer.session, fx.pegs, 1);
    const placed = await buyer.session.post('/api/orders/checkout', cardShipping({ email: buyer.email }));
    const card = await staff.session.post(`${base(placed.body.order_data.order_nr)}/mark-paid`);
    expect(card.status).toBe(409);
    expect(card.body.message).toBe(
      'Only phone orders are marked paid by staff; a card payment settles through the payment provider.',
    );

    const { order } = await h.phoneOrder(fx.pegs);
    expect((await staff.session.post(`${base(order.orderNr)}/cancel`, { reason: 'Asked by phone' })).status).toBe(200);
    const cancelled = await staff.session.post(`${base(order.orderNr)}/mark-paid`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('Only a pending order can be marked paid; this one is Cancelled.');
  });
});

describe('ship', () => {
  it('ships a paid order with carrier, tracking number and https link, once', async () => {
    const { order, email } = await h.paidCardOrder(fx.pegs);
    const body = {
      carrier: 'DHL',
      tracking_number: 'JJD0001234',
      tracking_url: 'https://www.dhl.de/track?id=JJD0001234',
    };
    const res = await staff.session.post(`${base(order.orderNr)}/ship`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toMatchObject({
      status: 'Shipped',
      carrier: 'DHL',
      tracking_number: 'JJD0001234',
      tracking_url: body.tracking_url,
    });
    expect(res.body.payload.shipped_at).toEqual(expect.any(String));
    const shipped = (await h.events(order.id)).find((e) => e.type === 'shipped')!;
    expect(shipped).toMatchObject({
      actorId: staff.id,
      before: { status: 'Success', carrier: null, tracking_number: null, tracking_url: null },
      after: { status: 'Shipped', carrier: 'DHL', tracking_number: 'JJD0001234', tracking_url: body.tracking_url },
    });
    const mails = await h.mailsTo(email, 'is on its way');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Tracking number: JJD0001234');
    expect(mails[0]!.html).toContain('href="https://www.dhl.de/track?id=JJD0001234"');

    const again = await staff.session.post(`${base(order.orderNr)}/ship`, { ...body, tracking_number: 'OTHER' });
    expect(again.body).toMatchObject({
      status: 'OK',
      message: 'The order is already shipped.',
      payload: { tracking_number: 'JJD0001234' },
    });
    expect(await h.mailsTo(email, 'is on its way')).toHaveLength(1);
    expect((await staff.session.post(`${base(order.orderNr)}/cancel`, { reason: 'Too late' })).body.message).toBe(
      'Only a pending or paid order that has not shipped can be cancelled; this one is Shipped.',
    );
  });

  it('without a link the mail names the carrier; refuses unpaid orders and bad fields', async () => {
    const { order: pending } = await h.phoneOrder(fx.pegs);
    const refused = await staff.session.post(`${base(pending.orderNr)}/ship`, {
      carrier: 'UPS',
      tracking_number: '1Z999',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only a paid order can be shipped; this one is Pending.');

    const { order, email } = await h.paidCardOrder(fx.pegs);
    const missing = await staff.session.post(`${base(order.orderNr)}/ship`, {
      carrier: ' ',
      tracking_url: 'http://track.example.com/1',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      carrier: ['The carrier is required.'],
      tracking_number: ['The tracking number is required.'],
      tracking_url: ['The tracking link must be an https:// address.'],
    });
    const js = await staff.session.post(`${base(order.orderNr)}/ship`, {
      carrier: 'UPS',
      tracking_number: '1Z999',
      tracking_url: 'javascript:alert(1)',
    });
    expect(js.body.errors).toEqual({ tracking_url: ['The tracking link must be an https:// address.'] });
    expect((await h.orderByNr(order.orderNr)).status).toBe('Success');

    const ok = await staff.session.post(`${base(order.orderNr)}/ship`, {
      carrier: 'UPS',
      tracking_number: '1Z999',
      tracking_url: '',
    });
    expect(ok.body.payload).toMatchObject({ status: 'Shipped', tracking_url: null });
    const [mail] = await h.mailsTo(email, 'is on its way');
    expect(mail!.text).toContain('You can follow the parcel on the website of UPS with the tracking number.');
  });
});

describe('cancel', () => {
  it('an unpaid order: stock and promo use back once, the open payment given up, mail; a repeat changes nothing', async () => {
    const stock = await h.stockOf(fx.pegs);
    const uses = await promoUses(fx.promo.SAVE10);
    const { order, email } = await h.phoneOrder(fx.pegs, 3, { promoCode: 'SAVE10' });
    expect(await h.stockOf(fx.pegs)).toBe(stock - 3);
    expect(await promoUses(fx.promo.SAVE10)).toBe(uses + 1);

    const res = await staff.session.post(`${base(order.orderNr)}/cancel`, { reason: 'Customer changed their mind' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'The order is cancelled.',
      payload: { status: 'Cancelled', refunded_cents: 0, refunds: [] },
    });
    expect(await h.stockOf(fx.pegs)).toBe(stock);
    expect(await promoUses(fx.promo.SAVE10)).toBe(uses);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: 'failed', lastError: 'order cancelled by staff' });
    const cancelled = (await h.events(order.id)).find((e) => e.type === 'cancelled')!;
    expect(cancelled).toMatchObject({
      actorId: staff.id,
      message: 'Cancelled; the items were released.',
      before: { status: 'Pending' },
      after: { status: 'Cancelled', reason: 'Customer changed their mind' },
    });
    const mails = await h.mailsTo(email, 'was cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Nothing has been charged.');

    const again = await staff.session.post(`${base(order.orderNr)}/cancel`, { reason: 'Customer changed their mind' });
    expect(again.body).toMatchObject({ status: 'OK', message: 'The order is already cancelled.' });
    expect(await h.stockOf(fx.pegs)).toBe(stock);
    expect(await promoUses(fx.promo.SAVE10)).toBe(uses);
    expect(await h.mailsTo(email, 'was cancelled')).toHaveLength(1);
  });

  it('a paid card order is refunded in full to the card through the demo gateway', async () => {
    const stock = await h.stockOf(fx.pegs);
    const { order, paymentId, email } = await h.paidCardOrder(fx.pegs, 2);
    const res = await staff.session.post(`${base(order.orderNr)}/cancel`, { reason: 'Out of stock in the warehouse' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toMatchObject({ status: 'Cancelled', refunded_cents: 5499 });
    expect(res.body.payload.refunds).toEqual([
      expect.objectContaining({
        destination: 'card',
        status: 'succeeded',
        amount_cents: 5499,
        converted_cents: 5499,
        currency: 'EUR',
      }),
    ]);
    expect((await getCharge(db(), paymentId))!.refundedCents).toBe(5499);
    expect(await h.stockOf(fx.pegs)).toBe(stock);
    expect((await h.events(order.id)).find((e) => e.type === 'cancelled')!.message).toBe(
      'Cancelled; €54.99 refunded to the card.',
    );
    const [mail] = await h.mailsTo(email, 'was cancelled');
    expect(mail!.text).toContain('We have refunded €54.99 for order');
  });

  it('a paid phone order goes back to the shop balance by default', async () => {
    const { order, userId } = await h.phoneOrder(fx.pegs, 1);
    await staff.session.post(`${base(order.orderNr)}/mark-paid`);
    const res = await staff.session.post(`${base(order.orderNr)}/cancel`, { reason: 'Duplicate order' });
    expect(res.body.payload.refunds).toEqual([expect.objectContaining({ destination: 'balance', amount_cents: 2999 })]);
    expect(await h.balanceOf(userId)).toBe(2999);
    expect((await h.ledgerOf(userId)).map((l) => [l.kind, l.deltaCents, l.balanceAfterCents, l.orderId])).toEqual([
      ['refund', 2999, 2999, order.id],
    ]);
    // Asking for the card is refused: nothing was paid by card.
    const other = await h.phoneOrder(fx.pegs, 1);
    await staff.session.post(`${base(other.order.orderNr)}/mark-paid`);
    const card = await staff.session.post(`${base(other.order.orderNr)}/cancel`, {
      reason: 'Duplicate order',
      refund_to: 'card',
    });
    expect(card.status).toBe(422);
    expect(card.body.errors).toEqual({
      destination: ['This order was not paid by card: refund it to the shop balance.'],
    });
    expect((await h.orderByNr(other.order.orderNr)).status).toBe('Success');
  });

  it('a card payment that succeeds after the cancel is kept as paid with "refund needed"', async () => {
    const buyer = await h.shopper();
    await h.add(buyer.session, fx.pegs, 1);
    const placed = await buyer.session.post('/api/orders/checkout', cardShipping({ email: buyer.email }));
    const paymentId: string = placed.body.redirect_url.split('/').pop();
    const orderNr: string = placed.body.order_data.order_nr;
    expect((await staff.session.post(`${base(orderNr)}/cancel`, { reason: 'Fraud check' })).status).toBe(200);
    // The gateway page no longer takes the card for it.
    expect(
      await payCharge(db(), (await getCharge(db(), paymentId))!, { number: TEST_CARDS.success, ...TEST_CARD }),
    ).toEqual({ kind: 'closed' });
    // Had the provider taken it anyway, its success is recorded, not dropped.
    await db()
      .update(demoGatewayCharges)
      .set({ state: 'succeeded' })
      .where(eq(demoGatewayCharges.paymentId, paymentId));
    expect(await notifyShop(db(), (await getCharge(db(), paymentId))!)).toBe(true);
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'succeeded', lastError: 'paid while order was Cancelled: refund needed' });
    expect((await h.orderByNr(orderNr)).status).toBe('Cancelled');
    const order = await h.orderByNr(orderNr);
    expect((await h.events(order.id)).map((e) => [e.type, e.internal])).toEqual([
      ['placed', false],
      ['cancelled', false],
      ['payment_after_close', true],
    ]);
    // Staff give the late payment back; the order stays cancelled.
    const refund = await staff.session.post(`${base(orderNr)}/refund`, {
      destination: 'card',
      reason: 'Paid after the cancel',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.payload).toMatchObject({ status: 'Cancelled', refunded_cents: order.finalCents });
    expect((await getCharge(db(), paymentId))!.refundedCents).toBe(order.convertedFinalCents);
    const again = await staff.session.post(`${base(orderNr)}/refund`, { destination: 'card', reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Nothing is left to refund on this order.');
  });
});

describe('refund', () => {
  it('by lines to the balance, never a line above its quantity, then the rest to the card → Refunded', async () => {
    const { order, userId, email } = await h.paidCardOrder(fx.pegs, 3);
    // 3 × 25.00 = 75.00: free delivery in the EU.
    expect(order.finalCents).toBe(7500);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const res = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'balance',
      lines: [{ order_item_id: item!.id, quantity: 2 }],
      reason: 'Two sets arrived bent',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toMatchObject({ status: 'Success', refunded_cents: 5000 });
    expect(res.body.payload.refund).toMatchObject({
      destination: 'balance',
      status: 'succeeded',
      amount_cents: 5000,
      converted_cents: 5000,
      lines: [{ order_item_id: item!.id, quantity: 2 }],
    });
    expect(await h.balanceOf(userId)).toBe(5000);
    expect(
      (await h.ledgerOf(userId)).map((l) => [l.kind, l.deltaCents, l.balanceAfterCents, l.refundId, l.actorId]),
    ).toEqual([['refund', 5000, 5000, res.body.payload.refund.id, staff.id]]);
    const mail = await h.mailsTo(email, 'Refund for your order');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`We have credited €50.00 for order ${order.orderNr} to your shop balance.`);

    const over = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'balance',
      lines: [{ order_item_id: item!.id, quantity: 2 }],
      reason: 'Again',
    });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ lines: ['“Tent Pegs Set”: at most 1 left to refund.'] });
    const tooMuch = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'card',
      amount_cents: 2501,
      reason: 'Too much',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({
      amount_cents: ['The refund (€25.01) is more than is left to refund (€25.00).'],
    });

    const rest = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'card',
      reason: 'Rest back',
    });
    expect(rest.body.payload).toMatchObject({ status: 'Refunded', refunded_cents: 7500 });
    expect(rest.body.payload.refund).toMatchObject({
      destination: 'card',
      amount_cents: 2500,
      converted_cents: 2500,
      status: 'succeeded',
    });
    const nothing = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'card',
      amount_cents: 1,
      reason: 'More',
    });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('The order is already refunded in full.');
    const events = (await h.events(order.id)).filter((e) => e.type === 'refunded');
    expect(events.map((e) => [e.message, e.after])).toEqual([
      [
        'Refunded €50.00 to the shop balance.',
        {
          status: 'Success',
          refunded_cents: 5000,
          refund_id: res.body.payload.refund.id,
          reason: 'Two sets arrived bent',
        },
      ],
      [
        'Refunded €25.00 to the card.',
        { status: 'Refunded', refunded_cents: 7500, refund_id: rest.body.payload.refund.id, reason: 'Rest back' },
      ],
    ]);
  });

  it('in another currency: proportional parts that add up to exactly what was charged', async () => {
    const { order } = await h.paidCardOrder(fx.pegs, 1, { currency: 'CHF' });
    expect(order.currency).toBe('CHF');
    const parts = [];
    for (const amount of [1000, 1000]) {
      const res = await staff.session.post(`${base(order.orderNr)}/refund`, {
        destination: 'card',
        amount_cents: amount,
        reason: 'Partial',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      parts.push(res.body.payload.refund.converted_cents);
    }
    const last = await staff.session.post(`${base(order.orderNr)}/refund`, { destination: 'card', reason: 'The rest' });
    parts.push(last.body.payload.refund.converted_cents);
    expect(parts[0]).toBe(Math.round((1000 * order.convertedFinalCents) / order.finalCents));
    expect(parts.reduce((a, b) => a + b, 0)).toBe(order.convertedFinalCents);
    expect(last.body.payload).toMatchObject({ status: 'Refunded', refunded_cents: order.finalCents });
  });

  it('a retried refund with the same Idempotency-Key answers the same refund', async () => {
    const { order } = await h.paidCardOrder(fx.pegs, 2);
    const send = () =>
      staff.session.request(`${base(order.orderNr)}/refund`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'refund-click-0001' },
        body: JSON.stringify({ destination: 'card', amount_cents: 1000, reason: 'Late delivery' }),
      });
    const first = await (await send()).json();
    const second = await (await send()).json();
    expect(first.message).toBe('The refund is made.');
    expect(second.message).toBe('This refund was already made.');
    expect(second.payload.refund.id).toBe(first.payload.refund.id);
    expect(await h.refundsOf(order.id)).toHaveLength(1);
    expect((await h.orderByNr(order.orderNr)).refundedCents).toBe(1000);
    const bad = await staff.session.request(`${base(order.orderNr)}/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'short' },
      body: JSON.stringify({ destination: 'card', amount_cents: 1000, reason: 'Late delivery' }),
    });
    expect(bad.status).toBe(422);
  });

  it('a provider that refuses leaves a failed refund row and nothing else changed (502)', async () => {
    const { order, paymentId, userId } = await h.paidCardOrder(fx.pegs, 1);
    // The gateway's side says it was refunded already (e.g. from its own dashboard).
    await db()
      .update(demoGatewayCharges)
      .set({ refundedCents: 2999 })
      .where(eq(demoGatewayCharges.paymentId, paymentId));
    const res = await staff.session.post(`${base(order.orderNr)}/refund`, { destination: 'card', reason: 'Broken' });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'The payment provider refused the refund: The demo gateway has no paid charge with that much left to refund. Nothing was refunded.',
    );
    expect(await h.refundsOf(order.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        amountCents: 2999,
        lastError: 'The demo gateway has no paid charge with that much left to refund.',
      }),
    ]);
    expect(await h.orderByNr(order.orderNr)).toMatchObject({ status: 'Success', refundedCents: 0 });
    expect((await h.events(order.id)).filter((e) => e.type === 'refunded')).toEqual([]);
    // The balance still works.
    const balance = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'balance',
      reason: 'Broken',
    });
    expect(balance.body.payload).toMatchObject({ status: 'Refunded', refunded_cents: 2999 });
    expect(await h.balanceOf(userId)).toBe(2999);
  });

  it('refuses unpaid orders, both lines and an amount, and a line of another order', async () => {
    const { order: pending } = await h.phoneOrder(fx.pegs);
    const unpaid = await staff.session.post(`${base(pending.orderNr)}/refund`, {
      destination: 'balance',
      reason: 'Nope',
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('Only a paid or shipped order can be refunded; this one is Pending.');
    const { order } = await h.paidCardOrder(fx.pegs);
    const both = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'card',
      amount_cents: 100,
      lines: [{ order_item_id: 1, quantity: 1 }],
      reason: 'Both',
    });
    expect(both.body.errors).toEqual({ amount_cents: ['Refund either lines or an amount, not both.'] });
    const foreign = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'card',
      lines: [{ order_item_id: 999999, quantity: 1 }],
      reason: 'Foreign',
    });
    expect(foreign.body.errors).toEqual({ lines: ['Line 999999 is not a line of this order.'] });
    const reason = await staff.session.post(`${base(order.orderNr)}/refund`, { destination: 'card', reason: 'x' });
    expect(reason.body.errors).toEqual({ reason: ['The reason needs at least 3 characters.'] });
    expect(await h.refundsOf(order.id)).toEqual([]);
  });
});

describe('the timeline of what the shop did by itself', () => {
  it('a declined card payment and an expired phone order leave their rows, without an actor', async () => {
    const buyer = await h.shopper();
    await h.add(buyer.session, fx.pegs, 1);
    const placed = await buyer.session.post('/api/orders/checkout', cardShipping({ email: buyer.email }));
    const paymentId: string = placed.body.redirect_url.split('/').pop();
    await payCharge(db(), (await getCharge(db(), paymentId))!, { number: TEST_CARDS.declined, ...TEST_CARD });
    const declined = await h.orderByNr(placed.body.order_data.order_nr);
    expect((await h.events(declined.id)).map((e) => [e.type, e.actorId, e.message])).toEqual([
      ['placed', null, 'Placed; waiting for the card payment.'],
      ['payment_failed', null, 'The card payment was declined.'],
    ]);

    const { order } = await h.phoneOrder(fx.pegs);
    expect(await expirePendingPhoneOrders(db(), 1, new Date(Date.now() + 2 * 3_600_000))).toContain(order.id);
    expect((await h.events(order.id)).map((e) => [e.type, e.actorId, e.after])).toEqual([
      ['placed', null, { status: 'Pending' }],
      ['expired', null, { status: 'Failed' }],
    ]);
  });
});

describe('notes', () => {
  it('adds an internal timeline row; the same note twice in a row is one note', async () => {
    const { order } = await h.phoneOrder(fx.pegs);
    const res = await staff.session.post(`${base(order.orderNr)}/notes`, { text: 'Customer will pay on Friday.' });
    expect(res.body).toMatchObject({
      status: 'OK',
      message: 'The note is added.',
      payload: { order_nr: order.orderNr },
    });
    const again = await staff.session.post(`${base(order.orderNr)}/notes`, { text: 'Customer will pay on Friday.' });
    expect(again.body.message).toBe('This note was already added.');
    const notes = (await h.events(order.id)).filter((e) => e.type === 'note');
    expect(notes).toEqual([
      expect.objectContaining({ internal: true, actorId: staff.id, message: 'Customer will pay on Friday.' }),
    ]);
    expect((await staff.session.post(`${base(order.orderNr)}/notes`, { text: '  ' })).body.errors).toEqual({
      text: ['The note is required.'],
    });
    expect((await staff.session.post(`${base(order.orderNr)}/notes`, { text: 'x'.repeat(2001) })).body.errors).toEqual({
      text: ['The note may have at most 2000 characters.'],
    });
  });
});

describe('balance adjustments', () => {
  it('changes the balance with a ledger row and an audit row; never below 0', async () => {
    const customer = await h.signedIn('customer');
    const up = await staff.session.post(`/api/admin/customers/${customer.id}/balance`, {
      delta_cents: 1500,
      reason: 'Goodwill for the late parcel',
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.payload).toMatchObject({
      customer_id: customer.id,
      balance_cents: 1500,
      entry: {
        kind: 'adjustment',
        delta_cents: 1500,
        balance_after_cents: 1500,
        reason: 'Goodwill for the late parcel',
      },
    });
    const down = await staff.session.post(`/api/admin/customers/${customer.id}/balance`, {
      delta_cents: -500,
      reason: 'Correction',
    });
    expect(down.body.payload.balance_cents).toBe(1000);
    const below = await staff.session.post(`/api/admin/customers/${customer.id}/balance`, {
      delta_cents: -1001,
      reason: 'Too much',
    });
    expect(below.status).toBe(422);
    expect(below.body.errors).toEqual({ delta_cents: ['The balance cannot go below 0: it is €10.00.'] });
    expect(await h.balanceOf(customer.id)).toBe(1000);
    expect(
      (await h.ledgerOf(customer.id)).map((l) => [l.kind, l.deltaCents, l.balanceAfterCents, l.actorId, l.reason]),
    ).toEqual([
      ['adjustment', 1500, 1500, staff.id, 'Goodwill for the late parcel'],
      ['adjustment', -500, 1000, staff.id, 'Correction'],
    ]);
    const audit = await db()
      .select()
      .from(contentChanges)
      .where(and(eq(contentChanges.entity, 'customer_balance'), eq(contentChanges.entityId, String(customer.id))));
    expect(audit.map((a) => [a.userId, a.action, a.before, a.after])).toEqual([
      [staff.id, 'adjust', { balance_cents: 0 }, { balance_cents: 1500 }],
      [staff.id, 'adjust', { balance_cents: 1500 }, { balance_cents: 1000 }],
    ]);
    expect(
      (await staff.session.post('/api/admin/customers/999999/balance', { delta_cents: 1, reason: 'Nobody' })).status,
    ).toBe(404);
    expect(
      (await staff.session.post(`/api/admin/customers/${customer.id}/balance`, { delta_cents: 0, reason: 'Zero' })).body
        .errors,
    ).toEqual({
      delta_cents: ['The change must be a whole number of cents, not 0.'],
    });
  });

  it('a paid top-up writes its ledger row', async () => {
    const buyer = await h.shopper();
    const res = await buyer.session.post('/api/balance/top-up', { amount: 20 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paymentId: string = JSON.stringify(res.body).match(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
    )![0];
    await payCharge(db(), (await getCharge(db(), paymentId))!, { number: TEST_CARDS.success, ...TEST_CARD });
    expect(await h.balanceOf(buyer.userId)).toBe(2000);
    const [row] = await h.ledgerOf(buyer.userId);
    const [topUp] = await db().select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(row).toMatchObject({ kind: 'top_up', deltaCents: 2000, balanceAfterCents: 2000, orderId: topUp!.id });
    expect((await h.events(topUp!.id)).map((e) => e.type)).toEqual(['placed', 'paid']);
  });
});
