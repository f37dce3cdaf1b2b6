import { useEffect, useEffectEvent, useMemo, useReducer, useRef } from 'react';
import { $currencyCode } from '../i18n/locale';
import { ApiError, handledByClient, LONG_TIMEOUT_MS } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { firstErrors } from '@/features/forms/first-errors';
import PhonePaymentModal from '../orders/PhonePaymentModal';
import { viewOrdersTarget } from '../orders/orders-format';
import { resetCartState } from './cart-reset';
import type { CartLine } from './cart-lines';
import type { CartPageTexts } from './cart-texts';
import {
  addressComplete,
  type CheckoutCountry,
  checkoutPayload,
  type ProfileForCheckout,
  serverFieldErrors,
  type ShippingErrors,
  type ShippingField,
  type ShippingFields,
  totalsPayload,
  validateShipping,
} from './checkout-form';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/rules/payment';
import {
  afterPromoChange,
  checkoutButton,
  checkoutFailure,
  checkoutOutcome,
  type CheckoutOutcome,
  newIdempotencyKey,
  promoFromReply,
  promoSubmitDisabled,
} from './checkout-rules';
import {
  checkoutReducer,
  firstInvalidFieldId,
  initialCheckoutState,
  invalidatesTotals,
  shippingErrorText,
} from './checkout-state';
import CheckoutAddress from './CheckoutAddress';
import CheckoutPlaceOrder from './CheckoutPlaceOrder';
import CheckoutPromo from './CheckoutPromo';
import ConfirmDialog from './ConfirmDialog';
import TotalsSummary from './TotalsSummary';
import { classifyTotalsError, EMPTY_TOTALS, expectedTotal, totalsReducer } from './totals-state';
import { pageHref } from '@/lib/language-path';
import type { HomeCountry } from '@/lib/home-country';

/**
 * The checkout (accounts spec §2 Checkout form; §4 Promo, Checkout prefill, Checkout button
 * states, Checkout flow; §5 Checkout; §8 Totals, Address, Delivery, Checkout, Promo). Shown in
 * place of the cart list. The order of things: fill (prefilled from the profile) → Calculate
 * Shipping → Place Order → confirm → card redirect or the phone payment modal.
 * This component holds the state (checkout-state.ts, totals-state.ts) and the calls; the parts
 * are CheckoutAddress, TotalsSummary, CheckoutPromo and CheckoutPlaceOrder.
 */
export interface CheckoutProps {
  lines: CartLine[];
  profile: ProfileForCheckout | null;
  /** The countries the shop sells to (GET /api/countries); null: the page could not load them. */
  countries: CheckoutCountry[] | null;
  /** Every country of the shop, for the phone input (a phone number is no delivery address). */
  phoneCountries?: CheckoutCountry[] | null;
  /** The shop's home country: the address starts on it when the profile has none. */
  homeCountry?: HomeCountry | null;
  signedIn: boolean;
  phoneNumbers: { global: string; ukEu: string };
  texts: CartPageTexts;
  money(amount: number, currency?: { code: string; symbol: string }): string;
  /** A VAT rate in the page language (formatPercent). */
  percent(rate: number): string;
  onBack(): void;
  /** "no stock": the cart is reloaded and shown again. */
  onNoStock(): void;
  /** What the shop takes, the first preselected: phone only without a card provider (ADR 018). */
  paymentMethods?: readonly PaymentMethod[];
}

export default function Checkout(props: CheckoutProps) {
  const {
    lines,
    profile: initialProfile,
    countries: initialCountries,
    phoneCountries,
    homeCountry = null,
    signedIn,
    phoneNumbers,
    texts,
    money,
    percent,
    onBack,
    onNoStock,
    paymentMethods = PAYMENT_METHODS,
  } = props;
  const [state, update] = useReducer(checkoutReducer, null, () =>
    initialCheckoutState(
      initialProfile,
      initialCountries,
      paymentMethods[0] ?? 'phone',
      phoneCountries ?? initialCountries,
      homeCountry,
    ),
  );
  const [totals, dispatch] = useReducer(totalsReducer, EMPTY_TOTALS);
  const { countries, fields, submitted, serverErrors, promo, submitting, phoneIsos: isos } = state;
  const pending = useRef<AbortController | null>(null);
  const s = texts.shipping;

  const errors: ShippingErrors = useMemo(() => validateShipping(fields, isos), [fields, isos]);
  const formValid = Object.keys(errors).length === 0;
  const button = checkoutButton({ formValid, calculating: totals.status === 'calculating', submitting, totals });

  // Once, with the props the island was rendered with.
  const start = useEffectEvent(() => {
    if (!initialCountries) {
      api
        .get('/countries', { fallbackMessage: s.countriesError })
        .then((body) => update({ type: 'countries', countries: Array.isArray(body.payload) ? body.payload : null }))
        .catch(() => update({ type: 'countries', countries: null }));
    }
    // Prefill (§4) when the page could not: only if nothing was typed meanwhile (the reducer checks).
    if (!initialProfile && signedIn) {
      api
        .get('/user/profile')
        .then((body) => {
          if (body.payload) update({ type: 'prefill', profile: body.payload });
        })
        .catch(() => undefined);
    }
  });
  useEffect(() => {
    start();
    return () => pending.current?.abort();
  }, []);

  // An empty cart resets the totals and skips calculation (§4).
  useEffect(() => {
    if (lines.length === 0) resetTotals();
  }, [lines.length]);

  // Totals are in the chosen currency: a change (in place on this page) asks for them again.
  useEffect(() => $currencyCode.listen(resetTotals), []);

  function resetTotals() {
    pending.current?.abort();
    dispatch({ type: 'reset' });
  }

  function set<K extends ShippingField>(key: K, value: ShippingFields[K]) {
    update({ type: 'field', key, value });
    // A different address can change delivery and the post code check: calculate again.
    if (invalidatesTotals(key) && totals.status !== 'empty') resetTotals();
  }

  async function calculate(promoCode: string | null = promo?.code ?? null) {
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
  }

  async function applyPromo() {
    const code = state.promoText.trim();
    if (promoSubmitDisabled(code, state.promoChecking, promo)) return;
    update({ type: 'promo-checking' });
    try {
      const reply = await api.post('/promocodes/check', { code }, { fallbackMessage: texts.promo.validateFailed });
      const applied = promoFromReply(reply);
      update({ type: 'promo-checked', promo: applied });
      if (!applied) {
        showToast(reply.message || texts.promo.validateFailed, 'error');
        return;
      }
      // With an incomplete address the note under the field is the one message (spec §4 Promo).
      if (afterPromoChange(addressComplete(fields)) === 'needs-address') return;
      showToast(texts.promo.applied, 'success');
      void calculate(applied.code);
    } catch (error) {
      update({ type: 'promo-checked', promo: null });
      if (!handledByClient(error))
        showToast(error instanceof ApiError ? error.message : texts.promo.applyFailed, 'error');
    }
  }

  function removePromo() {
    update({ type: 'promo-removed' });
    if (afterPromoChange(addressComplete(fields)) === 'recalculate') void calculate(null);
    else dispatch({ type: 'reset' });
  }

  function onMainAction(event?: React.SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    // aria-disabled, not disabled (CheckoutPlaceOrder): a press of a button that reads as disabled does nothing.
    if (button.disabled && button.action !== 'validate') {
      if (totals.status === 'calculating') showToast(texts.summary.wait, 'info');
      return;
    }
    switch (button.action) {
      case 'validate': {
        update({ type: 'submitted' });
        showToast(s.incomplete, 'error');
        const id = firstInvalidFieldId(errors);
        if (id) document.getElementById(id)?.focus();
        return;
      }
      case 'calculate':
        update({ type: 'submitted' });
        void calculate();
        return;
      case 'place':
        update({ type: 'confirm', open: true });
        return;
      default:
        if (totals.status === 'calculating') showToast(texts.summary.wait, 'info');
    }
  }

  async function placeOrder() {
    update({ type: 'placing' });
    let outcome: CheckoutOutcome;
    const outcomeTexts = { generic: texts.checkoutError, noStock: texts.noStock };
    try {
      const reply = await api.post(
        '/orders/checkout',
        checkoutPayload(fields, countries ?? [], promo?.code ?? null, state.paymentMethod, expectedTotal(totals)),
        {
          timeoutMs: LONG_TIMEOUT_MS,
          headers: { 'Idempotency-Key': newIdempotencyKey() },
          fallbackMessage: texts.checkoutError,
        },
      );
      outcome = checkoutOutcome(reply, outcomeTexts);
    } catch (error) {
      outcome =
        error instanceof ApiError
          ? checkoutFailure(
              {
                status: error.status,
                code: error.code,
                message: error.message,
                errors: firstErrors(error.errors),
                handled: handledByClient(error),
              },
              outcomeTexts,
            )
          : { kind: 'fail', message: texts.checkoutError };
    }
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
        if (outcome.totals) dispatch({ type: 'success', totals: outcome.totals });
        else dispatch({ type: 'reset' });
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
  }

  const buttonText =
    button.label === 'error'
      ? (button.text ?? texts.addressError)
      : texts.button[button.label as keyof CartPageTexts['button']];

  return (
    <div className="checkout">
      <button type="button" className="link-button checkout-back" onClick={onBack} disabled={submitting}>
        ← {texts.backToCart}
      </button>
      <form className="checkout-layout" onSubmit={onMainAction} noValidate aria-busy={submitting}>
        <CheckoutAddress
          fields={fields}
          countries={countries}
          phoneCountries={phoneCountries ?? countries}
          homeIso={homeCountry?.iso}
          submitted={submitted}
          formValid={formValid}
          phoneServerError={serverErrors.phone}
          errorText={(key) => shippingErrorText(key, state, errors, s)}
          onChange={set}
          texts={s}
        />

        <div className="checkout-side">
          <TotalsSummary lines={lines} state={totals} texts={texts} money={money} percent={percent} />
          <CheckoutPromo
            text={state.promoText}
            promo={promo}
            checking={state.promoChecking}
            removeDisabled={totals.status === 'calculating' || submitting}
            note={promo && !addressComplete(fields) ? texts.promo.completeAddress : ''}
            onText={(text) => update({ type: 'promo-text', text })}
            onApply={() => void applyPromo()}
            onRemove={removePromo}
            texts={texts.promo}
          />
          <CheckoutPlaceOrder
            methods={paymentMethods}
            method={state.paymentMethod}
            onMethod={(method) => update({ type: 'payment-method', method })}
            button={button}
            label={buttonText}
            texts={texts.payment}
          />
        </div>
      </form>

      <ConfirmDialog
        open={state.confirmOpen}
        title={texts.confirm.title}
        text={texts.confirm.text}
        yes={texts.confirm.yes}
        no={texts.confirm.no}
        onYes={() => void placeOrder()}
        onNo={() => update({ type: 'confirm', open: false })}
      />
      {state.phoneOrder && (
        <PhonePaymentModal
          open
          orderNr={state.phoneOrder.order_nr}
          total={money(state.phoneOrder.amount, { code: state.phoneOrder.currency, symbol: state.phoneOrder.currency })}
          phoneGlobal={phoneNumbers.global || state.phoneOrder.phone_number || ''}
          phoneUkEu={phoneNumbers.ukEu}
          signedIn={signedIn}
          onClose={() => location.assign(pageHref(viewOrdersTarget(signedIn)))}
          texts={texts.phonePayment}
        />
      )}
    </div>
  );
}
