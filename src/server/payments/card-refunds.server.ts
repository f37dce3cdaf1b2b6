/**
 * Refunds to a card go back through the provider that took the payment (payments.provider), not
 * the one configured now: a demo payment is refunded by the demo gateway even after the shop
 * switched to Stripe (ADR 023).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { demoGatewayCharges } from '../db/schema/index';
import { STRIPE_PROVIDER, stripeRefund } from './stripe.server';

export interface CardRefundInput {
  paymentId: string;
  /** The provider's id of the payment (Stripe: the PaymentIntent); null for the demo gateway. */
  providerRef: string | null;
  /** Minor units of `currency`, the payment's currency. */
  amountCents: number;
  currency: string;
  /** Sent to the provider so a retried refund is not paid twice. */
  idempotencyKey: string;
}

export type CardRefundResult =
  { status: 'succeeded' | 'pending'; refundRef: string } | { status: 'failed'; error: string };

export type CardRefunder = (db: Db, input: CardRefundInput) => Promise<CardRefundResult>;

/** The demo gateway's ledger gives back at most what it took. */
const demoRefund: CardRefunder = async (db, input) => {
  const [charge] = await db
    .update(demoGatewayCharges)
    .set({ refundedCents: sql`${demoGatewayCharges.refundedCents} + ${input.amountCents}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(demoGatewayCharges.paymentId, input.paymentId),
        eq(demoGatewayCharges.state, 'succeeded'),
        eq(demoGatewayCharges.currency, input.currency),
        sql`${demoGatewayCharges.refundedCents} + ${input.amountCents} <= ${demoGatewayCharges.amountCents}`,
      ),
    )
    .returning({ refunded: demoGatewayCharges.refundedCents });
  if (!charge) return { status: 'failed', error: 'The demo gateway has no paid charge with that much left to refund.' };
  return { status: 'succeeded', refundRef: `demo_re_${input.idempotencyKey}` };
};

/** By payments.provider. */
const refunders: Record<string, CardRefunder> = { 'demo-card': demoRefund, [STRIPE_PROVIDER]: stripeRefund };

export function cardRefunderFor(provider: string): CardRefunder | null {
  return refunders[provider] ?? null;
}
