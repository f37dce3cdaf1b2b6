/** Internal notes on an order: timeline rows staff see and the customer never does. */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderEvents } from '@/server/db/schema/index';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { type ActionResult, lockOrder, refuseOwnOrder } from './lock.server';

/** The same note by the same person this soon after is a double click, not a second note. */
const REPEAT_WINDOW_SECONDS = 30;

export async function addOrderNote(
  db: Db,
  input: { orderNr: string; actorId: number; text: string },
): Promise<ActionResult> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'note');
  return transaction(db, async (tx) => {
    const { order } = await lockOrder(tx, input.orderNr);
    const [last] = await tx
      .select({
        message: orderEvents.message,
        recent: sql<boolean>`${orderEvents.createdAt} > now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`,
      })
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'note'), eq(orderEvents.actorId, input.actorId)),
      )
      .orderBy(desc(orderEvents.id))
      .limit(1);
    if (last && last.recent && last.message === input.text)
      return { orderId: order.id, changed: false, message: localized('admin.api.noteAlreadyAdded') };
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: input.actorId,
      type: 'note',
      internal: true,
      message: input.text,
    });
    return { orderId: order.id, changed: true, message: localized('admin.api.noteAdded') };
  });
}
