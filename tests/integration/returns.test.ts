/**
 * Returns (issue 31) through the real API: the customer opens one for lines of a shipped order
 * within the withdrawal period and gets the number and instructions by mail (in their language);
 * staff mark it received with restock per line (stock once, also when two click at once) and
 * refund it outside the shop; every step on the timeline. Both engines (TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { languages, orderItems, orders, products, returns, settings } from '@/server/db/schema/index';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'returns');
let staff: { session: ApiSession; id: number };
let german: number;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = await h.signedIn('staff');
  await db()
    .update(settings)
    .set({ legalName: 'Gear Shop GmbH', companyAddress: 'Lagerstraße 1, 10115 Berlin' })
    .where(eq(settings.id, 1));
  const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
  german = de!.id;
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const admin = (nr: string) => `/api/admin/orders/${nr}`;

async function stockOf(productId: number): Promise<number> {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

/** A customer's phone order of `count` pegs, paid and shipped by staff. */
async function shippedOrder(count: number, over: Record<string, unknown> = {}) {
  const placed = await h.phoneOrder(fx.pegs, count, over);
  expect((await staff.session.post(`${admin(placed.order.orderNr)}/mark-paid`)).status).toBe(200);
  expect(
    (await staff.session.post(`${admin(placed.order.orderNr)}/ship`, { carrier: 'DHL', tracking_number: '00340434' }))
      .status,
  ).toBe(200);
  const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
  return { ...placed, item: item! };
}

describe('a return from request to restocked refund', () => {
  it('opened by the customer, received with restock, refunded outside the shop; mails and timeline', async () => {
    const { order, item, email, session } = await shippedOrder(3);
    const stock = await stockOf(fx.pegs);
    const opened = await session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item.id, quantity: 1 }],
      reason: 'damaged',
      comment: 'Bent pegs',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const returnNr = `R-${order.orderNr}-1`;
    expect(opened.body.message).toBe(`Your return ${returnNr} is open. We have mailed you the instructions.`);
    expect(opened.body.payload).toMatchObject({
      return_nr: returnNr,
      order_nr: order.orderNr,
      status: 'requested',
      reason: 'damaged',
      comment: 'Bent pegs',
      lines: [{ order_item_id: item.id, name: 'Tent Pegs Set', quantity: 1, restock: null }],
      received_at: null,
    });
    const openedMail = await h.mailsTo(email, `Your return ${returnNr}`);
    expect(openedMail).toHaveLength(1);
    expect(openedMail[0]!.text).toContain(
      `We have opened return ${returnNr} for order ${order.orderNr} with these items:`,
    );
    expect(openedMail[0]!.text).toContain('Tent Pegs Set × 1: €25.00');
    expect(openedMail[0]!.text).toContain(`write the return number ${returnNr} clearly on the parcel`);
    expect(openedMail[0]!.text).toContain('Our address: Gear Shop GmbH, Lagerstraße 1, 10115 Berlin');

    const early = await staff.session.post(`${admin(order.orderNr)}/returns/${returnNr}/refund`, {
      destination: 'external',
      reference: 'SEPA-1',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Mark the return received before refunding it.');

    const received = await staff.session.post(`${admin(order.orderNr)}/returns/${returnNr}/receive`, {
      lines: [{ order_item_id: item.id, restock: true }],
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.message).toBe('The return is marked received.');
    expect(received.body.payload.return).toMatchObject({
      status: 'received',
      lines: [{ order_item_id: item.id, quantity: 1, restock: true }],
    });
    expect(await stockOf(fx.pegs)).toBe(stock + 1);
    const again = await staff.session.post(`${admin(order.orderNr)}/returns/${returnNr}/receive`, {
      lines: [{ order_item_id: item.id, restock: true }],
    });
    expect(again.body.message).toBe('This return was already marked received.');
    expect(await stockOf(fx.pegs)).toBe(stock + 1);
    expect(await h.mailsTo(email, `We have received your return ${returnNr}`)).toHaveLength(1);

    const refunded = await staff.session.post(`${admin(order.orderNr)}/returns/${returnNr}/refund`, {
      destination: 'external',
      reference: 'SEPA-1',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.payload).toMatchObject({
      status: 'Shipped',
      refunded_cents: 2500,
      return: { status: 'refunded' },
    });
    expect(refunded.body.payload.refunds).toEqual([
      expect.objectContaining({
        destination: 'external',
        reference: 'SEPA-1',
        return_nr: returnNr,
        amount_cents: 2500,
        lines: [{ order_item_id: item.id, quantity: 1 }],
        reason: `Return ${returnNr}`,
      }),
    ]);
    const repeat = await staff.session.post(`${admin(order.orderNr)}/returns/${returnNr}/refund`, {
      destination: 'external',
      reference: 'SEPA-1',
    });
    expect(repeat.body.message).toBe('This refund was already made.');
    expect(await h.refundsOf(order.id)).toHaveLength(1);
    expect(await stockOf(fx.pegs)).toBe(stock + 1);
    const refundMail = await h.mailsTo(email, 'Refund for your order');
    expect(refundMail).toHaveLength(1);
    expect(refundMail[0]!.text).toContain(
      `We have paid back €25.00 for order ${order.orderNr} outside the shop (reference SEPA-1).`,
    );

    expect(
      (await h.events(order.id))
        .filter((e) => e.type.startsWith('return') || e.type === 'refunded')
        .map((e) => [e.type, e.message]),
    ).toEqual([
      ['return_requested', `Return ${returnNr} opened by the customer: 1 unit (damaged).`],
      ['return_received', `Return ${returnNr} received. 1 unit back in stock.`],
      ['refunded', 'Refunded €25.00 outside the shop (reference SEPA-1).'],
    ]);

    // The two units left can still be returned; three cannot.
    const tooMany = await session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item.id, quantity: 3 }],
      reason: 'changed_mind',
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ lines: ['“Tent Pegs Set”: at most 2 can be returned.'] });
  });

  it('received without restock: the stock stays; a refund to the balance', async () => {
    const { order, item, session, userId } = await shippedOrder(2);
    const stock = await stockOf(fx.pegs);
    const opened = await session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item.id, quantity: 2 }],
      reason: 'changed_mind',
    });
    const nr = opened.body.payload.return_nr;
    expect(
      (
        await staff.session.post(`${admin(order.orderNr)}/returns/${nr}/receive`, {
          lines: [{ order_item_id: item.id, restock: false }],
        })
      ).status,
    ).toBe(200);
    expect(await stockOf(fx.pegs)).toBe(stock);
    const refunded = await staff.session.post(`${admin(order.orderNr)}/returns/${nr}/refund`, {
      destination: 'balance',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await h.balanceOf(userId)).toBe(5000);
  });

  it('two staff members receiving at once put the units back once', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, item, session } = await shippedOrder(2);
      const stock = await stockOf(fx.pegs);
      const nr = (
        await session.post(`/api/orders/${order.orderNr}/returns`, {
          lines: [{ order_item_id: item.id, quantity: 2 }],
          reason: 'wrong_item',
        })
      ).body.payload.return_nr;
      const other = (await h.signedIn('admin')).session;
      const body = { lines: [{ order_item_id: item.id, restock: true }] };
      const answers = await Promise.all([
        staff.session.post(`${admin(order.orderNr)}/returns/${nr}/receive`, body),
        other.post(`${admin(order.orderNr)}/returns/${nr}/receive`, body),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.message).sort()).toEqual([
        'The return is marked received.',
        'This return was already marked received.',
      ]);
      expect(await stockOf(fx.pegs)).toBe(stock + 2);
    }
  });
});

describe('what a customer cannot return', () => {
  it("an unshipped order, another customer's order, after the withdrawal period; answers in German", async () => {
    const paid = await h.phoneOrder(fx.pegs, 1);
    expect((await staff.session.post(`${admin(paid.order.orderNr)}/mark-paid`)).status).toBe(200);
    const [paidItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, paid.order.id));
    const unshipped = await paid.session.post(`/api/orders/${paid.order.orderNr}/returns`, {
      lines: [{ order_item_id: paidItem!.id, quantity: 1 }],
      reason: 'other',
    });
    expect(unshipped.status).toBe(409);
    expect(unshipped.body.message).toBe('Only a shipped order can be returned.');

    const { order, item, session, email: customerEmail } = await shippedOrder(1, { languageId: german });
    const stranger = await paid.session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item.id, quantity: 1 }],
      reason: 'other',
    });
    expect(stranger.status).toBe(404);
    await db()
      .update(orders)
      .set({ shippedAt: sql`now() - interval '15 days'` })
      .where(eq(orders.id, order.id));
    const late = await session.post(`/api/orders/${order.orderNr}/returns?lang_id=${german}`, {
      lines: [{ order_item_id: item.id, quantity: 1 }],
      reason: 'other',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Die Rückgabefrist von 14 Tagen ist für diese Bestellung abgelaufen.');
    await db().update(settings).set({ withdrawalDays: 30 }).where(eq(settings.id, 1));
    const inTime = await session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item.id, quantity: 1 }],
      reason: 'other',
    });
    await db().update(settings).set({ withdrawalDays: 14 }).where(eq(settings.id, 1));
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
    const germanMail = await h.mailsTo(customerEmail, `Ihre Rücksendung R-${order.orderNr}-1`);
    expect(germanMail).toHaveLength(1);
    expect(germanMail[0]!.text).toContain(
      `Wir haben die Rücksendung R-${order.orderNr}-1 für die Bestellung ${order.orderNr} mit diesen Artikeln angelegt:`,
    );
    const [row] = await db().select().from(returns).where(eq(returns.orderId, order.id));
    expect(row!.status).toBe('requested');
  });
});
