/**
 * The dashboard's figures (issue 32) on the demo shop, from orders placed through the real
 * checkout, paid and refunded by staff, then dated into 2023 (the demo's orders are recent):
 * March 2023 compared with the 31 days before it. Customer A pays in February and again in March
 * (new, then returning), B pays two jackets in March and gets one refunded, C leaves an order
 * unpaid, D leaves a cart. Expected values worked out by hand. Both engines (TEST_DATABASE_URL).
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { cartItems, orderItems, orders, products, refunds } from '@/server/db/schema/index';
import { markPaid } from '@/server/services/admin/orders/mark-paid.server';
import { readDashboard, type Dashboard } from '@/server/services/admin/dashboard/dashboard.server';
import { parsePeriod } from '@/server/services/admin/dashboard/period';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'dash');

let jacket: number; // 33.33, standard rate
let book: number;
let staff: { session: ApiSession; id: number };
const MARCH = parsePeriod(new URLSearchParams({ period: 'custom', from: '2023-03-01', to: '2023-03-31' }));

type Buyer = Awaited<ReturnType<typeof h.shopper>>;

async function order(buyer: Buyer, count: number, at: string, pay: boolean) {
  await h.add(buyer.session, jacket, count);
  const res = await buyer.session.post(
    '/api/orders/checkout',
    berlinShipping({ payment_method: 'phone', email: buyer.email }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const placed = await h.orderByNr(res.body.order_data.order_nr);
  if (pay) await markPaid(db(), { orderNr: placed.orderNr, actorId: staff.id });
  const when = new Date(at);
  await db()
    .update(orders)
    .set({ createdAt: when, ...(pay ? { paidAt: when } : {}) })
    .where(eq(orders.id, placed.id));
  return placed;
}

let before: Dashboard['waiting'];
let dashboard: Dashboard;

beforeAll(async () => {
  const picked = await db()
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.active, true), sql`not exists (select 1 from variations v where v.product_id = ${products.id})`),
    )
    .orderBy(products.id)
    .limit(2);
  [jacket, book] = picked.map((p) => p.id) as [number, number];
  await db()
    .update(products)
    .set({ priceCents: 3333, stock: 5000, vatRateId: null, name: 'Storm Jacket' })
    .where(eq(products.id, jacket));
  staff = await h.signedIn('staff');
  before = (await readDashboard(db(), MARCH)).waiting;

  const a = await h.shopper();
  const b = await h.shopper();
  const c = await h.shopper();
  const d = await h.shopper();
  await order(a, 1, '2023-02-10T10:00:00Z', true);
  await order(a, 1, '2023-03-05T10:00:00Z', true);
  const big = await order(b, 2, '2023-03-05T18:00:00Z', true);
  await order(c, 1, '2023-03-20T09:00:00Z', false);
  await h.add(d.session, jacket, 1);
  await db()
    .update(cartItems)
    .set({ updatedAt: new Date('2023-03-15T12:00:00Z') })
    .where(eq(cartItems.userId, d.userId));

  const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, big.id));
  const refund = await staff.session.post(`/api/admin/orders/${big.orderNr}/refund`, {
    destination: 'balance',
    lines: [{ order_item_id: line!.id, quantity: 1 }],
    reason: 'Too large',
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  await db()
    .update(refunds)
    .set({ createdAt: new Date('2023-03-25T08:00:00Z') })
    .where(eq(refunds.orderId, big.id));
  // Only the book runs low (the shop's threshold is 5); the demo's other products are stocked up.
  await db().execute(sql`update variations set stock = 100 where stock < 100`);
  await db().execute(sql`update products set stock = 100 where stock < 100`);
  await db().update(products).set({ stock: 2, lowStockThreshold: null }).where(eq(products.id, book));
  dashboard = await readDashboard(db(), MARCH);
}, 300_000);

describe('the period and the one before', () => {
  it('March 2023 is compared with the 31 days before it', () => {
    expect(MARCH).toMatchObject({
      from: '2023-03-01',
      to: '2023-03-31',
      start: new Date('2023-03-01T00:00:00Z'),
      end: new Date('2023-04-01T00:00:00Z'),
      previousStart: new Date('2023-01-29T00:00:00Z'),
      previousEnd: new Date('2023-03-01T00:00:00Z'),
    });
    expect(MARCH.days).toHaveLength(31);
  });

  it('has every figure of March worked out by hand', () => {
    // A: 33.33 + delivery 4.99 = 38.32 (VAT 19 %: 6.12); B: 2 × 33.33 + 4.99 = 71.65 (VAT 11.44).
    expect(dashboard.now).toEqual({
      gross: 3832 + 7165,
      vat: 612 + 1144,
      net: 3832 + 7165 - 612 - 1144,
      orders: 2,
      averageOrder: 5499, // 109.97 / 2 = 54.985, half-up
      refunds: 3333,
      newCustomers: 1, // B
      returningCustomers: 1, // A, who paid in February
      placedOrders: 3, // A, B and C's unpaid one
      openCarts: 1, // D
      conversion: 75,
    });
  });

  it('has every figure of the period before worked out by hand', () => {
    expect(dashboard.before).toEqual({
      gross: 3832,
      vat: 612,
      net: 3220,
      orders: 1,
      averageOrder: 3832,
      refunds: 0,
      newCustomers: 1,
      returningCustomers: 0,
      placedOrders: 1,
      openCarts: 0,
      conversion: 100,
    });
  });
});

describe('the chart and the lists', () => {
  it('has a row per day of March, the two orders of the 5th on it', () => {
    expect(dashboard.days).toHaveLength(31);
    expect(dashboard.days.filter((d) => d.orders > 0)).toEqual([{ day: '2023-03-05', gross: 10997, orders: 2 }]);
    expect(dashboard.days[0]).toEqual({ day: '2023-03-01', gross: 0, orders: 0 });
  });

  it('counts what waits: one more order to pay, three more to ship (the partly refunded one still ships)', () => {
    expect(dashboard.waiting).toEqual({ toPay: before.toPay + 1, toShip: before.toShip + 3, returns: before.returns });
  });

  it('ranks the best sellers of the period', async () => {
    const [row] = await db().select({ sku: products.sku }).from(products).where(eq(products.id, jacket));
    expect(dashboard.topProducts).toEqual([{ sku: row!.sku, name: 'Storm Jacket', units: 3, gross: 9999 }]);
    expect(dashboard.topCategories).toEqual([{ name: 'Outdoor Adventure', units: 3, gross: 9999 }]);
  });

  it('lists the products below their low-stock threshold', () => {
    expect(dashboard.lowStock).toEqual([
      { id: book, sku: expect.any(String), name: expect.any(String), stock: 2, threshold: 5 },
    ]);
  });
});

describe('guests are customers by their e-mail address, in any case', () => {
  // Guest orders copied from one of the March orders into June 2022, a month no other test dates into.
  const JUNE = parsePeriod(new URLSearchParams({ period: 'custom', from: '2022-06-01', to: '2022-06-30' }));
  async function guestOrder(nr: string, email: string, paidAt: string) {
    await db().execute(sql`
      insert into orders (order_nr, user_id, status, payment_method, name, surname, email, phone, country_id,
        country_name, city, address, post_code, currency, currency_rate, cart_total_cents, delivery_cost_cents,
        vat_cents, vat_percent, final_cents, converted_final_cents, kind, created_at, paid_at)
      select ${nr}, null, 'Shipped', payment_method, name, surname, ${email}, phone, country_id, country_name, city,
        address, post_code, currency, currency_rate, cart_total_cents, delivery_cost_cents, vat_cents, vat_percent,
        final_cents, converted_final_cents, 'purchase', ${paidAt}, ${paidAt}
      from orders where paid_at = '2023-02-10T10:00:00Z' limit 1`);
  }

  it('counts a guest who paid in May as returning in June, the e-mail written otherwise', async () => {
    await guestOrder('DASH-G1', 'Guest.Case@Example.com', '2022-05-20T10:00:00Z');
    await guestOrder('DASH-G2', 'guest.case@example.COM', '2022-06-03T10:00:00Z');
    await guestOrder('DASH-G3', 'first.time@example.com', '2022-06-04T10:00:00Z');
    // An unpaid order before June does not make its guest returning.
    await guestOrder('DASH-G4', 'unpaid.before@example.com', '2022-05-21T10:00:00Z');
    await db().update(orders).set({ paidAt: null, status: 'Cancelled' }).where(eq(orders.orderNr, 'DASH-G4'));
    await guestOrder('DASH-G5', 'unpaid.before@example.com', '2022-06-05T10:00:00Z');
    const june = await readDashboard(db(), JUNE);
    expect(june.now).toMatchObject({ orders: 3, newCustomers: 2, returningCustomers: 1 });
    expect(june.before).toMatchObject({ orders: 1, newCustomers: 1, returningCustomers: 0 });
  });
});
