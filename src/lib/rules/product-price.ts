/**
 * How the back office's two prices (regular and sale, as staff type them and as the catalogue CSV
 * holds them) map onto the stored columns (ADR 026). The shop stores the price a shopper pays in
 * `price_cents` and the struck-through one in `old_price_cents` (0: not on sale), with the badge's
 * percentage beside them; the editor, the import and the export all convert through here.
 */

/** SKUs: letters, digits, dot, dash and underscore, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const SKU_PROBLEM = 'The SKU may have 1 to 64 letters, digits, dots, dashes or underscores.';

/** Prices are whole cents up to 10 000 000.00. */
export const MAX_PRICE_CENTS = 1_000_000_000;
export const MAX_STOCK = 10_000_000;

export interface StoredPrice {
  priceCents: number;
  oldPriceCents: number;
  discountPercent: number;
}

export interface StaffPrice {
  /** The regular price. */
  price_cents: number;
  /** The sale price, below the regular one; null when not on sale. */
  sale_price_cents: number | null;
}

/** The problem with a price pair, in words for the form, or null. */
export function salePriceProblem(price: StaffPrice): string | null {
  if (price.sale_price_cents === null) return null;
  if (price.sale_price_cents >= price.price_cents) return 'The sale price must be lower than the price.';
  return null;
}

export function toStoredPrice(price: StaffPrice): StoredPrice {
  const sale = price.sale_price_cents;
  if (sale === null || sale >= price.price_cents) return { priceCents: price.price_cents, oldPriceCents: 0, discountPercent: 0 };
  const discountPercent = Math.min(99, Math.max(1, Math.round(((price.price_cents - sale) / price.price_cents) * 100)));
  return { priceCents: sale, oldPriceCents: price.price_cents, discountPercent };
}

export function toStaffPrice(stored: Pick<StoredPrice, 'priceCents' | 'oldPriceCents'>): StaffPrice {
  return stored.oldPriceCents > stored.priceCents
    ? { price_cents: stored.oldPriceCents, sale_price_cents: stored.priceCents }
    : { price_cents: stored.priceCents, sale_price_cents: null };
}

/** "12.50" or "12,50" or "12" → 1250; null for anything that is not an amount with at most 2 decimals. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,8})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1250 → "12.50": the CSV's and the form's way to write an amount. */
export function formatAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
