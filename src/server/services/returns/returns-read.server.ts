/**
 * Returns as the API and the pages show them (lib/contract/returns.ts), and the units of an
 * order's lines that a new return may still take.
 */
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderItems, orders, refunds, returnLines, returns, settings } from '@/server/db/schema/index';
import type { ReturnJson } from '@/lib/contract/returns';
import { returnableUnits, withdrawalEndsAt } from '@/lib/rules/returns';

type ReturnRow = typeof returns.$inferSelect;
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Every return of an order, oldest first, with its lines' names. */
export async function orderReturns(db: Db, orderId: number, orderNr: string): Promise<ReturnJson[]> {
  const rows = await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      returnId: returnLines.returnId,
      orderItemId: returnLines.orderItemId,
      quantity: returnLines.quantity,
      restock: returnLines.restock,
      name: orderItems.name,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(returnLines.id));
  return rows.map((r) =>
    returnJson(
      r,
      orderNr,
      lines.filter((l) => l.returnId === r.id),
    ),
  );
}

export function returnJson(
  row: ReturnRow,
  orderNr: string,
  lines: readonly { orderItemId: number; name: string; quantity: number; restock: boolean | null }[],
): ReturnJson {
  return {
    id: row.id,
    return_nr: row.returnNr,
    order_nr: orderNr,
    status: row.status as ReturnJson['status'],
    reason: row.reason as ReturnJson['reason'],
    comment: row.comment,
    lines: lines.map((l) => ({ order_item_id: l.orderItemId, name: l.name, quantity: l.quantity, restock: l.restock })),
    created_at: row.createdAt.toISOString(),
    received_at: iso(row.receivedAt),
    refunded_at: iso(row.refundedAt),
    rejected_at: iso(row.rejectedAt),
    rejection_reason: row.rejectionReason,
  };
}

/** Units per line a new return may take: refunds outside returns and returns not rejected count against it. */
export async function returnableByLine(db: Db, orderId: number): Promise<Map<number, number>> {
  const [lines, refunded, returned] = await Promise.all([
    db
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId)),
    db
      .select({ lines: refunds.lines })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed'), isNull(refunds.returnId))),
    db
      .select({ orderItemId: returnLines.orderItemId, quantity: returnLines.quantity })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returns.orderId, orderId), ne(returns.status, 'rejected'))),
  ]);
  const sum = (pairs: Iterable<[number, number]>) => {
    const map = new Map<number, number>();
    for (const [k, v] of pairs) map.set(k, (map.get(k) ?? 0) + v);
    return map;
  };
  return returnableUnits(
    lines,
    sum(refunded.flatMap((r) => r.lines.map((l) => [l.order_item_id, l.quantity] as [number, number]))),
    sum(returned.map((r) => [r.orderItemId, r.quantity] as [number, number])),
  );
}

/** The withdrawal period in days (settings; 14 when the row is missing). */
export async function withdrawalDays(db: Db): Promise<number> {
  const [row] = await db.select({ days: settings.withdrawalDays }).from(settings).where(eq(settings.id, 1));
  return row?.days ?? 14;
}

export interface CustomerReturnView {
  returns: ReturnJson[];
  /** When the withdrawal period ends; null before the order shipped. */
  endsAt: Date | null;
  /** Lines a new return may take now (empty once the period is over). */
  returnable: { id: number; name: string; left: number }[];
}

/** What /account/orders/{nr} shows of returns; null for an order that is not this customer's. */
export async function customerReturnView(db: Db, userId: number, orderNr: string): Promise<CustomerReturnView | null> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status, shippedAt: orders.shippedAt })
    .from(orders)
    .where(and(eq(orders.orderNr, orderNr), eq(orders.userId, userId)));
  if (!order) return null;
  const list = await orderReturns(db, order.id, orderNr);
  if (order.shippedAt === null) return { returns: list, endsAt: null, returnable: [] };
  const endsAt = withdrawalEndsAt(order.shippedAt, await withdrawalDays(db));
  if (order.status !== 'Shipped' || Date.now() > endsAt.getTime()) return { returns: list, endsAt, returnable: [] };
  const left = await returnableByLine(db, order.id);
  const lines = await db
    .select({ id: orderItems.id, name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return {
    returns: list,
    endsAt,
    returnable: lines.map((l) => ({ ...l, left: left.get(l.id) ?? 0 })).filter((l) => l.left > 0),
  };
}

/** The back office's open returns (requested or received), oldest first: the work waiting. */
export async function openReturns(db: Db) {
  return db
    .select({
      returnNr: returns.returnNr,
      status: returns.status,
      reason: returns.reason,
      createdAt: returns.createdAt,
      orderNr: orders.orderNr,
      email: orders.email,
      name: orders.name,
      surname: orders.surname,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(inArray(returns.status, ['requested', 'received']))
    .orderBy(asc(returns.createdAt), asc(returns.id))
    .limit(500);
}
