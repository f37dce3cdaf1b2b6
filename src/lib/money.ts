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
// Display: the one formatter of money, percentages and quantities for every page, island, mail
// and PDF, so the same number reads the same everywhere in a language (accounts spec §5 "Price
// formatting", storefront §9; ADR 021; issue 26 "Numbers in the shopper's language").

export const INVALID_CURRENCY_CODE = 'Invalid currency code';

export class InvalidCurrencyCodeError extends Error {
  constructor() {
    super(INVALID_CURRENCY_CODE);
    this.name = 'InvalidCurrencyCodeError';
  }
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const MAX_FORMATS = 256;
const formats = new Map<string, Intl.NumberFormat | null>();

/**
 * An Intl.NumberFormat built once per key: building one costs far more than formatting with it,
 * and a list page formats dozens of prices. Null when Intl rejects the locale or the options.
 */
function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat | null {
  let format = formats.get(key);
  if (format !== undefined) return format;
  try {
    format = make();
  } catch {
    format = null;
  }
  // Codes come from the database, but a bound keeps a bad caller from growing the map forever.
  if (formats.size >= MAX_FORMATS) formats.clear();
  formats.set(key, format);
  return format;
}

/**
 * The currency style of a language and an ISO code with the currency's ISO 4217 minor units
 * (2 for EUR, 0 for JPY). The narrow symbol, so each language writes a currency one way and the
 * same way as the shop's own symbol beside it: "109,65 £" in French, not "109,65 £GB" next to a
 * price filter headed "(£)".
 */
function currencyFormat(locale: string, code: string): Intl.NumberFormat | null {
  return cachedFormat(`c\u0000${locale}\u0000${code}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }));
}

function currencyCode(currency: string, knownCodes?: readonly string[]): string {
  if (typeof currency !== 'string' || !CURRENCY_CODE.test(currency.trim())) throw new InvalidCurrencyCodeError();
  const code = currency.trim().toUpperCase();
  if (knownCodes && !knownCodes.some((known) => known.toUpperCase() === code)) throw new InvalidCurrencyCodeError();
  return code;
}

/** A number, a decimal string or anything else (shown as zero). */
function finite(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

/**
 * An amount (a decimal number or string as the API gives it) in the currency style of the page
 * language: "€3,657.99" (en), "3.657,99 €" (de), "3 657,99 €" (fr), "¥3,658" (JPY has no minor
 * unit). A missing or unreadable amount is shown as zero in the same style. When Intl cannot
 * format (a bad locale) it falls back to symbol (or code) + 2 decimals. A code that is not three
 * letters, or not among `knownCodes` when given, throws InvalidCurrencyCodeError.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency: string,
  locale = 'en',
  symbol?: string,
  knownCodes?: readonly string[],
): string {
  const code = currencyCode(currency, knownCodes);
  const value = finite(amount);
  return currencyFormat(locale, code)?.format(value) ?? `${symbol || code}${value.toFixed(2)}`;
}

/**
 * Integer minor units of that currency (cents; whole yen for JPY), formatted the same way: what
 * the server formats from its stored amounts (mails, payment pages, back office).
 */
export function formatCents(cents: number, currency: string, locale = 'en', symbol?: string): string {
  const code = currencyCode(currency);
  const digits = currencyFormat(locale, code)?.resolvedOptions().maximumFractionDigits ?? 2;
  return formatMoney(Number.isFinite(cents) ? cents / 10 ** digits : 0, code, locale, symbol);
}

/**
 * The symbol the formatter writes for a currency in a language ("€", "£", "CHF"), for labels
 * beside formatted amounts such as the price filter's "Price (£)". The shop's own symbol when
 * Intl cannot tell.
 */
export function currencySymbol(currency: string, locale = 'en', fallback?: string): string {
  let code: string;
  try {
    code = currencyCode(currency);
  } catch {
    return fallback ?? currency;
  }
  const part = currencyFormat(locale, code)?.formatToParts(0).find((p) => p.type === 'currency');
  return part?.value ?? fallback ?? code;
}

/**
 * A VAT rate or discount in percent (19, 19.5, "20.00") in the language's percent style, at most
 * 2 decimals and none when whole: "19%" (en), "19 %" / "19,5 %" (de), "20 %" (fr), with the
 * language's own (no-break) space. The one way a percentage is written on pages, islands and
 * mails (issue 26 replaces the spec's "2 decimals", which wrote "20.00 %" in every language).
 */
export function formatPercent(percent: number | string | null | undefined, locale = 'en'): string {
  const value = finite(percent);
  const format = cachedFormat(`p\u0000${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }));
  // Divided in hundredths so 19.5 → 0.195 exactly enough for 2 decimals of a percent.
  return format?.format(Math.round(value * 100) / 10_000) ?? `${Math.round(value * 100) / 100}%`;
}

/**
 * A quantity or count in the language's digits and grouping ("1,234" / "1.234" / "1 234"), with
 * exactly `fractionDigits` decimals when given (a review average: "4.5" / "4,5"), else as many
 * as it has (up to 3).
 */
export function formatNumber(value: number | string | null | undefined, locale = 'en', fractionDigits?: number): string {
  const number = finite(value);
  const digits = fractionDigits === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  const format = cachedFormat(`n\u0000${locale}\u0000${fractionDigits ?? ''}`, () => new Intl.NumberFormat(locale, digits));
  return format?.format(number) ?? String(number);
}
