/**
 * The checkout totals (accounts spec §3 "Totals", §4 "Cart totals") as a small state machine,
 * and the classification of a failed calculation. Pure: the checkout island feeds it events.
 *
 * States: empty (nothing calculated), calculating, ready, delivery-unavailable (the server said
 * so, in the totals or by the code `delivery_unavailable`, or could not answer: 5xx / no answer),
 * address-error (code `address_invalid`: shown on the checkout button, not as a page error). The
 * server gives those codes by the spec's text rule (server/api/totals-error-code.ts).
 * Other errors reset the totals to empty.
 */

import type { Totals, TotalsBlock } from '@/lib/contract/cart';
import type { ErrorCode } from '@/lib/contract/error-codes';

/** POST /api/cart/calculate-totals (and checkout's new_totals): the contract's shapes (src/lib/contract/cart.ts). */
export type { Totals, TotalsBlock };

export type TotalsStatus = 'empty' | 'calculating' | 'ready' | 'delivery-unavailable' | 'address-error';

export interface TotalsState {
  status: TotalsStatus;
  /** What the summary shows; null when nothing is known (delivery N/A after a failure too). */
  totals: Totals | null;
  /** The address problem the checkout button shows (address-error only). */
  addressError: string | null;
}

export const EMPTY_TOTALS: TotalsState = Object.freeze({
  status: 'empty',
  totals: null,
  addressError: null,
}) as TotalsState;

export type TotalsErrorKind = 'aborted' | 'delivery' | 'address' | 'other';

/**
 * A failed totals call. `status` is the HTTP status (0: no answer), `reason` the api client's
 * ('aborted' when a newer calculation replaced this one).
 */
export function classifyTotalsError(error: { status: number; code?: ErrorCode; reason?: string }): TotalsErrorKind {
  if (error.reason === 'aborted') return 'aborted';
  if (error.status === 0 || error.status >= 500) return 'delivery';
  if (error.code === 'delivery_unavailable') return 'delivery';
  if (error.code === 'address_invalid') return 'address';
  return 'other';
}

export type TotalsEvent =
  | { type: 'start' }
  | { type: 'success'; totals: Totals }
  | { type: 'failure'; kind: TotalsErrorKind; message: string }
  | { type: 'reset' };

export function totalsReducer(state: TotalsState, event: TotalsEvent): TotalsState {
  switch (event.type) {
    case 'start':
      // Keep the last figures visible while the new ones come.
      return { status: 'calculating', totals: state.totals, addressError: null };
    case 'success':
      return {
        status: event.totals.is_delivery_unavailable ? 'delivery-unavailable' : 'ready',
        totals: event.totals,
        addressError: null,
      };
    case 'failure':
      switch (event.kind) {
        case 'aborted':
          return state; // a newer calculation is running and owns the state
        case 'delivery':
          return { status: 'delivery-unavailable', totals: null, addressError: null };
        case 'address':
          return { status: 'address-error', totals: null, addressError: event.message };
        default:
          return EMPTY_TOTALS;
      }
    case 'reset':
      return EMPTY_TOTALS;
  }
}

/** Totals are known enough to place the order (normal or with delivery N/A). */
export function totalsCalculated(state: TotalsState): boolean {
  return state.status === 'ready' || state.status === 'delivery-unavailable';
}

/** The delivery line shows N/A. */
export function deliveryUnavailable(state: TotalsState): boolean {
  return state.status === 'delivery-unavailable' || (state.totals?.is_delivery_unavailable ?? false);
}

/** The amount the shopper saw, sent with the order (server compares it: PRICE_CHANGED). */
export function expectedTotal(state: TotalsState): number | null {
  return state.totals ? state.totals.converted.final_amount : null;
}
