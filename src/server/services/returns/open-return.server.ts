/**
 * A customer opens a return (issue 31): lines of their own shipped order, within the withdrawal
 * period from the shipping date, never more units than are left to return. Under the order's
 * locks, so two returns opened at once cannot together take a unit twice; the number is
 * R-{order number}-{n}. The timeline records it; the mails go out after the commit.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderItems, orders, returnLines, returns } from '@/server/db/schema/index';
import type { ReturnRequestBody } from '@/lib/contract/returns';
import { withdrawalEndsAt } from '@/lib/rules/returns';
import { ConflictError, InvalidInputError, NotFoundError } from '@/server/services/errors';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { lockOrder } from '@/server/services/admin/orders/lock.server';
import { returnableByLine, withdrawalDays } from './returns-read.server';

export async function openReturn(
  db: Db,
  input: { userId: number; orderNr: string } & ReturnRequestBody,
): Promise<{ returnId: number; orderId: number }> {
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNr, input.orderNr), eq(orders.userId, input.userId)));
  // Another customer's order answers as an unknown one: an order number reveals nothing.
  if (!own) throw new NotFoundError(localized('returns.api.orderNotFound'));
  const days = await withdrawalDays(db);
  return transaction(db, async (tx) => {
    const { order } = await lockOrder(tx, input.orderNr);
    if (order.status !== 'Shipped' || order.shippedAt === null)
      throw new ConflictError(localized('returns.api.notShipped'));
    if (Date.now() > withdrawalEndsAt(order.shippedAt, days).getTime())
      throw new ConflictError(localized('returns.api.periodOver', { days }));
    const left = await returnableByLine(tx, order.id);
    const names = new Map(
      (
        await tx
          .select({ id: orderItems.id, name: orderItems.name })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
      ).map((l) => [l.id, l.name]),
    );
    const problems = input.lines.flatMap((l) => {
      if (!names.has(l.order_item_id)) return [localized('returns.api.lineUnknown')];
      const most = left.get(l.order_item_id) ?? 0;
      return l.quantity > most
        ? [
            localized(most === 0 ? 'returns.api.lineDone' : 'returns.api.lineLeft', {
              name: names.get(l.order_item_id)!,
              left: most,
            }),
          ]
        : [];
    });
    if (problems.length > 0) throw new InvalidInputError(problems[0]!, { lines: problems });
    const count = (await tx.select({ id: returns.id }).from(returns).where(eq(returns.orderId, order.id))).length;
    const [created] = await tx
      .insert(returns)
      .values({
        returnNr: `R-${order.orderNr}-${count + 1}`,
        orderId: order.id,
        reason: input.reason,
        comment: input.comment ?? '',
      })
      .returning();
    await tx
      .insert(returnLines)
      .values(input.lines.map((l) => ({ returnId: created!.id, orderItemId: l.order_item_id, quantity: l.quantity })));
    const units = input.lines.reduce((s, l) => s + l.quantity, 0);
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: input.userId,
      type: 'return_requested',
      message: `Return ${created!.returnNr} opened by the customer: ${units === 1 ? '1 unit' : `${units} units`} (${input.reason}).`,
      after: { return_nr: created!.returnNr, reason: input.reason, lines: input.lines },
    });
    return { returnId: created!.id, orderId: order.id };
  });
}
