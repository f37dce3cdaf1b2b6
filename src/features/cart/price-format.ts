/**
 * Number helpers of the cart and checkout summary. Amounts are formatted by formatMoney, VAT
 * rates by formatPercent, both in src/lib/money.ts.
 */

/** Cents from a 2-decimal amount the API gives as a number (12.34 → 1234), without float drift. */
export function toCents(amount: number | null | undefined): number {
  return typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}

export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}
