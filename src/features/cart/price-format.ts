/**
 * Price formatting of the cart and checkout (accounts spec §5 "Price formatting", §9 "Amounts
 * shown with 2 decimals"). Pure.
 *
 * - a falsy amount (0, null, undefined, NaN) shows "0.00";
 * - an unknown currency code throws "Invalid currency code": one that is not three letters, or,
 *   when the caller passes the shop's loaded codes, one missing from them;
 * - otherwise Intl currency style with exactly 2 decimals in the page language, falling back to
 *   symbol (or code) + 2 decimals when Intl cannot format that code.
 */

import { currencyFormat } from '../../lib/currency-format';

export const INVALID_CURRENCY_CODE = 'Invalid currency code';

export class InvalidCurrencyCodeError extends Error {
  constructor() {
    super(INVALID_CURRENCY_CODE);
    this.name = 'InvalidCurrencyCodeError';
  }
}

const CODE = /^[A-Za-z]{3}$/;

export function formatPrice(
  amount: number | null | undefined,
  currency: string,
  locale = 'en',
  symbol?: string,
  knownCodes?: readonly string[],
): string {
  if (!amount || !Number.isFinite(amount)) return '0.00';
  if (typeof currency !== 'string' || !CODE.test(currency.trim())) throw new InvalidCurrencyCodeError();
  const code = currency.trim().toUpperCase();
  if (knownCodes && !knownCodes.some((known) => known.toUpperCase() === code)) throw new InvalidCurrencyCodeError();
  return currencyFormat(locale, code)?.format(amount) ?? `${symbol || code}${amount.toFixed(2)}`;
}

/** The VAT rate as the summary shows it: a percentage with 2 decimals ("20.00"). */
export function formatVatRate(rate: number | string | null | undefined): string {
  const value = typeof rate === 'string' ? Number(rate) : rate;
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '0.00';
}

/** Cents from a 2-decimal amount the API gives as a number (12.34 → 1234), without float drift. */
export function toCents(amount: number | null | undefined): number {
  return typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}

export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}
