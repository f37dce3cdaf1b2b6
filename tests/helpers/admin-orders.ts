/**
 * Orders for the staff-action tests (tests/integration/admin-order-*.test.ts): staff and editor
 * sessions, a customer's pending phone order and paid card order placed through the real checkout
 * and the demo gateway, and the reads those tests check (timeline, refunds, ledger, mail).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { createApi } from '@/server/api/app';
import type { Db } from '@/server/db/client';
import { balanceLedger, mailOutbox, orderEvents, refunds, users } from '@/server/db/schema/index';
import { TEST_CARDS } from '@/server/payments/demo-cards';
import { getCharge, payCharge } from '@/server/payments/demo-gateway.server';
import { setRole } from '@/server/services/admin/roles/roles.server';
import type { Role } from '@/lib/rules/roles';
import { berlinShipping } from './fixture-commerce';
import { cardShipping, checkoutShoppers, TEST_CARD } from './checkout-shopper';
import { type ApiSession, createApiSession, createUser } from './session';

export function staffOrders(api: ReturnType<typeof createApi>, db: () => Db, tag: string) {
  const shoppers = checkoutShoppers(api, db, `${tag}-buyer`);
  let people = 0;

  /** A signed-in back-office (or customer) account. */
  async function signedIn(role: Role): Promise<{ session: ApiSession; id: number }> {
    const email = `${tag}-${role}${++people}@example.com`;
    const user = await createUser(db(), { email, password: 'Staff-1234' });
    if (role !== 'customer') await setRole(db(), null, email, role);
    const session = createApiSession(api, { clientAddress: `10.77.${people}.1` });
    expect((await session.signIn(email, 'Staff-1234')).status).toBe(200);
    return { session, id: user.id };
  }

  /** A new customer's pending phone order of `count` × product. */
  async function phoneOrder(productId: number, count = 1, over: Record<string, unknown> = {}) {
    const buyer = await shoppers.shopper(over.languageId ? { languageId: over.languageId as number } : {});
    await shoppers.add(buyer.session, productId, count);
    const { languageId: _ignored, ...shippingOver } = over;
    const res = await buyer.session.post(
      '/api/orders/checkout',
      berlinShipping({ payment_method: 'phone', email: buyer.email, ...shippingOver }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await shoppers.orderByNr(res.body.order_data.order_nr);
    expect(order.status).toBe('Pending');
    return { ...buyer, order };
  }

  /** A new customer's card order, paid through the demo gateway (status Success). */
  async function paidCardOrder(productId: number, count = 1, over: Record<string, unknown> = {}) {
    const buyer = await shoppers.shopper();
    await shoppers.add(buyer.session, productId, count);
    const res = await buyer.session.post('/api/orders/checkout', cardShipping({ email: buyer.email, ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paymentId: string = res.body.redirect_url.split('/').pop();
    const paid = await payCharge(db(), (await getCharge(db(), paymentId))!, {
      number: TEST_CARDS.success,
      ...TEST_CARD,
    });
    expect(paid).toMatchObject({ kind: 'done', outcome: 'succeeded' });
    const order = await shoppers.orderByNr(res.body.order_data.order_nr);
    expect(order.status).toBe('Success');
    return { ...buyer, order, paymentId };
  }

  async function events(orderId: number) {
    return db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  }

  async function refundsOf(orderId: number) {
    return db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  }

  async function ledgerOf(userId: number) {
    return db().select().from(balanceLedger).where(eq(balanceLedger.userId, userId)).orderBy(asc(balanceLedger.id));
  }

  async function balanceOf(userId: number): Promise<number> {
    const [row] = await db().select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId));
    return row!.balance;
  }

  /** Outbox mails to `to` whose subject contains `part`. */
  async function mailsTo(to: string, part: string) {
    return db()
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = ${to} and position(${part} in ${mailOutbox.subject}) > 0`)
      .orderBy(asc(mailOutbox.id));
  }

  return { ...shoppers, signedIn, phoneOrder, paidCardOrder, events, refundsOf, ledgerOf, balanceOf, mailsTo };
}
