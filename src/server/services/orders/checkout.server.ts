/**
 * Placing an order (ADR 012, docs/architecture.md "Orders, stock, payments"): in one transaction that first
 * locks the customer's row, read the cart, recompute the totals on the server, compare with what
 * the shopper saw, check the unpaid-order caps and the promo code's rules, reserve the stock (row
 * locks), spend the promo code, snapshot the order and its items, clear the bought lines, and
 * open the payment. An Idempotency-Key makes a retried request return the same order.
 */
import { centsToNumber, minorDigits } from '@/lib/money';
import type { PaymentMethod } from '@/lib/rules/payment';
import { transaction } from '@/server/services/transaction';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { cartItems, orderItems, orders, payments, promoCodes, settings } from '@/server/db/schema/index';
import { config } from '@/server/config';
import { newCardPaymentProvider, openInTransaction, paymentPageUrl } from '@/server/payments/card-gateway.server';
import { unavailableReason } from '../cart/cart';
import { loadCartRows, lockCart } from '../cart/cart.server';
import { prepareTotals, type TotalsResult, totalsOfCart } from '../pricing/totals.server';
import type { CurrencyOption } from '../request-context';
import { logger } from '@/server/logger';
import { sendPhoneOrderReceived } from './received-mail';
import { reserveStock, type StockFall } from './stock.server';
import { notifyStaffOfLowStock, notifyStaffOfPhoneOrder } from '../staff-mail/staff-mails.server';
import { type UnpaidProblem, unpaidLimitProblem } from './unpaid';
import { recordOrderEvent } from './order-events.server';
import { unpaidHeld } from './unpaid.server';
import { withFreshOrderNr } from './order-number';

export interface Shipping {
  name: string;
  surname: string;
  email: string;
  phone: string;
  /** country name, ISO code or id */
  country: string | number;
  city: string;
  address: string;
  postCode: string;
}

export interface CheckoutInput {
  userId: number;
  shipping: Shipping;
  promoCode: string | null;
  paymentMethod: PaymentMethod;
  currency: CurrencyOption;
  languageId: number;
  /** A company buyer's EU VAT id (ADR 030); null: a consumer. */
  vatId?: string | null;
  /** The final amount (request currency) the shopper confirmed; absent: not compared. */
  expectedTotal: number | null;
  idempotencyKey: string | null;
}

export interface PlacedOrder {
  orderId: number;
  orderNr: string;
  paymentType: PaymentMethod;
  paymentId: string;
  /** converted final amount, e.g. 12.5 */
  amount: number;
  currency: string;
  redirectUrl: string | null;
}

export type CheckoutOutcome =
  | { kind: 'placed'; order: PlacedOrder; replayed: boolean }
  | { kind: 'price-changed'; totals: TotalsResult }
  | { kind: 'no-stock'; names: string[] }
  | { kind: 'promo-used-up' }
  /** the customer holds too much in orders waiting for payment (unpaid.ts) */
  | { kind: 'unpaid-limit'; problem: UnpaidProblem }
  /** the card provider could not open its payment page; the order failed (ADR 024) */
  | { kind: 'card-unavailable' };

export const NO_STOCK_MESSAGE = (names: string[]) => `Sorry, there is no stock left for: ${names.join(', ')}.`;

/** The totals as the client shows them (the spec's new_totals of PRICE_CHANGED). */
export function totalsJson(t: TotalsResult) {
  return {
    original: t.original,
    converted: t.converted,
    vat_rate: t.vat_rate,
    vat_scheme: t.vat_scheme,
    is_delivery_unavailable: t.is_delivery_unavailable,
    warning_message: t.warning_message,
  };
}

async function existingOrder(db: Db, userId: number, key: string): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({ order: orders, paymentId: payments.id })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  return placedOf(row.order, row.paymentId);
}

function placedOf(order: typeof orders.$inferSelect, paymentId: string): PlacedOrder {
  return {
    orderId: order.id,
    orderNr: order.orderNr,
    paymentType: order.paymentMethod,
    paymentId,
    amount: centsToNumber(order.convertedFinalCents, order.currency),
    currency: order.currency,
    // Card: filled in by placeOrder once the transaction committed (the provider's page).
    redirectUrl: null,
  };
}

export async function placeOrder(db: Db, input: CheckoutInput): Promise<CheckoutOutcome> {
  const replay = async (): Promise<CheckoutOutcome | null> => {
    const earlier = input.idempotencyKey ? await existingOrder(db, input.userId, input.idempotencyKey) : null;
    return earlier ? { kind: 'placed', order: earlier, replayed: true } : null;
  };
  const earlier = await replay();
  if (earlier) return withPaymentPage(db, earlier);
  // The same key raced in twice (e.g. through two instances): the unique index lets one order
  // through, and the other request may meet its emptied cart or taken stock, or the index.
  // That order is the answer then, not "no stock", "the cart is empty" or an error.
  let outcome: CheckoutOutcome;
  try {
    outcome = await placeNewOrder(db, input);
  } catch (error) {
    const raced = await replay();
    if (raced) return withPaymentPage(db, raced);
    throw error;
  }
  if (outcome.kind === 'placed' && outcome.order.paymentType === 'phone') {
    // Only the request that placed it sends "order received": a replayed key answers the same
    // order without a second mail.
    await sendPhoneOrderReceived(db, outcome.order.orderId, logger);
    await notifyStaffOfPhoneOrder(db, outcome.order.orderId, logger);
  }
  return withPaymentPage(db, outcome.kind === 'placed' ? outcome : ((await replay()) ?? outcome));
}

/** A card order's payment page, opened after the commit (card-gateway.server.ts). */
async function withPaymentPage(db: Db, outcome: CheckoutOutcome): Promise<CheckoutOutcome> {
  if (outcome.kind !== 'placed' || outcome.order.paymentType !== 'card') return outcome;
  const url = await paymentPageUrl(db, outcome.order.paymentId);
  return url ? { ...outcome, order: { ...outcome.order, redirectUrl: url } } : { kind: 'card-unavailable' };
}

async function placeNewOrder(db: Db, input: CheckoutInput): Promise<CheckoutOutcome> {
  const setting = await prepareTotals(db, {
    countryRef: input.shipping.country,
    postCode: input.shipping.postCode,
    languageId: input.languageId,
    vatId: input.vatId ?? null,
  });
  // Filled by the attempt that commits (emptied at the start of each, a retried one included).
  const fallen: StockFall[] = [];
  try {
    const outcome = await withFreshOrderNr('', (orderNr) =>
      transaction(db, async (tx) => {
        fallen.length = 0;
        const totals = await checkedTotals(tx, input, setting);
        await takeHolds(tx, totals, fallen);
        return { kind: 'placed' as const, order: await writeOrder(tx, input, totals, orderNr), replayed: false };
      }),
    );
    await notifyStaffOfLowStock(db, fallen, logger);
    return outcome;
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    // A unique-index violation of a raced Idempotency-Key is answered by placeOrder's replay.
    throw error;
  }
}

/**
 * The cart's totals as the server computes them now, or a Rollback: stock ran short, the total
 * differs from what the shopper confirmed, or the unpaid-order caps are reached.
 */
async function checkedTotals(
  tx: Db,
  input: CheckoutInput,
  setting: Awaited<ReturnType<typeof prepareTotals>>,
): Promise<TotalsResult> {
  // One cart, one order: the customer's row is locked before the cart is read, so parallel
  // checkouts (two tabs, two sessions) take turns; the later ones find the cart this one
  // emptied and get the empty-cart answer (ADR 012). Cart changes take the same lock.
  await lockCart(tx, input.userId);
  const rows = await loadCartRows(tx, input.userId, setting.languageId);
  // What the shopper is buying ran short since the totals were shown (sold out, or fewer
  // left than in the cart): refuse with the names rather than sell part of the cart.
  const short = rows.filter((r) => {
    const reason = unavailableReason(r);
    return reason === 'out_of_stock' || (reason === null && r.count > r.stock);
  });
  if (short.length > 0) throw new Rollback({ kind: 'no-stock', names: short.map((r) => r.name) });
  const totals = await totalsOfCart(
    tx,
    setting,
    {
      userId: input.userId,
      countryRef: input.shipping.country,
      postCode: input.shipping.postCode,
      promoCode: input.promoCode,
      currency: input.currency,
      languageId: input.languageId,
    },
    rows,
  );
  if (
    input.expectedTotal !== null &&
    Math.round(input.expectedTotal * 10 ** minorDigits(totals.currency.code)) !== totals.cents.converted.final
  ) {
    throw new Rollback({ kind: 'price-changed', totals });
  }
  const units = totals.lines.reduce((sum, l) => sum + l.count, 0);
  const limits = { orders: config().UNPAID_ORDERS_PER_CUSTOMER, units: config().UNPAID_UNITS_PER_CUSTOMER };
  const overLimit = unpaidLimitProblem(await unpaidHeld(tx, input.userId), units, limits);
  if (overLimit) throw new Rollback({ kind: 'unpaid-limit', problem: overLimit });
  return totals;
}

/** Reserves the units (row locks) and spends the promo code's use, or a Rollback. */
async function takeHolds(tx: Db, totals: TotalsResult, fallen: StockFall[]): Promise<void> {
  const shortNow = await reserveStock(
    tx,
    totals.lines.map((l) => ({ productId: l.productId, variationId: l.variationId, quantity: l.count })),
    fallen,
  );
  if (shortNow.length > 0) {
    const names = totals.lines
      .filter((l) => shortNow.some((s) => s.productId === l.productId && s.variationId === l.variationId))
      .map((l) => l.name);
    throw new Rollback({ kind: 'no-stock', names });
  }
  if (!totals.promo) return;
  const [spent] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, totals.promo.id),
        or(isNull(promoCodes.usageLimit), lt(promoCodes.usedCount, promoCodes.usageLimit)),
      ),
    )
    .returning({ id: promoCodes.id });
  if (!spent) throw new Rollback({ kind: 'promo-used-up' });
}

/** The order's row: the shipping details and the totals snapshot. */
function orderValues(input: CheckoutInput, totals: TotalsResult, orderNr: string): typeof orders.$inferInsert {
  const o = totals.cents.original;
  const c = totals.cents.converted;
  return {
    orderNr,
    userId: input.userId,
    status: 'Pending',
    kind: 'purchase',
    paymentMethod: input.paymentMethod,
    name: input.shipping.name,
    surname: input.shipping.surname,
    email: input.shipping.email,
    phone: input.shipping.phone,
    countryId: totals.country.id,
    countryName: totals.country.name,
    city: input.shipping.city,
    address: input.shipping.address,
    postCode: input.shipping.postCode.trim(),
    currency: totals.currency.code,
    currencyRate: totals.currency.rate,
    cartTotalCents: o.cartTotal,
    deliveryCostCents: o.delivery,
    discountCents: o.discount,
    vatCents: o.vat,
    vatPercent: totals.vatPercent,
    vatScheme: totals.vat_scheme,
    buyerVatId: totals.vatId,
    deliveryVatPercent: totals.deliveryVat.percent,
    deliveryVatCents: totals.deliveryVat.cents,
    finalCents: o.final,
    convertedFinalCents: c.final,
    convertedCartTotalCents: c.cartTotal,
    convertedDeliveryCents: c.delivery,
    convertedDiscountCents: c.discount,
    convertedVatCents: c.vat,
    promoCodeId: totals.promo?.id ?? null,
    promoCode: totals.promo?.code ?? null,
    idempotencyKey: input.idempotencyKey,
  };
}

/** Snapshots the order and its items, clears the bought lines and opens the payment. */
async function writeOrder(tx: Db, input: CheckoutInput, totals: TotalsResult, orderNr: string): Promise<PlacedOrder> {
  const [order] = await tx
    .insert(orders)
    .values(orderValues(input, totals, orderNr))
    .returning();
  await tx.insert(orderItems).values(
    totals.lines.map((l) => ({
      orderId: order!.id,
      productId: l.productId,
      variationId: l.variationId,
      sku: l.sku,
      name: l.name,
      categoryName: l.categoryName,
      imageUrl: l.imageUrl,
      priceCents: l.unitCents,
      convertedPriceCents: l.convertedUnitCents,
      quantity: l.count,
      variationAttributes: l.variationAttributes,
      vatPercent: l.vatPercent,
      vatCents: l.vatCents,
    })),
  );
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.userId, input.userId),
      inArray(
        cartItems.id,
        totals.lines.map((l) => l.lineId),
      ),
    ),
  );
  const provider = input.paymentMethod === 'card' ? newCardPaymentProvider() : 'phone';
  const amountCents = totals.cents.converted.final;
  const [payment] = await tx
    .insert(payments)
    .values({ orderId: order!.id, provider, amountCents, currency: totals.currency.code })
    .returning({ id: payments.id });
  await recordOrderEvent(tx, {
    orderId: order!.id,
    actorId: null,
    type: 'placed',
    message:
      input.paymentMethod === 'card'
        ? 'Placed; waiting for the card payment.'
        : 'Placed; waiting for the phone payment.',
    after: { status: 'Pending' },
  });
  if (input.paymentMethod === 'card') {
    await openInTransaction(tx, {
      paymentId: payment!.id,
      provider,
      orderNr: order!.orderNr,
      amountCents,
      currency: totals.currency.code,
      description: `Order ${order!.orderNr}`,
    });
  }
  return placedOf(order!, payment!.id);
}

/** Aborts the transaction with an answer for the shopper (not an error of the server). */
class Rollback extends Error {
  constructor(readonly outcome: Exclude<CheckoutOutcome, { kind: 'placed' }>) {
    super(outcome.kind);
  }
}

/** The number the phone-payment modal shows first (US and global line). */
export async function phonePaymentNumber(db: Db): Promise<string> {
  const [row] = await db.select({ global: settings.phonePaymentGlobal }).from(settings).where(eq(settings.id, 1));
  return row?.global ?? '';
}
