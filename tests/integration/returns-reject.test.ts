/**
 * Staff reject a return (ADR 037) through the real API: the reason goes to the customer by mail
 * (in their language) and onto their order page, the timeline records it, a second click changes
 * nothing; a return with units back in stock or already refunded cannot be rejected; a rejected
 * return's lines can be returned again within the withdrawal period only. Both engines
 * (TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { languages, orderItems, orders, returns } from '@/server/db/schema/index';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { getCustomerOrder } from '@/server/services/orders/order-detail.server';
import { customerReturnView } from '@/server/services/returns/returns-read.server';
import { formatCents } from '@/lib/money';
import { LANGUAGE_COOKIE } from '@/server/services/request-context';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'reject');
let staff: { session: ApiSession; id: number };
let german: number;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = await h.signedIn('staff');
  const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
  german = de!.id;
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const admin = (nr: string) => `/api/admin/orders/${nr}`;

/** A customer's shipped order of `count` pegs with a return of `returned` of them open. */
async function openedReturn(count: number, returned: number, over: Record<string, unknown> = {}) {
  const placed = await h.phoneOrder(fx.pegs, count, over);
  const nr = placed.order.orderNr;
  expect((await staff.session.post(`${admin(nr)}/mark-paid`)).status).toBe(200);
  expect((await staff.session.post(`${admin(nr)}/ship`, { carrier: 'DHL', tracking_number: '00340434' })).status).toBe(
    200,
  );
  const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
  const opened = await placed.session.post(`/api/orders/${nr}/returns`, {
    lines: [{ order_item_id: item!.id, quantity: returned }],
    reason: 'changed_mind',
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { ...placed, item: item!, returnNr: opened.body.payload.return_nr as string };
}

const reject = (orderNr: string, returnNr: string, reason: string, session = staff.session) =>
  session.post(`${admin(orderNr)}/returns/${returnNr}/reject`, { reason });

describe('rejecting a return', () => {
  it('with a reason: mailed in German, on the timeline and the customer page; the lines can be returned again', async () => {
    const { order, item, email, session, userId, returnNr } = await openedReturn(2, 2, { languageId: german });
    const res = await reject(order.orderNr, returnNr, '  Keine Rücksendung eingegangen  ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Return rejected. The customer has been mailed the reason.');
    expect(res.body.payload.return).toMatchObject({
      return_nr: returnNr,
      status: 'rejected',
      rejection_reason: 'Keine Rücksendung eingegangen',
      rejected_at: expect.any(String),
    });

    const mails = await h.mailsTo(email, `Ihre Rücksendung ${returnNr} wurde nicht angenommen`);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain(
      `Wir konnten Ihre Rücksendung ${returnNr} für die Bestellung ${order.orderNr} nicht annehmen.`,
    );
    expect(text).toContain(`Tent Pegs Set × 2: ${formatCents(5000, 'EUR', 'de')}`);
    expect(text).toContain('Grund: Keine Rücksendung eingegangen');
    expect(text).toContain('Sie können bis zum ');
    expect(text).toContain(' auf Ihrer Bestellseite eine neue Rücksendung für diese Artikel anlegen.');

    const events = (await h.events(order.id)).filter((e) => e.type === 'return_rejected');
    expect(events.map((e) => [e.actorId, e.message, e.after])).toEqual([
      [
        staff.id,
        `Return ${returnNr} rejected: Keine Rücksendung eingegangen`,
        { return_nr: returnNr, return_status: 'rejected', reason: 'Keine Rücksendung eingegangen' },
      ],
    ]);
    // The customer's page: the status and the reason, the timeline entry, the lines returnable again.
    const view = await customerReturnView(db(), userId, order.orderNr);
    expect(view!.returns).toMatchObject([
      { return_nr: returnNr, status: 'rejected', rejection_reason: 'Keine Rücksendung eingegangen' },
    ]);
    expect(view!.returnable).toEqual([{ id: item.id, name: 'Tent Pegs Set', left: 2 }]);
    const detail = await getCustomerOrder(db(), userId, order.orderNr);
    expect(detail!.timeline.map((e) => e.labelKey)).toContain('orderDetail.event.returnRejected');

    // A second click (or a second staff member) changes and mails nothing.
    const again = await reject(order.orderNr, returnNr, 'Another reason');
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This return was already rejected.');
    expect(again.body.payload.return.rejection_reason).toBe('Keine Rücksendung eingegangen');
    expect(await h.mailsTo(email, `Ihre Rücksendung ${returnNr} wurde nicht angenommen`)).toHaveLength(1);
    // A rejected return can be neither received nor refunded.
    const receive = await staff.session.post(`${admin(order.orderNr)}/returns/${returnNr}/receive`, { lines: [] });
    expect([receive.status, receive.body.message]).toEqual([409, 'This return was rejected.']);

    // Within the period the customer can send the same lines again: a new return number.
    const reopened = await session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item.id, quantity: 2 }],
      reason: 'damaged',
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.payload.return_nr).toBe(`R-${order.orderNr}-2`);
  });

  it('after the withdrawal period the mail says so and the lines cannot be returned again', async () => {
    const { order, item, email, session, returnNr } = await openedReturn(1, 1);
    await db()
      .update(orders)
      .set({ shippedAt: sql`now() - interval '15 days'` })
      .where(eq(orders.id, order.id));
    expect((await reject(order.orderNr, returnNr, 'The parcel held a different product')).status).toBe(200);
    const [mail] = await h.mailsTo(email, `Your return ${returnNr} was not accepted`);
    expect(mail!.text).toContain('Reason: The parcel held a different product');
    expect(mail!.text).toContain('The return period for this order has ended.');
    const late = await session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item.id, quantity: 1 }],
      reason: 'other',
    });
    expect([late.status, late.body.message]).toEqual([409, 'The 14-day return period for this order is over.']);
  });

  it('a received return with nothing back in stock can be rejected; with units back in stock or refunded it cannot', async () => {
    const kept = await openedReturn(1, 1);
    const receivedOnly = await staff.session.post(`${admin(kept.order.orderNr)}/returns/${kept.returnNr}/receive`, {
      lines: [{ order_item_id: kept.item.id, restock: false }],
    });
    expect(receivedOnly.status).toBe(200);
    expect((await reject(kept.order.orderNr, kept.returnNr, 'Used and worn')).body.payload.return.status).toBe(
      'rejected',
    );
    expect((await h.events(kept.order.id)).filter((e) => e.type === 'return_rejected').map((e) => e.before)).toEqual([
      { return_status: 'received' },
    ]);

    const restocked = await openedReturn(1, 1);
    const path = `${admin(restocked.order.orderNr)}/returns/${restocked.returnNr}`;
    await staff.session.post(`${path}/receive`, { lines: [{ order_item_id: restocked.item.id, restock: true }] });
    const refused = await reject(restocked.order.orderNr, restocked.returnNr, 'Used and worn');
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'Units of this return are back in stock: refund it instead of rejecting it.',
    ]);
    expect((await staff.session.post(`${path}/refund`, { destination: 'external', reference: 'SEPA-9' })).status).toBe(
      200,
    );
    const afterRefund = await reject(restocked.order.orderNr, restocked.returnNr, 'Used and worn');
    expect([afterRefund.status, afterRefund.body.message]).toEqual([409, 'A refunded return cannot be rejected.']);
    const [row] = await db().select().from(returns).where(eq(returns.returnNr, restocked.returnNr));
    expect(row).toMatchObject({ status: 'refunded', rejectionReason: null });
  });

  it('two staff members rejecting at once: one rejection, one mail, one timeline row', async () => {
    const { order, email, returnNr } = await openedReturn(1, 1);
    const other = (await h.signedIn('admin')).session;
    const answers = await Promise.all([
      reject(order.orderNr, returnNr, 'First reason'),
      reject(order.orderNr, returnNr, 'Second reason', other),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.message).sort()).toEqual([
      'Return rejected. The customer has been mailed the reason.',
      'This return was already rejected.',
    ]);
    expect((await h.events(order.id)).filter((e) => e.type === 'return_rejected')).toHaveLength(1);
    expect(await h.mailsTo(email, `Your return ${returnNr} was not accepted`)).toHaveLength(1);
  });

  it('in the German back office: the answer in German; a reason is required', async () => {
    const { order, returnNr } = await openedReturn(1, 1);
    const empty = await staff.session.post(`${admin(order.orderNr)}/returns/${returnNr}/reject`, { reason: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ reason: ['The reason needs at least 3 characters.'] });
    const germanStaff = (await h.signedIn('staff')).session;
    germanStaff.cookies.set(LANGUAGE_COOKIE, String(german));
    const res = await reject(order.orderNr, returnNr, 'Nicht angekommen', germanStaff);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Rücksendung abgelehnt. Der Kunde hat den Grund per E-Mail erhalten.');
  });
});
