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
