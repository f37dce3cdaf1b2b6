/**
 * The built-in demo card gateway (docs/architecture.md "Orders, stock, payments"): a hosted payment page at
 * /pay/demo/<payment id> that plays the part of an outside provider. It keeps its own ledger
 * (demo_gateway_charges) and tells the shop the outcome only through a signed server-to-server
 * notification; the shopper's browser is merely sent back to the shop's waiting page.
 */
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { safeRedirect } from '@/lib/redirect';
import { config } from '../config';
import type { Db } from '../db/client';
import { demoGatewayCharges, payments } from '../db/schema/index';
import { hmacHex } from '../services/auth/crypto';
import { linkSigningKey } from '../services/auth/secrets';
import { demoGatewayEnabled } from './provider';
import { type CardInput, type CardOutcome, cardOutcome, checkCard, digitsOnly } from './demo-cards';
import { SIGNATURE_HEADER, signPayload } from './webhook-signature';

export type Charge = typeof demoGatewayCharges.$inferSelect;

/** How the gateway reaches the shop; tests put the in-process API here instead of the network. */
export type NotifyTransport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<Response>;

let transport: NotifyTransport = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });

export function setNotifyTransport(next: NotifyTransport): void {
  transport = next;
}

/** The secret both sides know (derived from the shop's key; a real provider would issue one). */
export async function webhookSecret(db: Db): Promise<string> {
  return hmacHex(await linkSigningKey(db), 'demo-gateway-webhook');
}

export async function openCharge(
  db: Db,
  charge: {
    paymentId: string;
    amountCents: number;
    currency: string;
    description: string;
    returnUrl: string;
    notifyUrl: string;
  },
): Promise<string> {
  await db.insert(demoGatewayCharges).values(charge);
  return `/pay/demo/${charge.paymentId}`;
}

export async function getCharge(db: Db, paymentId: string): Promise<Charge | null> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const [row] = await db.select().from(demoGatewayCharges).where(eq(demoGatewayCharges.paymentId, paymentId)).limit(1);
  return row ?? null;
}

/** Whether the page may still take a card: open at the gateway and still wanted by the shop. */
export async function chargeIsPayable(db: Db, charge: Charge): Promise<boolean> {
  if (charge.state !== 'open' && charge.state !== 'requires_action') return false;
  const [payment] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, charge.paymentId));
  return payment !== undefined && (payment.status === 'created' || payment.status === 'requires_action');
}

/**
 * Where the shopper's browser goes back to: the return URL the shop gave, through the shop's one
 * same-site check (it must be on PUBLIC_URL), else the shop's waiting page for this payment.
 */
export function returnTarget(charge: Pick<Charge, 'paymentId' | 'returnUrl'>): string {
  return safeRedirect(charge.returnUrl, `/payment/processing?payment=${charge.paymentId}`, {
    origin: config().PUBLIC_URL,
  });
}

export type PayResult =
  | { kind: 'problems'; problems: ReturnType<typeof checkCard> }
  | { kind: 'closed' }
  | { kind: 'requires_action' }
  | { kind: 'done'; outcome: Exclude<CardOutcome, 'requires_action'>; returnUrl: string };

export async function payCharge(db: Db, charge: Charge, card: CardInput, log?: Logger): Promise<PayResult> {
  const problems = checkCard(card);
  if (Object.keys(problems).length > 0) return { kind: 'problems', problems };
  if (!(await chargeIsPayable(db, charge))) return { kind: 'closed' };
  const outcome = cardOutcome(card.number);
  const last4 = digitsOnly(card.number).slice(-4);
  if (outcome === 'requires_action') {
    await db
      .update(demoGatewayCharges)
      .set({ state: 'requires_action', cardLast4: last4, updatedAt: sql`now()` })
      .where(eq(demoGatewayCharges.paymentId, charge.paymentId));
    return { kind: 'requires_action' };
  }
  await finish(db, { ...charge, cardLast4: last4 }, outcome, log);
  return { kind: 'done', outcome, returnUrl: returnTarget(charge) };
}

/** The 3-D Secure step: the shopper approves (paid) or cancels (declined). */
export async function confirmChallenge(db: Db, charge: Charge, approve: boolean, log?: Logger): Promise<PayResult> {
  if (charge.state !== 'requires_action' || !(await chargeIsPayable(db, charge))) return { kind: 'closed' };
  const outcome = approve ? 'succeeded' : 'declined';
  await finish(db, charge, outcome, log);
  return { kind: 'done', outcome, returnUrl: returnTarget(charge) };
}

async function finish(db: Db, charge: Charge, outcome: 'succeeded' | 'declined', log?: Logger): Promise<void> {
  await db
    .update(demoGatewayCharges)
    .set({ state: outcome, cardLast4: charge.cardLast4, updatedAt: sql`now()` })
    .where(eq(demoGatewayCharges.paymentId, charge.paymentId));
  await notifyShop(db, { ...charge, state: outcome }, log);
}

/**
 * Sends the signed outcome to the shop, trying a few times; the shop's reconciliation (the expiry
 * job) resends what never got through, so a lost notification only delays the result.
 */
export async function notifyShop(db: Db, charge: Charge, log?: Logger): Promise<boolean> {
  if (charge.state !== 'succeeded' && charge.state !== 'declined') return false;
  const body = JSON.stringify({
    type: 'charge.completed',
    payment_id: charge.paymentId,
    outcome: charge.state,
    amount_cents: charge.amountCents,
    currency: charge.currency,
  });
  const secret = await webhookSecret(db);
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const res = await transport(charge.notifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signPayload(secret, body) },
        body,
      });
      if (res.ok) {
        await db
          .update(demoGatewayCharges)
          .set({ notifiedAt: sql`now()` })
          .where(eq(demoGatewayCharges.paymentId, charge.paymentId));
        return true;
      }
      log?.warn({ paymentId: charge.paymentId, status: res.status, attempt }, 'shop refused the gateway notification');
    } catch (error) {
      log?.warn({ paymentId: charge.paymentId, err: error, attempt }, 'gateway notification failed');
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
  return false;
}

/**
 * Completed charges the shop never acknowledged (for the reconciliation job). None while the
 * gateway is off: the shop's webhook would refuse them (404) on every pass.
 */
export async function unnotifiedCharges(db: Db): Promise<Charge[]> {
  if (!demoGatewayEnabled()) return [];
  return db
    .select()
    .from(demoGatewayCharges)
    .where(sql`${demoGatewayCharges.state} in ('succeeded', 'declined') and ${demoGatewayCharges.notifiedAt} is null`);
}
