import { useEffect, useEffectEvent, useMemo, useReducer } from 'react';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import PhonePaymentModal from '../orders/PhonePaymentModal';
import { viewOrdersTarget } from '../orders/orders-format';
import type { CartLine } from './cart-lines';
import type { CartPageTexts } from './cart-texts';
import {
  addressComplete,
  type CheckoutCountry,
  type ProfileForCheckout,
  type ShippingErrors,
  type ShippingField,
  type ShippingFields,
  validateShipping,
} from './checkout-form';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/rules/payment';
import { checkoutButton } from './checkout-rules';
import {
  checkoutReducer,
  type CheckoutState,
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
import { useCheckoutPromo } from './use-checkout-promo';
import { useCheckoutTotals } from './use-checkout-totals';
import { usePlaceOrder } from './use-place-order';
import { pageHref } from '@/lib/language-path';
import type { HomeCountry } from '@/lib/home-country';

/**
 * The checkout (accounts spec §2 Checkout form; §4 Promo, Checkout prefill, Checkout button
 * states, Checkout flow; §5 Checkout; §8 Totals, Address, Delivery, Checkout, Promo). Shown in
 * place of the cart list. The order of things: fill (prefilled from the profile) → Calculate
 * Shipping → Place Order → confirm → card redirect or the phone payment modal.
 * This component holds the form's state (checkout-state.ts) and the main button; the totals, the
 * promo code and placing the order are hooks (use-checkout-totals, use-checkout-promo,
 * use-place-order); the parts are CheckoutAddress, TotalsSummary, CheckoutPromo, CheckoutPlaceOrder.
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
  const { lines, countries: initialCountries, phoneCountries, homeCountry = null, signedIn, texts } = props;
  const paymentMethods = props.paymentMethods ?? PAYMENT_METHODS;
  const [state, update] = useReducer(checkoutReducer, null, () =>
    initialCheckoutState(
      props.profile,
      initialCountries,
      paymentMethods[0] ?? 'phone',
      phoneCountries ?? initialCountries,
      homeCountry,
    ),
  );
  const { countries, fields, submitted, serverErrors, promo, submitting, phoneIsos: isos } = state;
  const { totals, dispatch, calculate, resetTotals } = useCheckoutTotals({ lines, fields, countries, update, texts });
  const { applyPromo, removePromo } = useCheckoutPromo({ state, update, dispatch, calculate, texts: texts.promo });
  const placeOrder = usePlaceOrder({ state, totals, update, dispatch, countries, onNoStock: props.onNoStock, texts });
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
    if (!props.profile && signedIn) {
      api
        .get('/user/profile')
        .then((body) => {
          if (body.payload) update({ type: 'prefill', profile: body.payload });
        })
        .catch(() => undefined);
    }
  });
  useEffect(() => start(), []);

  function set<K extends ShippingField>(key: K, value: ShippingFields[K]) {
    update({ type: 'field', key, value });
    // A different address can change delivery and the post code check: calculate again.
    if (invalidatesTotals(key) && totals.status !== 'empty') resetTotals();
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
        void calculate(promo?.code ?? null);
        return;
      case 'place':
        update({ type: 'confirm', open: true });
        return;
      default:
        if (totals.status === 'calculating') showToast(texts.summary.wait, 'info');
    }
  }

  const buttonText =
    button.label === 'error'
      ? (button.text ?? texts.addressError)
      : texts.button[button.label as keyof CartPageTexts['button']];

  return (
    <div className="checkout">
      <button type="button" className="link-button checkout-back" onClick={props.onBack} disabled={submitting}>
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
          <TotalsSummary lines={lines} state={totals} texts={texts} money={props.money} percent={props.percent} />
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

      <CheckoutDialogs state={state} props={props} onYes={() => void placeOrder()} update={update} />
    </div>
  );
}

/** The confirmation before the order, and the phone payment modal after it. */
function CheckoutDialogs({
  state,
  props,
  onYes,
  update,
}: {
  state: CheckoutState;
  props: CheckoutProps;
  onYes(): void;
  update(action: { type: 'confirm'; open: false }): void;
}) {
  const { texts, money, signedIn, phoneNumbers } = props;
  const order = state.phoneOrder;
  return (
    <>
      <ConfirmDialog
        open={state.confirmOpen}
        title={texts.confirm.title}
        text={texts.confirm.text}
        yes={texts.confirm.yes}
        no={texts.confirm.no}
        onYes={onYes}
        onNo={() => update({ type: 'confirm', open: false })}
      />
      {order && (
        <PhonePaymentModal
          open
          orderNr={order.order_nr}
          total={money(order.amount, { code: order.currency, symbol: order.currency })}
          phoneGlobal={phoneNumbers.global || order.phone_number || ''}
          phoneUkEu={phoneNumbers.ukEu}
          signedIn={signedIn}
          onClose={() => location.assign(pageHref(viewOrdersTarget(signedIn)))}
          texts={texts.phonePayment}
        />
      )}
    </>
  );
}
