import type { Dispatch } from 'react';
import { ApiError, handledByClient, LONG_TIMEOUT_MS } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { firstErrors } from '@/features/forms/first-errors';
import { pageHref } from '@/lib/language-path';
import { resetCartState } from './cart-reset';
import type { CartPageTexts } from './cart-texts';
import { type CheckoutCountry, checkoutPayload, serverFieldErrors } from './checkout-form';
import { checkoutFailure, checkoutOutcome, type CheckoutOutcome, newIdempotencyKey } from './checkout-rules';
import type { CheckoutAction, CheckoutState } from './checkout-state';
import { expectedTotal, type TotalsEvent, type TotalsState } from './totals-state';

/**
 * Place Order after the confirmation (accounts spec §4 Checkout flow): one request with an
 * idempotency key, then the phone payment modal, the card gateway, or what went wrong (changed
 * prices, no stock, field errors, the fail page).
 */
export function usePlaceOrder(input: {
  state: CheckoutState;
  totals: TotalsState;
  update: Dispatch<CheckoutAction>;
  dispatch: Dispatch<TotalsEvent>;
  countries: CheckoutCountry[] | null;
  onNoStock(): void;
  texts: CartPageTexts;
}) {
  const { state, totals, update, dispatch, countries, onNoStock, texts } = input;
  const outcomeTexts = { generic: texts.checkoutError, noStock: texts.noStock };

  async function send(): Promise<CheckoutOutcome> {
    const { fields, promo, paymentMethod } = state;
    try {
      const reply = await api.post(
        '/orders/checkout',
        checkoutPayload(fields, countries ?? [], promo?.code ?? null, paymentMethod, expectedTotal(totals)),
        {
          timeoutMs: LONG_TIMEOUT_MS,
          headers: { 'Idempotency-Key': newIdempotencyKey() },
          fallbackMessage: texts.checkoutError,
        },
      );
      return checkoutOutcome(reply, outcomeTexts);
    } catch (error) {
      if (!(error instanceof ApiError)) return { kind: 'fail', message: texts.checkoutError };
      const failure = {
        status: error.status,
        code: error.code,
        message: error.message,
        errors: firstErrors(error.errors),
        handled: handledByClient(error),
      };
      return checkoutFailure(failure, outcomeTexts);
    }
  }

  return async function placeOrder() {
    update({ type: 'placing' });
    const outcome = await send();
    switch (outcome.kind) {
      case 'phone':
        // The order holds the items now; the server cart is empty.
        resetCartState();
        update({ type: 'placed', phoneOrder: outcome.order });
        return;
      case 'redirect':
        location.assign(outcome.url);
        return; // stays "Processing..." until the gateway page loads
      case 'price-changed':
        dispatch(outcome.totals ? { type: 'success', totals: outcome.totals } : { type: 'reset' });
        showToast(outcome.message, 'warning');
        break;
      case 'no-stock':
        showToast(outcome.message, 'error');
        onNoStock();
        break;
      case 'fields':
        update({ type: 'server-errors', errors: serverFieldErrors(outcome.errors) });
        update({ type: 'submitted' });
        if (outcome.errors.promoCode) {
          update({ type: 'promo-removed' });
          dispatch({ type: 'reset' });
        }
        showToast(outcome.errors.promoCode ?? outcome.message, 'error');
        break;
      case 'handled':
        break;
      case 'fail':
        showToast(outcome.message, 'error');
        location.assign(pageHref('/fail-payment'));
        return;
    }
    update({ type: 'place-failed' });
  };
}
