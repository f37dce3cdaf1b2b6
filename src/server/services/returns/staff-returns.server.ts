/**
 * Staff on a return (issue 31): mark it received, choosing per line whether its units go back
 * into stock, then refund its lines. Each is one transaction under the order's locks (ADR 023), so
 * two clicks at once take turns: the second finds the return already received (or refunded) and
 * changes nothing, and a unit goes back into stock once (stock.server.ts).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { refunds, returnLines, returns } from '@/server/db/schema/index';
import type { RefundDestination } from '@/lib/contract/admin/orders';
import { ConflictError, InvalidInputError, NotFoundError } from '@/server/services/errors';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { restockOrderLines } from '@/server/services/orders/stock.server';
import { type ActionResult, lockOrder, refuseOwnOrder } from '@/server/services/admin/orders/lock.server';
import {
  type RefundOutcome,
  type RefundRow,
  refundLocked,
  refundOutcome,
} from '@/server/services/admin/orders/refund.server';

/** The return of this order, locked (after the order's locks). */
export async function lockReturn(tx: Db, orderId: number, returnNr: string) {
  const [row] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.returnNr, returnNr), eq(returns.orderId, orderId)))
    .for('update');
  if (!row) throw new NotFoundError(localized('admin.api.returnNotFound'));
  const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
  return { row, lines };
}

export interface ReceiveOutcome extends ActionResult {
  returnId: number;
}

export async function receiveReturn(
  db: Db,
  input: {
    orderNr: string;
    returnNr: string;
    actorId: number;
    lines: readonly { order_item_id: number; restock: boolean }[];
  },
): Promise<ReceiveOutcome> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'receive return');
  return transaction(db, async (tx) => {
    const { order } = await lockOrder(tx, input.orderNr);
    const { row, lines } = await lockReturn(tx, order.id, input.returnNr);
    if (row.status !== 'requested') {
      if (row.status === 'rejected') throw new ConflictError(localized('admin.api.returnRejected'));
      return {
        orderId: order.id,
        returnId: row.id,
        changed: false,
        message: localized('admin.api.returnAlreadyReceived'),
      };
    }
    const ours = new Set(lines.map((l) => l.orderItemId));
    const strangers = input.lines.filter((l) => !ours.has(l.order_item_id));
    if (strangers.length > 0) {
      const message = localized('admin.api.returnLineUnknown', { line: strangers[0]!.order_item_id });
      throw new InvalidInputError(message, { lines: [message] });
    }
    const restock = new Map(input.lines.map((l) => [l.order_item_id, l.restock]));
    for (const line of lines)
      await tx
        .update(returnLines)
        .set({ restock: restock.get(line.orderItemId) ?? false })
        .where(eq(returnLines.id, line.id));
    const back = lines
      .filter((l) => restock.get(l.orderItemId))
      .map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity }));
    if (back.length > 0) {
      const refused = await restockOrderLines(tx, order.id, back);
      if (refused.length > 0) throw new ConflictError(localized('admin.api.returnRestockDone'));
    }
    await tx
      .update(returns)
      .set({ status: 'received', receivedAt: sql`now()`, receivedBy: input.actorId })
      .where(eq(returns.id, row.id));
    const units = back.reduce((s, l) => s + l.quantity, 0);
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: input.actorId,
      type: 'return_received',
      message: `Return ${row.returnNr} received.${units === 0 ? '' : ` ${units === 1 ? '1 unit' : `${units} units`} back in stock.`}`,
      before: { return_status: 'requested' },
      after: {
        return_nr: row.returnNr,
        return_status: 'received',
        restocked: back.map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })),
      },
    });
    return { orderId: order.id, returnId: row.id, changed: true, message: localized('admin.api.returnReceived') };
  });
}

export interface ReturnRefundOutcome extends RefundOutcome {
  returnId: number;
}

/** Refunds a received return's lines (their restock was decided on receipt); a repeat answers the refund made. */
export async function refundReturn(
  db: Db,
  input: {
    orderNr: string;
    returnNr: string;
    actorId: number;
    destination: RefundDestination;
    reference?: string;
    reason?: string;
  },
): Promise<ReturnRefundOutcome> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'refund return');
  const outcome = await transaction(
    db,
    async (tx): Promise<{ refund: RefundRow; changed: boolean; failure?: string; returnId: number }> => {
      const locked = await lockOrder(tx, input.orderNr);
      const { row, lines } = await lockReturn(tx, locked.order.id, input.returnNr);
      if (row.status === 'refunded') {
        const [made] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.returnId, row.id), ne(refunds.status, 'failed')));
        if (made) return { refund: made, changed: false, returnId: row.id };
      }
      if (row.status === 'requested') throw new ConflictError(localized('admin.api.returnNotReceived'));
      if (row.status === 'rejected') throw new ConflictError(localized('admin.api.returnRejected'));
      const made = await refundLocked(tx, locked, {
        actorId: input.actorId,
        destination: input.destination,
        reference: input.reference,
        reason: input.reason ?? `Return ${row.returnNr}`,
        lines: lines.map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })),
        returnId: row.id,
      });
      if (made.failure === undefined)
        await tx
          .update(returns)
          .set({ status: 'refunded', refundedAt: sql`now()` })
          .where(eq(returns.id, row.id));
      return { ...made, returnId: row.id };
    },
  );
  return { ...(await refundOutcome(db, outcome)), returnId: outcome.returnId };
}
