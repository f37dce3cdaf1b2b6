/**
 * The one seam between the shop's orders and the card provider (ADR 024). New card payments go to
 * the provider configured now (PAYMENT_PROVIDER); a payment already made stays with the provider
 * that took it (payments.provider). The demo gateway opens its charge inside the order's
 * transaction (it is the shop's own table); Stripe's session is an outside call made after the
 * commit, so no stock lock is held across the network.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Logger } from 'pino';
import { config } from '../config';
import type { Db } from '../db/client';
import { orders, payments } from '../db/schema/index';
import { recordOrderEvent } from '../services/orders/order-events.server';
import { failOrder } from '../services/orders/settlement.server';
import { openCharge } from './demo-gateway.server';
import { cardProvider } from './provider';
import { expireCheckoutSession, openCheckoutSession, STRIPE_PROVIDER } from './stripe.server';

export const DEMO_CARD_PROVIDER = 'demo-card';

/** payments.provider for a new card payment. */
export function newCardPaymentProvider(): string {
  return cardProvider() === 'stripe' ? STRIPE_PROVIDER : DEMO_CARD_PROVIDER;
}

export interface CardPaymentOpening {
  paymentId: string;
  provider: string;
  orderNr: string;
  amountCents: number;
  currency: string;
  description: string;
}

const waitingPage = (paymentId: string) => `${config().PUBLIC_URL}/payment/processing?payment=${paymentId}`;

/** Inside the order's transaction: what the provider needs before the commit (the demo's charge). */
export async function openInTransaction(tx: Db, payment: CardPaymentOpening): Promise<void> {
  if (payment.provider !== DEMO_CARD_PROVIDER) return;
  await openCharge(tx, {
    paymentId: payment.paymentId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    description: payment.description,
    returnUrl: waitingPage(payment.paymentId),
    notifyUrl: `${config().PUBLIC_URL}/api/payments/demo/webhook`,
  });
}

/**
 * After the commit: where the shopper pays. Stripe's session is created with the payment id as
 * idempotency key, so a replayed checkout gets the same page. A payment that is no longer open
 * sends the shopper to the waiting page, which shows its outcome. null: the provider could not
 * open the page; the order has then failed (stock, promo use and cart given back).
 */
export async function paymentPageUrl(db: Db, paymentId: string, log?: Logger): Promise<string | null> {
  const [row] = await db
    .select({
      provider: payments.provider,
      status: payments.status,
      amountCents: payments.amountCents,
      currency: payments.currency,
      orderNr: orders.orderNr,
      email: orders.email,
      kind: orders.kind,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  if (row.provider === DEMO_CARD_PROVIDER) return `/pay/demo/${paymentId}`;
  if (row.status !== 'created' && row.status !== 'requires_action') return `/payment/processing?payment=${paymentId}`;
  try {
    const session = await openCheckoutSession({
      paymentId,
      orderNr: row.orderNr,
      amountCents: row.amountCents,
      currency: row.currency,
      email: row.email,
      successUrl: waitingPage(paymentId),
      cancelUrl: `${config().PUBLIC_URL}${row.kind === 'top_up' ? '/account' : '/cart'}`,
    });
    await db
      .update(payments)
      .set({ providerRef: session.id, updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['created', 'requires_action'])));
    return session.url;
  } catch (error) {
    log?.error({ paymentId, err: error }, 'Stripe did not open a Checkout Session');
    await abandonPayment(db, paymentId, 'The card provider could not open the payment page.');
    return null;
  }
}

/** The provider never opened a page: the order fails at once (stock, promo use and cart back). */
async function abandonPayment(db: Db, paymentId: string, reason: string): Promise<void> {
  await transaction(db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || (payment.status !== 'created' && payment.status !== 'requires_action')) return;
    await tx
      .update(payments)
      .set({ status: 'failed', lastError: reason, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId));
    if (await failOrder(tx, payment.orderId)) {
      await recordOrderEvent(tx, {
        orderId: payment.orderId,
        actorId: null,
        type: 'payment_failed',
        message: reason,
        before: { status: 'Pending' },
        after: { status: 'Failed' },
      });
    }
  });
}

/**
 * After the expiry job failed unpaid card orders: their Stripe sessions are closed too, so nobody
 * pays an order the shop gave up (one that is paid in that instant is recorded for a refund).
 */
export async function closeExpiredSessions(db: Db, orderIds: readonly number[], log?: Logger): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await db
    .select({ id: payments.id, ref: payments.providerRef })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.provider, STRIPE_PROVIDER)));
  let closed = 0;
  for (const row of rows) {
    if (!row.ref?.startsWith('cs_')) continue;
    try {
      if ((await expireCheckoutSession(row.ref)) === 'expired') closed++;
    } catch (error) {
      log?.warn({ paymentId: row.id, err: error }, 'could not expire the Stripe session');
    }
  }
  return closed;
}
