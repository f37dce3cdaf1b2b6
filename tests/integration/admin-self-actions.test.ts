/**
 * Issue 27, "staff credit themselves": nobody acts on their own account or orders from the back
 * office (balance adjustments, refunds, cancels, mark paid, ship, notes, their own role: 403 with
 * a clear message in the admin's language), and a balance adjustment above the settings'
 * balance_adjust_limit_cents needs an admin; only an admin moves the limit. Every refusal and
 * every adjustment is audited (content_changes). Both engines (TEST_DATABASE_URL).
 */
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { contentChanges, languages, settings, users } from '@/server/db/schema/index';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { LANGUAGE_COOKIE } from '@/server/services/request-context';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'self');
let staff: { session: ApiSession; id: number };
let admin: { session: ApiSession; id: number };
let editor: { session: ApiSession; id: number };
let german: number;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = await h.signedIn('staff');
  admin = await h.signedIn('admin');
  editor = await h.signedIn('editor');
  const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
  german =
    de?.id ?? (await db().insert(languages).values({ code: 'de', title: 'Deutsch', position: 3 }).returning())[0]!.id;
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const OWN_ORDER = 'You cannot act on your own order from the back office: another staff member has to do it.';
const OWN_BALANCE = 'You cannot adjust your own balance: another staff member has to do it.';

async function audit(entity: string, entityId: number | string) {
  const rows = await db()
    .select()
    .from(contentChanges)
    .where(and(eq(contentChanges.entity, entity), eq(contentChanges.entityId, String(entityId))))
    .orderBy(asc(contentChanges.id));
  return rows.map((r) => [r.userId, r.action, r.summary]);
}

describe('nobody acts on their own orders', () => {
  it('a staff member who bought something gets 403 for every action on that order, audited; a colleague may act', async () => {
    const buyer = await h.paidCardOrder(fx.pegs, 2);
    const pending = await h.phoneOrder(fx.pegs, 1);
    // Both buyers join the staff: their own sessions now carry the staff role.
    await setRole(db(), null, buyer.email, 'staff');
    await setRole(db(), null, pending.email, 'staff');
    const paidNr = buyer.order.orderNr;
    const calls: [ApiSession, string, string, unknown][] = [
      [buyer.session, paidNr, 'refund', { destination: 'balance', reason: 'Mine' }],
      [buyer.session, paidNr, 'cancel', { reason: 'Mine', refund_to: 'balance' }],
      [buyer.session, paidNr, 'ship', { carrier: 'DHL', tracking_number: 'JJD1' }],
      [buyer.session, paidNr, 'notes', { text: 'Mine' }],
      [pending.session, pending.order.orderNr, 'mark-paid', {}],
    ];
    for (const [session, nr, action, body] of calls) {
      const res = await session.post(`/api/admin/orders/${nr}/${action}`, body);
      expect([action, res.status, res.body]).toEqual([
        action,
        403,
        { status: 'ERROR', code: 'forbidden', message: OWN_ORDER },
      ]);
    }
    expect(await h.refundsOf(buyer.order.id)).toEqual([]);
    expect(await h.balanceOf(buyer.userId)).toBe(0);
    expect((await h.orderByNr(paidNr)).status).toBe('Success');
    expect((await h.orderByNr(pending.order.orderNr)).status).toBe('Pending');
    expect(await audit('order', buyer.order.id)).toEqual([
      [buyer.userId, 'refused_own', `refund ${paidNr}`],
      [buyer.userId, 'refused_own', `cancel ${paidNr}`],
      [buyer.userId, 'refused_own', `ship ${paidNr}`],
      [buyer.userId, 'refused_own', `note ${paidNr}`],
    ]);
    expect(await audit('order', pending.order.id)).toEqual([
      [pending.userId, 'refused_own', `mark_paid ${pending.order.orderNr}`],
    ]);
    // In German for a German-speaking admin.
    buyer.session.cookies.set(LANGUAGE_COOKIE, String(german));
    const inGerman = await buyer.session.post(`/api/admin/orders/${paidNr}/refund`, {
      destination: 'balance',
      reason: 'Mine',
    });
    expect(inGerman.body.message).toBe(
      'Sie können Ihre eigene Bestellung nicht im Backoffice bearbeiten: Das muss ein anderes Teammitglied tun.',
    );
    // A colleague refunds it.
    const byColleague = await staff.session.post(`/api/admin/orders/${paidNr}/refund`, {
      destination: 'balance',
      amount_cents: 500,
      reason: 'Late',
    });
    expect(byColleague.status, JSON.stringify(byColleague.body)).toBe(200);
    expect(await h.balanceOf(buyer.userId)).toBe(500);
  });
});

describe('nobody adjusts their own balance or role', () => {
  it('staff and admins get 403 on their own balance, audited; nothing changes', async () => {
    for (const who of [staff, admin]) {
      const res = await who.session.post(`/api/admin/customers/${who.id}/balance`, {
        delta_cents: 500,
        reason: 'For me',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        status: 'ERROR',
        code: 'forbidden',
        message: OWN_BALANCE,
        errors: { delta_cents: [OWN_BALANCE] },
      });
      expect(await h.balanceOf(who.id)).toBe(0);
      expect(await h.ledgerOf(who.id)).toEqual([]);
      expect(await audit('customer_balance', who.id)).toEqual([[who.id, 'refused_own', '+500 cents: For me']]);
    }
  });

  it('an admin cannot change their own role, whatever the spelling of the address (403, audited)', async () => {
    const [me] = await db().select({ email: users.email, role: users.role }).from(users).where(eq(users.id, admin.id));
    const res = await admin.session.put('/api/admin/editors', { email: me!.email.toUpperCase(), role: 'customer' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      status: 'ERROR',
      code: 'forbidden',
      message: 'You cannot change your own role.',
      errors: { email: ['You cannot change your own role.'] },
    });
    expect((await db().select({ role: users.role }).from(users).where(eq(users.id, admin.id)))[0]!.role).toBe('admin');
    expect((await audit('user_role', admin.id)).at(-1)).toEqual([admin.id, 'refused_own', '→ customer']);
  });
});

describe('adjustments above the limit need an admin', () => {
  it('staff up to the limit, an admin above it; the limit is the admin’s setting', async () => {
    const customer = await h.signedIn('customer');
    const post = (who: { session: ApiSession }, delta: number) =>
      who.session.post(`/api/admin/customers/${customer.id}/balance`, { delta_cents: delta, reason: 'Goodwill' });
    // The default limit: €100.00, either way.
    expect((await post(staff, 10_000)).status).toBe(200);
    const over = await post(staff, 10_001);
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      status: 'ERROR',
      code: 'forbidden',
      message: 'Adjustments above €100.00 need an administrator.',
      errors: { delta_cents: ['Adjustments above €100.00 need an administrator.'] },
    });
    expect((await post(staff, -10_001)).status).toBe(403);
    expect(await h.balanceOf(customer.id)).toBe(10_000);
    const byAdmin = await post(admin, 25_000);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(await h.balanceOf(customer.id)).toBe(35_000);

    // Only an admin moves the limit (the settings are an admin's): staff and editors get 403.
    for (const who of [staff, editor]) {
      const refused = await who.session.put('/api/admin/settings', { balance_adjust_limit_cents: 1_000_000 });
      expect([refused.status, refused.body.message]).toEqual([403, 'This action is unauthorized.']);
    }
    const set = await admin.session.put('/api/admin/settings', { balance_adjust_limit_cents: 50_000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.payload.balance_adjust_limit_cents).toBe(50_000);
    expect((await admin.session.get('/api/admin/settings')).body.payload.balance_adjust_limit_cents).toBe(50_000);
    expect((await db().select({ limit: settings.balanceAdjustLimitCents }).from(settings))[0]!.limit).toBe(50_000);
    expect((await post(staff, 20_000)).status).toBe(200);
    const stillOver = await post(staff, 50_001);
    expect(stillOver.body.message).toBe('Adjustments above €500.00 need an administrator.');
    expect(await h.balanceOf(customer.id)).toBe(55_000);

    // Both kinds audited: the adjustments with before/after, the refusals with who and what.
    expect(await audit('customer_balance', customer.id)).toEqual([
      [staff.id, 'adjust', '+10000 cents: Goodwill'],
      [staff.id, 'refused_limit', '+10001 cents: Goodwill'],
      [staff.id, 'refused_limit', '-10001 cents: Goodwill'],
      [admin.id, 'adjust', '+25000 cents: Goodwill'],
      [staff.id, 'adjust', '+20000 cents: Goodwill'],
      [staff.id, 'refused_limit', '+50001 cents: Goodwill'],
    ]);
    const settingsAudit = await db()
      .select()
      .from(contentChanges)
      .where(and(eq(contentChanges.entity, 'settings'), like(contentChanges.summary, '%balance_adjust_limit_cents%')));
    expect(settingsAudit.map((a) => a.userId)).toEqual([admin.id]);
  });
});
