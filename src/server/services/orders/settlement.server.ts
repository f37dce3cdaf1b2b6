/**
 * The shop's side of a payment outcome. Called from the gateway's signed webhook (never from the
 * shopper's browser), and by the expiry job. Every path is idempotent: the payment row is locked
 * and a payment that already has its outcome is left alone, so a replayed notification changes
 * nothing.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { orders, payments, users } from '../../db/schema/index';
import { releaseOrderStock } from './stock.server';

export type SettleOutcome = 'succeeded' | 'declined';
export type SettleResult = 'settled' | 'already-settled' | 'unknown-payment' | 'amount-mismatch';

const FINAL = new Set(['succeeded', 'declined', 'failed']);

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

export async function settlePayment(db: Db, input: SettleInput, log?: Logger): Promise<Settled> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
    if (!payment) return { result: 'unknown-payment' as const };
    if (FINAL.has(payment.status)) return { result: 'already-settled' as const, orderId: payment.orderId };
    if (payment.amountCents !== input.amountCents || payment.currency !== input.currency) {
      log?.error({ paymentId: payment.id, expected: [payment.amountCents, payment.currency], got: [input.amountCents, input.currency] }, 'payment amount mismatch');
      await tx.update(payments).set({ status: 'failed', lastError: 'amount mismatch', updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      await failOrder(tx, payment.orderId);
      return { result: 'amount-mismatch' as const, orderId: payment.orderId };
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) return { result: 'unknown-payment' as const };

    if (input.outcome === 'declined') {
      await tx.update(payments).set({ status: 'declined', settledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      await failOrder(tx, order.id);
      return { result: 'settled' as const, orderId: order.id };
    }

    await tx.update(payments).set({ status: 'succeeded', settledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
    if (order.status !== 'Pending') {
      // Paid after the order was given up (expired): keep the record for a refund.
      log?.error({ orderId: order.id, status: order.status }, 'payment succeeded for an order that is no longer pending');
      await tx.update(payments).set({ lastError: `paid while order was ${order.status}: refund needed` }).where(eq(payments.id, payment.id));
      return { result: 'settled' as const, orderId: order.id };
    }
    await tx.update(orders).set({ status: 'Success', paidAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    if (order.kind === 'top_up' && order.userId !== null) {
      await tx.update(users).set({ balanceCents: sql`${users.balanceCents} + ${order.finalCents}` }).where(eq(users.id, order.userId));
    }
    return { result: 'settled' as const, orderId: order.id, paidOrderId: order.id };
  });
}

/** Pending → Failed and the units back on the shelf (only a pending order is touched). */
export async function failOrder(tx: Db, orderId: number): Promise<boolean> {
  const [failed] = await tx
    .update(orders)
    .set({ status: 'Failed', updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'Pending')))
    .returning({ id: orders.id });
  if (!failed) return false;
  await releaseOrderStock(tx, orderId);
  return true;
}

/** Card orders not paid within this time are failed and release their stock. */
export const PENDING_CARD_ORDER_TTL_MINUTES = 30;

/** The expiry job: returns the ids of the orders it failed. */
export async function expirePendingCardOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - PENDING_CARD_ORDER_TTL_MINUTES * 60_000);
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'Pending'), eq(orders.paymentMethod, 'card'), lt(orders.createdAt, cutoff)));
  const failed: number[] = [];
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      const ok = await failOrder(tx, id);
      if (ok) {
        await tx
          .update(payments)
          .set({ status: 'failed', lastError: 'expired unpaid', updatedAt: sql`now()` })
          .where(and(eq(payments.orderId, id), sql`${payments.status} in ('created', 'requires_action')`));
      }
      return ok;
    });
    if (done) failed.push(id);
  }
  return failed;
}
