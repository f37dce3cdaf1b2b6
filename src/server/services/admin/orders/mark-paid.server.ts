/**
 * Mark paid (ADR 023): staff confirm that a phone order's money arrived. It settles through the
 * gateway's own success path (settleSucceeded), so the order, the timeline and the confirmation
 * mail are exactly those of a card payment; a repeat finds the order paid and changes nothing.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { payments as paymentRows } from '@/server/db/schema/index';
import { ConflictError } from '@/server/services/errors';
import { isOpenPayment, settleSucceeded } from '@/server/services/orders/settlement.server';
import { completeDocuments } from '@/server/services/invoices/issue.server';
import { type ActionResult, lockOrder, refuseOwnOrder } from './lock.server';

const PAID = new Set(['Success', 'Shipped', 'Refunded']);

export async function markPaid(
  db: Db,
  input: { orderNr: string; actorId: number },
): Promise<ActionResult & { paidOrderId?: number }> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'mark_paid');
  const done = await transaction(db, async (tx) => {
    const { order, payments } = await lockOrder(tx, input.orderNr);
    if (PAID.has(order.status))
      return { orderId: order.id, changed: false, message: localized('admin.api.orderAlreadyPaid') };
    if (order.status !== 'Pending')
      throw new ConflictError(localized('admin.api.markPaidWrongStatus', { status: order.status }));
    if (order.paymentMethod !== 'phone') {
      throw new ConflictError(localized('admin.api.markPaidCard'));
    }
    // Phone orders placed before checkout opened a payment row for them (the demo seed's) get
    // theirs now: the money arrived by phone, and the row records it like any other payment.
    const payment =
      payments.find(isOpenPayment) ??
      (
        await tx
          .insert(paymentRows)
          .values({
            orderId: order.id,
            provider: 'phone',
            amountCents: order.convertedFinalCents,
            currency: order.currency,
          })
          .returning()
      )[0]!;
    const settled = await settleSucceeded(tx, payment, order, {
      actorId: input.actorId,
      type: 'marked_paid',
      message: 'Marked paid: the phone payment was received.',
    });
    return {
      orderId: order.id,
      changed: true,
      message: localized('admin.api.orderMarkedPaid'),
      paidOrderId: settled.paidOrderId,
    };
  });
  // The invoice issued with the payment gets its PDF now that the payment is committed (ADR 032).
  if (done.paidOrderId !== undefined) await completeDocuments(db, done.orderId);
  return done;
}
