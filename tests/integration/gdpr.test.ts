/**
 * Data protection (issue 31) through the real API: a customer's data export (everything the shop
 * holds, as a JSON file, no secrets); deleting the account (password first): sessions end, the
 * newsletter stops, unpaid orders are anonymised at once, paid orders are kept for the retention
 * period and anonymised by the job after it; staff erase on a customer's request, audited.
 * Both engines (TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { contentChanges, newsletterSubscriptions, orders, sessions, users } from '@/server/db/schema/index';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { anonymiseExpiredOrders } from '@/server/services/gdpr/erase.server';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping, type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'gdpr');
let staff: { session: ApiSession; id: number };

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = await h.signedIn('staff');
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

/** A customer with a paid phone order, an unpaid one and a confirmed newsletter subscription. */
async function customerWithHistory() {
  const paid = await h.phoneOrder(fx.pegs, 1);
  expect((await staff.session.post(`/api/admin/orders/${paid.order.orderNr}/mark-paid`)).status).toBe(200);
  await h.add(paid.session, fx.pegs, 2);
  const unpaid = await paid.session.post(
    '/api/orders/checkout',
    berlinShipping({ payment_method: 'phone', email: paid.email }),
  );
  expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(200);
  await db().insert(newsletterSubscriptions).values({ email: paid.email.toUpperCase(), confirmedAt: new Date() });
  return { ...paid, unpaidNr: unpaid.body.order_data.order_nr as string };
}

describe('the data export', () => {
  it('holds profile, addresses, orders with invoice data, newsletter, consents and sign-in history; no secrets', async () => {
    const { session, email, order } = await customerWithHistory();
    const res = await session.request('/api/user/data-export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.format).toBe('gear-shop-personal-data/1');
    expect(data.profile).toMatchObject({ email, name: 'Test', surname: 'Customer', role: 'customer' });
    expect(data.orders).toHaveLength(2);
    expect(data.orders[0]).toMatchObject({
      order_nr: order.orderNr,
      status: 'Success',
      invoice_data: { email, total_cents: order.finalCents, currency: 'EUR' },
      lines: [{ sku: 'FX-PEGS', quantity: 1, price_cents: 2500 }],
      documents: [{ kind: 'invoice', number: expect.stringMatching(/^INV-\d{4}-\d+$/), total_cents: order.finalCents }],
    });
    expect(data.orders[1].documents).toEqual([]);
    expect(data.addresses.length).toBeGreaterThanOrEqual(2);
    expect(data.newsletter).toMatchObject({ subscribed: true });
    expect(data.consents.newsletter_double_opt_in_at).toEqual(expect.any(String));
    expect(data.sign_in_history.length).toBeGreaterThanOrEqual(1);
    expect(data.sign_in_history[0]).toMatchObject({ ip: expect.any(String) });
    expect(text).not.toMatch(/argon2|password_hash|token_hash/);
  });
});

describe('deleting the account', () => {
  it('needs the password; then sessions end, the newsletter stops, unpaid orders are anonymised, paid ones kept until the job', async () => {
    const { session, email, order, unpaidNr, userId } = await customerWithHistory();
    const wrong = await session.post('/api/user/delete-account', { password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: ['The current password is incorrect.'] });
    expect(await db().select().from(users).where(eq(users.id, userId))).toHaveLength(1);

    const res = await session.post('/api/user/delete-account', { password: 'Checkout-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toEqual({ kept_orders: 1, anonymised_orders: 1 });
    expect(res.body.message).toBe(
      'Your account is deleted. Paid orders are kept for the period tax law requires and then anonymised.',
    );
    expect((await session.request('/api/user/profile')).status).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(
      await db()
        .select()
        .from(newsletterSubscriptions)
        .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`),
    ).toEqual([]);

    const [kept] = await db().select().from(orders).where(eq(orders.orderNr, order.orderNr));
    expect(kept).toMatchObject({ userId: null, email, name: 'Kim', anonymisedAt: null });
    expect(kept!.retainUntil!.getUTCFullYear()).toBe(kept!.paidAt!.getUTCFullYear() + 10);
    const [gone] = await db().select().from(orders).where(eq(orders.orderNr, unpaidNr));
    expect(gone).toMatchObject({
      userId: null,
      name: 'Deleted',
      surname: 'customer',
      email: `deleted-${gone!.id}@invalid`,
      address: '',
      phone: '',
    });
    expect(gone!.anonymisedAt).not.toBeNull();

    // Nine years on, nothing; eleven years on, the retention job anonymises the paid order.
    const later = (years: number) => new Date(kept!.paidAt!.getTime() + years * 365.25 * 86_400_000);
    expect(await anonymiseExpiredOrders(db(), later(9))).not.toContain(kept!.id);
    expect(await anonymiseExpiredOrders(db(), later(11))).toContain(kept!.id);
    const [after] = await db().select().from(orders).where(eq(orders.id, kept!.id));
    expect(after).toMatchObject({
      name: 'Deleted',
      surname: 'customer',
      email: `deleted-${kept!.id}@invalid`,
      finalCents: kept!.finalCents,
      status: 'Success',
    });
    const audit = await db()
      .select()
      .from(contentChanges)
      .where(sql`${contentChanges.entity} = 'customer' and ${contentChanges.entityId} = ${String(userId)}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: null, action: 'erased' });
    expect(audit[0]!.summary).not.toContain(email);
  });
});

describe("staff on a customer's request", () => {
  it('export and erase, audited with the staff member; never a staff account', async () => {
    const { userId, email } = await customerWithHistory();
    const exported = await staff.session.request(`/api/admin/customers/${userId}/data-export`);
    expect(exported.status).toBe(200);
    expect((await exported.json()).profile.email).toBe(email);
    const erased = await staff.session.post(`/api/admin/customers/${userId}/erase`, {
      reason: 'Asked by letter of 20 November',
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.message).toBe(
      "The customer's account is erased; paid orders are kept until their retention period ends.",
    );
    const [audit] = await db()
      .select()
      .from(contentChanges)
      .where(sql`${contentChanges.entity} = 'customer' and ${contentChanges.entityId} = ${String(userId)}`);
    expect(audit).toMatchObject({ userId: staff.id, action: 'erased' });
    expect(audit!.summary).toContain('Asked by letter of 20 November');
    expect(
      (await staff.session.post(`/api/admin/customers/${staff.id}/erase`, { reason: 'Myself please' })).status,
    ).toBe(409);
    expect((await staff.session.post(`/api/admin/customers/${userId}/erase`, { reason: 'Again' })).status).toBe(404);
    const customer = (await h.signedIn('customer')).session;
    expect((await customer.post(`/api/admin/customers/${userId}/erase`, { reason: 'Nope' })).status).toBe(403);
  });
});
