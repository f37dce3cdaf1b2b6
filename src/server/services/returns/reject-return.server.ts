/**
 * Staff reject a return (ADR 037) with a reason the customer is mailed and sees on their order
 * page. From `requested` (the parcel never came, or the request is not a withdrawal), or from
 * `received` when none of its units went back into stock (the parcel came back used: the shop
 * keeps nothing of it and sends it back). A rejected return holds no units any more, so its
 * lines can be returned again, but only while the withdrawal period lasts (openReturn checks it).
 * Under the order's locks like receive and refund: two clicks take turns, the second changes
 * nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { returns } from '@/server/db/schema/index';
import { ConflictError } from '@/server/services/errors';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { type ActionResult, lockOrder, refuseOwnOrder } from '@/server/services/admin/orders/lock.server';
import { lockReturn } from './staff-returns.server';

export interface RejectOutcome extends ActionResult {
  returnId: number;
}

export async function rejectReturn(
  db: Db,
  input: { orderNr: string; returnNr: string; actorId: number; reason: string },
): Promise<RejectOutcome> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'reject return');
  return transaction(db, async (tx) => {
    const { order } = await lockOrder(tx, input.orderNr);
    const { row, lines } = await lockReturn(tx, order.id, input.returnNr);
    if (row.status === 'rejected')
      return {
        orderId: order.id,
        returnId: row.id,
        changed: false,
        message: localized('admin.api.returnAlreadyRejected'),
      };
    if (row.status === 'refunded') throw new ConflictError(localized('admin.api.returnRefundedNoReject'));
    // Units back on the shelf belong to the shop now: such a return is refunded, not rejected.
    if (lines.some((l) => l.restock === true)) throw new ConflictError(localized('admin.api.returnRestockedNoReject'));
    await tx
      .update(returns)
      .set({ status: 'rejected', rejectedAt: sql`now()`, rejectedBy: input.actorId, rejectionReason: input.reason })
      .where(eq(returns.id, row.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: input.actorId,
      type: 'return_rejected',
      message: `Return ${row.returnNr} rejected: ${input.reason}`,
      before: { return_status: row.status },
      after: { return_nr: row.returnNr, return_status: 'rejected', reason: input.reason },
    });
    return { orderId: order.id, returnId: row.id, changed: true, message: localized('admin.api.returnRejectedNow') };
  });
}
