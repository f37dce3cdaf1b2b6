/**
 * Refunds to where the money came from (issue 31) through the real API: a phone payment paid back
 * outside the shop with staff's reference, with and without its lines going back into stock; a
 * card payment refused outside the shop; a unit restocked once, also when two refunds race.
 * Both engines (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { orderItems, products } from '@/server/db/schema/index';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'external');
let staff: { session: ApiSession; id: number };

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = await h.signedIn('staff');
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const base = (nr: string) => `/api/admin/orders/${nr}`;

async function stockOf(productId: number): Promise<number> {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

/** A customer's phone order of `count` pegs, marked paid by staff. */
async function paidPhoneOrder(count: number) {
  const placed = await h.phoneOrder(fx.pegs, count);
  expect((await staff.session.post(`${base(placed.order.orderNr)}/mark-paid`)).status).toBe(200);
  const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
  return { ...placed, item: item! };
}

describe('a phone payment paid back outside the shop', () => {
  it('with restock: the line is refunded, its units are back in stock once, the customer is told the reference', async () => {
    const { order, item, email, userId } = await paidPhoneOrder(3);
    const stock = await stockOf(fx.pegs);
    const res = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'external',
      reference: 'SEPA-2026-0042',
      lines: [{ order_item_id: item.id, quantity: 2, restock: true }],
      reason: 'Returned unused',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toMatchObject({ status: 'Success', refunded_cents: 5000 });
    expect(res.body.payload.refund).toMatchObject({
      destination: 'external',
      status: 'succeeded',
      amount_cents: 5000,
      reference: 'SEPA-2026-0042',
      return_nr: null,
      lines: [{ order_item_id: item.id, quantity: 2, restock: true }],
    });
    expect(await stockOf(fx.pegs)).toBe(stock + 2);
    expect(await h.balanceOf(userId)).toBe(0);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(line!.restockedQuantity).toBe(2);
    const event = (await h.events(order.id)).find((e) => e.type === 'refunded')!;
    expect(event.message).toBe('Refunded €50.00 outside the shop (reference SEPA-2026-0042). 2 units back in stock.');
    expect(event.after).toEqual({
      status: 'Success',
      refunded_cents: 5000,
      refund_id: res.body.payload.refund.id,
      reason: 'Returned unused',
      reference: 'SEPA-2026-0042',
      restocked: [{ order_item_id: item.id, quantity: 2 }],
    });
    const mail = await h.mailsTo(email, 'Refund for your order');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(
      `We have paid back €50.00 for order ${order.orderNr} outside the shop (reference SEPA-2026-0042).`,
    );

    // The last unit: refunded in full with restock, the stock gets exactly one more.
    const rest = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'external',
      reference: 'SEPA-2026-0043',
      restock: true,
      reason: 'The rest',
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.payload).toMatchObject({ status: 'Refunded', refunded_cents: 7500 });
    expect(await stockOf(fx.pegs)).toBe(stock + 3);
  });

  it('without restock: the money goes back, the stock stays where it is', async () => {
    const { order, item } = await paidPhoneOrder(2);
    const stock = await stockOf(fx.pegs);
    const res = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'external',
      reference: 'TR 77',
      lines: [{ order_item_id: item.id, quantity: 1 }],
      reason: 'Kept the damaged one',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.refund).toMatchObject({
      destination: 'external',
      amount_cents: 2500,
      reference: 'TR 77',
      lines: [{ order_item_id: item.id, quantity: 1 }],
    });
    expect(res.body.payload.refund.lines[0].restock).toBeUndefined();
    expect(await stockOf(fx.pegs)).toBe(stock);
    expect((await h.events(order.id)).find((e) => e.type === 'refunded')!.message).toBe(
      'Refunded €25.00 outside the shop (reference TR 77).',
    );
  });

  it('a refund to the balance can restock too; a unit is never restocked twice', async () => {
    const { order, item, userId } = await paidPhoneOrder(2);
    const stock = await stockOf(fx.pegs);
    const first = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'balance',
      lines: [{ order_item_id: item.id, quantity: 1 }],
      restock: true,
      reason: 'One back',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await h.balanceOf(userId)).toBe(2500);
    expect(await stockOf(fx.pegs)).toBe(stock + 1);
    // The cancel refunds the rest (the unit and the delivery) and releases only the unit not yet back.
    const cancel = await staff.session.post(`${base(order.orderNr)}/cancel`, {
      reason: 'Customer withdrew',
      refund_to: 'external',
      reference: 'TR-CANCEL',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.payload).toMatchObject({ status: 'Cancelled', refunded_cents: order.finalCents });
    expect(cancel.body.payload.refunds[1]).toMatchObject({
      destination: 'external',
      reference: 'TR-CANCEL',
      amount_cents: order.finalCents - 2500,
    });
    expect(await stockOf(fx.pegs)).toBe(stock + 2);
  });

  it('refuses what does not fit: no reference, a reference elsewhere, a card payment, restock with an amount', async () => {
    const { order } = await paidPhoneOrder(1);
    const noRef = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'external',
      reason: 'Back',
    });
    expect(noRef.status).toBe(422);
    expect(noRef.body.errors).toEqual({
      reference: ['An external refund needs the reference of the payment made outside the shop.'],
    });
    const refElsewhere = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'balance',
      reference: 'X1',
      reason: 'Back',
    });
    expect(refElsewhere.body.errors).toEqual({ reference: ['A reference goes with an external refund only.'] });
    const amount = await staff.session.post(`${base(order.orderNr)}/refund`, {
      destination: 'external',
      reference: 'X1',
      amount_cents: 100,
      restock: true,
      reason: 'Back',
    });
    expect(amount.body.errors).toEqual({
      restock: ['Restocking goes with lines (or a full refund), not with an amount.'],
    });

    const card = await h.paidCardOrder(fx.pegs, 1);
    const res = await staff.session.post(`${base(card.order.orderNr)}/refund`, {
      destination: 'external',
      reference: 'X1',
      reason: 'Back',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      destination: ['This order was paid by card: refund it to the card or the shop balance.'],
    });
    expect(await h.refundsOf(card.order.id)).toEqual([]);
  });
});

describe('restock under parallel refunds', () => {
  it('two refunds of the same units with restock: one passes, the stock rises once', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, item } = await paidPhoneOrder(2);
      const stock = await stockOf(fx.pegs);
      const body = {
        destination: 'external',
        reference: `RACE-${round}`,
        lines: [{ order_item_id: item.id, quantity: 2, restock: true }],
        reason: 'Both back',
      };
      const answers = await Promise.all([
        staff.session.post(`${base(order.orderNr)}/refund`, body),
        staff.session.post(`${base(order.orderNr)}/refund`, body),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(await stockOf(fx.pegs)).toBe(stock + 2);
      expect(await h.refundsOf(order.id)).toHaveLength(1);
    }
  });
});
