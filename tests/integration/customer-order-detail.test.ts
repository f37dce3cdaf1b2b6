/**
 * The customer's order detail (getCustomerOrder, behind /account/orders/{order number}; ADR 023
 * "What the customer sees"): only the owner's order, the lines and totals of the history's JSON,
 * and the timeline without internal rows, with the shipment's tracking and the refund's amount.
 * Rows are written directly, so every expected value is known. Both engines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderItems, orders, refunds } from '@/server/db/schema/index';
import { getCustomerOrder } from '@/server/services/orders/order-detail.server';
import { useTestDatabase } from '../helpers/db';
import { seedAccountsFixture } from '../helpers/fixture-accounts';
import { createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const BASE = Date.UTC(2026, 2, 1, 12);
const minute = (n: number) => new Date(BASE + n * 60_000);
let owner: { id: number };
let other: { id: number };
let orderId: number;

beforeAll(async () => {
  const db = database().db;
  await seedAccountsFixture(db);
  owner = await createUser(db, { email: 'owner@example.com', password: 'Basecamp-77' });
  other = await createUser(db, { email: 'other@example.com', password: 'Basecamp-77' });
  const [order] = await db
    .insert(orders)
    .values({
      orderNr: 'DETAIL1',
      userId: owner.id,
      status: 'Refunded',
      paymentMethod: 'card',
      name: 'Ina',
      surname: 'Buyer',
      email: 'owner@example.com',
      phone: '+4930901820',
      countryName: 'Germany',
      city: 'Berlin',
      address: 'Unter den Linden 1',
      postCode: '10117',
      currency: 'USD',
      currencyRate: '1.085',
      cartTotalCents: 5000,
      deliveryCostCents: 499,
      discountCents: 0,
      vatCents: 917,
      vatPercent: '20.00',
      finalCents: 5499,
      convertedFinalCents: 5966,
      refundedCents: 5499,
      carrier: 'DHL',
      trackingNumber: 'JJD0001234',
      trackingUrl: 'https://www.dhl.de/track?id=JJD0001234',
      createdAt: minute(0),
    })
    .returning({ id: orders.id });
  orderId = order!.id;
  await db.insert(orderItems).values({
    orderId,
    sku: 'SKU-1',
    name: 'Trail shoe',
    categoryName: 'Shoes',
    imageUrl: null,
    priceCents: 2500,
    quantity: 2,
  });
  const [refund] = await db
    .insert(refunds)
    .values({
      orderId,
      destination: 'balance',
      amountCents: 5499,
      convertedCents: 5966,
      currency: 'USD',
      status: 'succeeded',
    })
    .returning({ id: refunds.id });
  await db.insert(orderEvents).values([
    { orderId, type: 'placed', message: 'Placed.', after: { status: 'Pending' }, createdAt: minute(0) },
    { orderId, type: 'paid', message: 'Paid by card.', after: { status: 'Success' }, createdAt: minute(1) },
    { orderId, type: 'note', internal: true, message: 'Customer is rude', createdAt: minute(2) },
    {
      orderId,
      type: 'shipped',
      message: 'Shipped.',
      after: {
        status: 'Shipped',
        carrier: 'DHL',
        tracking_number: 'JJD0001234',
        tracking_url: 'https://www.dhl.de/track?id=JJD0001234',
      },
      createdAt: minute(3),
    },
    {
      orderId,
      type: 'refunded',
      message: 'Refunded to balance.',
      after: { status: 'Refunded', refunded_cents: 5499, refund_id: refund!.id },
      createdAt: minute(4),
    },
  ]);
});

describe('getCustomerOrder', () => {
  it("gives the owner the order's lines, totals and public timeline", async () => {
    const detail = await getCustomerOrder(database().db, owner.id, 'DETAIL1');
    expect(detail).not.toBeNull();
    const { order, timeline, refundedCents } = detail!;
    expect(order.order_nr).toBe('DETAIL1');
    expect(order.status).toBe('Refunded');
    expect(order.total_amount).toBe(59.66);
    expect(order.items.map((i) => [i.name, i.quantity, i.price])).toEqual([['Trail shoe', 2, 27.13]]);
    expect(refundedCents).toBe(5966);
    expect(timeline.map((e) => e.kind)).toEqual(['placed', 'paid', 'shipped', 'refunded']);
    expect(timeline[2]).toMatchObject({
      carrier: 'DHL',
      trackingNumber: 'JJD0001234',
      trackingUrl: 'https://www.dhl.de/track?id=JJD0001234',
    });
    expect(timeline[3]!.refundCents).toBe(5966);
    expect(JSON.stringify(detail)).not.toContain('rude');
  });

  it("is null for another customer's order, an unknown number and a hostile one", async () => {
    expect(await getCustomerOrder(database().db, other.id, 'DETAIL1')).toBeNull();
    expect(await getCustomerOrder(database().db, owner.id, 'NOPE')).toBeNull();
    expect(await getCustomerOrder(database().db, owner.id, "x' or '1'='1")).toBeNull();
    expect(await getCustomerOrder(database().db, owner.id, 'A'.repeat(500))).toBeNull();
  });
});
