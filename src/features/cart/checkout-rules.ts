/**
 * Decisions of the checkout island (accounts spec §4 "Checkout button states", "Promo",
 * "Checkout flow"; §5 "Promo code"). Pure.
 */
import { deliveryUnavailable, type Totals, totalsCalculated, type TotalsState } from './totals-state';
import type { PromoJson } from '@/lib/contract/purchasing';
import type { ErrorCode } from '@/lib/contract/error-codes';
import { pageHref } from '@/lib/language-path';

/** Where checkout sends a shopper whose orders waiting for payment reached the limit (issue 29). */
export const UNPAID_ORDERS_PATH = '/account/unpaid-orders';

// ---------------------------------------------------------------------------------------------
// The main button

export type CheckoutButtonLabel =
  'completeForm' | 'processing' | 'calculateShipping' | 'placeOrder' | 'placeOrderDeliveryNA' | 'error';

export interface CheckoutButtonState {
  label: CheckoutButtonLabel;
  /** The delivery/address error shown as the label (label 'error'). */
  text: string | null;
  disabled: boolean;
  /** What a press does. 'validate' = the first submit attempt on an invalid form (highlights). */
  action: 'none' | 'validate' | 'calculate' | 'place';
}

export function checkoutButton(input: {
  formValid: boolean;
  calculating: boolean;
  submitting: boolean;
  totals: TotalsState;
}): CheckoutButtonState {
  const { formValid, calculating, submitting, totals } = input;
  if (calculating || submitting || totals.status === 'calculating') {
    return { label: 'processing', text: null, disabled: true, action: 'none' };
  }
  if (totals.status === 'address-error') {
    return { label: 'error', text: totals.addressError, disabled: true, action: 'none' };
  }
  if (!formValid) return { label: 'completeForm', text: null, disabled: true, action: 'validate' };
  if (deliveryUnavailable(totals) && totalsCalculated(totals)) {
    return { label: 'placeOrderDeliveryNA', text: null, disabled: false, action: 'place' };
  }
  if (totals.status === 'ready') return { label: 'placeOrder', text: null, disabled: false, action: 'place' };
  return { label: 'calculateShipping', text: null, disabled: false, action: 'calculate' };
}

// ---------------------------------------------------------------------------------------------
// Promo code

/** POST /api/promocodes/check: the contract's shape (src/lib/contract/purchasing.ts). */
export type PromoCode = PromoJson;

/** Submit is disabled when the field is empty, a check is running, or a code is active (§5). */
export function promoSubmitDisabled(text: string, loading: boolean, active: PromoCode | null): boolean {
  return text.trim() === '' || loading || active !== null;
}

/**
 * After a code is applied or removed: recalculate when the address is complete, otherwise keep
 * the code and say the address is needed (§4).
 */
export function afterPromoChange(addressIsComplete: boolean): 'recalculate' | 'needs-address' {
  return addressIsComplete ? 'recalculate' : 'needs-address';
}

/** /promocodes/check: only status OK applies the code. */
export function promoFromReply(reply: { status?: string; payload?: PromoCode | null } | null): PromoCode | null {
  if (reply?.status !== 'OK' || !reply.payload || typeof reply.payload.code !== 'string') return null;
  return reply.payload;
}

// ---------------------------------------------------------------------------------------------
// Checkout answers

export interface PhoneOrderData {
  order_nr: string;
  phone_number?: string;
  amount: number;
  currency: string;
}

export type CheckoutOutcome =
  | { kind: 'phone'; order: PhoneOrderData }
  | { kind: 'redirect'; url: string }
  | { kind: 'price-changed'; totals: Totals | null; message: string }
  | { kind: 'no-stock'; message: string }
  | { kind: 'fields'; errors: Record<string, string>; message: string }
  /** The api client already told the shopper (401 sign-in, 403 verification). */
  | { kind: 'handled' }
  | { kind: 'fail'; message: string };

export interface CheckoutReply {
  status?: string;
  payment_type?: string;
  redirect_url?: string;
  order_data?: PhoneOrderData;
  new_totals?: Totals;
  message?: string | null;
  code?: ErrorCode;
}

/** A successful HTTP answer (200) of POST /api/orders/checkout. */
export function checkoutOutcome(
  reply: CheckoutReply | null,
  texts: { generic: string; noStock: string },
): CheckoutOutcome {
  const message = reply?.message && reply.message.trim() !== '' ? reply.message : texts.generic;
  if (reply?.status === 'OK') {
    if (reply.payment_type === 'phone' && reply.order_data) return { kind: 'phone', order: reply.order_data };
    if (typeof reply.redirect_url === 'string' && reply.redirect_url !== '')
      return { kind: 'redirect', url: reply.redirect_url };
    return { kind: 'fail', message };
  }
  if (reply?.status === 'PRICE_CHANGED') return { kind: 'price-changed', totals: reply.new_totals ?? null, message };
  if (reply?.code === 'out_of_stock') return { kind: 'no-stock', message: texts.noStock };
  return { kind: 'fail', message };
}

/**
 * A failed call (ApiError's fields). The spec's "the message contains no stock" is the server's
 * `out_of_stock` code (its no-stock text says so in English only).
 */
export function checkoutFailure(
  error: { status: number; code?: ErrorCode; message: string; errors?: Record<string, string>; handled?: boolean },
  texts: { generic: string; noStock: string },
): CheckoutOutcome {
  if (error.handled) return { kind: 'handled' };
  const message = error.message && error.message.trim() !== '' ? error.message : texts.generic;
  if (error.code === 'out_of_stock') return { kind: 'no-stock', message: texts.noStock };
  // No payment was tried: the page lists the orders that hold the limit, with Pay now and Cancel.
  if (error.code === 'unpaid_limit') return { kind: 'redirect', url: pageHref(UNPAID_ORDERS_PATH) };
  // Field errors (e.g. a used-up promo, a phone the server refuses): the form shows them.
  if (error.status === 422 && error.errors && Object.keys(error.errors).length > 0) {
    return { kind: 'fields', errors: error.errors, message };
  }
  return { kind: 'fail', message };
}

/** A fresh Idempotency-Key per checkout attempt (8..128 of [\w.:-], see checkout.routes.ts). */
export function newIdempotencyKey(random: () => string = () => globalThis.crypto.randomUUID()): string {
  return `checkout-${random()}`;
}
