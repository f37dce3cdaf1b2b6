/**
 * The shipping form of the checkout (accounts spec §3 "Shipping/checkout payload", §4 "Checkout
 * prefill", §5 "Checkout"): fields, prefill from the profile, validation, and the request
 * bodies of the totals and checkout calls. Pure.
 */
import { type PhoneData, type PhoneValue, validatePhoneFields } from '@/lib/phone';
import type { CartLine } from './cart-lines';
import type { Country } from '@/lib/contract/content';
import type { PaymentMethod } from '@/lib/rules/payment';
import { parseVatId } from '@/lib/rules/vat-id';

/** GET /api/countries: the contract's shape. */
export type CheckoutCountry = Country;

export interface ShippingFields {
  name: string;
  surname: string;
  email: string;
  /** null: nothing entered. */
  phone: PhoneValue | null;
  /** Selected country id as the select holds it; '' when none. */
  countryId: string;
  city: string;
  address: string;
  postCode: string;
  /** A company buyer's EU VAT id (optional; ADR 030). */
  vatId: string;
}

export type ShippingField = keyof ShippingFields;
export type ShippingProblem = 'required' | 'email' | 'phone' | 'country-not-supported' | 'vat-id';
export type ShippingErrors = Partial<Record<ShippingField, ShippingProblem>>;

export const EMPTY_SHIPPING: ShippingFields = Object.freeze({
  name: '',
  surname: '',
  email: '',
  phone: null,
  countryId: '',
  city: '',
  address: '',
  postCode: '',
  vatId: '',
}) as ShippingFields;

/** The profile fields the prefill reads (GET /api/user/profile). */
export interface ProfileForCheckout {
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  phone?: string | null;
  phoneCountryCode?: string | null;
  nationalNumber?: string | null;
  country?: { id: number; name: string } | null;
  city?: string | null;
  address?: string | null;
  post_code?: string | null;
}

/** Text, @, text, dot, text, no spaces (spec §5's basic pattern). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address from the profile; without a saved country, `startCountryId` (the shop's home country, issue 25). */
export function shippingFromProfile(
  profile: ProfileForCheckout | null | undefined,
  allowedIsos: readonly string[],
  startCountryId = '',
): ShippingFields {
  if (!profile) return { ...EMPTY_SHIPPING, countryId: startCountryId };
  let phone: PhoneValue | null = null;
  if (profile.phone || profile.nationalNumber) {
    const data: PhoneData = {
      phone: profile.phone ?? '',
      phoneCountryCode: (profile.phoneCountryCode ?? '').toUpperCase(),
      nationalNumber: profile.nationalNumber ?? '',
    };
    const checked = validatePhoneFields(data, allowedIsos);
    phone = checked.ok ? { ...checked.value, isValid: true } : { ...data, isValid: false };
  }
  return {
    name: profile.name ?? '',
    surname: profile.surname ?? '',
    email: profile.email ?? '',
    phone,
    countryId: profile.country ? String(profile.country.id) : startCountryId,
    city: profile.city ?? '',
    address: profile.address ?? '',
    postCode: profile.post_code ?? '',
    vatId: '',
  };
}

/**
 * The profile's saved country when the shop no longer sells there (issue 25): not in `countries`
 * (the served ones). The prefill leaves the country unchosen and the form says why.
 */
export function unservedSavedCountry(
  profile: ProfileForCheckout | null | undefined,
  countries: readonly CheckoutCountry[] | null,
): string | null {
  const saved = profile?.country;
  if (!saved || !countries) return null;
  return countries.some((c) => c.id === saved.id) ? null : saved.name;
}

export function validateShipping(fields: ShippingFields, allowedIsos: readonly string[]): ShippingErrors {
  const errors: ShippingErrors = {};
  for (const key of ['name', 'surname', 'city', 'address', 'postCode'] as const) {
    if (fields[key].trim() === '') errors[key] = 'required';
  }
  const email = fields.email.trim();
  if (email === '') errors.email = 'required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'email';
  if (!fields.countryId) errors.countryId = 'required';
  if (fields.vatId.trim() !== '' && !parseVatId(fields.vatId)) errors.vatId = 'vat-id';
  const phone = fields.phone;
  if (!phone || (phone.nationalNumber === '' && phone.phone.replace(/\D/g, '') === '')) errors.phone = 'required';
  else {
    const checked = validatePhoneFields(phone, allowedIsos);
    if (!checked.ok)
      errors.phone =
        checked.error === 'required'
          ? 'required'
          : checked.error === 'country-not-supported'
            ? 'country-not-supported'
            : 'phone';
  }
  return errors;
}

/** Country, city, address and post code are filled: totals can be calculated (promo rule of §4). */
export function addressComplete(fields: Pick<ShippingFields, 'countryId' | 'city' | 'address' | 'postCode'>): boolean {
  return (
    fields.countryId !== '' &&
    fields.city.trim() !== '' &&
    fields.address.trim() !== '' &&
    fields.postCode.trim() !== ''
  );
}

/** Fields whose change can change the totals (delivery zone, post code check). */
export const TOTALS_FIELDS: readonly ShippingField[] = ['countryId', 'postCode', 'city', 'address', 'vatId'];

export function countryOf(
  fields: Pick<ShippingFields, 'countryId'>,
  countries: readonly CheckoutCountry[],
): CheckoutCountry | null {
  return countries.find((c) => String(c.id) === fields.countryId) ?? null;
}

/** The shipping payload of §3 (the api client adds currency and lang_id). */
export function shippingPayload(
  fields: ShippingFields,
  countries: readonly CheckoutCountry[],
  promoCode: string | null,
) {
  const phone = fields.phone;
  return {
    name: fields.name.trim(),
    surname: fields.surname.trim(),
    email: fields.email.trim(),
    country: countryOf(fields, countries)?.name ?? '',
    city: fields.city.trim(),
    address: fields.address.trim(),
    postCode: fields.postCode.trim(),
    phone: phone?.phone ?? '',
    phoneCountryCode: phone?.phoneCountryCode ?? '',
    nationalNumber: (phone?.nationalNumber ?? '').replace(/\s+/g, ''),
    promoCode: promoCode && promoCode.trim() !== '' ? promoCode.trim() : null,
    vat_id: fields.vatId.trim() === '' ? null : fields.vatId.trim(),
  };
}

/** Totals call: the shipping payload plus cart_items [{item:{sku}, count}] (spec §7). */
export function totalsPayload(
  fields: ShippingFields,
  countries: readonly CheckoutCountry[],
  promoCode: string | null,
  lines: readonly Pick<CartLine, 'count' | 'item'>[],
) {
  return {
    ...shippingPayload(fields, countries, promoCode),
    cart_items: lines.map((line) => ({ item: { sku: line.item.sku }, count: line.count })),
  };
}

/** Checkout call: shipping payload, payment method and the final amount the shopper saw. */
export function checkoutPayload(
  fields: ShippingFields,
  countries: readonly CheckoutCountry[],
  promoCode: string | null,
  paymentMethod: PaymentMethod,
  expectedTotal: number | null,
) {
  return {
    ...shippingPayload(fields, countries, promoCode),
    payment_method: paymentMethod,
    expected_total: expectedTotal,
  };
}

/** Server field names of a checkout 422 → form fields. */
export function serverFieldErrors(errors: Record<string, string>): Partial<Record<ShippingField, string>> {
  const map: Record<string, ShippingField> = {
    name: 'name',
    surname: 'surname',
    email: 'email',
    phone: 'phone',
    phoneCountryCode: 'phone',
    nationalNumber: 'phone',
    country: 'countryId',
    city: 'city',
    address: 'address',
    postCode: 'postCode',
    vat_id: 'vatId',
  };
  const out: Partial<Record<ShippingField, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = map[key];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}
