/**
 * Refunds (ADR 023): all that is left, some lines, or an amount, to the card through the provider
 * that took the payment, to the customer's shop balance, or paid back outside the shop (`external`,
 * a phone payment's bank transfer, with staff's reference). Refunded lines can go back into stock
 * (restock, once per unit: stock.server.ts). One transaction under the order's
 * locks: the amount left is read and raised in it, so racing refunds cannot together pass
 * final_cents (the CHECK on orders backs it up). A provider that refuses leaves a `failed` refund
 * row and nothing else changed.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderItems, orders, refunds } from '@/server/db/schema/index';
import { cardRefunderFor } from '@/server/payments/card-refunds.server';
import type { RefundDestination, RefundLineInput } from '@/lib/contract/admin/orders';
import { formatCents } from '@/lib/money';
import { ConflictError, InvalidInputError, UpstreamError } from '@/server/services/errors';
import { changeBalance } from '@/server/services/customers/ledger.server';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { completeDocuments, issueCreditNote } from '@/server/services/invoices/issue.server';
import { type ActionResult, type LockedOrder, lockOrder, refuseOwnOrder } from './lock.server';
import { convertedRefund, linesAmount, refundedUnits } from './refund-amounts';
import { restockOrderLines, unrestockedUnits } from '@/server/services/orders/stock.server';

export type RefundRow = typeof refunds.$inferSelect;

export interface RefundRequest {
  destination: RefundDestination;
  lines?: RefundLineInput[];
  amountCents?: number;
  reason: string;
  idempotencyKey?: string | null;
  /** An external refund's reference. */
  reference?: string;
  /** Every refunded line back into stock; without lines, every unit not yet back. */
  restock?: boolean;
  /** The return this refund settles. */
  returnId?: number;
}

const DESTINATION_TEXT: Record<RefundDestination, string> = {
  card: 'to the card',
  balance: 'to the shop balance',
  external: 'outside the shop',
};

const eur = (cents: number) => formatCents(cents, 'EUR', 'en');

/**
 * Makes one refund inside the caller's transaction, which holds the order's locks. Returns the
 * refund row; when the card provider refused, the row is `failed` and `failure` says why (the
 * order is unchanged). `withEvent` false: the caller (cancel) writes the timeline row itself.
 */
export async function refundWithin(
  tx: Db,
  locked: LockedOrder,
  actorId: number,
  request: RefundRequest,
  options: { withEvent: boolean },
): Promise<{ refund: RefundRow; failure?: string }> {
  const { order } = locked;
  const left = order.finalCents - order.refundedCents;
  if (left <= 0) throw new ConflictError(localized('admin.api.refundNothingLeft'));
  const earlier = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), ne(refunds.status, 'failed')))
    .orderBy(asc(refunds.id));
  const amountCents = await requestedAmount(tx, order.id, left, earlier, request);
  const convertedCents = convertedRefund(
    {
      finalCents: order.finalCents,
      convertedFinalCents: order.convertedFinalCents,
      refundedCents: order.refundedCents,
      refundedConvertedCents: earlier.reduce((s, r) => s + r.convertedCents, 0),
    },
    amountCents,
  );
  const payment = locked.payments.find((p) => p.status === 'succeeded') ?? null;
  checkDestination(order, payment, request);

  const [pending] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: payment?.id ?? null,
      destination: request.destination,
      amountCents,
      convertedCents,
      currency: order.currency,
      lines: (request.lines ?? []).map((l) => ({
        order_item_id: l.order_item_id,
        quantity: l.quantity,
        ...((l.restock ?? request.restock) ? { restock: true } : {}),
      })),
      status: 'pending',
      reason: request.reason,
      reference: request.destination === 'external' ? (request.reference ?? null) : null,
      returnId: request.returnId ?? null,
      actorId,
      idempotencyKey: request.idempotencyKey ?? null,
    })
    .returning();
  const paid = await payOut(tx, pending!, payment, order, actorId, request);
  if (paid.failure !== undefined) return paid;
  const done = paid.refund;
  // After the customer's row (the balance) and before the order row's update: ADR 012 lock order.
  const restocked = await restockRefunded(tx, order.id, request);

  // A refund of a paid order is documented by a credit note naming its invoice (ADR 032).
  await issueCreditNote(tx, {
    orderId: order.id,
    refundId: done.id,
    amountCents,
    convertedCents,
    lines: request.lines ?? [],
  });
  await settleRefund(tx, locked, actorId, { done, request, restocked, withEvent: options.withEvent });
  return { refund: done };
}

type Order = LockedOrder['order'];
type Payment = LockedOrder['payments'][number];

/** EUR cents this request refunds: its lines (within the units left), an amount, or all that is left. */
async function requestedAmount(
  tx: Db,
  orderId: number,
  left: number,
  earlier: readonly RefundRow[],
  request: RefundRequest,
): Promise<number> {
  let amountCents = left;
  if (request.lines) {
    const lines = await tx
      .select({
        id: orderItems.id,
        name: orderItems.name,
        priceCents: orderItems.priceCents,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const priced = linesAmount(lines, refundedUnits(earlier), request.lines);
    if (priced.problems.length > 0) throw new InvalidInputError(priced.problems[0]!, { lines: priced.problems });
    amountCents = priced.amountCents;
  } else if (request.amountCents !== undefined) {
    amountCents = request.amountCents;
  }
  if (amountCents > left) {
    const message = localized('admin.api.refundTooMuch', { amount: eur(amountCents), left: eur(left) });
    throw new InvalidInputError(message, { [request.lines ? 'lines' : 'amount_cents']: [message] });
  }
  return amountCents;
}

/** Whether the money can go where staff asked: the card's provider, outside the shop for a phone payment, the balance of an account. */
function checkDestination(order: Order, payment: Payment | null, request: RefundRequest): void {
  const refuse = (message: ReturnType<typeof localized>) => {
    throw new InvalidInputError(message, { destination: [message] });
  };
  if (request.destination === 'card') {
    if (!payment || payment.provider === 'phone') refuse(localized('admin.api.refundNotCard'));
    if (!cardRefunderFor(payment!.provider))
      refuse(localized('admin.api.refundProviderUnavailable', { provider: payment!.provider }));
  } else if (request.destination === 'external') {
    // A card payment goes back through its provider, where the customer's bank can match it.
    if (payment && payment.provider !== 'phone') refuse(localized('admin.api.refundExternalCard'));
  } else if (order.userId === null) {
    refuse(localized('admin.api.refundNoAccount'));
  }
}

/** Pays the pending refund out: through the card's provider, or to the balance, or records the external payment as made. */
async function payOut(
  tx: Db,
  pending: RefundRow,
  payment: Payment | null,
  order: Order,
  actorId: number,
  request: RefundRequest,
): Promise<{ refund: RefundRow; failure?: string }> {
  const finish = async (set: Partial<RefundRow>) =>
    (
      await tx
        .update(refunds)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(refunds.id, pending.id))
        .returning()
    )[0]!;
  if (request.destination !== 'card') {
    // external: staff have paid it back (or will) outside the shop; the shop records it as done.
    if (request.destination === 'balance') {
      await changeBalance(tx, {
        userId: order.userId!,
        deltaCents: pending.amountCents,
        kind: 'refund',
        orderId: order.id,
        refundId: pending.id,
        actorId,
        reason: request.reason,
      });
    }
    return { refund: await finish({ status: 'succeeded' }) };
  }
  // Inside the transaction on purpose: the order stays locked while the provider answers, so a
  // second refund waits and then sees what this one took. The key makes a retry safe with it.
  const refunder = cardRefunderFor(payment!.provider)!;
  let result: Awaited<ReturnType<typeof refunder>>;
  try {
    result = await refunder(tx, {
      paymentId: payment!.id,
      providerRef: payment!.providerRef,
      amountCents: pending.convertedCents,
      currency: payment!.currency,
      idempotencyKey: request.idempotencyKey ?? `refund-${pending.id}`,
    });
  } catch (error) {
    result = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
  if (result.status === 'failed')
    return { refund: await finish({ status: 'failed', lastError: result.error }), failure: result.error };
  return { refund: await finish({ status: result.status, providerRef: result.refundRef }) };
}

/** Raises the order's refunded amount (Refunded once all is back) and records the refund on the timeline. */
async function settleRefund(
  tx: Db,
  locked: LockedOrder,
  actorId: number,
  step: {
    done: RefundRow;
    request: RefundRequest;
    restocked: readonly { orderItemId: number; quantity: number }[];
    withEvent: boolean;
  },
): Promise<void> {
  const { order } = locked;
  const { done, request, restocked } = step;
  const amountCents = done.amountCents;
  const refundedCents = order.refundedCents + amountCents;
  const full = refundedCents === order.finalCents && (order.status === 'Success' || order.status === 'Shipped');
  await tx
    .update(orders)
    .set({ refundedCents, ...(full ? { status: 'Refunded' as const } : {}), updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  order.refundedCents = refundedCents;
  if (step.withEvent) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId,
      type: 'refunded',
      // The message may be shown to the customer; the staff member's reason stays in the audit.
      message: refundMessage(amountCents, request, restocked),
      before: { status: order.status, refunded_cents: refundedCents - amountCents },
      after: {
        status: full ? 'Refunded' : order.status,
        refunded_cents: refundedCents,
        refund_id: done.id,
        reason: request.reason,
        ...(done.reference !== null ? { reference: done.reference } : {}),
        ...(restocked.length > 0
          ? { restocked: restocked.map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })) }
          : {}),
      },
    });
  }
  if (full) order.status = 'Refunded';
}

/** "Refunded €12.00 outside the shop (reference TR-1); 2 units back in stock." Shown to the customer too. */
export function refundMessage(
  amountCents: number,
  request: Pick<RefundRequest, 'destination' | 'reference'>,
  restocked: readonly { quantity: number }[],
): string {
  const reference = request.destination === 'external' && request.reference ? ` (reference ${request.reference})` : '';
  const units = restocked.reduce((sum, l) => sum + l.quantity, 0);
  const stock = units === 0 ? '' : ` ${units === 1 ? '1 unit' : `${units} units`} back in stock.`;
  return `Refunded ${eur(amountCents)} ${DESTINATION_TEXT[request.destination]}${reference}.${stock}`;
}

/** The units this refund puts back into stock: its lines marked restock, or every unit not yet back for a full refund with restock. */
async function restockRefunded(
  tx: Db,
  orderId: number,
  request: RefundRequest,
): Promise<{ orderItemId: number; quantity: number }[]> {
  const wanted = request.lines
    ? request.lines
        .filter((l) => l.restock ?? request.restock)
        .map((l) => ({ orderItemId: l.order_item_id, quantity: l.quantity }))
    : request.restock && request.amountCents === undefined
      ? await unrestockedUnits(tx, orderId)
      : [];
  if (wanted.length === 0) return [];
  const refused = await restockOrderLines(tx, orderId, wanted);
  if (refused.length > 0) {
    const [line] = await tx
      .select({ name: orderItems.name, quantity: orderItems.quantity, restocked: orderItems.restockedQuantity })
      .from(orderItems)
      .where(eq(orderItems.id, refused[0]!));
    const message = localized('admin.api.restockTooMany', {
      name: line?.name ?? String(refused[0]),
      left: (line?.quantity ?? 0) - (line?.restocked ?? 0),
    });
    throw new InvalidInputError(message, { lines: [message] });
  }
  return wanted;
}

const REFUNDABLE = new Set(['Success', 'Shipped']);
const GIVEN_UP = new Set(['Cancelled', 'Failed']);

export interface RefundOutcome extends ActionResult {
  refund: RefundRow;
}

/** POST /api/admin/orders/:orderNr/refund. */
export async function refundOrder(
  db: Db,
  input: { orderNr: string; actorId: number } & RefundRequest,
): Promise<RefundOutcome> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'refund');
  const outcome = await transaction(db, async (tx) => {
    const locked = await lockOrder(tx, input.orderNr);
    return refundLocked(tx, locked, input);
  });
  return refundOutcome(db, outcome);
}

/** The refund request's checks and the refund, under the order's locks (the return's refund uses it too). */
export async function refundLocked(
  tx: Db,
  locked: LockedOrder,
  input: { actorId: number } & RefundRequest,
): Promise<{ refund: RefundRow; changed: boolean; failure?: string }> {
  const { order } = locked;
  if (input.idempotencyKey) {
    const [same] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, input.idempotencyKey)));
    if (same)
      return {
        refund: same,
        changed: false,
        failure: same.status === 'failed' ? (same.lastError ?? 'refused') : undefined,
      };
  }
  if (order.status === 'Refunded') throw new ConflictError(localized('admin.api.refundFull'));
  // A payment that arrived after the order was given up (cancelled, expired) is refunded too.
  const paidLate = GIVEN_UP.has(order.status) && locked.payments.some((p) => p.status === 'succeeded');
  if (!REFUNDABLE.has(order.status) && !paidLate)
    throw new ConflictError(localized('admin.api.refundWrongStatus', { status: order.status }));
  if (order.kind !== 'purchase') throw new ConflictError(localized('admin.api.refundTopUp'));
  const made = await refundWithin(tx, locked, input.actorId, input, { withEvent: true });
  return { ...made, changed: true };
}

/** A refused card refund becomes the 502 after the transaction kept its `failed` row. */
export async function refundOutcome(
  db: Db,
  outcome: { refund: RefundRow; changed: boolean; failure?: string },
): Promise<RefundOutcome> {
  if (outcome.failure !== undefined) {
    throw new UpstreamError(localized('admin.api.refundRefused', { failure: outcome.failure }));
  }
  // The credit note issued with the refund gets its PDF now that the refund is committed (ADR 032).
  if (outcome.changed) await completeDocuments(db, outcome.refund.orderId);
  return {
    orderId: outcome.refund.orderId,
    changed: outcome.changed,
    message: localized(outcome.changed ? 'admin.api.refundMade' : 'admin.api.refundAlreadyMade'),
    refund: outcome.refund,
  };
}
