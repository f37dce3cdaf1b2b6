/**
 * Number helpers of the cart and checkout summary (accounts spec §9 "VAT rate shown as a
 * percentage with 2 decimals"). Amounts are formatted by formatMoney in src/lib/money.ts.
 */

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
