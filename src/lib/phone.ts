/**
 * Phone numbers (accounts spec §3 "Phone data", §5 "Phone input"), isomorphic and pure: the
 * PhoneInput island and the server's register/profile/contact validation use this same module,
 * so the browser and the API never disagree about a number.
 *
 * Metadata: libphonenumber-js **min**. Measured with esbuild (minified, brotli 11) for the
 * functions used here: min 30.8 KB, max 48.4 KB. `min` checks each country's possible lengths
 * and its national number pattern (leading digits), which is what "validity follows
 * international numbering rules per country" asks for; the extra 17.6 KB of `max` only adds
 * per-type patterns (mobile / fixed line / …), which the shop never shows. Choosing the same
 * bundle on both sides keeps a number the browser accepts acceptable to the server.
 *
 * Country rule: a number belongs to the country the library finds for it when that country is
 * in the shop's list; a number of a territory that shares its calling code with a listed
 * country (a Guernsey +44 7911 number while only GB is listed, a +1 Caribbean number while only
 * US is) counts as the selected country, or the first listed country with that code. A calling
 * code no listed country has is "country-not-supported".
 */
import {
  AsYouType,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/** National (significant) number length, in digits. */
export const PHONE_NATIONAL_MIN_DIGITS = 2;
export const PHONE_NATIONAL_MAX_DIGITS = 17;
/** Longest text parsed at all (libphonenumber's own input limit). */
export const PHONE_INPUT_MAX_CHARS = 250;
export const PHONE_EXTENSION_MAX_DIGITS = 20;
/** Default `maxlength` of the phone text field. */
export const PHONE_DEFAULT_MAXLENGTH = 25;
export const PHONE_PLACEHOLDER = 'Enter your phone number';

/** What is stored and sent: `phone` is E.164 (+4930901820), the country ISO2, the significant number. */
export interface PhoneData {
  phone: string;
  phoneCountryCode: string;
  nationalNumber: string;
}

export interface PhoneValue extends PhoneData {
  isValid: boolean;
}

export type PhoneError = 'required' | 'invalid' | 'country-not-supported';

export interface ParsedPhone extends PhoneValue {
  /** Set when the number's calling code belongs to no allowed country; phone fields are then empty. */
  error?: 'country-not-supported';
}

/** English texts of the errors (the islands get translated ones as props). */
export const PHONE_ERROR_MESSAGES: Readonly<Record<PhoneError, string>> = Object.freeze({
  required: 'This field is required',
  invalid: 'Please enter a valid phone number',
  'country-not-supported': 'This country is not supported.',
});

const DISALLOWED = /[^\d\s()+-]/g;

/** Keeps digits, spaces, parentheses, hyphen and plus; caps the text at PHONE_INPUT_MAX_CHARS. */
export function sanitizePhoneInput(text: string): string {
  return String(text ?? '')
    .replace(DISALLOWED, '')
    .slice(0, PHONE_INPUT_MAX_CHARS);
}

function normaliseIso(iso: string | null | undefined): string {
  return typeof iso === 'string' ? iso.trim().toUpperCase() : '';
}

function asCountry(iso: string): CountryCode | undefined {
  return iso && isSupportedCountry(iso) ? iso : undefined;
}

/** "+49" for DE; '' for a code the metadata does not know. */
export function dialCode(iso: string): string {
  const country = asCountry(normaliseIso(iso));
  return country ? `+${getCountryCallingCode(country)}` : '';
}

/** 🇩🇪 for DE (regional indicator letters); '' for anything that is not two letters. */
export function flagEmoji(iso: string): string {
  const code = normaliseIso(iso);
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Allowed countries that use this calling code, in list order. */
function countriesWithCallingCode(callingCode: string, allowed: readonly string[]): string[] {
  return allowed.filter((iso) => {
    const country = asCountry(iso);
    return country !== undefined && getCountryCallingCode(country) === callingCode;
  });
}

function empty(country: string): PhoneValue {
  return { phone: '', phoneCountryCode: country, nationalNumber: '', isValid: false };
}

/**
 * Parses what the shopper typed, with `countryIso` as the country of a national number (one
 * without + or an international prefix). `allowedIsos` is the shop's country list.
 */
export function parsePhone(
  input: string,
  countryIso: string | null | undefined,
  allowedIsos: readonly string[],
): ParsedPhone {
  const allowed = allowedIsos.map(normaliseIso).filter(Boolean);
  const selected = normaliseIso(countryIso);
  const base = selected || allowed[0] || '';
  const text = sanitizePhoneInput(input).trim();
  if (!text) return empty(base);

  const defaultCountry = asCountry(base);
  const parsed = parsePhoneNumberFromString(text, defaultCountry ? { defaultCountry } : undefined);
  const international = text.startsWith('+');

  if (!parsed) {
    // Incomplete: "+44" already names a calling code, "+4" does not yet.
    let callingCode: string | undefined;
    if (international) {
      const typing = new AsYouType();
      typing.input(text);
      callingCode = typing.getCallingCode();
    }
    if (callingCode && countriesWithCallingCode(callingCode, allowed).length === 0) {
      return { ...empty(base), error: 'country-not-supported' };
    }
    const digits = text.replace(/\D/g, '');
    return {
      phone: international ? `+${digits}` : digits,
      phoneCountryCode: base,
      nationalNumber: international ? '' : digits,
      isValid: false,
    };
  }

  const candidates = countriesWithCallingCode(parsed.countryCallingCode, allowed);
  if (candidates.length === 0) return { ...empty(base), error: 'country-not-supported' };
  const country =
    parsed.country && candidates.includes(parsed.country)
      ? parsed.country
      : candidates.includes(selected)
        ? selected
        : candidates[0]!;
  const nationalNumber = String(parsed.nationalNumber);
  const isValid =
    parsed.isValid() &&
    nationalNumber.length >= PHONE_NATIONAL_MIN_DIGITS &&
    nationalNumber.length <= PHONE_NATIONAL_MAX_DIGITS &&
    (parsed.ext === undefined || String(parsed.ext).length <= PHONE_EXTENSION_MAX_DIGITS);
  return { phone: String(parsed.number), phoneCountryCode: country, nationalNumber, isValid };
}

/** The number as a shopper of that country writes it ("030 901820"); '' when there is none. */
export function formatPhoneNational(data: Partial<PhoneData> | null | undefined): string {
  if (!data) return '';
  const country = asCountry(normaliseIso(data.phoneCountryCode));
  const phone = typeof data.phone === 'string' ? data.phone.trim() : '';
  const national = typeof data.nationalNumber === 'string' ? data.nationalNumber.trim() : '';
  const source = phone || national;
  if (!source) return '';
  const parsed = parsePhoneNumberFromString(source, country ? { defaultCountry: country } : undefined);
  if (!parsed) return source;
  // A number of another calling code than the country's is shown internationally.
  if (country && getCountryCallingCode(country) !== parsed.countryCallingCode) return parsed.formatInternational();
  return parsed.formatNational();
}

export type PhoneValidation = { ok: true; value: PhoneData } | { ok: false; error: PhoneError };

/**
 * Server-side check of submitted phone fields (register, profile, contact). `phone` may be
 * international (it then decides; `phoneCountryCode`/`nationalNumber` are recomputed), or the
 * national number plus the country. Returns the normalised fields to store.
 *
 *   schema.superRefine((v, ctx) => {
 *     const r = validatePhoneFields(v, isos);
 *     if (!r.ok) ctx.addIssue({ code: 'custom', path: ['phone'], message: PHONE_ERROR_MESSAGES[r.error] });
 *   })
 */
export function validatePhoneFields(
  fields: { phone?: unknown; phoneCountryCode?: unknown; nationalNumber?: unknown },
  allowedIsos: readonly string[],
): PhoneValidation {
  const read = (value: unknown): string | null =>
    value === undefined || value === null ? '' : typeof value === 'string' ? value : null;
  const phone = read(fields.phone);
  const country = read(fields.phoneCountryCode);
  const national = read(fields.nationalNumber);
  if (phone === null || country === null || national === null) return { ok: false, error: 'invalid' };
  if (!phone.trim() && !national.trim()) return { ok: false, error: 'required' };
  for (const text of [phone, national]) {
    if (text.length > PHONE_INPUT_MAX_CHARS || sanitizePhoneInput(text) !== text)
      return { ok: false, error: 'invalid' };
  }
  if (country.length > 2) return { ok: false, error: 'invalid' };
  const source = phone.trim().startsWith('+') || !national.trim() ? phone : national;
  const parsed = parsePhone(source, country, allowedIsos);
  if (parsed.error) return { ok: false, error: parsed.error };
  if (!parsed.isValid) return { ok: false, error: 'invalid' };
  return {
    ok: true,
    value: { phone: parsed.phone, phoneCountryCode: parsed.phoneCountryCode, nationalNumber: parsed.nationalNumber },
  };
}

/** Same number and country (what a form compares to decide whether the phone changed). */
export function samePhone(a: Partial<PhoneData> | null | undefined, b: Partial<PhoneData> | null | undefined): boolean {
  return (
    (a?.phone ?? '') === (b?.phone ?? '') &&
    normaliseIso(a?.phoneCountryCode) === normaliseIso(b?.phoneCountryCode) &&
    (a?.nationalNumber ?? '') === (b?.nationalNumber ?? '')
  );
}

/**
 * The accessible name of the phone country button. It starts with the visible text ("DE +49")
 * so that a speech user saying what they see reaches it (WCAG 2.5.3, axe
 * label-content-name-mismatch), then says what the button is and the country's name.
 */
export function countryButtonLabel(
  countryLabel: string,
  current: { iso: string; name: string } | null | undefined,
): string {
  if (!current) return countryLabel;
  return `${current.iso.toUpperCase()} ${dialCode(current.iso)}, ${countryLabel}: ${current.name}`;
}
