/**
 * The demo shop's own orders are real orders to the back office (ADR 023): their timeline exists
 * and a paid card order can be refunded to the card through the demo gateway that took it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { demoGatewayCharges, orderEvents, orders, payments } from '@/server/db/schema/index';
import { DEMO_STAFF } from '@/server/db/seed/users';
import { useTestDatabase } from '../helpers/db';
import { createApiSession, signedIn } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();

describe('seeded orders in the back office', () => {
  it('have a timeline, and a paid card order refunds to the card through the demo gateway', async () => {
    const db = database().db;
    const [paid] = await db
      .select({
        id: orders.id,
        orderNr: orders.orderNr,
        finalCents: orders.finalCents,
        converted: orders.convertedFinalCents,
      })
      .from(orders)
      .where(and(eq(orders.status, 'Success'), eq(orders.paymentMethod, 'card')))
      .orderBy(asc(orders.id))
      .limit(1);
    expect(paid).toBeDefined();
    const events = await db
      .select({ type: orderEvents.type })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, paid!.id))
      .orderBy(asc(orderEvents.id));
    expect(events.map((e) => e.type)).toEqual(['placed', 'paid']);

    const staff = await signedIn(createApiSession(api), DEMO_STAFF);
    const res = await staff.post(`/api/admin/orders/${paid!.orderNr}/refund`, {
      destination: 'card',
      reason: 'Returned in full',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toMatchObject({ status: 'Refunded', refunded_cents: paid!.finalCents });
    const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, paid!.id));
    const [charge] = await db.select().from(demoGatewayCharges).where(eq(demoGatewayCharges.paymentId, payment!.id));
    expect(charge!.refundedCents).toBe(paid!.converted);
  });
});
