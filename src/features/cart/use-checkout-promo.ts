import type { Dispatch } from 'react';
import { ApiError, handledByClient } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import type { CartPageTexts } from './cart-texts';
import { addressComplete } from './checkout-form';
import { afterPromoChange, promoFromReply, promoSubmitDisabled } from './checkout-rules';
import type { CheckoutAction, CheckoutState } from './checkout-state';
import type { TotalsEvent } from './totals-state';

/**
 * The checkout's promo code (accounts spec §4 Promo): Apply checks the code and recalculates once
 * the address is complete (until then the note under the field is the one message); Remove
 * recalculates without it.
 */
export function useCheckoutPromo(input: {
  state: CheckoutState;
  update: Dispatch<CheckoutAction>;
  dispatch: Dispatch<TotalsEvent>;
  calculate(promoCode: string | null): Promise<void>;
  texts: CartPageTexts['promo'];
}) {
  const { state, update, dispatch, calculate, texts } = input;
  const { fields, promo } = state;

  async function applyPromo() {
    const code = state.promoText.trim();
    if (promoSubmitDisabled(code, state.promoChecking, promo)) return;
    update({ type: 'promo-checking' });
    try {
      const reply = await api.post('/promocodes/check', { code }, { fallbackMessage: texts.validateFailed });
      const applied = promoFromReply(reply);
      update({ type: 'promo-checked', promo: applied });
      if (!applied) {
        showToast(reply.message || texts.validateFailed, 'error');
        return;
      }
      if (afterPromoChange(addressComplete(fields)) === 'needs-address') return;
      showToast(texts.applied, 'success');
      void calculate(applied.code);
    } catch (error) {
      update({ type: 'promo-checked', promo: null });
      if (!handledByClient(error)) showToast(error instanceof ApiError ? error.message : texts.applyFailed, 'error');
    }
  }

  function removePromo() {
    update({ type: 'promo-removed' });
    if (afterPromoChange(addressComplete(fields)) === 'recalculate') void calculate(null);
    else dispatch({ type: 'reset' });
  }

  return { applyPromo, removePromo };
}
