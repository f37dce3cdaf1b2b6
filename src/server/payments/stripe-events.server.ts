/**
 * Stripe's webhook events (ADR 024), each processed once: the event row (unique per provider and
 * event id) and the settlement it causes are written in one transaction, so a redelivered event
 * finds its row and does nothing, two deliveries at once wait for each other on the unique index,
 * and a settlement that fails leaves no row behind (Stripe delivers the event again).
 */
import { sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { paymentEvents, payments } from '../db/schema/index';
import { type SettleInput, type Settled, settlePayment } from '../services/orders/settlement.server';
import { fromStripeAmount, STRIPE_PROVIDER } from './stripe.server';

export type StripeEventResult =
  { result: 'duplicate' } | { result: 'ignored'; why: string } | { result: 'processed'; settled: Settled };

const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sessionPaymentId(session: Stripe.Checkout.Session): string | null {
  const id = session.client_reference_id ?? session.metadata?.payment_id ?? null;
  return id && PAYMENT_ID.test(id) ? id : null;
}

/** What an event means for the shop's payment, or why it means nothing. */
export function settlementOf(
  event: Stripe.Event,
): { input: SettleInput; paymentIntent: string | null } | { ignore: string } {
  const paid = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
  const failed = event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed';
  if (!paid && !failed) return { ignore: `not a payment outcome (${event.type})` };
  const session = event.data.object as Stripe.Checkout.Session;
  const paymentId = sessionPaymentId(session);
  if (!paymentId) return { ignore: 'no shop payment id on the session' };
  // A completed session whose payment method settles later (e.g. a bank debit) is not paid yet.
  if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid')
    return { ignore: `completed, payment ${session.payment_status}` };
  const currency = (session.currency ?? '').toUpperCase();
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  return {
    input: {
      paymentId,
      outcome: paid ? 'succeeded' : 'declined',
      amountCents: fromStripeAmount(session.amount_total ?? -1, currency),
      currency,
    },
    paymentIntent: paid ? paymentIntent : null,
  };
}

export async function processStripeEvent(db: Db, event: Stripe.Event, log?: Logger): Promise<StripeEventResult> {
  const meaning = settlementOf(event);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(paymentEvents)
      .values({
        provider: STRIPE_PROVIDER,
        eventId: event.id,
        type: event.type,
        paymentId: 'input' in meaning ? meaning.input.paymentId : null,
        payload: event as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!row) return { result: 'duplicate' as const };
    if ('ignore' in meaning) {
      await tx
        .update(paymentEvents)
        .set({ outcome: `ignored: ${meaning.ignore}`, processedAt: sql`now()` })
        .where(sql`${paymentEvents.id} = ${row.id}`);
      return { result: 'ignored' as const, why: meaning.ignore };
    }
    const [payment] = await tx
      .select({ id: payments.id, provider: payments.provider })
      .from(payments)
      .where(sql`${payments.id} = ${meaning.input.paymentId}`);
    if (!payment || payment.provider !== STRIPE_PROVIDER) {
      await tx
        .update(paymentEvents)
        .set({ paymentId: null, outcome: 'ignored: no such Stripe payment', processedAt: sql`now()` })
        .where(sql`${paymentEvents.id} = ${row.id}`);
      return { result: 'ignored' as const, why: 'no such Stripe payment' };
    }
    const settled = await settlePayment(tx, meaning.input, log);
    if (meaning.paymentIntent) {
      // Refunds go to the PaymentIntent; the session id stays in the event's payload.
      await tx
        .update(payments)
        .set({ providerRef: meaning.paymentIntent })
        .where(sql`${payments.id} = ${payment.id}`);
    }
    await tx
      .update(paymentEvents)
      .set({ orderId: settled.orderId ?? null, outcome: settled.result, processedAt: sql`now()` })
      .where(sql`${paymentEvents.id} = ${row.id}`);
    return { result: 'processed' as const, settled };
  });
}
