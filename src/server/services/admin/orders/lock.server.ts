/**
 * Every staff action on an order starts here, inside its transaction: the order's payment rows
 * (by id), then the order row, are locked in the lock order of ADR 012, the same order the
 * gateway's settlement and the expiry job take, so two staff members, the webhook and the job
 * take turns on one order instead of deadlocking.
 */
import { type Localized, localized } from '@/server/services/localized';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentChanges, orders, payments } from '@/server/db/schema/index';
import { ForbiddenError, NotFoundError } from '@/server/services/errors';

export type Order = typeof orders.$inferSelect;
export type Payment = typeof payments.$inferSelect;

export interface LockedOrder {
  order: Order;
  payments: Payment[];
}

export const ORDER_NOT_FOUND = localized('admin.api.orderNotFound');

export async function lockOrder(tx: Db, orderNr: string): Promise<LockedOrder> {
  const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNr, orderNr));
  if (!found) throw new NotFoundError(ORDER_NOT_FOUND);
  const locked = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, found.id))
    .orderBy(asc(payments.id))
    .for('update');
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return { order, payments: locked };
}

/**
 * Nobody acts on their own orders from the back office (issue 27: staff refunded their own orders
 * to their balance). Checked before the action's transaction, since an order's customer never
 * changes; the refused attempt is audited (content_changes), then 403.
 */
export async function refuseOwnOrder(db: Db, orderNr: string, actorId: number, action: string): Promise<void> {
  const [found] = await db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(eq(orders.orderNr, orderNr));
  if (!found || found.userId !== actorId) return;
  await db.insert(contentChanges).values({
    userId: actorId,
    entity: 'order',
    entityId: String(found.id),
    action: 'refused_own',
    summary: `${action} ${orderNr}`,
  });
  throw new ForbiddenError(localized('admin.api.ownOrder'));
}

/** What a staff action did: `changed` false when it found its work already done (a repeat). */
export interface ActionResult {
  orderId: number;
  changed: boolean;
  /** Answered in the admin's language by the admin API (services/localized.ts). */
  message: Localized;
}
