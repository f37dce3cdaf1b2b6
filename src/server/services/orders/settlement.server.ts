/**
 * The shop's side of a payment outcome. Called from the gateway's signed webhook (never from the
 * shopper's browser), by the expiry job, and by staff marking a phone order paid (through
 * settleSucceeded, the same path as the webhook's success). Every path is idempotent: the payment
 * row is locked and a payment that already has its outcome is left alone, so a replayed
 * notification changes nothing; the one exception is a success for a payment the shop had given
 * up, which is recorded (refund needed) rather than lost. Each outcome writes its order_events row.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orders, payments, promoCodes } from '@/server/db/schema/index';
import { changeBalance } from '../customers/ledger.server';
import { lockCart, restoreOrderToCart } from '../cart/cart.server';
import { recordOrderEvent } from './order-events.server';
import { releaseOrderStock } from './stock.server';
import { issueInvoice } from '@/server/services/invoices/issue.server';

export type SettleOutcome = 'succeeded' | 'declined';
export type SettleResult = 'settled' | 'already-settled' | 'unknown-payment' | 'amount-mismatch';

const FINAL = new Set(['succeeded', 'declined', 'failed']);
const OPEN = ['created', 'requires_action'] as const;

export interface SettleInput {
  paymentId: string;
  outcome: SettleOutcome;
  amountCents: number;
  currency: string;
}

export interface Settled {
  result: SettleResult;
  orderId?: number;
  /** Set when this call marked the order paid (the caller mails the confirmation then). */
  paidOrderId?: number;
}

type Payment = typeof payments.$inferSelect;
type Order = typeof orders.$inferSelect;

export async function settlePayment(db: Db, input: SettleInput, log?: Logger): Promise<Settled> {
  return transaction(db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
    if (!payment) return { result: 'unknown-payment' as const };
    const amountMatches = payment.amountCents === input.amountCents && payment.currency === input.currency;
    // The shop gave the payment up (expired, or staff cancelled the order) but the provider took
    // the money anyway: it is recorded as paid with "refund needed", never dropped.
    const lateSuccess = payment.status === 'failed' && input.outcome === 'succeeded' && amountMatches;
    if (FINAL.has(payment.status) && !lateSuccess)
      return { result: 'already-settled' as const, orderId: payment.orderId };
    if (!amountMatches) {
      log?.error(
        {
          paymentId: payment.id,
          expected: [payment.amountCents, payment.currency],
          got: [input.amountCents, input.currency],
        },
        'payment amount mismatch',
      );
      await tx
        .update(payments)
        .set({ status: 'failed', lastError: 'amount mismatch', updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      if (await failOrder(tx, payment.orderId)) {
        await recordOrderEvent(tx, {
          orderId: payment.orderId,
          actorId: null,
          type: 'payment_failed',
          message: 'The gateway reported a different amount; the order failed.',
        });
      }
      return { result: 'amount-mismatch' as const, orderId: payment.orderId };
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) return { result: 'unknown-payment' as const };

    if (input.outcome === 'declined') {
      await tx
        .update(payments)
        .set({ status: 'declined', settledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      if (await failOrder(tx, order.id)) {
        await recordOrderEvent(tx, {
          orderId: order.id,
          actorId: null,
          type: 'payment_failed',
          message: 'The card payment was declined.',
          before: { status: 'Pending' },
          after: { status: 'Failed' },
        });
      }
      return { result: 'settled' as const, orderId: order.id };
    }
    return settleSucceeded(
      tx,
      payment,
      order,
      { actorId: null, type: 'paid', message: 'Paid through the card gateway.' },
      log,
    );
  });
}

/**
 * A payment succeeded: the one path for the gateway's notification and for staff marking a phone
 * order paid (ADR 023). The caller holds the payment and order row locks (in that order) and
 * mails the confirmation when `paidOrderId` is set, after the commit.
 */
export async function settleSucceeded(
  tx: Db,
  payment: Payment,
  order: Order,
  how: { actorId: number | null; type: 'paid' | 'marked_paid'; message: string },
  log?: Logger,
): Promise<Settled> {
  await tx
    .update(payments)
    .set({ status: 'succeeded', settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  if (order.status !== 'Pending') {
    // Paid after the order was given up (expired, cancelled): keep the record for a refund.
    log?.error({ orderId: order.id, status: order.status }, 'payment succeeded for an order that is no longer pending');
    const note = `paid while order was ${order.status}: refund needed`;
    await tx.update(payments).set({ lastError: note }).where(eq(payments.id, payment.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: how.actorId,
      type: 'payment_after_close',
      internal: true,
      message: `Payment ${payment.id} succeeded after the order was ${order.status}: refund needed.`,
    });
    return { result: 'settled' as const, orderId: order.id };
  }
  await tx
    .update(orders)
    .set({ status: 'Success', paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  if (order.kind === 'top_up' && order.userId !== null) {
    await changeBalance(tx, {
      userId: order.userId,
      deltaCents: order.finalCents,
      kind: 'top_up',
      orderId: order.id,
      reason: `Top-up ${order.orderNr}`,
    });
  }
  await recordOrderEvent(tx, {
    orderId: order.id,
    actorId: how.actorId,
    type: how.type,
    message: how.message,
    before: { status: 'Pending', paid_at: null },
    after: { status: 'Success' },
  });
  // The invoice is numbered in this transaction (ADR 032): a rolled-back payment gives its number back.
  if (order.kind === 'purchase') await issueInvoice(tx, order.id);
  return { result: 'settled' as const, orderId: order.id, paidOrderId: order.id };
}

/** The payments of an order still waiting for their outcome. */
export function isOpenPayment(payment: Pick<Payment, 'status'>): boolean {
  return (OPEN as readonly string[]).includes(payment.status);
}

/**
 * Pending → Failed, once: the units go back on the shelf, the promo code's use is given back
 * (the order was never paid; the customer may use the code again), and a card purchase's lines
 * go back into the customer's cart so "Try Again" works (ADR 012). Lock order as in checkout:
 * the customer's row before stock rows, so the two never deadlock. Only a pending order is
 * touched; a second call (replayed decline, the expiry job) changes nothing.
 */
export async function failOrder(tx: Db, orderId: number): Promise<boolean> {
  const [failed] = await tx
    .update(orders)
    .set({ status: 'Failed', updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'Pending')))
    .returning({
      id: orders.id,
      userId: orders.userId,
      kind: orders.kind,
      paymentMethod: orders.paymentMethod,
      promoCodeId: orders.promoCodeId,
    });
  if (!failed) return false;
  await releaseOrderHolds(tx, { id: orderId, userId: failed.userId, promoCodeId: failed.promoCodeId });
  if (failed.userId !== null && failed.kind === 'purchase' && failed.paymentMethod === 'card') {
    await restoreOrderToCart(tx, orderId, failed.userId);
  }
  return true;
}

/**
 * What an order that will not be delivered gives back: its units (once, the stock_released
 * guard) and its promo code's use. The caller has moved the order out of Pending/Success under its
 * row lock, which makes this run once per order; the customer's row is locked before the stock
 * rows (ADR 012 lock order).
 */
export async function releaseOrderHolds(
  tx: Db,
  order: { id: number; userId: number | null; promoCodeId: number | null },
): Promise<void> {
  if (order.userId !== null) await lockCart(tx, order.userId);
  await releaseOrderStock(tx, order.id);
  if (order.promoCodeId !== null) {
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
      .where(eq(promoCodes.id, order.promoCodeId));
  }
}

/** Card orders not paid within this time are failed and release their stock. */
export const PENDING_CARD_ORDER_TTL_MINUTES = 30;

/**
 * Fails one unpaid order that has waited too long. The payment row is locked first, as the
 * settlement does, so a notification arriving at the same moment waits instead of deadlocking.
 */
async function expireOrder(db: Db, orderId: number): Promise<boolean> {
  return transaction(db, async (tx) => {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).for('update');
    const ok = await failOrder(tx, orderId);
    if (ok) {
      await recordOrderEvent(tx, {
        orderId,
        actorId: null,
        type: 'expired',
        message: 'Not paid in time; the items were released.',
        before: { status: 'Pending' },
        after: { status: 'Failed' },
      });
      await tx
        .update(payments)
        .set({ status: 'failed', lastError: 'expired unpaid', updatedAt: sql`now()` })
        .where(and(eq(payments.orderId, orderId), sql`${payments.status} in ('created', 'requires_action')`));
    }
    return ok;
  });
}

async function expirePending(db: Db, method: 'card' | 'phone', cutoff: Date): Promise<number[]> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'Pending'), eq(orders.paymentMethod, method), lt(orders.createdAt, cutoff)))
    .orderBy(orders.id);
  const failed: number[] = [];
  for (const { id } of stale) if (await expireOrder(db, id)) failed.push(id);
  return failed;
}

/** The expiry job for card orders: returns the ids of the orders it failed. */
export async function expirePendingCardOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  return expirePending(db, 'card', new Date(now.getTime() - PENDING_CARD_ORDER_TTL_MINUTES * 60_000));
}

/**
 * Phone orders wait for the shop to confirm the payment, but not for ever: after `hours`
 * (PHONE_ORDER_EXPIRY_HOURS) they fail and release their stock. Returns the ids failed by this
 * call (each exactly once across calls and instances: the caller mails those customers).
 */
export async function expirePendingPhoneOrders(db: Db, hours: number, now: Date = new Date()): Promise<number[]> {
  return expirePending(db, 'phone', new Date(now.getTime() - hours * 3_600_000));
}
