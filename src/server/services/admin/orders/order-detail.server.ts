/**
 * Everything the staff order page shows (ADR 023): the order with its snapshot lines, payment
 * attempts and the provider's events, refunds, and the timeline with who did what.
 */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { orderEvents, orderItems, orders, paymentEvents, payments, refunds, users } from '@/server/db/schema/index';

export type OrderRow = typeof orders.$inferSelect;

export async function loadStaffOrder(db: Db, orderNr: string) {
  if (!/^[A-Z0-9-]{1,32}$/.test(orderNr)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.orderNr, orderNr)).limit(1);
  if (!order) return null;
  const actor = alias(users, 'actor');
  const [lines, paymentRows, eventRows, refundRows, timeline, customer] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt)),
    db
      .select({
        id: paymentEvents.id,
        provider: paymentEvents.provider,
        eventId: paymentEvents.eventId,
        type: paymentEvents.type,
        outcome: paymentEvents.outcome,
        receivedAt: paymentEvents.receivedAt,
      })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id))
      .orderBy(asc(paymentEvents.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id)),
    db
      .select({
        id: orderEvents.id,
        type: orderEvents.type,
        internal: orderEvents.internal,
        message: orderEvents.message,
        before: orderEvents.before,
        after: orderEvents.after,
        createdAt: orderEvents.createdAt,
        actorEmail: actor.email,
      })
      .from(orderEvents)
      .leftJoin(actor, eq(actor.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id)),
    order.userId === null
      ? Promise.resolve([])
      : db
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            surname: users.surname,
            balanceCents: users.balanceCents,
          })
          .from(users)
          .where(eq(users.id, order.userId)),
  ]);
  const refundedByLine = new Map<number, number>();
  for (const refund of refundRows) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines)
      refundedByLine.set(line.order_item_id, (refundedByLine.get(line.order_item_id) ?? 0) + line.quantity);
  }
  return {
    order,
    lines,
    payments: paymentRows,
    paymentEvents: eventRows,
    refunds: refundRows,
    timeline,
    customer: customer[0] ?? null,
    refundedByLine,
  };
}

export type StaffOrder = NonNullable<Awaited<ReturnType<typeof loadStaffOrder>>>;

/** Which actions the order's state allows (the services check again, under lock). */
export function availableActions(
  order: Pick<OrderRow, 'status' | 'paymentMethod' | 'kind' | 'finalCents' | 'refundedCents'>,
) {
  const left = order.finalCents - order.refundedCents;
  return {
    markPaid: order.status === 'Pending' && order.paymentMethod === 'phone',
    ship: order.status === 'Success' && order.kind === 'purchase',
    cancel: order.status === 'Pending' || order.status === 'Success',
    refund: (order.status === 'Success' || order.status === 'Shipped') && left > 0,
    refundLeftCents: left,
  };
}
