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
  if (sale === null || sale >= price.price_cents)
    return { priceCents: price.price_cents, oldPriceCents: 0, discountPercent: 0 };
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

/** A variation's own prices as stored: null means "the product's" (see choicePrice). */
export interface VariationPrice {
  priceCents: number | null;
  salePriceCents: number | null;
}

/**
 * THE price of a choice (a product, or one of its variations): what its page shows and what the
 * cart, totals, checkout, order, mails and invoices charge, in EUR cents (ADR 026, issue 26).
 * `product` is the product row as stored (price paid, struck-through price, badge percent).
 *
 * - No variation: the product's stored price.
 * - A variation's regular price is its own, else the product's regular price.
 * - Its sale price is its own; without one it takes the product's sale price only when it costs
 *   what the product costs (empty price, or the product's regular price): a jacket on sale for
 *   €249 instead of €289 sells its €289 sizes for €249, while its €320 size (a price of its own)
 *   is not on sale unless it has a sale price of its own.
 * - A sale price that is not below the regular price is no sale.
 *
 * migration 0022's SQL function `choice_price_cents` is this rule for the catalogue's filter
 * columns; tests/integration/choice-price-sql.test.ts runs the same table through both.
 */
export function choicePrice(product: StoredPrice, variation?: VariationPrice | null): StoredPrice {
  if (!variation || (variation.priceCents === null && variation.salePriceCents === null)) return product;
  const own = toStaffPrice(product);
  const regular = variation.priceCents ?? own.price_cents;
  const followsProduct = variation.priceCents === null || variation.priceCents === own.price_cents;
  const sale = variation.salePriceCents ?? (followsProduct ? own.sale_price_cents : null);
  // The product's own sale (and its badge percent) unchanged: the same "-14 %" as its page.
  if (regular === own.price_cents && sale === own.sale_price_cents) return product;
  return toStoredPrice({ price_cents: regular, sale_price_cents: sale });
}

/** What a product with variations offers: its cheapest choice (shown "from"), the dearest price, any sale. */
export interface OfferRange {
  lowest: StoredPrice;
  highestCents: number;
  /** Some choice is on sale. */
  onSale: boolean;
  /** Its choices differ in price: cards and lists say "from". */
  varies: boolean;
}

/** The range of a product's choices (its active variations; none: the product itself). */
export function offerRange(product: StoredPrice, variations: readonly VariationPrice[]): OfferRange {
  return offerRangeOf(
    variations.length ? variations.map((v) => choicePrice(product, v)) : [product],
    variations.length > 0,
  );
}

/** The range of the prices of a product's choices (in any one currency); `hasVariations`: they are variations, not the product itself. */
export function offerRangeOf(choices: readonly StoredPrice[], hasVariations: boolean): OfferRange {
  let lowest = choices[0]!;
  let highestCents = lowest.priceCents;
  for (const c of choices) {
    if (c.priceCents < lowest.priceCents) lowest = c;
    highestCents = Math.max(highestCents, c.priceCents);
  }
  const onSale = choices.some((c) => c.oldPriceCents > c.priceCents || (!hasVariations && c.discountPercent > 0));
  return { lowest, highestCents, onSale, varies: highestCents !== lowest.priceCents };
}
