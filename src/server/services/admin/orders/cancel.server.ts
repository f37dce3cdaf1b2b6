/**
 * Cancel (ADR 023): an order that has not shipped, unpaid or paid. In one transaction under the
 * order's locks: the open payment is given up (a late success is then recorded as "refund
 * needed", settlement.server.ts), the units and the promo use come back once
 * (releaseOrderHolds, as a failed order's do), and a paid order gets back everything not yet
 * refunded, to the card by default. A provider that refuses undoes the whole cancel.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema/index';
import type { RefundDestination } from '@/lib/contract/admin/orders';
import { formatCents } from '@/lib/money';
import { cardRefunderFor } from '@/server/payments/card-refunds.server';
import { ConflictError, UpstreamError } from '@/server/services/errors';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { releaseOrderHolds } from '@/server/services/orders/settlement.server';
import { type ActionResult, lockOrder, refuseOwnOrder } from './lock.server';
import { type RefundRow, refundWithin } from './refund.server';
import { completeDocuments } from '@/server/services/invoices/issue.server';

export interface CancelOutcome extends ActionResult {
  /** The refund of a paid order, when this call made one. */
  refund?: RefundRow;
}

export async function cancelOrder(
  db: Db,
  input: { orderNr: string; actorId: number; reason: string; refundTo?: RefundDestination; reference?: string },
): Promise<CancelOutcome> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'cancel');
  const done = await transaction(db, async (tx): Promise<CancelOutcome> => {
    const locked = await lockOrder(tx, input.orderNr);
    const { order } = locked;
    if (order.status === 'Cancelled')
      return { orderId: order.id, changed: false, message: localized('admin.api.orderAlreadyCancelled') };
    if (order.status !== 'Pending' && order.status !== 'Success') {
      throw new ConflictError(localized('admin.api.cancelWrongStatus', { status: order.status }));
    }
    if (order.kind !== 'purchase' && order.status === 'Success')
      throw new ConflictError(localized('admin.api.cancelTopUp'));
    const before = { status: order.status, refunded_cents: order.refundedCents, cancelled_at: null };

    let refund: RefundRow | undefined;
    if (order.status === 'Success' && order.finalCents > order.refundedCents) {
      // Back the way it came by default: to the card when a card provider took it, else (a phone
      // payment) to the shop balance.
      const paid = locked.payments.find((p) => p.status === 'succeeded');
      const destination = input.refundTo ?? (paid && cardRefunderFor(paid.provider) ? 'card' : 'balance');
      const made = await refundWithin(
        tx,
        locked,
        input.actorId,
        { destination, reason: input.reason, reference: input.reference },
        { withEvent: false },
      );
      if (made.failure !== undefined)
        throw new UpstreamError(localized('admin.api.cancelRefundRefused', { failure: made.failure }));
      refund = made.refund;
    }
    const openIds = locked.payments
      .filter((p) => p.status === 'created' || p.status === 'requires_action')
      .map((p) => p.id);
    if (openIds.length > 0) {
      await tx
        .update(payments)
        .set({ status: 'failed', lastError: 'order cancelled by staff', updatedAt: sql`now()` })
        .where(inArray(payments.id, openIds));
    }
    await tx
      .update(orders)
      .set({ status: 'Cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    // After the refund (which may lock the customer's row): customer row, then stock, then promo.
    await releaseOrderHolds(tx, { id: order.id, userId: order.userId, promoCodeId: order.promoCodeId });
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: input.actorId,
      type: 'cancelled',
      message: refund ? `Cancelled; ${refundText(refund)}` : 'Cancelled; the items were released.',
      before,
      after: {
        status: 'Cancelled',
        refunded_cents: order.refundedCents,
        reason: input.reason,
        ...(refund ? { refund_id: refund.id } : {}),
      },
    });
    return { orderId: order.id, changed: true, message: localized('admin.api.orderCancelled'), refund };
  });
  // A paid order's credit note gets its PDF now that the cancel is committed (ADR 032).
  if (done.refund) await completeDocuments(db, done.orderId);
  return done;
}

function refundText(refund: RefundRow): string {
  const amount = formatCents(refund.amountCents, 'EUR', 'en');
  if (refund.destination === 'external')
    return `${amount} paid back outside the shop (reference ${refund.reference ?? ''}).`;
  return refund.destination === 'card' ? `${amount} refunded to the card.` : `${amount} credited to the shop balance.`;
}
