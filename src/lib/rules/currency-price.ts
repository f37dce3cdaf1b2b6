/**
 * The price of a choice in the shopper's currency (ADR 034): a fixed price in that currency when
 * staff set one, else the EUR price (choicePrice) converted and rounded by the currency's rule.
 * What the product page, cards, cart, totals, checkout, order and mails show all come from here.
 */
import { type PriceCurrency, convertPrice } from '@/lib/money';
import { type StoredPrice, type VariationPrice, choicePrice, toStoredPrice } from './product-price';

/** A fixed price as stored (product_currency_prices), minor units of `currency`. */
export interface FixedPrice {
  currency: string;
  /** null: the product's own; else the variation's. */
  variationId: number | null;
  priceCents: number;
  salePriceCents: number | null;
}

/** The EUR price (choicePrice) converted and rounded: the struck-through price too, the badge percent kept. */
export function convertStoredPrice(eur: StoredPrice, currency: PriceCurrency): StoredPrice {
  return {
    priceCents: convertPrice(eur.priceCents, currency),
    oldPriceCents: eur.oldPriceCents > 0 ? convertPrice(eur.oldPriceCents, currency) : 0,
    discountPercent: eur.discountPercent,
  };
}

/**
 * The fixed price that applies to a choice: the variation's own in that currency; else the
 * product's, when the variation costs what the product does in EUR (it follows the product's
 * price, as choicePrice says); else none. Without a variation: the product's.
 */
export function fixedPriceFor(
  fixed: readonly FixedPrice[],
  currency: string,
  product: StoredPrice,
  variation?: (VariationPrice & { id: number }) | null,
): FixedPrice | null {
  const code = currency.toUpperCase();
  const own = variation ? fixed.find((f) => f.currency === code && f.variationId === variation.id) : undefined;
  if (own) return own;
  const productFixed = fixed.find((f) => f.currency === code && f.variationId === null) ?? null;
  if (!productFixed || !variation) return productFixed;
  const eur = choicePrice(product, variation);
  return eur.priceCents === product.priceCents && eur.oldPriceCents === product.oldPriceCents ? productFixed : null;
}

/** THE price of a choice in `currency`, minor units (price paid, struck-through price, badge percent). */
export function choicePriceIn(
  currency: PriceCurrency,
  product: StoredPrice,
  variation: (VariationPrice & { id: number }) | null | undefined,
  fixed: readonly FixedPrice[],
): StoredPrice {
  const own = fixedPriceFor(fixed, currency.code, product, variation);
  if (own) return toStoredPrice({ price_cents: own.priceCents, sale_price_cents: own.salePriceCents });
  return convertStoredPrice(choicePrice(product, variation), currency);
}
