/**
 * Money is integer cents. Exchange rates are decimal strings (units per 1 EUR, up to 6 decimals)
 * and are applied in BigInt arithmetic, so a conversion is exact and rounds half-up once.
 */

const RATE = /^\s*(\d{1,12})(?:\.(\d{1,6}))?\s*$/;
const MICROS = 1_000_000n;

/** "1.08" → 1_080_000n micro-units; throws on anything that is not a plain positive decimal. */
export function rateToMicros(rate: string | number): bigint {
  const match = RATE.exec(String(rate));
  if (!match) throw new RangeError(`Invalid exchange rate: ${String(rate)}`);
  const micros = BigInt(match[1]!) * MICROS + BigInt((match[2] ?? '').padEnd(6, '0'));
  if (micros <= 0n) throw new RangeError(`Invalid exchange rate: ${String(rate)}`);
  return micros;
}

/** EUR cents → cents of the currency with that rate, half-up (away from zero for negatives). */
export function convertCents(eurCents: number, rate: string | number): number {
  if (!Number.isSafeInteger(eurCents)) throw new RangeError(`Not a whole number of cents: ${eurCents}`);
  const product = BigInt(eurCents) * rateToMicros(rate);
  const half = MICROS / 2n;
  const rounded = product >= 0n ? (product + half) / MICROS : -((-product + half) / MICROS);
  return Number(rounded);
}

/** 1234 → "12.34", -5 → "-0.05": the 2-decimal strings of the spec's price fields. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234 → 12.34 as a number, for fields the spec gives as numbers (e.g. `price`). */
export function centsToNumber(cents: number): number {
  return Number(centsToDecimal(cents));
}

/**
 * A decimal amount typed by a shopper ("12", "12.3", "12.345") → cents, half-up; null when it is
 * not a plain non-negative decimal.
 */
export function decimalToCents(value: string | number): number | null {
  const match = /^\s*(\d{1,10})(?:\.(\d*))?\s*$/.exec(String(value));
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

/** EUR cents the shopper typed in another currency → EUR cents (for price filters), half-up. */
export function toEurCents(cents: number, rate: string | number): number {
  const micros = rateToMicros(rate);
  const numerator = BigInt(cents) * MICROS;
  return Number((numerator * 2n + micros) / (micros * 2n));
}

// ---------------------------------------------------------------------------------------------
// Display: the one formatter of every page and mail (product cards, product page, cart,
// checkout, orders, wishlist, balance), so the same amount reads the same everywhere
// (accounts spec §5 "Price formatting", storefront §9; ADR 021).

export const INVALID_CURRENCY_CODE = 'Invalid currency code';

export class InvalidCurrencyCodeError extends Error {
  constructor() {
    super(INVALID_CURRENCY_CODE);
    this.name = 'InvalidCurrencyCodeError';
  }
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const formats = new Map<string, Intl.NumberFormat | null>();
const MAX_FORMATS = 256;

/**
 * The currency style with 2 decimals for a locale and an ISO code, built once per pair: building
 * an Intl.NumberFormat costs far more than formatting with it, and a list page formats dozens of
 * prices. Null when Intl rejects the locale.
 */
function currencyFormat(locale: string, code: string): Intl.NumberFormat | null {
  const key = `${locale}\u0000${code}`;
  let format = formats.get(key);
  if (format !== undefined) return format;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  } catch {
    format = null;
  }
  // Codes come from the database, but a bound keeps a bad caller from growing the map forever.
  if (formats.size >= MAX_FORMATS) formats.clear();
  formats.set(key, format);
  return format;
}

/** The fallback of the spec: symbol (or code) and the amount with 2 decimals, "€12.50". */
export function symbolAndDecimals(amount: number | null | undefined, symbolOrCode: string): string {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  return `${symbolOrCode}${value.toFixed(2)}`;
}

/**
 * An amount (a decimal number or string as the API gives it) in the currency style of the page
 * language with exactly 2 decimals: "€12.50", "12,50 €", "12,50 $US". A missing or unreadable
 * amount is shown as zero in the same style. When Intl cannot format (a bad locale) it falls back
 * to symbol (or code) + 2 decimals. A code that is not three letters, or not among `knownCodes`
 * when given, throws InvalidCurrencyCodeError ("Invalid currency code").
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency: string,
  locale = 'en',
  symbol?: string,
  knownCodes?: readonly string[],
): string {
  if (typeof currency !== 'string' || !CURRENCY_CODE.test(currency.trim())) throw new InvalidCurrencyCodeError();
  const code = currency.trim().toUpperCase();
  if (knownCodes && !knownCodes.some((known) => known.toUpperCase() === code)) throw new InvalidCurrencyCodeError();
  const number = typeof amount === 'string' ? Number(amount) : amount;
  const value = typeof number === 'number' && Number.isFinite(number) ? number : 0;
  return currencyFormat(locale, code)?.format(value) ?? symbolAndDecimals(value, symbol || code);
}

/** Integer cents of that currency, formatted the same way (mail, server-built texts). */
export function formatCents(cents: number, currency: string, locale = 'en', symbol?: string): string {
  return formatMoney(Number(centsToDecimal(cents)), currency, locale, symbol);
}

/** "123.45 EUR": the amount and the currency spelled out, as a caller reads them on the phone. */
export function formatAmountAndCurrency(amount: number | null | undefined, currency: string): string {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  return `${value.toFixed(2)} ${currency}`.trim();
}

const percentFormats = new Map<string, Intl.NumberFormat | null>();

/**
 * A VAT rate in percent (19, 19.5, "20.00") in the page language's percent style, at most 2
 * decimals and none when whole: "19%" (en), "19 %" / "19,5 %" (de), "20 %" (fr), with the
 * language's own (no-break) space. The one way a rate is written on pages, islands and mails
 * (issue 26 replaces the spec's "2 decimals", which wrote "20.00 %" in every language).
 */
export function formatPercent(percent: number | string | null | undefined, locale = 'en'): string {
  const number = typeof percent === 'string' ? Number(percent) : percent;
  const value = typeof number === 'number' && Number.isFinite(number) ? number : 0;
  let format = percentFormats.get(locale);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 });
    } catch {
      format = null;
    }
    if (percentFormats.size >= MAX_FORMATS) percentFormats.clear();
    percentFormats.set(locale, format);
  }
  // Divided in hundredths so 19.5 → 0.195 exactly enough for 2 decimals of a percent.
  return format?.format(Math.round(value * 100) / 10_000) ?? `${Math.round(value * 100) / 100}%`;
}
