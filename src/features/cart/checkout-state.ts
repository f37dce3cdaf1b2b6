/**
 * The checkout form's state in one reducer (accounts spec §2 Checkout form; §4 Promo, Checkout
 * prefill, Checkout flow): the address, the promo field, the payment method and where the
 * order stands. The totals have their own reducer (totals-state.ts). Pure.
 */
import type { PaymentMethod } from '@/lib/rules/payment';
import { fill } from '@/lib/rules/placeholders';
import type { CartPageTexts } from './cart-texts';
import {
  type CheckoutCountry,
  type ProfileForCheckout,
  type ShippingErrors,
  type ShippingField,
  type ShippingFields,
  shippingFromProfile,
  TOTALS_FIELDS,
  unservedSavedCountry,
} from './checkout-form';
import type { PhoneOrderData, PromoCode } from './checkout-rules';
import { type HomeCountry, startingCountryId } from '@/lib/home-country';

export type ServerFieldErrors = Partial<Record<ShippingField, string>>;

export interface CheckoutState {
  /** The countries the shop sells to; null: the list could not be loaded (the country field says so). */
  countries: CheckoutCountry[] | null;
  /** The phone countries (every country of the shop, served or not): the phone check's list. */
  phoneIsos: string[];
  /** The shop's home country: the address starts on it when the profile has none (issue 25). */
  home: HomeCountry | null;
  fields: ShippingFields;
  /** The saved address's country, which the shop no longer sells to: the form says so. */
  unservedCountry: string | null;
  /** The shopper has typed: a late profile prefill must not overwrite it (§4). */
  touched: boolean;
  /** A submit was tried: client-side problems are shown from now on. */
  submitted: boolean;
  serverErrors: ServerFieldErrors;
  promoText: string;
  /** The applied code, if any. */
  promo: PromoCode | null;
  promoChecking: boolean;
  paymentMethod: PaymentMethod;
  /** The order is being placed (or the gateway page is loading). */
  submitting: boolean;
  confirmOpen: boolean;
  /** A placed phone order: its payment modal is open. */
  phoneOrder: PhoneOrderData | null;
}

export type CheckoutAction =
  | { type: 'countries'; countries: CheckoutCountry[] | null }
  | { type: 'prefill'; profile: ProfileForCheckout }
  | { type: 'field'; key: ShippingField; value: ShippingFields[ShippingField] }
  | { type: 'submitted' }
  /** From the server: `merge` adds to what is shown (totals), otherwise replaces it (checkout). */
  | { type: 'server-errors'; errors: ServerFieldErrors; merge?: boolean }
  | { type: 'promo-text'; text: string }
  | { type: 'promo-checking' }
  /** The check ended: the field empties either way; `promo` is the applied code or null. */
  | { type: 'promo-checked'; promo: PromoCode | null }
  | { type: 'promo-removed' }
  | { type: 'payment-method'; method: PaymentMethod }
  | { type: 'confirm'; open: boolean }
  | { type: 'placing' }
  | { type: 'placed'; phoneOrder?: PhoneOrderData }
  | { type: 'place-failed' };

export function initialCheckoutState(
  profile: ProfileForCheckout | null,
  countries: CheckoutCountry[] | null,
  paymentMethod: PaymentMethod = 'card',
  phoneCountries: CheckoutCountry[] | null = countries,
  home: HomeCountry | null = null,
): CheckoutState {
  const phoneIsos = isosOf(phoneCountries ?? countries);
  return {
    countries,
    phoneIsos,
    home,
    ...prefilled(profile, countries, phoneIsos, home),
    touched: false,
    submitted: false,
    serverErrors: {},
    promoText: '',
    promo: null,
    promoChecking: false,
    paymentMethod,
    submitting: false,
    confirmOpen: false,
    phoneOrder: null,
  };
}

export function isosOf(countries: readonly CheckoutCountry[] | null): string[] {
  return (countries ?? []).map((c) => c.iso);
}

/**
 * The form from the profile; without a saved country it starts on the home country (if the shop
 * sells there); a saved country the shop no longer sells to is left unchosen.
 */
function prefilled(
  profile: ProfileForCheckout | null,
  countries: CheckoutCountry[] | null,
  phoneIsos: readonly string[],
  home: HomeCountry | null,
) {
  const fields = shippingFromProfile(profile, phoneIsos, startingCountryId(countries, home));
  const unservedCountry = unservedSavedCountry(profile, countries);
  return { fields: unservedCountry ? { ...fields, countryId: '' } : fields, unservedCountry };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'countries': {
      // Loaded late (the page could not): the phone list follows it unless the page gave one, and
      // an untouched, empty country starts on the home country.
      const start =
        state.touched || state.fields.countryId || state.unservedCountry
          ? state.fields.countryId
          : startingCountryId(action.countries, state.home);
      return {
        ...state,
        countries: action.countries,
        phoneIsos: state.phoneIsos.length ? state.phoneIsos : isosOf(action.countries),
        fields: { ...state.fields, countryId: start },
      };
    }
    case 'prefill':
      return state.touched
        ? state
        : { ...state, ...prefilled(action.profile, state.countries, state.phoneIsos, state.home) };
    case 'field': {
      const { [action.key]: _cleared, ...serverErrors } = state.serverErrors;
      const unservedCountry = action.key === 'countryId' ? null : state.unservedCountry;
      return {
        ...state,
        touched: true,
        fields: { ...state.fields, [action.key]: action.value },
        serverErrors,
        unservedCountry,
      };
    }
    case 'submitted':
      return { ...state, submitted: true };
    case 'server-errors':
      return { ...state, serverErrors: action.merge ? { ...state.serverErrors, ...action.errors } : action.errors };
    case 'promo-text':
      return { ...state, promoText: action.text };
    case 'promo-checking':
      return { ...state, promoChecking: true };
    case 'promo-checked':
      return { ...state, promoChecking: false, promoText: '', promo: action.promo ?? state.promo };
    case 'promo-removed':
      return { ...state, promo: null };
    case 'payment-method':
      return { ...state, paymentMethod: action.method };
    case 'confirm':
      return { ...state, confirmOpen: action.open };
    case 'placing':
      return { ...state, confirmOpen: false, submitting: true };
    case 'placed':
      return { ...state, submitting: false, phoneOrder: action.phoneOrder ?? state.phoneOrder };
    case 'place-failed':
      return { ...state, submitting: false };
  }
}

/** A change of this field can change delivery or the post code check: totals are stale. */
export function invalidatesTotals(key: ShippingField): boolean {
  return TOTALS_FIELDS.includes(key);
}

export type ShippingErrorTexts = Pick<
  CartPageTexts['shipping'],
  'required' | 'invalidEmail' | 'invalidPhone' | 'countryNotSupported' | 'countryNotServed' | 'invalidVatId'
>;

/**
 * The message under a field: the server's first, then that the saved country is no longer served
 * (at once: the shopper must choose), the form's own only after a submit.
 */
export function shippingErrorText(
  key: ShippingField,
  state: Pick<CheckoutState, 'serverErrors' | 'submitted'> & Partial<Pick<CheckoutState, 'unservedCountry'>>,
  errors: ShippingErrors,
  texts: ShippingErrorTexts,
): string | undefined {
  if (state.serverErrors[key]) return state.serverErrors[key];
  if (key === 'countryId' && state.unservedCountry)
    return fill(texts.countryNotServed, { country: state.unservedCountry });
  if (!state.submitted) return undefined;
  switch (errors[key]) {
    case 'required':
      return texts.required;
    case 'email':
      return texts.invalidEmail;
    case 'phone':
      return texts.invalidPhone;
    case 'country-not-supported':
      return texts.countryNotSupported;
    case 'vat-id':
      return texts.invalidVatId;
    default:
      return undefined;
  }
}

/** Where focus goes after a failed submit: the first field with a problem, in form order. */
export function firstInvalidFieldId(errors: ShippingErrors): string | null {
  const order: ShippingField[] = [
    'name',
    'surname',
    'email',
    'phone',
    'countryId',
    'city',
    'address',
    'postCode',
    'vatId',
  ];
  const first = order.find((key) => errors[key]);
  return first === 'phone' ? 'checkout-phone' : first ? `checkout-${first}` : null;
}
