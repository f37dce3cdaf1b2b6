import { type Dispatch, useEffect, useReducer, useRef } from 'react';
import { $currencyCode } from '../i18n/locale';
import { ApiError, handledByClient, LONG_TIMEOUT_MS } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { firstErrors } from '@/features/forms/first-errors';
import type { CartLine } from './cart-lines';
import type { CartPageTexts } from './cart-texts';
import { type CheckoutCountry, serverFieldErrors, type ShippingFields, totalsPayload } from './checkout-form';
import type { CheckoutAction } from './checkout-state';
import { classifyTotalsError, EMPTY_TOTALS, totalsReducer } from './totals-state';

/**
 * The checkout's totals (accounts spec §4 Checkout flow, §8 Totals): one calculation at a time (a
 * newer one aborts the older), reset by an empty cart or a currency change; a failure says where
 * the problem is (address fields, promo code, delivery) through the checkout's state.
 */
export function useCheckoutTotals(input: {
  lines: CartLine[];
  fields: ShippingFields;
  countries: CheckoutCountry[] | null;
  update: Dispatch<CheckoutAction>;
  texts: CartPageTexts;
}) {
  const { lines, fields, countries, update, texts } = input;
  const [totals, dispatch] = useReducer(totalsReducer, EMPTY_TOTALS);
  const pending = useRef<AbortController | null>(null);

  function resetTotals() {
    pending.current?.abort();
    dispatch({ type: 'reset' });
  }

  useEffect(() => () => pending.current?.abort(), []);

  // An empty cart resets the totals and skips calculation (§4).
  useEffect(() => {
    if (lines.length === 0) resetTotals();
  }, [lines.length]);

  // Totals are in the chosen currency: a change (in place on this page) asks for them again.
  useEffect(() => $currencyCode.listen(resetTotals), []);

  function failed(error: unknown) {
    if (!(error instanceof ApiError)) {
      dispatch({ type: 'failure', kind: 'other', message: texts.totalsErrorSentence });
      showToast(texts.totalsErrorSentence, 'error');
      return;
    }
    if (handledByClient(error)) {
      dispatch({ type: 'reset' });
      return;
    }
    const fieldErrors = firstErrors(error.errors);
    if (fieldErrors.promoCode) {
      // The code stopped working since it was checked: drop it and say why.
      update({ type: 'promo-removed' });
      dispatch({ type: 'failure', kind: 'other', message: fieldErrors.promoCode });
      showToast(fieldErrors.promoCode, 'error');
      return;
    }
    // A country the shop does not sell to (any more): said under the country field too.
    if (fieldErrors.country) update({ type: 'server-errors', errors: serverFieldErrors(fieldErrors), merge: true });
    const kind = classifyTotalsError({ status: error.status, code: error.code, reason: error.reason });
    dispatch({ type: 'failure', kind, message: error.message });
    if (kind === 'address') {
      update({ type: 'server-errors', errors: serverFieldErrors(fieldErrors), merge: true });
      showToast(`${texts.addressInvalid}: ${texts.addressError}`, 'error');
    } else if (kind === 'other') {
      showToast(error.message || texts.totalsErrorSentence, 'error');
    }
  }

  async function calculate(promoCode: string | null) {
    if (lines.length === 0) {
      dispatch({ type: 'reset' });
      return;
    }
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    dispatch({ type: 'start' });
    try {
      const body = await api.post('/cart/calculate-totals', totalsPayload(fields, countries ?? [], promoCode, lines), {
        timeoutMs: LONG_TIMEOUT_MS,
        signal: controller.signal,
        fallbackMessage: texts.totalsErrorSentence,
      });
      if (pending.current !== controller) return;
      pending.current = null;
      dispatch({ type: 'success', totals: body });
      if (body.warning_message) showToast(body.warning_message, 'warning');
    } catch (error) {
      if (pending.current !== controller) return; // replaced by a newer calculation
      pending.current = null;
      failed(error);
    }
  }

  return { totals, dispatch, calculate, resetTotals };
}
