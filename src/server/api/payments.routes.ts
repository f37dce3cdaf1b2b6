import { z } from 'zod';
import { webhookSecret } from '../payments/demo-gateway.server';
import type Stripe from 'stripe';
import { cardProvider, demoGatewayEnabled } from '../payments/provider';
import { processStripeEvent } from '../payments/stripe-events.server';
import { verifiedEvent } from '../payments/stripe.server';
import { SIGNATURE_HEADER, verifySignature } from '../payments/webhook-signature';
import { sendOrderConfirmation } from '../services/orders/confirmation-mail';
import { paymentStatusFor } from '../services/orders/payment-status.server';
import { settlePayment } from '../services/orders/settlement.server';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError, notFound } from './errors';
import { paymentNotification } from '@/lib/contract/purchasing';

/** Where the gateway's notifications arrive (exempt from CSRF: the signature is the proof). */
export const DEMO_WEBHOOK_PATH = '/api/payments/demo/webhook';
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

export const paymentsApp = createRouter()
  .post('/demo/webhook', async (c) => {
    // Off (production default): as if the route did not exist, whatever the signature.
    if (!demoGatewayEnabled()) return notFound(c);
    const raw = await c.req.text();
    if (!verifySignature(await webhookSecret(c.var.db), raw, c.req.header(SIGNATURE_HEADER))) {
      throw new HttpError(400, 'Invalid signature.');
    }
    let parsed: z.infer<typeof paymentNotification>;
    try {
      parsed = paymentNotification.parse(JSON.parse(raw));
    } catch {
      throw new HttpError(422, 'Malformed notification.');
    }
    const settled = await settlePayment(
      c.var.db,
      {
        paymentId: parsed.payment_id,
        outcome: parsed.outcome,
        amountCents: parsed.amount_cents,
        currency: parsed.currency,
      },
      c.var.log,
    );
    c.var.log.info(
      { paymentId: parsed.payment_id, outcome: parsed.outcome, result: settled.result },
      'payment notification',
    );
    if (settled.result === 'unknown-payment') throw new HttpError(404, 'Unknown payment.');
    if (settled.paidOrderId !== undefined) {
      await sendOrderConfirmation(c.var.db, settled.paidOrderId, c.var.log);
    }
    return ok(c, { result: settled.result });
  })

  /** Stripe's events (ADR 024): verified, stored once, settled in the same transaction. */
  .post('/stripe/webhook', async (c) => {
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = verifiedEvent(raw, c.req.header('Stripe-Signature'));
    } catch {
      c.var.log.warn('Stripe webhook with a bad signature');
      throw new HttpError(400, 'Invalid signature.');
    }
    // Without STRIPE_WEBHOOK_SECRET nothing verifies; with it but another provider: as if absent.
    if (cardProvider() !== 'stripe') return notFound(c);
    const outcome = await processStripeEvent(c.var.db, event, c.var.log);
    c.var.log.info({ event: event.id, type: event.type, result: outcome.result }, 'Stripe event');
    if (outcome.result === 'processed' && outcome.settled.paidOrderId !== undefined) {
      await sendOrderConfirmation(c.var.db, outcome.settled.paidOrderId, c.var.log);
    }
    return ok(c, { result: outcome.result });
  })

  /**
   * What the waiting page polls: the order's state as the shop knows it (never what the browser
   * says). Only the buyer may read it; the payment id is unguessable besides.
   */
  .get('/:id/status', async (c) => {
    const status = await paymentStatusFor(c.var.db, c.req.param('id'), c.var.user?.id ?? null);
    if (!status) throw new HttpError(404, 'Unknown payment.');
    c.header('Cache-Control', 'no-store');
    return ok(c, { state: status.state, order_nr: status.orderNr, order_status: status.orderStatus });
  });
