/**
 * The customer's order detail page (/account/orders/{order number}): one order of the signed-in
 * customer with its lines, totals and the non-internal timeline. Another customer's order and an
 * unknown number are the same answer (null → 404), so an order number reveals nothing.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderEvents, orderItems, orders, refunds } from '@/server/db/schema/index';
import { customerTimeline, type TimelineEntry } from '@/lib/order-timeline';
import { loadShopBasics } from '../request-context';
import { ENGLISH_HISTORY_TEXTS, type HistoryTexts, type OrderJson, toOrderJson } from './history';
import { ITEM_COLUMNS, ORDER_COLUMNS } from './history.server';

export interface CustomerOrderDetail {
  order: OrderJson;
  timeline: TimelineEntry[];
  /** Cents in the order's currency refunded so far (0 when nothing was). */
  refundedCents: number;
}

/** Order numbers are short and printable; anything else cannot be one (and skips the query). */
const ORDER_NR = /^[A-Za-z0-9_-]{1,32}$/;

export async function getCustomerOrder(
  db: Db,
  userId: number,
  orderNr: string,
  texts: HistoryTexts = ENGLISH_HISTORY_TEXTS,
): Promise<CustomerOrderDetail | null> {
  if (!ORDER_NR.test(orderNr)) return null;
  const [row] = await db
    .select({ ...ORDER_COLUMNS, refundedCents: orders.refundedCents })
    .from(orders)
    .where(and(eq(orders.orderNr, orderNr), eq(orders.userId, userId)))
    .limit(1);
  if (!row) return null;
  const [items, events, refundRows, basics] = await Promise.all([
    db.select(ITEM_COLUMNS).from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id)),
    db
      .select({
        id: orderEvents.id,
        type: orderEvents.type,
        internal: orderEvents.internal,
        after: orderEvents.after,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.internal, false)))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ id: refunds.id, convertedCents: refunds.convertedCents })
      .from(refunds)
      .where(and(eq(refunds.orderId, row.id), inArray(refunds.status, ['succeeded', 'pending']))),
    loadShopBasics(db),
  ]);
  const symbol = basics.currencies.find((c) => c.code === row.currency)?.symbol ?? row.currency;
  const refundCents = new Map(refundRows.map((r) => [r.id, r.convertedCents]));
  return {
    order: toOrderJson(row, items, { currencySymbol: symbol, texts }),
    timeline: customerTimeline(events, refundCents),
    refundedCents: refundRows.reduce((sum, r) => sum + r.convertedCents, 0),
  };
}

/** Whether `orderNr` is an order of this customer: /success-payment confirms nothing else. */
export async function isCustomerOrder(db: Db, userId: number, orderNr: string): Promise<boolean> {
  if (!ORDER_NR.test(orderNr)) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNr, orderNr), eq(orders.userId, userId)))
    .limit(1);
  return row !== undefined;
}
