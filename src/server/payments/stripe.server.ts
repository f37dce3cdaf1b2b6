/**
 * Card payments through Stripe Checkout (ADR 024): the hosted payment page is a Checkout Session
 * opened after the order is placed; the order settles only from Stripe's signed webhook; refunds
 * and the 30-minute expiry go through the API. STRIPE_API_BASE points the client elsewhere (the
 * tests' local fake).
 */
import { minorDigits } from '@/lib/money';
import Stripe from 'stripe';
import { config, type Config } from '../config';
import type { CardRefunder } from './card-refunds.server';

/** payments.provider of a Stripe payment. */
export const STRIPE_PROVIDER = 'stripe';

/** Stripe's minimum; the shop's own job fails an unpaid card order at 30 minutes as well. */
export const SESSION_MINUTES = 31;

let cached: { key: string; client: Stripe } | null = null;

export function stripeClient(cfg: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'> = config()): Stripe {
  const key = `${cfg.STRIPE_SECRET_KEY}|${cfg.STRIPE_API_BASE ?? ''}`;
  if (cached?.key === key) return cached.client;
  const base = cfg.STRIPE_API_BASE ? new URL(cfg.STRIPE_API_BASE) : null;
  const options: ConstructorParameters<typeof Stripe>[1] = { timeout: 10_000, maxNetworkRetries: 1 };
  if (base)
    Object.assign(options, {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol.replace(':', ''),
    });
  const client = new Stripe(cfg.STRIPE_SECRET_KEY ?? '', options);
  cached = { key, client };
  return client;
}

/** Currencies Stripe counts in whole units (no minor unit); the shop's amounts are minor units. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/**
 * Stripe's decimals for a currency: none for its zero-decimal ones (JPY), else at least 2 (it
 * counts ISK, ISO 0 decimals, in hundredths; KWD, ISO 3, in thousandths).
 */
function stripeDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : Math.max(2, minorDigits(currency));
}

/** The shop keeps amounts in ISO minor units (whole yen for JPY, ADR 034); Stripe in its own (above). */
export function toStripeAmount(cents: number, currency: string): number {
  const shift = stripeDigits(currency) - minorDigits(currency);
  return shift >= 0 ? cents * 10 ** shift : Math.round(cents / 10 ** -shift);
}

export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeDigits(currency) - minorDigits(currency);
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}

export interface SessionInput {
  paymentId: string;
  orderNr: string;
  amountCents: number;
  currency: string;
  email: string;
  /** Where Stripe sends the shopper back: the shop's waiting page, and where "back" goes. */
  successUrl: string;
  cancelUrl: string;
  now?: Date;
}

/**
 * Opens the hosted payment page. The payment id is the idempotency key, so a retried call (a
 * network error after Stripe created it) answers the same session.
 */
export async function openCheckoutSession(input: SessionInput): Promise<{ id: string; url: string }> {
  const now = input.now ?? new Date();
  const session = await stripeClient().checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: toStripeAmount(input.amountCents, input.currency),
            product_data: { name: `Order ${input.orderNr}` },
          },
        },
      ],
      customer_email: input.email,
      client_reference_id: input.paymentId,
      metadata: { payment_id: input.paymentId, order_nr: input.orderNr },
      payment_intent_data: { metadata: { payment_id: input.paymentId, order_nr: input.orderNr } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(now.getTime() / 1000) + SESSION_MINUTES * 60,
    },
    { idempotencyKey: `session-${input.paymentId}` },
  );
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
  return { id: session.id, url: session.url };
}

/** Closes a session nobody may pay any more; one that already completed or expired is left as it is. */
export async function expireCheckoutSession(sessionId: string): Promise<'expired' | 'not-open'> {
  try {
    await stripeClient().checkout.sessions.expire(sessionId);
    return 'expired';
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return 'not-open';
    throw error;
  }
}

/** Refunds to the card through POST /v1/refunds on the PaymentIntent the webhook recorded. */
export const stripeRefund: CardRefunder = async (_db, input) => {
  if (!input.providerRef?.startsWith('pi_'))
    return { status: 'failed', error: 'The Stripe payment has no PaymentIntent to refund.' };
  try {
    const refund = await stripeClient().refunds.create(
      {
        payment_intent: input.providerRef,
        amount: toStripeAmount(input.amountCents, input.currency),
        metadata: { payment_id: input.paymentId },
      },
      { idempotencyKey: `refund-${input.idempotencyKey}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      return { status: 'failed', error: `Stripe refund ${refund.id} ${refund.status}.` };
    return { status: refund.status === 'succeeded' ? 'succeeded' : 'pending', refundRef: refund.id };
  } catch (error) {
    return {
      status: 'failed',
      error: error instanceof Stripe.errors.StripeError ? `Stripe: ${error.message}` : 'Stripe could not be reached.',
    };
  }
};

/** Verifies Stripe-Signature (HMAC of the raw body, 5-minute replay window); throws when it fails. */
export function verifiedEvent(
  raw: string,
  signature: string | undefined,
  cfg: Pick<Config, 'STRIPE_WEBHOOK_SECRET'> = config(),
): Stripe.Event {
  return Stripe.webhooks.constructEvent(raw, signature ?? '', cfg.STRIPE_WEBHOOK_SECRET ?? '', 300);
}
