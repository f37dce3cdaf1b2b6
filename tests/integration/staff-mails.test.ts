/**
 * The mails staff need (issue 31), through the real API and jobs: to the address in the settings,
 * in the staff's language, each exactly once: a new phone order to be paid, a new paid order
 * (marked paid, or paid by card through the gateway, also when the gateway repeats itself), a
 * choice falling below its low-stock threshold (once per crossing), a new return, and the daily
 * digest (not when switched off). No address, no staff mail. Both engines (TEST_DATABASE_URL).
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { mailOutbox, orderItems, products, settings } from '@/server/db/schema/index';
import { getCharge, notifyShop, setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { sendStaffDigest } from '@/server/services/staff-mail/staff-digest.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'team');
let staff: { session: ApiSession; id: number };
const TEAM = 'team@example.com';

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = await h.signedIn('staff');
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));
beforeEach(async () => {
  await db()
    .update(settings)
    .set({ staffMailTo: TEAM, staffMailLanguage: 'en', staffDigest: true })
    .where(eq(settings.id, 1));
});

async function teamMails(part: string) {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, TEAM)).orderBy(asc(mailOutbox.id));
  return rows.filter((m) => m.subject.includes(part));
}

describe('order mails', () => {
  it('a phone order: "to be paid" when placed, "paid" when marked paid, each once', async () => {
    const { order, email } = await h.phoneOrder(fx.pegs, 2);
    const placed = await teamMails(`New phone order ${order.orderNr} to be paid`);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.subject).toBe(`New phone order ${order.orderNr} to be paid (€54.99)`);
    expect(placed[0]!.text).toContain(
      `Order ${order.orderNr} from Kim Buyer (${email}) waits for its phone payment of €54.99.`,
    );
    expect(placed[0]!.text).toContain('Tent Pegs Set × 2: €50.00');
    expect(placed[0]!.text).toContain(`/admin/orders/${order.orderNr}`);
    expect((await staff.session.post(`/api/admin/orders/${order.orderNr}/mark-paid`)).status).toBe(200);
    expect((await staff.session.post(`/api/admin/orders/${order.orderNr}/mark-paid`)).status).toBe(200);
    const paid = await teamMails(`New paid order ${order.orderNr}`);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.text).toContain(`Order ${order.orderNr} from Kim Buyer (${email}) is paid: €54.99.`);
  });

  it('a card order paid through the gateway, its notification delivered twice: one "paid" mail, no "to be paid"', async () => {
    const { order, paymentId } = await h.paidCardOrder(fx.pegs, 1);
    await notifyShop(db(), (await getCharge(db(), paymentId))!);
    expect(await teamMails(`New paid order ${order.orderNr}`)).toHaveLength(1);
    expect(await teamMails(`New phone order ${order.orderNr}`)).toHaveLength(0);
  });

  it("in the staff's language; none without an address", async () => {
    await db().update(settings).set({ staffMailLanguage: 'de' }).where(eq(settings.id, 1));
    const german = await h.phoneOrder(fx.pegs, 1);
    const mail = await teamMails(`Neue Telefonbestellung ${german.order.orderNr} zu bezahlen`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.language).toBe('de');
    expect(mail[0]!.text).toContain('wartet auf die telefonische Zahlung von 29,99');
    await db().update(settings).set({ staffMailTo: '' }).where(eq(settings.id, 1));
    const silent = await h.phoneOrder(fx.pegs, 1);
    expect(
      (await db().select().from(mailOutbox)).filter(
        (m) => m.subject.includes(silent.order.orderNr) && m.to !== silent.email,
      ),
    ).toHaveLength(0);
  });
});

describe('low stock', () => {
  it('one mail when a product falls below its threshold, none while it stays below', async () => {
    await db().update(products).set({ stock: 7, lowStockThreshold: 5 }).where(eq(products.id, fx.pegs));
    await h.phoneOrder(fx.pegs, 2); // 7 → 5: still "in stock" (low means below 5)
    expect(await teamMails('Low stock: Tent Pegs Set')).toHaveLength(0);
    await h.phoneOrder(fx.pegs, 1); // 5 → 4: the crossing
    const low = await teamMails('Low stock: Tent Pegs Set');
    expect(low).toHaveLength(1);
    expect(low[0]!.subject).toBe('Low stock: Tent Pegs Set (4 left)');
    expect(low[0]!.text).toContain(
      'Tent Pegs Set (SKU FX-PEGS) has fallen below its low-stock threshold of 5: 4 left.',
    );
    await h.phoneOrder(fx.pegs, 1); // 4 → 3: no new crossing
    expect(await teamMails('Low stock: Tent Pegs Set')).toHaveLength(1);
    await db().update(products).set({ stock: 200, lowStockThreshold: null }).where(eq(products.id, fx.pegs));
  });
});

describe('returns and the digest', () => {
  it('a new return: one mail naming its lines and reason', async () => {
    const { order, session, email } = await h.phoneOrder(fx.pegs, 2);
    await staff.session.post(`/api/admin/orders/${order.orderNr}/mark-paid`);
    await staff.session.post(`/api/admin/orders/${order.orderNr}/ship`, { carrier: 'DHL', tracking_number: '1' });
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const opened = await session.post(`/api/orders/${order.orderNr}/returns`, {
      lines: [{ order_item_id: item!.id, quantity: 1 }],
      reason: 'wrong_item',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const mail = await teamMails(`New return R-${order.orderNr}-1`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(
      `${email} opened return R-${order.orderNr}-1 for order ${order.orderNr} (wrong item):`,
    );
    expect(mail[0]!.text).toContain('Tent Pegs Set × 1');
  });

  it('the daily digest counts the day; switched off, it is not sent', async () => {
    const before = (await teamMails('Daily digest')).length;
    const now = new Date();
    expect(await sendStaffDigest(db(), now)).toBe(true);
    const digest = (await teamMails('Daily digest')).slice(before);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe(`Daily digest ${now.toISOString().slice(0, 10)}`);
    expect(digest[0]!.text).toMatch(/Paid orders in the last 24 hours: \d+ \(€[\d,.]+\)\./);
    expect(digest[0]!.text).toContain('Open returns: 1.');
    await db().update(settings).set({ staffDigest: false }).where(eq(settings.id, 1));
    expect(await sendStaffDigest(db(), now)).toBe(false);
    expect((await teamMails('Daily digest')).length).toBe(before + 1);
  });
});
