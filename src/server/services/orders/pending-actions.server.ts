/**
 * What a shopper does with an unpaid card order (issue 29, ADR 035): pay it now (a payment page
 * for the same order) or cancel it (its units back on the shelf, its lines back in the cart at
 * once). Each runs in one transaction that locks the order's payment rows and then the order row
 * (the settlement's lock order), so two parallel requests for one order take turns and the second
 * finds what the first did: a second cancel is refused, a second pay-now reuses the first one's
 * payment.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema/index';
import {
  DEMO_CARD_PROVIDER,
  newCardPaymentProvider,
  openInTransaction,
  paymentPageUrl,
} from '@/server/payments/card-gateway.server';
import { expireCheckoutSession } from '@/server/payments/stripe.server';
import { transaction } from '@/server/services/transaction';
import { restoreOrderToCart } from '../cart/cart.server';
import { ConflictError, NotFoundError, UpstreamError } from '../errors';
import { recordOrderEvent } from './order-events.server';
import { releaseOrderHolds } from './settlement.server';

export const ORDER_NOT_FOUND = 'Order not found.';
export const NOT_PENDING_CARD_ORDER = 'This order is no longer waiting for a card payment.';
export const PAYMENT_PAGE_UNAVAILABLE = 'The payment page could not be opened. Please try again later.';

type Payment = typeof payments.$inferSelect;
type Order = typeof orders.$inferSelect;

const OPEN_STATUSES = ['created', 'requires_action'];

/** The customer's pending card order with its payments, both locked; otherwise a 404 or 409. */
async function lockPendingCardOrder(
  tx: Db,
  userId: number,
  orderNr: string,
): Promise<{ order: Order; open: Payment[] }> {
  const [found] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNr, orderNr), eq(orders.userId, userId), eq(orders.kind, 'purchase')));
  if (!found) throw new NotFoundError(ORDER_NOT_FOUND);
  const locked = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, found.id))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .for('update');
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
  if (!order || order.status !== 'Pending' || order.paymentMethod !== 'card')
    throw new ConflictError(NOT_PENDING_CARD_ORDER);
  return { order, open: locked.filter((p) => OPEN_STATUSES.includes(p.status)) };
}

/** Gives the open payments up (the order stays); returns the Stripe sessions to close after the commit. */
async function giveUpPayments(tx: Db, open: readonly Payment[], reason: string): Promise<string[]> {
  if (open.length === 0) return [];
  await tx
    .update(payments)
    .set({ status: 'failed', lastError: reason, updatedAt: sql`now()` })
    .where(
      inArray(
        payments.id,
        open.map((p) => p.id),
      ),
    );
  return open.flatMap((p) => (p.providerRef?.startsWith('cs_') ? [p.providerRef] : []));
}

/** Closes Stripe sessions nobody may pay any more (one paid in that instant is recorded for a refund). */
async function closeSessions(refs: readonly string[], log?: Logger): Promise<void> {
  for (const ref of refs) {
    try {
      await expireCheckoutSession(ref);
    } catch (error) {
      log?.warn({ ref, err: error }, 'could not expire the Stripe session');
    }
  }
}

export interface CancelledOrder {
  orderNr: string;
  /** cart lines added or raised by the order's items */
  restoredLines: number;
}

/** Cancels the customer's pending card order: stock, promo use and cart lines back (once). */
export async function cancelPendingOrder(
  db: Db,
  input: { userId: number; orderNr: string },
  log?: Logger,
): Promise<CancelledOrder> {
  const { refs, restoredLines } = await transaction(db, async (tx) => {
    const { order, open } = await lockPendingCardOrder(tx, input.userId, input.orderNr);
    const closing = await giveUpPayments(tx, open, 'order cancelled by the customer');
    await tx
      .update(orders)
      .set({ status: 'Cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    await releaseOrderHolds(tx, { id: order.id, userId: input.userId, promoCodeId: order.promoCodeId });
    const restored = await restoreOrderToCart(tx, order.id, input.userId);
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: null,
      type: 'cancelled',
      message: 'Cancelled by the customer before payment; the items went back into the cart.',
      before: { status: 'Pending' },
      after: { status: 'Cancelled' },
    });
    return { refs: closing, restoredLines: restored };
  });
  await closeSessions(refs, log);
  return { orderNr: input.orderNr, restoredLines };
}

/**
 * Whether an open payment can be offered again: a demo charge's page stays valid while it is open;
 * a Stripe payment only before its session was opened (a parallel pay-now's), since a session the
 * shopper left may have expired at Stripe while the order still waits.
 */
function reusable(payment: Payment): boolean {
  if (payment.provider !== newCardPaymentProvider()) return false;
  return payment.provider === DEMO_CARD_PROVIDER || payment.providerRef === null;
}

/** A payment page for the customer's pending card order; its URL. */
export async function payPendingOrder(
  db: Db,
  input: { userId: number; orderNr: string },
  log?: Logger,
): Promise<{ orderNr: string; redirectUrl: string }> {
  const { paymentId, refs } = await transaction(db, async (tx) => {
    const { order, open } = await lockPendingCardOrder(tx, input.userId, input.orderNr);
    const current = open.at(-1);
    if (current && reusable(current)) return { paymentId: current.id, refs: [] as string[] };
    const closing = await giveUpPayments(tx, open, 'replaced by a new payment session');
    const provider = newCardPaymentProvider();
    const [payment] = await tx
      .insert(payments)
      .values({ orderId: order.id, provider, amountCents: order.convertedFinalCents, currency: order.currency })
      .returning({ id: payments.id });
    await openInTransaction(tx, {
      paymentId: payment!.id,
      provider,
      orderNr: order.orderNr,
      amountCents: order.convertedFinalCents,
      currency: order.currency,
      description: `Order ${order.orderNr}`,
    });
    return { paymentId: payment!.id, refs: closing };
  });
  await closeSessions(refs, log);
  const url = await paymentPageUrl(db, paymentId, log);
  if (!url) throw new UpstreamError(PAYMENT_PAGE_UNAVAILABLE);
  return { orderNr: input.orderNr, redirectUrl: url };
}

/** The customer's orders waiting for payment, oldest first (the unpaid-orders page, the cart's notice). */
export interface WaitingOrder {
  orderNr: string;
  paymentMethod: 'card' | 'phone';
  createdAt: string;
  /** in the order's currency, minor units */
  totalCents: number;
  currency: string;
  units: number;
}

export async function waitingOrders(db: Db, userId: number): Promise<WaitingOrder[]> {
  const rows = await db
    .select({
      orderNr: orders.orderNr,
      paymentMethod: orders.paymentMethod,
      createdAt: orders.createdAt,
      totalCents: orders.convertedFinalCents,
      currency: orders.currency,
      units: sql<number>`(select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = ${orders.id})`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'purchase'), eq(orders.status, 'Pending')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((r) => ({
    orderNr: r.orderNr,
    paymentMethod: r.paymentMethod === 'phone' ? 'phone' : 'card',
    createdAt: r.createdAt.toISOString(),
    totalCents: r.totalCents,
    currency: r.currency,
    units: Number(r.units),
  }));
}
