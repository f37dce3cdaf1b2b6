/**
 * Money is integer minor units of its currency (ISO 4217: cents of EUR, whole yen of JPY, fils of
 * KWD); "cents" in names below means those minor units. Catalogue prices are EUR cents. Exchange
 * rates are decimal strings (units per 1 EUR, up to 6 decimals) applied in BigInt arithmetic, so a
 * conversion is exact and rounds half-up once; a product price in another currency is then rounded
 * by that currency's rounding rule (ADR 034).
 */

const RATE = /^\s*(\d{1,12})(?:\.(\d{1,6}))?\s*$/;
const MICROS = 1_000_000n;
const digitsByCode = new Map<string, number>();

/**
 * How many decimals the currency's minor unit has (ISO 4217, as Intl knows it): EUR 2, JPY 0,
 * KWD 3. A code Intl does not know counts as 2.
 */
export function minorDigits(currency = 'EUR'): number {
  const code = currency.trim().toUpperCase();
  let digits = digitsByCode.get(code);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    if (digitsByCode.size < 512) digitsByCode.set(code, digits);
  }
  return digits;
}

/** "1.08" → 1_080_000n micro-units; throws on anything that is not a plain positive decimal. */
export function rateToMicros(rate: string | number): bigint {
  const match = RATE.exec(String(rate));
  if (!match) throw new RangeError(`Invalid exchange rate: ${String(rate)}`);
  const micros = BigInt(match[1]!) * MICROS + BigInt((match[2] ?? '').padEnd(6, '0'));
  if (micros <= 0n) throw new RangeError(`Invalid exchange rate: ${String(rate)}`);
  return micros;
}

/** n/d half-up, away from zero for negatives (d > 0). */
function divHalfUp(n: bigint, d: bigint): bigint {
  return n >= 0n ? (n * 2n + d) / (d * 2n) : -((-n * 2n + d) / (d * 2n));
}

/** 10^(digits - 2) as a fraction: what one EUR cent's worth of a unit is in the currency's minor units. */
function scale(currency: string): { up: bigint; down: bigint } {
  const d = minorDigits(currency) - 2;
  return d >= 0 ? { up: 10n ** BigInt(d), down: 1n } : { up: 1n, down: 10n ** BigInt(-d) };
}

/** EUR cents → minor units of `currency` at that rate, half-up (away from zero for negatives). */
export function convertCents(eurCents: number, rate: string | number, currency = 'EUR'): number {
  if (!Number.isSafeInteger(eurCents)) throw new RangeError(`Not a whole number of cents: ${eurCents}`);
  const { up, down } = scale(currency);
  return Number(divHalfUp(BigInt(eurCents) * rateToMicros(rate) * up, MICROS * down));
}

/** Minor units of `currency` → EUR cents at that rate (price filters, top-ups), half-up. */
export function toEurCents(cents: number, rate: string | number, currency = 'EUR'): number {
  const { up, down } = scale(currency);
  return Number(divHalfUp(BigInt(cents) * MICROS * down, rateToMicros(rate) * up));
}

/** How a converted product price is rounded, a setting per currency (ADR 034). */
export const ROUNDING_RULES = ['exact', 'end_99', 'whole'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

/** What pricing needs of a currency: its code (minor units), rate (per EUR) and rounding rule. */
export interface PriceCurrency {
  code: string;
  /** Units of this currency per 1 EUR (decimal string). */
  value: string;
  rounding?: RoundingRule;
}

/**
 * A converted price (minor units, non-negative) by the rule: `exact` keeps it (to the minor unit:
 * 0.01 of EUR, 1 of JPY); `whole` rounds up to whole units (109.65 → 110.00); `end_99` rounds up to
 * the next price ending in .99 (109.65 → 109.99, 110.00 → 110.99), which needs a minor unit of at
 * least 0.01: without one (JPY) it is `whole`. Zero stays zero (a free item is not priced up).
 */
export function roundPrice(cents: number, rule: RoundingRule | undefined, currency = 'EUR'): number {
  if (cents <= 0 || !rule || rule === 'exact') return cents;
  const digits = minorDigits(currency);
  const unit = 10 ** digits;
  if (rule === 'whole' || digits < 2) return Math.ceil(cents / unit) * unit;
  const ending = unit - 10 ** (digits - 2);
  const base = Math.floor(cents / unit) * unit;
  return base + ending >= cents ? base + ending : base + unit + ending;
}

/** A product price in EUR cents → the price in `currency` (minor units): converted, then rounded by its rule. */
export function convertPrice(eurCents: number, currency: PriceCurrency): number {
  return roundPrice(convertCents(eurCents, currency.value, currency.code), currency.rounding, currency.code);
}

/**
 * 1234 → "12.34", -5 → "-0.05" (EUR); 1234 → "1234" (JPY): the decimal strings of the spec's price
 * fields, with the currency's own number of decimals.
 */
export function centsToDecimal(cents: number, currency = 'EUR'): string {
  const digits = minorDigits(currency);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.trunc(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** 1234 → 12.34 as a number (EUR), 1234 (JPY), for fields the spec gives as numbers (e.g. `price`). */
export function centsToNumber(cents: number, currency = 'EUR'): number {
  return Number(centsToDecimal(cents, currency));
}

/**
 * A decimal amount typed by a shopper ("12", "12.3", "12.345") → minor units of `currency`,
 * half-up; null when it is not a plain non-negative decimal.
 */
export function decimalToCents(value: string | number, currency = 'EUR'): number | null {
  const match = /^\s*(\d{1,10})(?:\.(\d*))?\s*$/.exec(String(value));
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? '').padEnd(digits + 1, '0');
  const cents = Number(match[1]) * 10 ** digits + (digits ? Number(fraction.slice(0, digits)) : 0);
  return Number(fraction[digits]) >= 5 ? cents + 1 : cents;
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
  return cachedFormat(
    `c\u0000${locale}\u0000${code}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }),
  );
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
  return formatMoney(Number.isFinite(cents) ? centsToNumber(cents, code) : 0, code, locale, symbol);
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
  const part = currencyFormat(locale, code)
    ?.formatToParts(0)
    .find((p) => p.type === 'currency');
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
  const format = cachedFormat(
    `p\u0000${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }),
  );
  // Divided in hundredths so 19.5 → 0.195 exactly enough for 2 decimals of a percent.
  return format?.format(Math.round(value * 100) / 10_000) ?? `${Math.round(value * 100) / 100}%`;
}

/**
 * A quantity or count in the language's digits and grouping ("1,234" / "1.234" / "1 234"), with
 * exactly `fractionDigits` decimals when given (a review average: "4.5" / "4,5"), else as many
 * as it has (up to 3).
 */
export function formatNumber(
  value: number | string | null | undefined,
  locale = 'en',
  fractionDigits?: number,
): string {
  const number = finite(value);
  const digits =
    fractionDigits === undefined
      ? { maximumFractionDigits: 3 }
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  const format = cachedFormat(
    `n\u0000${locale}\u0000${fractionDigits ?? ''}`,
    () => new Intl.NumberFormat(locale, digits),
  );
  return format?.format(number) ?? String(number);
}
