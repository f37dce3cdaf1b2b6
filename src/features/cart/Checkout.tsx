import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { $currencyCode } from '../i18n/locale';
import { ApiError, handledByClient, LONG_TIMEOUT_MS } from '../../lib/api-client';
import type { PhoneValue } from '../../lib/phone';
import { api } from '../../stores/api';
import { showToast } from '../../stores/toasts';
import { firstErrors } from '../account/auth-store';
import PhoneInput from '../account/PhoneInput';
import PhonePaymentModal from '../orders/PhonePaymentModal';
import { viewOrdersTarget } from '../orders/orders-format';
import { resetCartState } from './cart-reset';
import type { CartLine } from './cart-lines';
import { fill } from '../../lib/rules/placeholders';
import type { CartPageTexts } from './cart-texts';
import {
  addressComplete,
  type CheckoutCountry,
  checkoutPayload,
  type PaymentMethod,
  type ProfileForCheckout,
  serverFieldErrors,
  type ShippingErrors,
  type ShippingField,
  type ShippingFields,
  shippingFromProfile,
  TOTALS_FIELDS,
  totalsPayload,
  validateShipping,
} from './checkout-form';
import {
  afterPromoChange,
  checkoutButton,
  checkoutFailure,
  checkoutOutcome,
  type CheckoutOutcome,
  type CheckoutReply,
  newIdempotencyKey,
  type PhoneOrderData,
  type PromoCode,
  promoFromReply,
  promoSubmitDisabled,
} from './checkout-rules';
import ConfirmDialog from './ConfirmDialog';
import TotalsSummary from './TotalsSummary';
import { classifyTotalsError, EMPTY_TOTALS, expectedTotal, type Totals, totalsReducer } from './totals-state';

/**
 * The checkout (accounts spec §2 Checkout form; §4 Promo, Checkout prefill, Checkout button
 * states, Checkout flow; §5 Checkout; §8 Totals, Address, Delivery, Checkout, Promo). Shown in
 * place of the cart list. The order of things: fill (prefilled from the profile) → Calculate
 * Shipping → Place Order → confirm → card redirect or the phone payment modal.
 */
export interface CheckoutProps {
  lines: CartLine[];
  profile: ProfileForCheckout | null;
  countries: CheckoutCountry[] | null;
  signedIn: boolean;
  phoneNumbers: { global: string; ukEu: string };
  texts: CartPageTexts;
  money(amount: number, currency?: { code: string; symbol: string }): string;
  onBack(): void;
  /** "no stock": the cart is reloaded and shown again. */
  onNoStock(): void;
  /** What the shop takes, the first preselected: phone only without a card provider (ADR 018). */
  paymentMethods?: readonly PaymentMethod[];
}

type TextField = 'name' | 'surname' | 'email' | 'city' | 'address' | 'postCode';

export default function Checkout({ lines, profile: initialProfile, countries: initialCountries, signedIn, phoneNumbers, texts, money, onBack, onNoStock, paymentMethods = ['card', 'phone'] }: CheckoutProps) {
  const [countries, setCountries] = useState<CheckoutCountry[] | null>(initialCountries);
  const isos = useMemo(() => (countries ?? []).map((c) => c.iso), [countries]);
  const [fields, setFields] = useState<ShippingFields>(() => shippingFromProfile(initialProfile, (initialCountries ?? []).map((c) => c.iso)));
  const touchedRef = useRef(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const [promoText, setPromoText] = useState('');
  const [promo, setPromo] = useState<PromoCode | null>(null);
  const [promoLoading, setPromoLoading] = useState(false);
  const [totals, dispatch] = useReducer(totalsReducer, EMPTY_TOTALS);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(paymentMethods[0] ?? 'phone');
  const [submitting, setSubmitting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [phoneOrder, setPhoneOrder] = useState<PhoneOrderData | null>(null);
  const pending = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const s = texts.shipping;

  const errors: ShippingErrors = useMemo(() => validateShipping(fields, isos), [fields, isos]);
  const formValid = Object.keys(errors).length === 0;
  const button = checkoutButton({ formValid, calculating: totals.status === 'calculating', submitting, totals });

  useEffect(() => {
    if (!initialCountries) {
      api
        .get<CheckoutCountry[]>('/countries', { fallbackMessage: s.countriesError })
        .then((body) => setCountries(Array.isArray(body.payload) ? body.payload : null))
        .catch(() => setCountries(null));
    }
    // Prefill (§4) when the page could not: only if nothing was typed meanwhile.
    if (!initialProfile && signedIn) {
      api
        .get<ProfileForCheckout>('/user/profile')
        .then((body) => {
          if (body.payload && !touchedRef.current) setFields(shippingFromProfile(body.payload, isos));
        })
        .catch(() => undefined);
    }
    return () => pending.current?.abort();
  }, []);

  // An empty cart resets the totals and skips calculation (§4).
  useEffect(() => {
    if (lines.length === 0) {
      pending.current?.abort();
      dispatch({ type: 'reset' });
    }
  }, [lines.length]);

  // Totals are in the chosen currency: a change (in place on this page) asks for them again.
  useEffect(
    () =>
      $currencyCode.listen(() => {
        pending.current?.abort();
        dispatch({ type: 'reset' });
      }),
    [],
  );

  function set<K extends ShippingField>(key: K, value: ShippingFields[K]) {
    touchedRef.current = true;
    setFields((f) => ({ ...f, [key]: value }));
    if (serverErrors[key]) setServerErrors(({ [key]: _, ...rest }) => rest);
    // A different address can change delivery and the post code check: calculate again.
    if (TOTALS_FIELDS.includes(key) && totals.status !== 'empty') {
      pending.current?.abort();
      dispatch({ type: 'reset' });
    }
  }

  function errorText(key: ShippingField): string | undefined {
    if (serverErrors[key]) return serverErrors[key];
    if (!submitted) return undefined;
    switch (errors[key]) {
      case 'required':
        return s.required;
      case 'email':
        return s.invalidEmail;
      case 'phone':
        return s.invalidPhone;
      case 'country-not-supported':
        return s.countryNotSupported;
      default:
        return undefined;
    }
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
      const body = (await api.post('/cart/calculate-totals', totalsPayload(fields, countries ?? [], promoCode, lines), {
        timeoutMs: LONG_TIMEOUT_MS,
        signal: controller.signal,
        fallbackMessage: texts.totalsErrorSentence,
      })) as unknown as Totals;
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
        setPromo(null);
        dispatch({ type: 'failure', kind: 'other', message: fieldErrors.promoCode });
        showToast(fieldErrors.promoCode, 'error');
        return;
      }
      const kind = classifyTotalsError({ status: error.status, message: error.message, reason: error.reason });
      dispatch({ type: 'failure', kind, message: error.message });
      if (kind === 'address') {
        setServerErrors((current) => ({ ...current, ...serverFieldErrors(fieldErrors) }));
        showToast(`${texts.addressInvalid}: ${texts.addressError}`, 'error');
      } else if (kind === 'other') {
        showToast(error.message || texts.totalsErrorSentence, 'error');
      }
    }
  }

  async function applyPromo() {
    const code = promoText.trim();
    if (promoSubmitDisabled(code, promoLoading, promo)) return;
    setPromoLoading(true);
    try {
      const reply = await api.post('/promocodes/check', { code }, { fallbackMessage: texts.promo.validateFailed });
      const applied = promoFromReply(reply);
      if (!applied) {
        setPromoText('');
        showToast(reply.message || texts.promo.validateFailed, 'error');
        return;
      }
      setPromo(applied);
      setPromoText('');
      showToast(texts.promo.applied, 'success');
      if (afterPromoChange(addressComplete(fields)) === 'recalculate') void calculate(applied.code);
    } catch (error) {
      setPromoText('');
      if (!handledByClient(error)) showToast(error instanceof ApiError ? error.message : texts.promo.applyFailed, 'error');
    } finally {
      setPromoLoading(false);
    }
  }

  function removePromo() {
    setPromo(null);
    if (afterPromoChange(addressComplete(fields)) === 'recalculate') void calculate(null);
    else dispatch({ type: 'reset' });
  }

  function focusFirstInvalid() {
    const order: ShippingField[] = ['name', 'surname', 'email', 'phone', 'countryId', 'city', 'address', 'postCode'];
    const first = order.find((key) => errors[key]);
    const id = first === 'phone' ? 'checkout-phone' : first ? `checkout-${first}` : null;
    if (id) document.getElementById(id)?.focus();
  }

  function onMainAction(event?: React.SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    switch (button.action) {
      case 'validate':
        setSubmitted(true);
        showToast(s.incomplete, 'error');
        focusFirstInvalid();
        return;
      case 'calculate':
        setSubmitted(true);
        void calculate();
        return;
      case 'place':
        setConfirmOpen(true);
        return;
      default:
        if (totals.status === 'calculating') showToast(texts.summary.wait, 'info');
    }
  }

  async function placeOrder() {
    setConfirmOpen(false);
    setSubmitting(true);
    let outcome: CheckoutOutcome;
    const outcomeTexts = { generic: texts.checkoutError, noStock: texts.noStock };
    try {
      const reply = await api.post(
        '/orders/checkout',
        checkoutPayload(fields, countries ?? [], promo?.code ?? null, paymentMethod, expectedTotal(totals)),
        { timeoutMs: LONG_TIMEOUT_MS, headers: { 'Idempotency-Key': newIdempotencyKey() }, fallbackMessage: texts.checkoutError },
      );
      outcome = checkoutOutcome(reply as CheckoutReply, outcomeTexts);
    } catch (error) {
      outcome =
        error instanceof ApiError
          ? checkoutFailure(
              { status: error.status, message: error.message, errors: firstErrors(error.errors), handled: handledByClient(error) },
              outcomeTexts,
            )
          : { kind: 'fail', message: texts.checkoutError };
    }
    switch (outcome.kind) {
      case 'phone':
        // The order holds the items now; the server cart is empty.
        resetCartState();
        setPhoneOrder(outcome.order);
        setSubmitting(false);
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
        setServerErrors(serverFieldErrors(outcome.errors));
        setSubmitted(true);
        if (outcome.errors.promoCode) {
          setPromo(null);
          dispatch({ type: 'reset' });
        }
        showToast(outcome.errors.promoCode ?? outcome.message, 'error');
        break;
      case 'handled':
        break;
      case 'fail':
        showToast(outcome.message, 'error');
        location.assign('/fail-payment');
        return;
    }
    setSubmitting(false);
  }

  const buttonText =
    button.label === 'error' ? (button.text ?? texts.addressError) : texts.button[button.label as keyof CartPageTexts['button']];

  function textField(key: TextField, label: string, autoComplete: string, maxLength: number, type = 'text') {
    const id = `checkout-${key}`;
    const error = errorText(key);
    return (
      <div className="checkout-field">
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={id}
          name={key}
          type={type}
          value={fields[key]}
          required
          autoComplete={autoComplete}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => set(key, event.currentTarget.value)}
        />
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  }

  const countryError = errorText('countryId');
  const promoNote = promo && !addressComplete(fields) ? texts.promo.completeAddress : '';

  return (
    <div className="checkout">
      <button type="button" className="link-button checkout-back" onClick={onBack} disabled={submitting}>
        ← {texts.backToCart}
      </button>
      <form ref={formRef} className="checkout-layout" onSubmit={onMainAction} noValidate aria-busy={submitting}>
        <fieldset className="checkout-shipping">
          <legend>{s.title}</legend>
          {submitted && !formValid && (
            <p className="form-error" role="alert">
              {s.fillRequired}
            </p>
          )}
          <div className="checkout-grid">
            {textField('name', s.name, 'given-name', 96)}
            {textField('surname', s.surname, 'family-name', 96)}
            {textField('email', s.email, 'email', 254, 'email')}
            <div className="checkout-field">
              <PhoneInput
                id="checkout-phone"
                label={s.phone}
                countries={countries ?? []}
                value={fields.phone}
                required
                showErrors={submitted}
                defaultCountry={countries?.find((c) => String(c.id) === fields.countryId)?.iso}
                onChange={(value: PhoneValue) => set('phone', value)}
                serverError={serverErrors.phone}
                messages={s.phoneInput}
              />
            </div>
            <div className="checkout-field">
              <label htmlFor="checkout-countryId">
                {s.country}
                <span aria-hidden="true"> *</span>
              </label>
              {countries ? (
                <select
                  id="checkout-countryId"
                  name="country"
                  value={fields.countryId}
                  required
                  aria-invalid={countryError ? true : undefined}
                  aria-describedby={countryError ? 'checkout-countryId-error' : undefined}
                  onChange={(event) => set('countryId', event.currentTarget.value)}
                >
                  <option value="">{s.selectCountry}</option>
                  {countries.map((country) => (
                    <option key={country.id} value={String(country.id)}>
                      {country.name}
                    </option>
                  ))}
                </select>
              ) : (
                <p className="field-error" id="checkout-countryId" role="alert">
                  {s.countriesError}
                </p>
              )}
              {countryError && (
                <p className="field-error" id="checkout-countryId-error">
                  {countryError}
                </p>
              )}
            </div>
            {textField('city', s.city, 'address-level2', 96)}
            {textField('address', s.address, 'address-line1', 255)}
            {textField('postCode', s.postCode, 'postal-code', 16)}
          </div>
        </fieldset>

        <div className="checkout-side">
          <TotalsSummary lines={lines} state={totals} texts={texts} money={money} />

          <div className="checkout-promo">
            <label htmlFor="checkout-promo">{texts.promo.label}</label>
            <div className="checkout-promo-row">
              <input
                id="checkout-promo"
                value={promoText}
                placeholder={texts.promo.placeholder}
                autoComplete="off"
                maxLength={64}
                disabled={promo !== null}
                onChange={(event) => setPromoText(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void applyPromo();
                  }
                }}
              />
              <button type="button" className="button" disabled={promoSubmitDisabled(promoText, promoLoading, promo)} onClick={() => void applyPromo()}>
                {texts.promo.apply}
              </button>
            </div>
            {promo && (
              <p className="checkout-promo-active">
                <span>{fill(texts.promo.active, { code: promo.code })}</span>
                <button type="button" className="link-button" onClick={removePromo} disabled={totals.status === 'calculating' || submitting}>
                  {texts.promo.remove}
                </button>
              </p>
            )}
            <p className="checkout-promo-note" role="status" aria-live="polite">
              {promoNote}
            </p>
          </div>

          <fieldset className="checkout-payment">
            <legend>{texts.payment.title}</legend>
            {paymentMethods.map((method) => (
              <label key={method} className="checkout-radio">
                <input
                  type="radio"
                  name="payment_method"
                  value={method}
                  checked={paymentMethod === method}
                  onChange={() => setPaymentMethod(method)}
                />
                {method === 'card' ? texts.payment.card : texts.payment.phone}
              </label>
            ))}
          </fieldset>

          <button
            type="submit"
            className={`button checkout-submit${button.label === 'error' ? ' is-error' : ''}`}
            // Complete Form reads as disabled but a press still shows what is missing (§5).
            disabled={button.disabled && button.action !== 'validate'}
            aria-disabled={button.disabled ? true : undefined}
            data-state={button.label}
          >
            {buttonText}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmOpen}
        title={texts.confirm.title}
        text={texts.confirm.text}
        yes={texts.confirm.yes}
        no={texts.confirm.no}
        onYes={() => void placeOrder()}
        onNo={() => setConfirmOpen(false)}
      />
      {phoneOrder && (
        <PhonePaymentModal
          open
          orderNr={phoneOrder.order_nr}
          amount={phoneOrder.amount}
          currency={phoneOrder.currency}
          phoneGlobal={phoneNumbers.global || phoneOrder.phone_number || ''}
          phoneUkEu={phoneNumbers.ukEu}
          signedIn={signedIn}
          onClose={() => location.assign(viewOrdersTarget(signedIn))}
          texts={texts.phonePayment}
        />
      )}
    </div>
  );
}
